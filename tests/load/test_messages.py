"""problems_from_validation: pydantic's errors retold as one friendly, located line each."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from gpulist.load.messages import problems_from_validation
from gpulist.load.yaml_reader import read_yaml
from gpulist.models import Resource, Topic
from gpulist.problems import Problem

BASE = "title: T\nurl: https://example.org/t\ntype: blog\ntopic: fundamentals\ntier: 1\nadded: 2025-01-01\n"
RESOURCE_FIELDS = [f for f in Resource.model_fields if f != "id"]


def _problems(model: type[BaseModel], text: str, base: tuple = (), extra: dict[str, Any] | None = None,
              known: list[str] | None = None) -> list[Problem]:
    doc, found = read_yaml("f.yml", text.encode("utf-8"))
    assert doc is not None and found == []
    data = doc.data
    for part in base:
        data = data[part]
    with pytest.raises(ValidationError) as info:
        model.model_validate({**data, **(extra or {})} if isinstance(data, dict) else data)
    return problems_from_validation(info.value, doc, base, known or [])


def _resource(text: str) -> list[tuple[int, int, str, str]]:
    problems = _problems(Resource, text, extra={"id": "t"}, known=RESOURCE_FIELDS)
    return [(p.line, p.col, p.rule, p.message) for p in problems]


def _with(field: str, value: str) -> str:
    """BASE with `field` set to the YAML text `value` (appended when BASE lacks it)."""
    lines = [line for line in BASE.splitlines() if not line.startswith(f"{field}:")]
    return "\n".join(lines + [f"{field}: {value}"]) + "\n"


@pytest.mark.parametrize(("field", "value", "rule", "message"), [
    ("title", "no", "wrong-type",
     "title must be text, not the boolean false (YAML reads yes/no/on/off/true/false as booleans: put the text in quotes)"),
    ("title", "2024", "wrong-type", "title must be text, but YAML reads 2024 as a number: put it in quotes (\"2024\")"),
    ("title", "", "wrong-type", "title must be text, not empty (null)"),
    ("title", "'   '", "invalid-value", "title must not be empty"),
    ("year", '"2024"', "wrong-type", "year must be a whole number, not the text '2024' (remove the quotes)"),
    ("year", "2024.0", "wrong-type", "year must be a whole number, not float 2024.0"),
    ("year", "1900", "invalid-value", "year: input should be greater than or equal to 1950 (found 1900)"),
    ("tier", "4", "invalid-value", "tier: input should be less than or equal to 3 (found 4)"),
    ("added", '"2025-01-01"', "wrong-type",
     "added must be a date like 2025-01-31, not the text '2025-01-01' (remove the quotes)"),
    ("added", "yesterday", "wrong-type", "added must be a date like 2025-01-31, not the text 'yesterday'"),
    ("favorite", '"true"', "wrong-type", "favorite must be true or false, not the text 'true' (remove the quotes)"),
    ("favorite", '"yes"', "wrong-type", "favorite must be true or false, not the text 'yes'"),
    ("type", "blogg", "invalid-value",
     "type must be one of paper, blog, video, book, code, docs, course, tool, community or exercise (found 'blogg')"),
    ("tags", "cuda", "wrong-type", "tags must be a list, not the text 'cuda'"),
    ("url", "5", "wrong-type", "url must be text, but YAML reads 5 as a number: put it in quotes (\"5\")"),
    ("url", "ftp://example.org/x", "url-scheme", "url: URLs must start with http:// or https:// (found 'ftp:')"),
    ("group", "Industry", "bad-id",  # a topic is any text: unknown-topic names the id meant
     "group: 'Industry' is not a valid id: use lowercase letters, digits and single hyphens (kebab-case)"),
    ("doi", "doi.org/10.1145/1", "invalid-value", "doi has an unexpected format: 'doi.org/10.1145/1'"),
    ("links", "[{title: Slides}]", "missing-field", "missing required field 'links[0].url'"),
    ("links", "[{title: Slides, url: 'javascript:x'}]", "url-scheme", "links[0].url: URLs must start with http:// or https:// (found 'javascript:')"),
    ("notes", "[ok, 3]", "wrong-type", "notes[1] must be text, but YAML reads 3 as a number: put it in quotes (\"3\")"),
])
def test_type_and_value_errors_say_what_to_write(field: str, value: str, rule: str, message: str) -> None:
    [(line, _, found_rule, found_message)] = _resource(_with(field, value))
    assert (found_rule, found_message) == (rule, message)
    assert line == _with(field, value).splitlines().index(f"{field}: {value}") + 1


@pytest.mark.parametrize("field", ["title", "type", "topic", "added"])
def test_missing_required_field_is_located_on_the_mapping(field: str) -> None:
    assert _resource(_with(field, "x").replace(f"{field}: x\n", "")) == [
        (1, 1, "missing-field", f"missing required field '{field}'")
    ]


def test_missing_url_suggests_null() -> None:
    assert _resource(BASE.replace("url: https://example.org/t\n", "")) == [
        (1, 1, "missing-field", "missing required field 'url' (write `url: null` if no canonical link is known)")
    ]


@pytest.mark.parametrize(("key", "message"), [
    ("autors", "unknown field 'autors': did you mean 'authors'?"),
    ("Title", "unknown field 'Title': did you mean 'title'?"),
    ("favourite", "unknown field 'favourite': did you mean 'favorite'?"),
    ("description", "unknown field 'description'"),
    ("idd", "unknown field 'idd'"),  # never suggests `id`: the file name is the id
])
def test_unknown_field_is_located_on_its_key_with_a_suggestion(key: str, message: str) -> None:
    assert _resource(BASE + f"{key}: x\n") == [(7, 1, "unknown-field", message)]


def test_one_problem_per_mistake_in_file_order_of_fields() -> None:
    text = "title: no\nurl: ftp://x.org\ntype: blogg\ntopic: fundamentals\ntier: 4\nadded: '2025-01-01'\nautor: x\n"
    assert [(line, rule) for line, _, rule, _ in _resource(text)] == [
        (1, "wrong-type"), (2, "url-scheme"), (3, "invalid-value"), (5, "invalid-value"), (6, "wrong-type"),
        (7, "unknown-field"),
    ]


def test_errors_in_list_files_are_located_in_their_item() -> None:
    text = "- id: a\n  number: 1\n  title: A\n  description: D\n  tiers: [{tier: 1, title: x}, {tier: 5, title: y}]\n"
    problems = _problems(Topic, text, base=(0,), known=list(Topic.model_fields))
    assert [(p.line, p.col, p.message) for p in problems] == [
        (5, 39, "tiers[1].tier must be one of 1, 2 or 3 (found 5)")
    ]


def test_a_scalar_item_of_a_list_file_is_not_called_this_file() -> None:
    problems = _problems(Topic, "- just-a-name\n", base=(0,), known=list(Topic.model_fields))
    assert "this file" not in problems[0].message


def test_unquoted_arxiv_id_is_told_to_use_quotes() -> None:
    [(_, _, _, message)] = _resource(BASE + "arxiv: 2307.08690\n")
    assert "quotes" in message and "2307.08690" in message
