"""`python -m gpulist.contribute.question_ids`: ids given once, then kept, in `gpulist fmt`'s layout."""

from __future__ import annotations

from pathlib import Path

import yaml

from gpulist.contribute.fmt import format_text
from gpulist.contribute.question_ids import add_ids, main, new_id, slug

CONCEPTS = """\
# the file's own comment stays
- id: kv-cache
  title: KV cache
  description: Keys and values kept per token.
  check:
  # a reviewer's note on the first question
  - question: How many bytes per token does a KV cache keep for Llama 3.1 8B?
    answer: Two. Sentences.
    source: vllm
  - id: kv-cache-given-by-hand
    question: Why does a long context slow decoding down?
    answer: Two. Sentences.
    source: vllm
- id: attention
  title: Attention
  description: Softmax of scores times values.
  check:
  - question: How many bytes per token does a KV cache keep for Llama 3.1 8B?
    answer: Two. Sentences.
    source: vllm
  - question: 注意力的计算量是多少?
    answer: Two. Sentences.
    source: vllm
"""


def _ids(text: str) -> list[list[str]]:
    return [[q["id"] for q in c["check"]] for c in yaml.safe_load(text)]


def test_ids_are_the_concept_and_a_slug_of_its_first_content_words() -> None:
    text, added, problems = add_ids(CONCEPTS, "concepts.yml")
    assert problems == [] and text is not None
    assert _ids(text) == [["kv-cache-many-bytes-per", "kv-cache-given-by-hand"],
                          ["attention-many-bytes-per", "attention-question"]]
    assert added == ["kv-cache-many-bytes-per", "attention-many-bytes-per", "attention-question"]


def test_the_result_keeps_comments_and_is_already_in_fmt_layout() -> None:
    text, _, _ = add_ids(CONCEPTS, "concepts.yml")
    assert "# the file's own comment stays" in text and "# a reviewer's note on the first question" in text
    assert format_text(text, "concepts.yml", concepts=True) == (text, [])
    assert "  - id: kv-cache-many-bytes-per\n    question: How many" in text


def test_a_second_run_adds_nothing_and_a_reworded_question_keeps_its_id() -> None:
    text, _, _ = add_ids(CONCEPTS, "concepts.yml")
    assert add_ids(text, "concepts.yml") == (text, [], [])
    reworded = text.replace("How many bytes per token does a KV cache keep", "What does a KV cache hold per token")
    again, added, _ = add_ids(reworded, "concepts.yml")
    assert added == [] and _ids(again) == _ids(text)


def test_questions_added_later_get_new_ids_that_never_clash() -> None:
    text, _, _ = add_ids(CONCEPTS, "concepts.yml")
    more = text.replace("- id: attention\n", "- id: attention\n", 1) + (
        "  - question: How many bytes per token does a KV cache keep for Llama 3.1 8B?\n"
        "    answer: Two. Sentences.\n    source: vllm\n")
    result, added, _ = add_ids(more, "concepts.yml")
    assert added == ["attention-many-bytes-per-2"] and _ids(result)[0] == _ids(text)[0]
    assert new_id("a", "b c d", {"a-b-c-d", "a-b-c-d-2"}) == "a-b-c-d-3"


def test_slugs_are_ascii_slugs_whatever_the_question() -> None:
    assert slug('<b>"Tabs"\tand\nnewlines</b> in $\\frac{a}{b}$?') == "b-tabs-newlines"
    assert slug("Straße über Ünïcode") == "strae-uber-unicode"  # ß has no ASCII decomposition
    assert slug("Warp divergence in a warp", "warp-divergence") == "question"


def test_check_changes_nothing_and_fails_while_a_question_lacks_an_id(tmp_path: Path) -> None:
    path = tmp_path / "concepts.yml"
    path.write_text(CONCEPTS, encoding="utf-8")
    assert main(["--check", str(path)]) == 1 and path.read_text(encoding="utf-8") == CONCEPTS
    assert main([str(path)]) == 0 and main(["--check", str(path)]) == 0
    assert _ids(path.read_text(encoding="utf-8"))[1] == ["attention-many-bytes-per", "attention-question"]


def test_the_real_vocabulary_has_an_id_on_every_question() -> None:
    text = (Path(__file__).parents[2] / "data" / "concepts.yml").read_text(encoding="utf-8")
    assert add_ids(text, "data/concepts.yml")[1] == []
