"""The Practice page (practice/): every problem of data/practice.yml, by concept, with its command.

It opens with how grading works, since the score means something only once a reader knows what
it is a share of: the rate a solution reaches over the ceiling the labs measured on the reader's
own GPU (or the published record of the nearest GPU, and the grader says which). Then the
concepts with problems, each listing its problems with the command; then each problem, anchored
at its id (`practice/#row-softmax`), with its statement, signature, formulas, shapes and what it
forbids. No scores are shown: none has been measured on the H200 for publishing yet, and the
page says so rather than showing numbers nobody measured.
"""

from __future__ import annotations

from gpulist.models import PracticeProblem
from gpulist.view.catalog import SiteView
from gpulist.view.concepts import concept_page
from gpulist.view.config import SiteConfig
from gpulist.view.practice import PRACTICE_PAGE, by_concept, command, starter
from gpulist.view.links import rel_link
from gpulist.view.text import escape_text, front_matter, link

PAGE = PRACTICE_PAGE
TITLE = "Practice"
NO_SCORES = ("No scores have been measured yet: neither a plain nor a good solution of any problem has been graded on "
             "the H200 for this page, so there is no published figure of what a good score is.")


def render_practice(view: SiteView, config: SiteConfig) -> str:
    groups = by_concept(view.practice, [c.id for c in view.concepts])
    out = [front_matter({"title": TITLE, "description": "Kernels to write for the concepts, each graded against "
                         "the measured roof of your own GPU."}), f"# {TITLE}\n", _intro(view, config)]
    out.append("## By concept { #by-concept }\n")
    out.extend(_concept(cid, problems, view) for cid, problems in groups)
    out.append("## Problems { #problems }\n")
    out.extend(_problem(p, view, config) for p in view.practice)
    return "\n".join(out)


def _intro(view: SiteView, config: SiteConfig) -> str:
    script = (link("labs/practice.py", f"{config.repo_url.rstrip('/')}/blob/main/labs/practice.py") if config.repo_url
              else "`labs/practice.py`")
    return (f"{len(view.practice)} problems, each a kernel one of the concepts is about. Copy its starter (a plain "
            f"Triton solution), make it faster, and grade it on your own GPU with {script}; it needs PyTorch and "
            "Triton, and an NVIDIA GPU:\n\n"
            "```sh\npython labs/practice.py --list                          # the problems\n"
            "python labs/practice.py --problem row-softmax            # its statement and starter\n"
            "python labs/practice.py --problem row-softmax --solution mine.py --ceilings runs/mine\n```\n\n"
            "The grader checks your output against a PyTorch reference at every shape, on two sets of inputs, then "
            "times it as the labs do (the L2 flushed before each run, samples until their spread is small) and "
            "checks it again. A shape's score is the rate your kernel reached (bytes or FLOPs per second) over the "
            "ceiling the labs measured for that dtype and resource: from your own labs run where you pass one, else "
            "from the published record of the nearest GPU, and the output says which. The problem's score is the "
            "geometric mean over its shapes, with the roofline model's time beside each. A solution that calls the "
            "reference or a library that does the problem, patches the timer or the synchronisation, works on "
            "another stream or thread, keeps results between calls or changes its inputs is refused, never "
            f"scored.\n\n{NO_SCORES}\n")


def _concept(cid: str, problems: list[PracticeProblem], view: SiteView) -> str:
    title = escape_text(view.concept_titles.get(cid, cid))
    items = "\n".join(f"- [{escape_text(p.title)}](#{p.id}): `{command(p)}`" for p in problems)
    return f"### [{title}]({rel_link(PAGE, concept_page(cid))}) {{ #concept-{cid} }}\n\n{items}\n"


def _problem(p: PracticeProblem, view: SiteView, config: SiteConfig) -> str:
    concepts = ", ".join(f"[{escape_text(view.concept_titles[c])}]({rel_link(PAGE, concept_page(c))})"
                         for c in p.concepts if c in view.concept_titles)
    code = (link(starter(p), f"{config.repo_url.rstrip('/')}/blob/main/{starter(p)}") if config.repo_url
            else f"`{starter(p)}`")
    shapes = "; ".join(", ".join(f"{k} = {v}" for k, v in s.items()) for s in p.shapes)
    check = "exact" if p.check == "exact" else f"within the {p.dtype} tolerance" + (f" ({p.rtol:g})" if p.rtol else "")
    forbidden = f"\n- Forbidden: {', '.join(f'`{f}`' for f in p.forbidden)}." if p.forbidden else ""
    return (f"### {escape_text(p.title)} {{ #{p.id} }}\n\n{escape_text(p.statement)}\n\n"
            f"- Concepts: {concepts}.\n- Signature: `{p.signature}`, {p.dtype}; checked {check}.\n"
            f"- Scored against the {p.resource} roof; bytes = `{p.bytes}`, FLOPs = `{p.flops}` (s: bytes per element).\n"
            f"- Shapes: {shapes}.{forbidden}\n- Starter: {code}.\n- Grade it: `{command(p)}`\n"
            "- Scores on the H200: none measured yet.\n")
