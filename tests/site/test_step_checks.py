"""A path step's check questions, folded under the step on the path page."""

from __future__ import annotations

import dataclasses
import re

from gpulist.site.path_page import render_path
from gpulist.site.step_checks import _names, step_checks, step_concepts
from gpulist.view.catalog import SiteView
from tests.site.conftest import CONFIG


def _path_page(view: SiteView, path_id: str) -> str:
    return render_path(next(p for p in view.paths if p.path.id == path_id), view, CONFIG)


def test_a_step_shows_the_questions_of_the_concepts_its_entry_is_tagged_with(view: SiteView) -> None:
    """flashattention-2 is tagged attention (two questions) and cuda (none): only attention's show,
    without their answers, which stay on the concept page."""
    entry = view.entry_by_id["flashattention-2"]
    assert [cv.concept.id for cv in step_concepts(entry, view)] == ["attention"]
    folded = step_checks(entry, view, "paths/first-steps.md", CONFIG.link_style)
    assert folded.startswith('<details class="question gpulist-step-check"><summary>Check yourself: 2 questions on Attention'
                             "</summary>")
    questions = view.concept_by_id["attention"].concept.check
    assert re.findall(r"<li>(.*?)</li>", folded) == [q.question.replace("<", "&lt;") for q in questions]
    assert not any(q.answer[:40] in folded for q in questions)


def test_each_concept_leads_to_its_check_yourself_section(view: SiteView) -> None:
    page = _path_page(view, "first-steps")
    assert '<a href="../../concepts/attention/#check">Attention</a>: answer them on its page, then mark it known.' in page


def test_the_questions_sit_inside_their_step(view: SiteView) -> None:
    """Each `<details>` belongs to the step of the entry it was made for, after its reason."""
    page = _path_page(view, "attention-only")
    steps = re.findall(r"<li data-gpulist-entry=\"([^\"]+)\".*?</details></li>", page, re.S)
    assert steps == ["flashattention-2", "flashattention-3"]
    fa3 = page.split('data-gpulist-entry="flashattention-3"')[1]
    assert fa3.index('class="gpulist-why"') < fa3.index("gpulist-step-check") and "on Attention, FP8</summary>" in fa3


def test_a_step_whose_concepts_have_no_questions_shows_none(view: SiteView) -> None:
    """vllm is tagged kv-cache and kv-cache-eviction, neither with questions in the fixture."""
    entry = view.entry_by_id["vllm"]
    assert all(not view.concept_by_id[t].concept.check for t in entry.resource.tags if t in view.concept_by_id)
    assert step_checks(entry, view, "paths/first-steps.md", CONFIG.link_style) == ""
    vllm_step = _path_page(view, "first-steps").split('data-gpulist-entry="vllm"')[1].split("</li>")[0]
    assert "gpulist-step-check" not in vllm_step


def test_questions_are_escaped(view: SiteView) -> None:
    """The fixture's FP8 question holds quotes, a tab, markup-like text and an ampersand."""
    folded = step_checks(view.entry_by_id["flashattention-3"], view, "paths/a.md", CONFIG.link_style)
    assert "&amp; more" in folded and " & more" not in folded


def test_a_summary_names_three_concepts_and_counts_the_rest() -> None:
    """An entry can carry many concepts (real ones carry nine): the summary stays one line to decide on."""
    assert _names(["Roofline", "Kernel Fusion", "PyTorch"]) == "Roofline, Kernel Fusion, PyTorch"
    assert _names(["A", "B", "C", "D", "E"]) == "A, B, C and 2 more"
    assert _names(["<b>", "B"]) == "&lt;b&gt;, B"


def test_a_concept_named_twice_in_the_tags_counts_once(view: SiteView) -> None:
    entry = view.entry_by_id["flashattention-3"]
    twice = dataclasses.replace(entry, resource=entry.resource.model_copy(update={"tags": ["fp8", "attention", "fp8"]}))
    assert [cv.concept.id for cv in step_concepts(twice, view)] == ["fp8", "attention"]
    assert "on FP8, Attention</summary>" in step_checks(twice, view, "paths/a.md", CONFIG.link_style)
