"""Where a command's report goes: a file or stdout, and GitHub's job summary.

check-links and watch both print a report in the chosen format and, under `--format
github` in GitHub Actions, append its Markdown form to the job summary. One place decides
how: a report that cannot be written is a usage error (exit 2), a summary that cannot be
appended only a warning, since the report itself went out.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from gpulist.problems import UsageError


def write_report(report: str, output: Path | None) -> None:
    if output is None:
        print(report)
        return
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(report + "\n", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {output}: {exc.strerror}") from None


def append_job_summary(markdown: Callable[[], str], command: str) -> None:
    """Under GitHub Actions only; `markdown` is rendered only when there is a summary to append to."""
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
    if not summary_file:
        return
    try:
        with Path(summary_file).open("a", encoding="utf-8") as handle:
            handle.write(markdown() + "\n")
    except OSError as exc:
        print(f"gpulist {command}: warning: cannot write the job summary {summary_file}: {exc.strerror}",
              file=sys.stderr)
