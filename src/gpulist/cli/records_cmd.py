"""`gpulist records`: check contributed lab records and set them beside the published ones."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from gpulist.cli.report_output import append_job_summary
from gpulist.problems import UsageError
from gpulist.report import FORMATS, FORMATTERS


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("records", help="check contributed lab records and compare them with the published ones",
                       description="For each lab record given (data/measurements/<gpu>/<lab>.yml), or each one "
                                   "added or changed since GIT_REF: validate's problems in it, a labs commit that is "
                                   "not a commit of this repository, and ceilings implausible beside the GPU's other "
                                   "records; then a table of its ceilings beside the vendor's peak and the other GPUs' "
                                   "records (stdout, and the job summary under GitHub Actions). Exit 1 on a problem.")
    p.add_argument("files", nargs="*", type=Path, metavar="RECORD", help="record files to check")
    p.add_argument("--changed-since", metavar="GIT_REF", help="the records added or changed since GIT_REF")
    p.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    p.add_argument("--format", choices=FORMATS, default="text", help="problem format (default: text)")
    p.set_defaults(handler=run)


def changed_records(ref: str, data: Path) -> list[Path]:
    """Record files git says were added or modified since `ref` (deleted ones have nothing to check)."""
    folder = data / "measurements"
    try:
        done = subprocess.run(["git", "diff", "--name-only", "--diff-filter=AM", f"{ref}...HEAD", "--", str(folder)],
                              capture_output=True, text=True, check=False)
    except OSError as exc:
        raise UsageError(f"--changed-since needs git: {exc.strerror}") from None
    if done.returncode != 0:
        raise UsageError(f"unknown git ref '{ref}': {done.stderr.strip()}")
    top = Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                              check=False).stdout.strip() or ".")
    return [top / name for name in done.stdout.split() if name.endswith((".yml", ".yaml"))]


def run(args: argparse.Namespace) -> int:
    from gpulist.checks import validate
    from gpulist.contribute import records, records_summary

    files = list(args.files) + (changed_records(args.changed_since, args.data) if args.changed_since else [])
    if not files:
        print("gpulist records: no record to check", file=sys.stderr)
        return 0
    missing = [f for f in files if not f.is_file()]
    if missing:
        raise UsageError(f"no such record: {missing[0]}")
    catalog, problems = validate(args.data)
    chosen = records.chosen_records(catalog, files)
    wanted = {f.resolve() for f in files}
    found = [p for p in problems if p.is_error and Path(p.path).resolve() in wanted]  # validate's, in these files
    repo = args.data.resolve().parent
    for record in chosen:
        found += records.commit_problems(record, repo) + records.plausibility_problems(catalog, record)
    tables = [records_summary.record_table(r, records.rows(catalog, r)) for r in chosen]
    markdown = records_summary.summary_markdown(tables, len(found))
    if found:
        print(FORMATTERS[args.format](sorted(found)), file=sys.stderr if args.format == "text" else sys.stdout)
    print(markdown)
    append_job_summary(lambda: markdown, "records")
    return 1 if found else 0
