"""Escaping: contributor text can never become markup, whatever it contains."""

from __future__ import annotations

import markdown
import pytest

from gpulist.view.text import escape_text, front_matter, link, n_entries, note_markdown

from tests.site.conftest import unsafe_markup

EXTENSIONS = ["attr_list", "tables", "toc"]


def html(text: str) -> str:
    return markdown.markdown(text, extensions=EXTENSIONS)


@pytest.mark.parametrize("hostile", [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[click](javascript:alert(1))",
    "Title { onclick=\"alert(1)\" }",
    "<javascript:alert(1)>",
    "**bold** _it_ `code` | pipe # hash",
    "&lt;already escaped&gt; & ampersand",
])
def test_escaped_text_renders_as_the_same_text(hostile: str) -> None:
    out = html(f"### {escape_text(hostile)} {{ #anchor }}")
    assert unsafe_markup(out) == [] and "<a " not in out
    assert out.startswith('<h3 id="anchor">')
    # The visible text is exactly the input: strip the h3 wrapper and unescape entities.
    import html as html_lib
    inner = out[out.index(">") + 1: out.rindex("</h3>")]
    assert html_lib.unescape(inner) == hostile


def test_link_keeps_url_and_escapes_text() -> None:
    out = html(link("a [b] *c*", "https://example.org/x_(y)?a=1&b=2"))
    assert 'href="https://example.org/x_(y)?a=1&amp;b=2"' in out
    assert ">a [b] *c*</a>" in out


@pytest.mark.parametrize("note", [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](data:text/html;base64,PHNjcmlwdD4=)",
    "[1]: javascript:alert(1)",
])
def test_unsafe_notes_render_inert(note: str) -> None:
    assert unsafe_markup(html("- " + note_markdown(note))) == []
    assert unsafe_markup(html("- " + note)) != [] or note.startswith("[1]:"), "the hostile note should be hostile"


def test_attr_list_in_notes_cannot_add_attributes() -> None:
    """`gpulist validate` rejects `{ onclick=... }`; the renderer must not rely on that."""
    hostile = '[x](https://example.org){ onclick="alert(1)" }'
    assert unsafe_markup(html("- " + hostile)) == ["a[onclick]"]
    out = html("- " + note_markdown(hostile))
    assert unsafe_markup(out) == []


def test_braces_in_a_safe_note_cannot_become_attributes() -> None:
    note = "[x](https://example.org){ .big #id }"
    out = html("- " + note_markdown(note))
    assert 'href="https://example.org"' in out
    assert 'class="big"' not in out and 'id="id"' not in out


def test_safe_notes_keep_their_markdown() -> None:
    out = html("- " + note_markdown("**bold** and [a link](https://example.org) and `<T>` in code"))
    assert "<strong>bold</strong>" in out
    assert '<a href="https://example.org">a link</a>' in out
    assert "<code>&lt;T&gt;</code>" in out


def test_front_matter_quotes_values() -> None:
    text = front_matter({"title": 'A "quoted": title', "search": {"exclude": True}})
    import yaml
    assert yaml.safe_load(text.strip().strip("-")) == {"title": 'A "quoted": title', "search": {"exclude": True}}


def test_n_entries() -> None:
    assert (n_entries(1), n_entries(2), n_entries(12345)) == ("1 entry", "2 entries", "12,345 entries")
