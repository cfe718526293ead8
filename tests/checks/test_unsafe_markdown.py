"""unsafe-markdown: notes are rendered as Markdown on the site, so no HTML and no script links."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import unsafe_markdown
from gpulist.checks.unsafe_markdown import unsafe_reason
from tests.catalogs import load, resource

HTML = "raw HTML is not allowed in notes: use Markdown (put code like <T> in `backticks`)"
LINK = "links must be http(s): script and data URLs are not allowed"
ATTR = "event handlers in attribute lists ({ onclick=... }) are not allowed"


@pytest.mark.parametrize("note", [
    "Better parallelization, work partitioning",
    "See [the slides](https://example.org/slides.pdf) and <https://example.org>",
    "Templates like `std::vector<T>` and launches like `<<<grid, block>>>`",
    "Double-backtick code ``a ` <b>`` is still code",
    "Compares a < b and c > d in prose",
    "The onerror= handler is explained in prose only",
    "Sets like {a, b} and assignments like {x=1} are prose, not attribute lists",
    "Entities such as &lt;script&gt; are shown as text",
    "Uses `[x](javascript:alert(1))` as an example of what not to do",
    "Links to [data](https://example.org/data:set) with a colon in the path",
])
def test_safe_notes_pass(note: str) -> None:
    assert unsafe_reason(unsafe_markdown.without_code(note)) is None


@pytest.mark.parametrize(("note", "reason"), [
    ("Fast <script>alert(1)</script> kernels", HTML),
    ("An image <img src=x onerror=alert(1)>", HTML),
    ("Closing tag </div> alone", HTML),
    ("Bare <T> outside backticks", HTML),
    ("See [the slides](javascript:alert(1))", LINK),
    ("See [the slides]( JavaScript:alert(1))", LINK),
    ("See [the slides](<javascript:alert(1)>)", LINK),
    ("See [x](data:text/html;base64,PHNjcmlwdD4=)", LINK),
    ("See [x](vbscript:msgbox)", LINK),
    ("See [x](file:///etc/passwd)", LINK),
    ("Autolink <javascript:alert(1)>", LINK),
    # Ways around a literal match, each of which a browser or renderer still runs:
    ("Entity-encoded [x](&#106;avascript:alert(1))", LINK),
    ("Named entity [x](javascript&colon;alert(1))", LINK),
    ("Tab inside [x](<java\tscript:alert(1)>)", LINK),
    ("Reference link [x]\n\n[x]: javascript:alert(1)", LINK),
    ("Code span that ends early: `` ` `` [x](javascript:alert(1)) `a`", LINK),
    ("Escaped backtick: \\`[x](javascript:alert(1))`", LINK),
    # Markdown attribute lists become real HTML attributes on the site:
    ("[x](https://example.org){ onclick=\"alert(1)\" }", ATTR),
    ("A paragraph {: onmouseover=alert(1) }", ATTR),
    ("[x](https://example.org){ href=\"javascript:alert(1)\" }", LINK),
])
def test_unsafe_notes_are_rejected(note: str, reason: str) -> None:
    assert unsafe_reason(unsafe_markdown.without_code(note)) == reason


def test_check_locates_the_offending_note_and_title(tmp_path: Path) -> None:
    entry = resource(title="Kernels <b>fast</b>", notes=["fine", "[x](javascript:alert(1))"])
    catalog, load_problems = load(tmp_path, {"resources/entry.yml": entry})
    assert load_problems == []
    problems = unsafe_markdown.check(catalog)
    assert [(p.line, p.col, p.rule, p.message) for p in problems] == [
        (1, 8, "unsafe-markdown", HTML), (9, 3, "unsafe-markdown", LINK),
    ]


def test_check_accepts_backticked_code_in_notes(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, {"resources/entry.yml": resource(notes=["Use `<T>` and `__global__`"])})
    assert unsafe_markdown.check(catalog) == []


@pytest.mark.parametrize("note", [
    "Unclosed <img src=x onerror=alert(1)",
    "Newline in tag <svg\nonload=alert(1)>",
    "Slash after the name <img/src=x onerror=alert(1)>",
])
def test_html_variants_are_rejected(note: str) -> None:
    assert unsafe_reason(note) is not None
