"""The labs: data/labs.yml, one item per script under labs/ that shows one effect on a GPU.

A lab is the unit a reader runs (`python labs/run.py --lab <id>`) and the unit a record
under data/measurements/<gpu>/<lab>.yml reports on; its `concepts` are the concept pages
that show its result in a Measured section. The scripts themselves never import gpulist (a
GPU machine's Python may lack pydantic), so this catalogue is the only place the site
learns what each lab is for. Whether the concepts exist and the script's name follows the
id is for the cross-checks (gpulist.checks.lab_refs), which know the whole catalog.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from gpulist.models.fields import Id, Ref, Strict, Text
from gpulist.models.path import MAX_WHY, one_line, one_line_schema

Shows = Annotated[Text, one_line(MAX_WHY, "say in one sentence what the lab shows"), one_line_schema(MAX_WHY)]
Script = Annotated[str, StringConstraints(pattern=r"^labs/[a-z0-9_]+\.py$")]


def script_of(lab_id: str) -> str:
    """Where the lab's script lives: labs/<id with - as _>.py (a Python module name)."""
    return f"labs/{lab_id.replace('-', '_')}.py"


class Lab(Strict):
    id: Id = Field(description="The lab's name: `python labs/run.py --lab <id>`, and its records' file name.")
    title: Text
    script: Script = Field(description="labs/<id with - replaced by _>.py")
    shows: Shows = Field(description="One sentence: the effect the lab makes visible.")
    concepts: list[Ref] = Field(min_length=1, description="Concept ids whose pages show the lab's result.")
    gpus_needed: Annotated[int, Field(ge=1, le=8)] = Field(default=1, description="GPUs the lab needs (2 for all-reduce).")


class LabFile(Strict):
    labs: list[Lab] = Field(min_length=1, description="Every lab, in the order the Labs page lists them.")
