"""The Labs page (labs/): every lab of data/labs.yml, what it shows, its concepts, its results.

Each lab is an H2 anchored at its id (`labs/#coalescing`), saying in one sentence what it
shows, linking the concepts whose pages carry its Measured section and, for every GPU with a
record, that record's chart on its home page (gpulist.view.labs); then the command that runs
it. The page opens with how to run the labs and send the records, since a reader with a GPU
the list has no numbers for is the one who can add them. Beside a version 2 record's link it
says what the record holds beyond its chart (the models, counters and timelines), so a reader
knows which results carry their evidence.
"""

from __future__ import annotations

from gpulist.models import MeasurementV2
from gpulist.site.measured import gpu_name, peaks_json
from gpulist.view.catalog import SiteView
from gpulist.view.concepts import concept_page
from gpulist.view.config import SiteConfig
from gpulist.view.labs import LABS_PAGE, LabView
from gpulist.view.links import rel_link
from gpulist.view.text import escape_attr, escape_text, front_matter, link

PAGE = LABS_PAGE
TITLE = "Labs"


def render_labs(view: SiteView, config: SiteConfig) -> str:
    measured = sum(bool(lv.records) for lv in view.labs)
    out = [front_matter({"title": TITLE, "description": "Small scripts that show each performance effect on a real "
                         "GPU, with the results measured so far and the conditions they ran under."}),
           f"# {TITLE}\n", _intro(view, config, measured), compare_host(view)]
    out.extend(_lab(lv, view, config) for lv in view.labs)
    return "\n".join(out)


def _intro(view: SiteView, config: SiteConfig, measured: int) -> str:
    contributing = (link("CONTRIBUTING.md", f"{config.repo_url.rstrip('/')}/blob/main/CONTRIBUTING.md#labs")
                    if config.repo_url else "CONTRIBUTING.md")
    return (f"Each lab is a small script that makes one effect happen on a real GPU and measures it: the median of "
            "many timed runs on random data, each kernel's output checked first, the result set against what the "
            f"GPU's own numbers predict. {len(view.labs)} labs, {measured} with results so far. They need PyTorch and "
            "Triton, and an NVIDIA GPU:\n\n"
            "```sh\npython labs/run.py --list            # the labs\npython labs/run.py --lab coalescing  # one lab\n"
            "python labs/run.py --all --out DIR    # every lab, records written under DIR\n```\n\n"
            "Each run writes one record per lab, `data/measurements/<gpu>/<lab>.yml`, with every condition it ran "
            f"under; a GPU the list has no numbers for is welcome by pull request ({contributing} says how).\n")


def compare_host(view: SiteView) -> str:
    """Where compare.js puts "Compare with your GPU" for a record of any lab: kept in the browser and
    drawn in that lab's Measured sections, refused as there (the labs it may be of, the GPUs' peaks)."""
    labs = " ".join(escape_attr(lv.lab.id) for lv in view.labs)
    return (f'<div class="gpulist-compare" data-gpulist-compare-host data-gpulist-labs="{labs}" '
            f'data-gpulist-peaks="{escape_attr(peaks_json(list(view.labs), view))}"></div>\n')


def holds(record: object) -> str:
    """What a version 2 record shows beside its chart, in brackets; nothing for version 1."""
    if not isinstance(record, MeasurementV2):
        return ""
    models = len(record.models)
    parts = [f"{models} models with their terms" if models > 1 else "its model's terms"] if models else []
    parts.append("hardware counters" if record.counters.status == "measured" else "no counters on this run")
    if record.traces:
        parts.append(f"{len(record.traces)} timeline{'s' if len(record.traces) != 1 else ''}")
    if record.conditions.runs > 1:
        parts.append(f"{record.conditions.runs} runs merged")
    return " (" + ", ".join(parts) + ")"


def _lab(lv: LabView, view: SiteView, config: SiteConfig) -> str:
    lab = lv.lab
    concepts = [f"[{escape_text(view.concept_titles[c])}]({rel_link(PAGE, concept_page(c))})"
                for c in lab.concepts if c in view.concept_titles]
    if lv.records:
        results = "Results: " + ", ".join(f"[{escape_text(gpu_name(view, r))}]({rel_link(PAGE, lv.record_link(r.gpu))})"
                                          + holds(r) for r in lv.records) + "."
    else:
        results = "No results yet: run it on your GPU and send the record."
    script = (link(lab.script, f"{config.repo_url.rstrip('/')}/blob/main/{lab.script}") if config.repo_url
              else f"`{lab.script}`")
    needs = f" It needs {lab.gpus_needed} GPUs." if lab.gpus_needed > 1 else ""
    return (f"## {escape_text(lab.title)} {{ #{lab.id} }}\n\n{escape_text(lab.shows)}\n\n"
            f"- Concepts: {', '.join(concepts)}.\n- {results}\n- Run it: `python labs/run.py --lab {lab.id}` "
            f"({script}).{needs}\n")
