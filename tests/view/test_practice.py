"""gpulist.view.practice: problems by concept in the concepts' order, and the commands shown."""

from __future__ import annotations

import yaml

from gpulist.models import PracticeFile
from gpulist.view.practice import by_concept, command, problems_of_concept, starter
from tests.catalogs import FIXTURES

PROBLEMS = tuple(PracticeFile.model_validate(
    yaml.safe_load((FIXTURES / "practice" / "practice.yml").read_text(encoding="utf-8"))).problems)


def test_problems_are_grouped_in_the_order_of_the_concepts_and_unknown_ids_dropped():
    groups = by_concept(PROBLEMS, ["fp8", "attention", "cuda"])
    assert [(cid, [p.id for p in ps]) for cid, ps in groups] == [("fp8", ["fp8-scale"]),
                                                                 ("cuda", ["row-copy", "fp8-scale"])]
    assert by_concept(PROBLEMS, ["attention"]) == []
    assert [p.id for p in problems_of_concept(PROBLEMS, "fp8")] == ["fp8-scale"]


def test_the_command_and_the_starter_are_the_graders():
    assert command(PROBLEMS[0]) == "python labs/practice.py --problem row-copy --solution mine.py"
    assert starter(PROBLEMS[0]) == "labs/problems/row-copy/starter.py"
