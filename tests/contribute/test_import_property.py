"""Property: whatever the list looks like, an imported URL is one the list links to (as CommonMark
parses it), or that URL's canonical form; never a piece of one.

The generator writes every form of link a reading list uses (inline with balanced
parentheses, <angle>, reference-style, bare, the swapped `(text)[url]`, badges, role links in
sub-bullets, prose between lists) and remembers each URL it wrote, so the check holds the
importer both to the parser's reading and to the generator's own ground truth.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpulist.contribute.importer import ImportOptions, run_import
from gpulist.contribute.list_entries import entries
from gpulist.contribute.markdown_list import link_targets
from gpulist.contribute.metadata.dispatch import canonical_url
from tests.contribute.conftest import CATALOG

HOSTS = ("example.org", "en.wikipedia.org", "docs.example.com", "github.com", "twitter.com", "www.amazon.com")
WORDS = ("Kernel", "Tiling", "blog", "paper", "code", "here", "Hopper", "GEMM", "notes", "Wiki:", "The", "docs")
# A segment ends in a letter or digit: a bare URL's trailing '.', '~' or '_' is punctuation
# of the sentence, for GitHub and CommonMark's linkify alike, not part of the URL. linkify-it
# also ends a bare URL at dots followed by a symbol ('/..~a' links '/'), so a segment never holds '..'.
segment = st.builds(str.__add__, st.text("abcXYZ019-_.~", max_size=7).filter(lambda s: ".." not in s),
                    st.sampled_from("abcXYZ019"))


@st.composite
def urls(draw: st.DrawFn) -> str:
    """http(s) URLs with the awkward parts: balanced parentheses, tracking parameters, fragments."""
    host = draw(st.sampled_from(HOSTS))
    parts = draw(st.lists(segment, min_size=1, max_size=3))
    if draw(st.booleans()):
        parts[-1] += f"_({draw(segment)})"  # Thread_block_(CUDA_programming)
    query = draw(st.sampled_from(("", "?utm_source=list", "?si=Ab12", "?page=2&utm_medium=x", "?v=1")))
    fragment = draw(st.sampled_from(("", "#part-2")))
    if host == "youtu.be" or draw(st.integers(0, 9)) == 0:
        return f"https://youtu.be/{draw(st.text('abcdefghij0123456789_-', min_size=11, max_size=11))}?si=x"
    return f"https://{host}/" + "/".join(parts) + query + fragment


title = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join)


@st.composite
def items(draw: st.DrawFn, written: list[str], refs: list[str]) -> str:
    """One block of the list, and every URL it links to appended to `written`."""
    url, text, note = draw(urls()), draw(title), draw(title)
    form = draw(st.integers(0, 9))
    marker = draw(st.sampled_from(("-", "*", "1.")))
    written.append(url)
    if form == 0:
        return f"{marker} [{text}]({url}) - {note}"
    if form == 1:
        return f"{marker} [{text}](<{url}>)"
    if form == 2:
        return f"{marker} {text}: <{url}> {note}"
    if form == 3:
        return f"{marker} {text}: {url} {note}"
    if form == 4:
        refs.append(f"[ref{len(refs)}]: {url}")
        return f"{marker} [{text}][ref{len(refs) - 1}] - {note}"
    if form == 5:
        return f"{marker} ({text})[{url}] - {note}"
    if form == 6:
        extra = draw(urls())
        written.append(extra)
        slides = draw(urls())
        written.append(slides)
        return f"{marker} [{text}]({url}) ([code]({extra}), {note})\n   - [slides]({slides})"
    if form == 7:
        return f"{marker} [![badge](https://img.example.org/b.svg)]({url}) [{text}]({url})"
    if form == 8:
        return f"{text} [{note}]({url}) in a paragraph.\n"
    return f"## {text}\n\n{marker} [{note}]({url})"


@st.composite
def lists(draw: st.DrawFn) -> tuple[str, list[str]]:
    written: list[str] = []
    refs: list[str] = []
    blocks = draw(st.lists(items(written, refs), min_size=1, max_size=8))
    text = "# A list\n\n" + "\n".join(blocks) + "\n\n" + "\n".join(refs) + "\n"
    return text, written


def _allowed(text: str) -> set[str]:
    targets = set(link_targets(text))
    return targets | {canonical_url(t) for t in targets}


@settings(max_examples=150, deadline=None)
@given(lists(), st.booleans())
def test_every_url_of_an_entry_is_a_link_target(case: tuple[str, list[str]], prose: bool) -> None:
    text, written = case
    found, _ = entries(text, include_prose=prose)
    targets = set(link_targets(text))
    for c in found:
        for url in [c.url, *(link["url"] for link in c.links)]:
            assert url in targets, (url, text)  # as CommonMark reads the list
            assert url in written, (url, written)  # as the list was written: whole


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lists())
def test_imported_urls_are_targets_or_their_canonical_form(tmp_path: Path, case: tuple[str, list[str]]) -> None:
    text, written = case
    data = tmp_path / "data"
    shutil.rmtree(data, ignore_errors=True)
    shutil.copytree(CATALOG, data)
    source = tmp_path / "list.md"
    source.write_text(text, encoding="utf-8")
    report = run_import(source, ImportOptions(data, topic="fundamentals", tier=1, dry_run=True, force=True))
    canonical_written = set(written) | {canonical_url(u) for u in written}
    for row in report.imported:
        assert row.url in _allowed(text), (row, text)
        assert row.url in canonical_written, (row.url, written)  # never cut short, never made up
