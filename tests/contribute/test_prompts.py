"""Prompts: only on a terminal outside CI, and they insist on a valid answer."""

from __future__ import annotations

import io

import builtins

import pytest

from gpulist.contribute.prompts import Prompter, interactive, terminal_ask
from gpulist.problems import UsageError


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_interactive_needs_a_terminal_and_no_ci() -> None:
    assert interactive(_Tty(), env={})
    assert not interactive(_Tty(), env={"CI": "true"})
    assert not interactive(io.StringIO(), env={})


def test_choose_by_number_or_value_and_re_ask() -> None:
    answers = iter(["7", "b", "1"])
    out = io.StringIO()
    ask = Prompter(ask=lambda q: next(answers), out=out)
    assert ask.choose("Pick", [("a", "A"), ("b", "B")]) == "b"
    assert "'7' is not one of the choices" in out.getvalue()
    assert ask.choose("Pick", [("a", "A"), ("b", "B")]) == "a"


def test_many_resolves_aliases_and_re_asks_unknown_words() -> None:
    answers = iter(["x, y", "y, Y ,z"])
    ask = Prompter(ask=lambda q: next(answers), out=io.StringIO())
    vocab = {"y": "y", "z": "zed"}
    assert ask.many("Tags", [("y", ""), ("zed", "")], lambda w: vocab.get(w.lower())) == ["y", "zed"]


def test_text_uses_the_default_on_empty_input() -> None:
    assert Prompter(ask=lambda q: "  ", out=io.StringIO()).text("Title", "fallback") == "fallback"


def test_closed_input_stops_instead_of_looping(monkeypatch: pytest.MonkeyPatch) -> None:
    def closed(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr(builtins, "input", closed)
    with pytest.raises(UsageError, match="input closed"):
        terminal_ask("Title? ")
