"""Which files `gpulist fmt` touches, and what happens to each."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from gpulist.files import Refused, read_guarded, walk_files, write_atomic
from gpulist.pyproject import size_limit
from gpulist.contribute.fmt import format_text, modeline_for
from gpulist.load import display_path, resource_files
from gpulist.load.loader import CONCEPTS, RESOURCE_SUFFIXES
from gpulist.problems import Problem, UsageError


@dataclass(slots=True)
class FmtReport:
    changed: list[str] = field(default_factory=list)
    unchanged: int = 0
    problems: list[Problem] = field(default_factory=list)


def expand(paths: list[Path]) -> list[Path]:
    """A data folder means its concepts.yml and its resource files; any other folder, every
    YAML file in it.

    Anything else that exists (a link, a FIFO) is kept, for the guarded reader to refuse.
    """
    files: list[Path] = []
    for path in paths:
        if path.is_dir() and not path.is_symlink():
            data = (path / "resources").is_dir()
            found = resource_files(path) if data else walk_files(path, RESOURCE_SUFFIXES)
            if data and (path / CONCEPTS).is_file():
                found = [path / CONCEPTS, *found]
            files.extend(found)
        elif os.path.lexists(path):
            files.append(path)
        else:
            raise UsageError(f"no such file or folder: {path}")
    return list(dict.fromkeys(files))


def format_files(paths: list[Path], check: bool) -> FmtReport:
    """Format in place, or with `check` only report; broken or refused files are reported, never touched."""
    report = FmtReport()
    limit = size_limit()
    for path in expand(paths):
        shown = display_path(path)
        try:
            text = read_guarded(path, limit).decode("utf-8")
        except Refused as exc:
            report.problems.append(Problem(shown, 1, 1, exc.message, exc.rule))
            continue
        except (OSError, UnicodeDecodeError) as exc:
            report.problems.append(Problem(shown, 1, 1, f"cannot read file: {exc}", "unreadable"))
            continue
        new, problems = format_text(text, shown, modeline_for(path), concepts=path.name == CONCEPTS)
        report.problems.extend(problems)
        if new is None or new == text:
            report.unchanged += new is not None
            continue
        report.changed.append(shown)
        if not check:
            write_atomic(path, new)
    return report
