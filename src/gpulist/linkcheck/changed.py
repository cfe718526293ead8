"""`--changed-since REF`: only URLs on lines added or changed since REF (pull-request mode).

We diff the working tree against the merge base of REF and HEAD, so a pull request sees
its own changes (committed or not) and not what landed on main since it branched. Files
git does not track yet count as wholly added. Unchanged files are never even read.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from gpulist.linkcheck.model import Target
from gpulist.problems import UsageError

_FILE = re.compile(r"^\+\+\+ b/(.*)$")
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
ALL_LINES = frozenset({0})  # marker: every line of the file is new


@dataclass(slots=True)
class Changes:
    """Changed line numbers per file, by resolved absolute path."""

    lines: dict[Path, set[int] | frozenset[int]] = field(default_factory=dict)

    def touches(self, path: Path) -> bool:
        return path.resolve() in self.lines

    def covers(self, file: str, line: int) -> bool:
        changed = self.lines.get(Path(file).resolve())
        return changed is not None and (changed is ALL_LINES or line in changed)


def changed_lines(ref: str, inputs: Iterable[Path], cwd: Path | None = None) -> Changes:
    """Raises UsageError (exit 2) outside a git repository or for an unknown ref."""
    cwd = cwd or Path.cwd()
    top = Path(_git(["rev-parse", "--show-toplevel"], cwd).strip())
    base = _merge_base(ref, cwd)
    paths = [str(p.resolve()) for p in inputs]
    diff = _git(["diff", "--no-color", "--no-ext-diff", "--unified=0", "--no-renames", base, "--", *paths], cwd)
    changes = parse_diff(diff, top)
    untracked = _git(["ls-files", "--others", "--exclude-standard", "-z", "--", *paths], cwd)
    for name in filter(None, untracked.split("\0")):
        changes.lines[(cwd / name).resolve()] = ALL_LINES
    return changes


def parse_diff(diff: str, top: Path) -> Changes:
    changes = Changes()
    current: set[int] | None = None
    for line in diff.splitlines():
        file_match = _FILE.match(line)
        if file_match:
            current = set()
            changes.lines[(top / file_match.group(1)).resolve()] = current
            continue
        hunk = _HUNK.match(line)
        if hunk and current is not None:
            start, count = int(hunk.group(1)), int(hunk.group(2) or 1)
            current.update(range(start, start + count))
    return changes


def select(targets: list[Target], changes: Changes) -> list[Target]:
    """Targets used on a changed line, keeping only those uses: the report points at the change."""
    chosen = []
    for target in targets:
        sources = [s for s in target.sources if changes.covers(s.file, s.line)]
        if sources:
            chosen.append(Target(target.url, sources))
    return chosen


def _merge_base(ref: str, cwd: Path) -> str:
    _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], cwd, f"unknown git ref '{ref}'")
    try:
        return _git(["merge-base", ref, "HEAD"], cwd).strip()
    except UsageError:
        return ref  # a shallow clone may lack the merge base: compare with REF itself


def _git(args: list[str], cwd: Path, message: str | None = None) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    except OSError as exc:
        raise UsageError(f"--changed-since needs git: {exc.strerror}") from None
    if done.returncode != 0:
        raise UsageError(message or f"git {args[0]} failed: {done.stderr.strip() or done.returncode}")
    return done.stdout
