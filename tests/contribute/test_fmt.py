"""`fmt`: canonical layout, comments kept, and (by property tests) data never changed."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpulist.contribute.fmt import DEFAULT_MODELINE, format_text, modeline_for, needs_quotes, render
from gpulist.load.yaml_reader import read_yaml
from gpulist.models import FIELD_ORDER, RESOURCE_TYPES, Resource

MESSY = """\
url: https://arxiv.org/abs/2307.08691   # canonical abs page
# a reviewer note about the title
title: 'FlashAttention-2: Faster Attention'
added: 2025-01-01
tags:
- cuda
- attention
arxiv: '2307.08691'
topic: attention
# why tier 1
tier: 1
type: paper
notes:
- "Better parallelization"   # the headline
- work partitioning
"""


def fmt(text: str) -> str:
    out, problems = format_text(text, "x.yml")
    assert problems == [] and out is not None
    return out


def model(text: str) -> Resource:
    doc, problems = read_yaml("x.yml", text.encode("utf-8"))
    assert problems == [] and doc is not None, problems
    return Resource.model_validate({**doc.data, "id": "x"})


def test_canonical_order_quoting_and_modeline_first() -> None:
    out = fmt(MESSY)
    lines = out.splitlines()
    assert lines[0] == DEFAULT_MODELINE
    keys = [line.split(":")[0] for line in lines if line[:1].isalpha()]
    assert keys == sorted(keys, key=FIELD_ORDER.index)
    assert 'title: "FlashAttention-2: Faster Attention"' in lines
    assert 'arxiv: "2307.08691"' in lines
    assert "tags: [cuda, attention]" in lines
    assert "  - Better parallelization  # the headline" in lines


def test_comments_travel_with_their_keys() -> None:
    lines = fmt(MESSY).splitlines()
    assert lines[lines.index("# why tier 1") + 1] == "tier: 1"
    assert lines[lines.index("# a reviewer note about the title") + 1].startswith("title:")
    assert any(line.startswith("url: https://arxiv.org/abs/2307.08691") and "# canonical abs page" in line
               for line in lines)


def test_existing_modeline_moves_to_the_top() -> None:
    text = "title: T\n# yaml-language-server: $schema=../../../schemas/resource.schema.json\nurl: null\n"
    assert fmt(text).splitlines()[0].endswith("../../../schemas/resource.schema.json")


def test_yaml_11_words_stay_text_for_the_strict_loader() -> None:
    out = fmt('title: "no"\nvenue: "1:20"\nnotes: ["on", "2025-01-01"]\n')
    assert read_yaml("x", out.encode())[0].data == {"title": "no", "venue": "1:20", "notes": ["on", "2025-01-01"]}


def test_long_tag_lists_become_block_lists() -> None:
    tags = [f"tag-number-{i}" for i in range(12)]
    out = fmt(yaml.safe_dump({"title": "T", "tags": tags}))
    assert "tags:\n  - tag-number-0\n" in out


def test_broken_files_are_reported_not_touched() -> None:
    out, problems = format_text("title: a\ntitle: b\n", "x.yml")
    assert out is None and problems[0].rule == "duplicate-key"
    out, problems = format_text("- a\n- b\n", "x.yml")
    assert out is None and "not a resource file" in problems[0].message


def test_a_comment_ruamel_would_drop_is_refused() -> None:
    text = ("title: T\nlinks:\n- {title: a, url: 'https://a.org'}\n# lost by ruamel\n"
            "- {title: b, url: 'https://b.org'}  # kept\n")
    out, problems = format_text(text, "x.yml")
    assert out is None and [(p.line, p.rule) for p in problems] == [(4, "fmt")]


def test_a_hash_inside_a_string_is_not_a_comment() -> None:
    """Found by test_fmt_never_changes_the_loaded_model: a `#` in a quoted string (or after a
    YAML line break such as U+0085 inside one) made fmt refuse the file."""
    base = "url: null\ntype: paper\ntopic: x\nadded: 2000-01-01\n"
    for text in ("title: 'Lecture #5'\n" + base, "title: T\nauthors:\n- '\x85  #'\n" + base,
                 "title: T\nnotes:\n- |\n  line\n  # not a comment\n" + base):
        out, problems = format_text(text, "x.yml")
        assert problems == [] and out is not None and model(out) == model(text), text


def test_comments_after_strings_that_hold_a_hash_are_still_checked() -> None:
    text = ("title: 'Lecture #5'  # kept\nlinks:\n- {title: a, url: 'https://a.org'}\n# lost by ruamel\n"
            "- {title: b, url: 'https://b.org'}  # kept\n")
    out, problems = format_text(text, "x.yml")
    assert out is None and [(p.line, p.rule) for p in problems] == [(4, "fmt")]


def test_needs_quotes_for_flow_only_characters() -> None:
    assert not needs_quotes("a, b") and needs_quotes("a, b", flow=True)
    assert needs_quotes("2307.08691") and needs_quotes("yes") and not needs_quotes("CUDA")


def test_render_matches_fmt() -> None:
    text = render({"url": None, "title": "T", "type": "blog", "topic": "x", "added": dt.date(2025, 1, 2)})
    assert text == fmt(text)
    assert text.splitlines()[1:3] == ["title: T", "url: null"]


def test_modeline_depth_follows_the_folder(tmp_path) -> None:
    assert modeline_for(tmp_path / "data/resources/x.yml") == DEFAULT_MODELINE
    assert modeline_for(tmp_path / "data/resources/sub/x.yml").endswith("$schema=../../../schemas/resource.schema.json")


# --- properties -------------------------------------------------------------------------

_text = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=40).filter(lambda s: s.strip())
_id = st.from_regex(r"\A[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}\Z")
_url = st.builds(lambda host, path: f"https://{host}.org/{path}", _id, _id)
_OPTIONAL: dict[str, Any] = {
    "tier": st.integers(1, 3), "group": _id, "tags": st.lists(_id, max_size=6), "authors": st.lists(_text, max_size=12),
    "year": st.integers(1950, 2100), "venue": _text, "arxiv": st.from_regex(r"\A\d{4}\.\d{4,5}\Z"),
    "doi": st.from_regex(r"\A10\.\d{4}/[a-z0-9.]{1,10}\Z"), "notes": st.lists(_text, max_size=4),
    "links": st.lists(st.fixed_dictionaries({"title": _text, "url": _url}), max_size=3), "favorite": st.booleans(),
}
_resource = st.fixed_dictionaries(
    {"title": _text, "url": st.none() | _url, "type": st.sampled_from(RESOURCE_TYPES), "topic": _id,
     "added": st.dates(dt.date(2000, 1, 1), dt.date(2099, 12, 31))},
    optional=_OPTIONAL,
)


@st.composite
def resource_files(draw: st.DrawFn) -> str:
    """A valid entry as a contributor might write it: any key order, any style, comments."""
    fields = draw(_resource)
    keys = draw(st.permutations(list(fields)))
    text = yaml.safe_dump({k: fields[k] for k in keys}, sort_keys=False, allow_unicode=draw(st.booleans()),
                          default_flow_style=draw(st.sampled_from([False, None])), width=4096)
    if text.startswith("{"):
        return text  # ruamel drops comments above a whole-file flow mapping; nobody writes entries so
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        indent = len(line) - len(line.lstrip())
        # ruamel.yaml loses a comment line just above a `- {flow: map}` item; fmt refuses those
        # files (test_a_comment_ruamel_would_drop_is_refused), so they are not generated here.
        if (line[:1].isalpha() or line.lstrip().startswith("- ")) and not line.lstrip().startswith("- {") \
                and draw(st.booleans()):
            out.append(" " * indent + f"# comment {i}")
        out.append(line + (f"  # eol {i}" if draw(st.integers(0, 3)) == 0 else ""))
    commented = "\n".join(out) + "\n"
    # a comment added inside a multi-line scalar would be part of the text, not a comment
    return commented if yaml.safe_load(commented) == yaml.safe_load(text) else text


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(resource_files())
def test_fmt_is_idempotent(text: str) -> None:
    once = fmt(text)
    assert fmt(once) == once


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(resource_files())
def test_fmt_never_changes_the_loaded_model(text: str) -> None:
    assert model(fmt(text)) == model(text)


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(resource_files())
def test_fmt_keeps_every_comment(text: str) -> None:
    out = [line.strip() for line in fmt(text).splitlines()]
    for comment in re.findall(r"# (?:comment|eol) \d+", text):
        assert any(line == comment or line.endswith(comment) for line in out), comment


@pytest.mark.parametrize(("plain", "kept"), [("topic: 0e-0", 'topic: "0e-0"'), ("favorite: yes", "favorite: true")])
def test_a_scalar_the_two_yaml_versions_read_apart_keeps_validates_reading(plain: str, kept: str) -> None:
    """`0e-0` is text to PyYAML (what validate reads) and a float to ruamel: fmt keeps the text.
    Found by test_fmt_never_changes_the_loaded_model; fmt used to refuse such files."""
    fields = {"title": "T", "url": "null", "type": "blog", "topic": "x", "added": "2025-01-01"}
    key, value = plain.split(": ")
    text = "".join(f"{k}: {v}\n" for k, v in {**fields, key: value}.items())
    out = fmt(text)
    assert kept in out.splitlines()
    assert model(out) == model(text)


def test_a_concepts_file_gets_its_field_order_and_keeps_its_comments() -> None:
    from gpulist.contribute.fmt import format_text
    messy = ("# The vocabulary.\n\n# --- An area ---\n- start: [a, b]\n  id: x  # the id\n  title: X\n"
             "  definition: >-\n    Folded over\n    two lines.\n  description: One line.\n"
             "- id: y\n  description: \"Quoted: needlessly? No, a colon.\"\n  title: Y\n")
    text, problems = format_text(messy, "data/concepts.yml", concepts=True)
    assert problems == [] and text is not None
    assert text.startswith("# The vocabulary.\n\n# --- An area ---\n- id: x  # the id\n  title: X\n  description: One line.\n")
    assert "  definition: >-\n    Folded over\n    two lines.\n  start: [a, b]\n- id: y\n  title: Y\n" in text
    assert format_text(text, "data/concepts.yml", concepts=True) == (text, [])
    _, refused = format_text("- a\n", "data/concepts.yml", concepts=False)
    assert refused and "not a resource file" in refused[0].message


def test_a_concepts_check_and_problems_get_their_own_field_order() -> None:
    """A question reads question, answer, source; a problem title, url, platform, asks: the
    order a reviewer reads them in, whatever order they were typed in."""
    from gpulist.contribute.fmt import format_text
    messy = ("- id: x\n  check:\n  - source: a\n    answer: >-\n      Folded over\n      two lines.\n    question: Why?\n"
             "  problems:\n  - asks: Add two vectors.\n    platform: leetgpu\n    title: Vector addition\n"
             "    url: https://example.com/p\n  title: X\n  description: One line.\n")
    text, problems = format_text(messy, "data/concepts.yml", concepts=True)
    assert problems == [] and text is not None
    assert ("  check:\n  - question: Why?\n    answer: >-\n      Folded over\n      two lines.\n    source: a\n"
            "  problems:\n  - title: Vector addition\n    url: https://example.com/p\n    platform: leetgpu\n"
            "    asks: Add two vectors.\n") in text
    assert text.index("description:") < text.index("check:")
    assert format_text(text, "data/concepts.yml", concepts=True) == (text, [])
