"""A contributed lab record, checked the way a reviewer would, and set beside what is published.

A reader runs the labs on their GPU (`python labs/run.py --all`) and opens a pull request
that adds `data/measurements/<gpu>/<lab>.yml`. `gpulist validate` already holds every record
to its schema and to the vendor's peak (measurement-peak). What only a contribution needs:

- the labs commit it names is a commit of this repository (`uncommitted` is refused), so the
  record can be reproduced and its lab's version known;
- its ceilings are plausible beside the other records of the same GPU: two labs that measure
  one figure (a copy's bandwidth, a BF16 matmul) on one GPU within a factor of PLAUSIBLE;
- and a table that sets each ceiling beside the vendor's peak and beside the same lab's
  figure on every other published GPU, for the reviewer (the CI job's summary).

The checks read the loaded catalog; git is asked only whether a commit exists.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from gpulist.checks.measurement_peak import vendor_figures
from gpulist.files import display_path
from gpulist.load import Catalog, Record
from gpulist.problems import Problem, UsageError

RULE_COMMIT = "contribution-commit"
RULE_PLAUSIBLE = "contribution-plausible"
PLAUSIBLE = 2.0  # two measurements of one figure on one GPU farther apart than this: one is wrong


@dataclass(frozen=True, slots=True)
class Row:
    """One ceiling of a contributed record, beside the peak and the other GPUs' figures."""

    metric: str
    unit: str
    value: float
    peak: float | None
    others: dict[str, float]  # GPU id -> the same lab's figure for the same metric


def chosen_records(catalog: Catalog, files: list[Path]) -> list[Record]:
    """The loaded records of `files` (paths under data/measurements/); a file that did not load
    is left to validate's report, which names its problem."""
    wanted = {display_path(f.resolve()) for f in files}
    return [r for r in catalog.records if display_path(Path(r.doc.path).resolve()) in wanted]


def commit_known(commit: str, repo: Path) -> bool:
    """True when `commit` names a commit of the repository at `repo`."""
    try:
        done = subprocess.run(["git", "cat-file", "-e", f"{commit}^{{commit}}"], cwd=repo,
                              capture_output=True, check=False)
    except OSError as exc:
        raise UsageError(f"checking a record's labs commit needs git: {exc.strerror}") from None
    return done.returncode == 0


def commit_problems(record: Record, repo: Path) -> list[Problem]:
    commit = record.measurement.conditions.labs_commit
    if commit == "uncommitted":
        why = "labs_commit is 'uncommitted': run the labs from a clean checkout, so the record names the code that ran"
    elif not commit_known(commit, repo):
        why = f"labs_commit {commit} is not a commit of this repository: run the labs from a checkout of it"
    else:
        return []
    line, column = record.doc.marks.at(("conditions", "labs_commit"))
    return [Problem(record.doc.path, line, column, why, RULE_COMMIT)]


def _same_gpu_figures(catalog: Catalog, record: Record) -> dict[str, list[tuple[str, float]]]:
    """metric -> (lab, value) for the other records of the record's GPU."""
    found: dict[str, list[tuple[str, float]]] = {}
    for other in catalog.records:
        m = other.measurement
        if m.gpu == record.measurement.gpu and other is not record:
            for c in m.ceilings:
                found.setdefault(c.metric, []).append((m.lab, c.value))
    return found


def plausibility_problems(catalog: Catalog, record: Record) -> list[Problem]:
    """A ceiling more than PLAUSIBLE times off another lab's measure of the same figure on the same GPU."""
    problems = []
    figures = _same_gpu_figures(catalog, record)
    for i, ceiling in enumerate(record.measurement.ceilings):
        for lab, value in figures.get(ceiling.metric, []):
            ratio = max(ceiling.value, value) / min(ceiling.value, value)
            if ratio > PLAUSIBLE:
                line, column = record.doc.marks.at(("ceilings", i, "value"))
                message = (f"{ceiling.metric} {ceiling.value:g} {ceiling.unit} is {ratio:.1f}x the {lab} lab's "
                           f"{value:g} on the same GPU: two measures of one figure should agree within {PLAUSIBLE:g}x")
                problems.append(Problem(record.doc.path, line, column, message, RULE_PLAUSIBLE))
    return problems


def rows(catalog: Catalog, record: Record) -> list[Row]:
    """Each ceiling beside the GPU's vendor peak and the same lab's ceilings on the other GPUs."""
    m = record.measurement
    peaks = vendor_figures(catalog, m.gpu)
    out = []
    for ceiling in m.ceilings:
        others = {r.measurement.gpu: c.value for r in catalog.records
                  if r.measurement.lab == m.lab and r.measurement.gpu != m.gpu
                  for c in r.measurement.ceilings if c.metric == ceiling.metric}
        out.append(Row(ceiling.metric, ceiling.unit, ceiling.value, peaks.get(ceiling.metric), others))
    return out
