"""Every `gpulist …` invocation in the workflows' run: scripts, as argv lists ready to parse.

Shell variables are replaced by what the workflow's env: gives them (a matrix value for
`${{ matrix.x }}`), so `--shard "$SHARD/$SHARDS"` is parsed as `--shard 1/4`, as on a runner.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from tests.workflows.workflow_files import Step, steps

_VARIABLE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?")
_MATRIX = re.compile(r"\$\{\{\s*matrix\.([\w-]+)\s*\}\}")
_EXPRESSION = re.compile(r"\$\{\{.*?\}\}")
_OPERATORS = {"|", "||", "&&", ";", "&", ">", ">>", "<", "(", ")", "2>", "2>&1"}
RUNNER_FILE = "/tmp/runner-file"  # what $GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY and friends name


@dataclass(frozen=True)
class CommandLine:
    where: str
    text: str
    argv: list[str]  # after `gpulist`


def command_lines(path: Path) -> list[CommandLine]:
    found = []
    for step in steps(path):
        script = str(step.body.get("run", "")).replace("\\\n", " ")
        for line in script.splitlines():
            argv = _gpulist_argv(line)
            if argv is not None:
                found.append(CommandLine(step.where, line.strip(), [_expand(a, step) for a in argv]))
    return found


def _gpulist_argv(line: str) -> list[str] | None:
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    tokens = list(lexer)
    starts = [i for i, token in enumerate(tokens) if Path(token).name == "gpulist"]
    if not starts:
        return None
    rest = tokens[starts[0] + 1:]
    end = next((i for i, token in enumerate(rest) if token in _OPERATORS), len(rest))
    return rest[:end]


def _expand(arg: str, step: Step) -> str:
    def value(match: re.Match[str]) -> str:
        raw = step.env.get(match.group(1))
        if raw is None:
            return RUNNER_FILE
        raw = _MATRIX.sub(lambda m: str((step.matrix.get(m.group(1)) or ["x"])[0]), raw)
        return _EXPRESSION.sub("x", raw)

    return _VARIABLE.sub(value, arg)
