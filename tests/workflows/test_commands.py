"""Every `gpulist …` line in the workflows parses against the real command-line parser.

A renamed option or subcommand would otherwise surface only on GitHub, on the weekly run.
The commands come from several branches (site, linkcheck, contrib): this test passes once
they are all merged.
"""

from __future__ import annotations

import contextlib
import io

import pytest

from gpulist.cli import build_parser
from tests.workflows.command_lines import CommandLine, command_lines
from tests.workflows.workflow_files import workflow_paths

LINES = [line for path in workflow_paths() for line in command_lines(path)]
EXPECTED = {"validate", "fmt", "check-links", "merge-link-reports", "build", "enrich", "watch", "records"}


def test_the_workflows_use_every_command_they_are_meant_to() -> None:
    assert {line.argv[0] for line in LINES} == EXPECTED


def test_variables_are_expanded_from_env_and_matrix() -> None:
    shard = next(line for line in LINES if line.argv[0] == "check-links" and "--shard" in line.argv)
    assert shard.argv[shard.argv.index("--shard") + 1] == "1/4"
    assert shard.argv[shard.argv.index("--output") + 1] == "reports/links-1.json"


def parse_error(argv: list[str]) -> str | None:
    """argparse's complaint about argv, or None; the handler is never run."""
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors):
            args = build_parser().parse_args(argv)
    except SystemExit:
        return errors.getvalue() or "exited"
    return None if args.command == argv[0] and callable(args.handler) else "no handler"


def test_a_wrong_option_is_caught() -> None:
    assert "unrecognized arguments: --colour" in (parse_error(["validate", "--colour"]) or "")
    assert parse_error(["validate", "--format", "github"]) is None


@pytest.mark.parametrize("line", LINES, ids=lambda line: f"{line.where}: {' '.join(line.argv)}")
def test_command_line_parses(line: CommandLine) -> None:
    error = parse_error(line.argv)
    assert error is None, f"{line.where}: `{line.text}` does not parse:\n{error}"
