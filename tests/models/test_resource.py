"""The Resource model: strict types, forbidden extras, http(s)-only URLs, kebab-case ids."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from pydantic import ValidationError

from gpulist.models import FIELD_ORDER, RESOURCE_TYPES, Resource, Concept, Topic
from gpulist.models.fields import slugify

MINIMAL: dict[str, Any] = {
    "id": "flashattention-2", "title": "FlashAttention-2", "url": "https://arxiv.org/abs/2307.08691",
    "type": "paper", "topic": "attention", "added": dt.date(2025, 1, 1),
}


def _errors(**changes: Any) -> list[tuple[tuple, str]]:
    data = {k: v for k, v in {**MINIMAL, **changes}.items() if v is not _DROP}
    with pytest.raises(ValidationError) as info:
        Resource.model_validate(data)
    return [(e["loc"][:1], e["type"]) for e in info.value.errors()]


_DROP = object()


def test_minimal_resource_gets_the_documented_defaults() -> None:
    r = Resource.model_validate(MINIMAL)
    assert (r.tier, r.group, r.tags, r.authors, r.notes, r.links, r.favorite) == (None, None, [], [], [], [], False)
    assert not r.link_wanted


def test_null_url_is_allowed_and_flags_link_wanted() -> None:
    assert Resource.model_validate({**MINIMAL, "url": None}).link_wanted


def test_text_fields_are_stripped() -> None:
    assert Resource.model_validate({**MINIMAL, "title": "  Padded  ", "notes": [" n "]}).title == "Padded"


def test_resources_are_immutable() -> None:
    r = Resource.model_validate(MINIMAL)
    with pytest.raises(ValidationError):
        r.title = "changed"  # type: ignore[misc]


@pytest.mark.parametrize(("field", "value", "error"), [
    ("title", False, "string_type"),         # `title: no` must not quietly become False
    ("title", 2024, "string_type"),
    ("title", "   ", "string_too_short"),
    ("year", "2024", "int_type"),            # strict: no coercion of quoted numbers
    ("year", 2024.0, "int_type"),
    ("year", 1949, "greater_than_equal"),
    ("tier", 0, "greater_than_equal"),
    ("tier", 4, "less_than_equal"),
    ("tier", True, "int_type"),              # a bool is not a tier
    ("added", "2025-01-01", "date_type"),    # a quoted date is text
    ("added", dt.datetime(2025, 1, 1, 10), "date_type"),
    ("favorite", "yes", "bool_type"),
    ("favorite", 1, "bool_type"),
    ("type", "article", "literal_error"),
    ("tags", "cuda", "list_type"),
    ("authors", [""], "string_too_short"),
    ("arxiv", "2307.08691v2", "string_pattern_mismatch"),
    ("arxiv", 2307.08691, "string_type"),
    ("doi", "https://doi.org/10.1/x", "string_pattern_mismatch"),
    ("topic", "", "string_too_short"),  # any other text: `unknown-topic` names the id meant
    ("group", "two--hyphens", "bad-id"),
    ("id", "-leading", "bad-id"),
    ("links", [{"title": "Slides"}], "missing"),
    ("links", [{"title": "Slides", "url": "https://x.org", "kind": "pdf"}], "extra_forbidden"),
    ("venue", "", "string_too_short"),
])
def test_strict_field_errors(field: str, value: Any, error: str) -> None:
    assert (field,) in {loc for loc, _ in _errors(**{field: value})}
    assert error in {kind for loc, kind in _errors(**{field: value}) if loc == (field,)}


@pytest.mark.parametrize("field", ["title", "url", "type", "topic", "added"])
def test_required_fields(field: str) -> None:
    assert _errors(**{field: _DROP}) == [((field,), "missing")]


def test_unknown_fields_are_forbidden() -> None:
    assert _errors(autors=["x"]) == [(("autors",), "extra_forbidden")]


def test_tags_are_text_so_the_check_can_name_the_tag_meant() -> None:
    """Aliases like `cuda-c++` reach the unknown-tag check instead of failing the whole entry."""
    assert Resource.model_validate({**MINIMAL, "tags": ["cuda-c++", "CUDA"]}).tags == ["cuda-c++", "CUDA"]


@pytest.mark.parametrize("url", [
    "https://arxiv.org/abs/2307.08691", "http://example.org", "HTTPS://EXAMPLE.ORG/X", "https://example.org:8443/x",
    "https://example.org/a?b=c#d", "https://mastodon.social/@user", "https://example.org/x?to=a@b.org",
])
def test_good_urls(url: str) -> None:
    assert Resource.model_validate({**MINIMAL, "url": url}).url == url


@pytest.mark.parametrize(("url", "error"), [
    ("javascript:alert(1)", "url-scheme"),
    ("JavaScript:alert(1)", "url-scheme"),
    ("data:text/html,<script>alert(1)</script>", "url-scheme"),
    ("ftp://example.org/paper.pdf", "url-scheme"),
    ("file:///etc/passwd", "url-scheme"),
    ("vbscript:msgbox", "url-scheme"),
    ("/posts/relative", "url-scheme"),
    ("example.org/no-scheme", "url-scheme"),
    ("", "url-scheme"),
    ("https://", "bad-url"),
    ("https:///path-only", "bad-url"),
    ("https://example.org/with space", "bad-url"),
    ("https://example.org/\ttab", "bad-url"),
    (" https://example.org/leading-space", "url-scheme"),
    ("https://example.org:abc/", "bad-url"),      # a bad port crashed the duplicate check
    ("https://example.org:99999/", "bad-url"),
    ("https://[::1/unclosed", "bad-url"),
    ("https://user:pass@example.org/", "url-credentials"),
    ("https://ghp_token@github.com/org/repo", "url-credentials"),  # a token alone is a credential too
    ("HTTP://:secret@example.org", "url-credentials"),
])
def test_bad_urls(url: str, error: str) -> None:
    assert _errors(url=url) == [(("url",), error)]


def test_credentials_are_never_quoted_back() -> None:
    with pytest.raises(ValidationError) as info:
        Resource.model_validate({**MINIMAL, "url": "https://user:hunter2@example.org/"})
    message = info.value.errors()[0]["msg"]
    assert message.startswith("credentials in a public URL") and "hunter2" not in message


def test_link_urls_are_checked_like_the_main_url() -> None:
    assert ("links",) in {loc for loc, _ in _errors(links=[{"title": "Slides", "url": "javascript:x"}])}


def test_field_order_names_every_field_but_the_id() -> None:
    assert set(FIELD_ORDER) == set(Resource.model_fields) - {"id"}


def test_resource_types_cover_the_guide_legend_and_siblings() -> None:
    assert set(RESOURCE_TYPES) == {"paper", "blog", "video", "book", "code", "docs", "course", "tool", "community", "exercise"}


@pytest.mark.parametrize(("text", "slug"), [
    ("FlashAttention-2: Faster Attention", "flashattention-2-faster-attention"),
    ("Gordić’s  “Flash” notes", "gordics-flash-notes"),
    ("Foo_Bar", "foo-bar"),
    ("___", ""),
])
def test_slugify_makes_kebab_case_ids(text: str, slug: str) -> None:
    assert slugify(text) == slug


# Topics and tags are small models; their rules live here beside the resource's.

TIERS = [{"tier": 1, "title": "A"}, {"tier": 2, "title": "B"}, {"tier": 3, "title": "C"}]


def _topic(**changes: Any) -> dict[str, Any]:
    return {"id": "t", "number": 1, "title": "T", "description": "D", **changes}


def test_tiered_and_grouped_topics() -> None:
    tiered = Topic.model_validate(_topic(tiers=TIERS))
    assert tiered.tiered and tiered.tier_title(2) == "B"
    assert not Topic.model_validate(_topic(groups=[{"id": "g", "title": "G"}])).tiered


@pytest.mark.parametrize("changes", [
    pytest.param({}, id="neither"),
    pytest.param({"tiers": TIERS, "groups": [{"id": "g", "title": "G"}]}, id="both"),
    pytest.param({"tiers": TIERS[:2]}, id="two-tiers"),
    pytest.param({"tiers": [TIERS[0], TIERS[0], TIERS[2]]}, id="tier-twice"),
])
def test_topic_shape_errors(changes: dict[str, Any]) -> None:
    with pytest.raises(ValidationError) as info:
        Topic.model_validate(_topic(**changes))
    assert [e["type"] for e in info.value.errors()] == ["topic-shape"]


def test_tier_numbers_are_one_to_three() -> None:
    with pytest.raises(ValidationError) as info:
        Topic.model_validate(_topic(tiers=[*TIERS[:2], {"tier": 4, "title": "D"}]))
    assert info.value.errors()[0]["loc"] == ("tiers", 2, "tier")


def test_tag_aliases_are_free_text() -> None:
    tag = Concept.model_validate({"id": "cuda", "title": "CUDA", "description": "d", "aliases": ["CUDA C++"]})
    assert tag.aliases == ["CUDA C++"]


def test_language_reviewed_and_provenance() -> None:
    base = {"id": "x", "title": "X", "url": "https://example.org/x", "type": "blog", "topic": "t",
            "added": dt.date(2025, 1, 1)}
    plain = Resource.model_validate(base)
    assert (plain.language, plain.reviewed, plain.provenance) == (None, True, None)
    pick = Resource.model_validate({**base, "language": "zh-Hant", "reviewed": False, "provenance": "seed 003"})
    assert (pick.language, pick.reviewed, pick.provenance) == ("zh-Hant", False, "seed 003")
    for bad in ("Chinese", "ZH", "zh_CN", ""):
        with pytest.raises(ValidationError):
            Resource.model_validate({**base, "language": bad})
