"""Asking a contributor what the page could not tell us, on a terminal only.

In CI or with piped input a prompt would hang or read garbage, so `interactive()` is
checked once and, when false, nothing here is ever called.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from gpulist.problems import UsageError

Ask = Callable[[str], str]


def interactive(stdin: TextIO | None = None, env: dict[str, str] | None = None) -> bool:
    env = dict(os.environ) if env is None else env
    stream = sys.stdin if stdin is None else stdin
    ci = env.get("CI", "").strip().lower() in ("1", "true", "yes")
    return bool(stream and stream.isatty()) and not ci


def terminal_ask(question: str) -> str:
    try:
        return input(question)
    except EOFError:  # Ctrl-D: asking again would loop forever
        raise UsageError("input closed before all questions were answered; pass the flags instead") from None


class Prompter:
    """Questions with a fixed set of answers re-ask until the answer is one of them."""

    def __init__(self, ask: Ask = terminal_ask, out: TextIO | None = None) -> None:
        self.ask = ask
        self.out = out or sys.stderr

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def text(self, question: str, default: str | None = None) -> str:
        suffix = f" [{default}]" if default else ""
        while True:
            answer = self.ask(f"{question}{suffix}: ").strip() or (default or "")
            if answer:
                return answer

    def choose(self, question: str, choices: Sequence[tuple[str, str]], default: str | None = None) -> str:
        """Pick one of `choices` (value, label) by value or by its number in the list."""
        self.say(question)
        for i, (value, label) in enumerate(choices, 1):
            self.say(f"  {i:>2}. {value}" + (f"  ({label})" if label and label != value else ""))
        values = [v for v, _ in choices]
        while True:
            answer = self.text("choice", default)
            if answer.isdigit() and 1 <= int(answer) <= len(values):
                return values[int(answer) - 1]
            if answer in values:
                return answer
            self.say(f"'{answer}' is not one of the choices")

    def many(self, question: str, choices: Sequence[tuple[str, str]], resolve: Callable[[str], str | None]) -> list[str]:
        """Comma-separated picks from a vocabulary; empty is fine, unknown words re-ask."""
        self.say(question)
        for value, label in choices:
            self.say(f"  {value}" + (f"  ({label})" if label else ""))
        while True:
            words = [w.strip() for w in self.ask("tags, comma-separated (empty for none): ").split(",") if w.strip()]
            picked = [resolve(w) for w in words]
            unknown = [w for w, p in zip(words, picked) if p is None]
            if not unknown:
                return list(dict.fromkeys(p for p in picked if p))
            self.say(f"not in the vocabulary: {', '.join(unknown)}")
