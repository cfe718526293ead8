"""A spec number typed beside a GPU's name agrees with data/gpus.yml to within 2%.

Prose that says "192 GB of HBM3e on a B200" while the row, read in NVIDIA's datasheet, says
180 has drifted; the fix is to cite the row (`{{gpu.b200.memory_gb}}`, gpulist.numbers). The
rule finds a number with a unit (GB/s, TB/s, TFLOPS, TOPS, GB, MB, KB, W, MHz, SMs...) in the
same sentence as a GPU's name or id, ties it to the nearest name of its clause ("3.35 TB/s
on an H100 SXM", "an H100 SXM has 132 SMs"), and compares it with that GPU's figures of the
same quantity. A bare "H100" may mean any H100 of the file (SXM, PCIe, NVL): a number that
matches any of them passes. Prose is read with its references written out, so a reference
to the wrong GPU is found too.

A warning, not an error, because it reads English: what it flags is a number 2% to 25% away
from the nearest figure, the band where drift and typos sit. A number further off is taken
for another quantity (a 1 GB buffer beside "H100", a kernel's attained 700 TFLOPS), and
binary units (GiB, MiB) for what a framework reports, not the vendor's figure: flagging
those would bury the real drift. tests/test_real_data.py holds the list at zero warnings.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from gpulist.checks._prose import Prose, locate, prose
from gpulist.load import Catalog
from gpulist.models import Gpu
from gpulist.numbers import BRACES, CONVERT, QUOTED, Figures, collect, quantity, resolve, shown_number, unit_of
from gpulist.problems import Problem

RULE = "prose-number"
TOLERANCE = 0.02
BAND = 0.25
_DTYPES = {"FP64": "fp64", "FP32": "fp32", "TF32": "tf32", "FP16": "fp16", "BF16": "bf16", "FP8": "fp8",
           "FP6": "fp6", "FP4": "fp4", "INT8": "int8"}
_DTYPE = "|".join(_DTYPES)
QUANTITY = re.compile(
    r"(?<![\w.,/-])(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s+"
    rf"(?P<mid>(?:(?:dense|sparse|peak|{_DTYPE}|tensor|matrix|vector)\s+){{0,3}})"
    r"(?P<unit>TB/s|GB/s|MB/s|PFLOPS|TFLOPS|GFLOPS|TOPS|POPS|TB|GB|MB|KB|kW|W|GHz|MHz|SMs|CUs|compute units)"
    rf"(?![\w/])(?:\s+(?:of\s+|in\s+)?(?P<after>{_DTYPE})\b)?")
# Which figures a unit may be compared with.
_FIELDS_OF = {"bandwidth": ("memory_bandwidth_gbs", "interconnect_gbs"), "power": ("tdp_w",),
              "clock": ("boost_clock_mhz",), "units": ("compute_units",), "GB": ("memory_gb",), "TB": ("memory_gb",),
              "MB": ("l2_mb",), "KB": ("shared_memory_kb", "register_file_kb")}
_SENTENCE = re.compile(r"(?<=[.?!;])\s+")
_CLAUSE = re.compile(r",\s|\(|\)|\s[-\u2013\u2014]\s|:\s")
# A number of something no GPU row carries: "192 KB of combined L1", "a 10 TB/s link", "the 45 MB table".
OTHER_QUANTITY = re.compile(r"\s+(?:of\s+)?(?:combined\s+)?(?:L1|link|die-to-die|tensor memory|TMEM|table|buffer|tile|working set|cap|budget)\b")
CONNECTORS = frozenset({"on", "a", "an", "the", "of", "for", "per", "in", "each", "one"})


@dataclass(frozen=True, slots=True)
class Mention:
    start: int
    end: int
    text: str
    gpus: frozenset[str]


def check(catalog: Catalog) -> list[Problem]:
    if catalog.gpus is None:
        return []
    figures = collect(catalog.gpus, (r.measurement for r in catalog.records))
    names = _names_pattern(catalog.gpus.gpus)
    problems = []
    for piece in prose(catalog):
        text = resolve(BRACES.sub(_unquoted, piece.text), figures)
        for quantity_match, mention in _tied(text, names):
            message = _compare(quantity_match, mention, figures)
            if message:
                problems.append(locate(piece, quantity_match.group("num"), message, RULE, "warning"))
    return problems


def _unquoted(match: re.Match[str]) -> str:
    """A `{{quoted:...}}` figure is not a spec: out of the comparison, every other reference kept."""
    return "a quoted figure" if match.group(1).startswith(QUOTED) else match.group(0)


def aliases(gpu: Gpu) -> set[str]:
    """What prose calls a GPU: its id, its name, and the name without vendor prefix, form factor or memory size
    ("A100 SXM 40 GB" is also "A100 40 GB", "A100 SXM" and "A100"); a short form without a digit ("RTX")
    would match words that are no GPU's name, so only the full name and the id may lack one."""
    base = re.sub(r"^(?:GeForce|Instinct)\s+|\s*\(per GPU\)|\s+Generation$", "", gpu.name)
    short = {base, *(re.sub(pattern, "", base) for pattern in
                     (r"\s+(?:SXM\d?|PCIe|NVL)\b", r"\s+\d+\s?GB\b", r"\s+(?:SXM\d?|PCIe|NVL|\d+\s?GB)\b"))}
    return {gpu.id, gpu.name} | {a for a in short if re.search(r"\d", a)}  # a short form keeps its model number


def _names_pattern(gpus: list[Gpu]) -> tuple[re.Pattern[str], dict[str, frozenset[str]]]:
    by_alias: dict[str, set[str]] = {}
    for gpu in gpus:
        for alias in aliases(gpu):
            by_alias.setdefault(alias.casefold(), set()).add(gpu.id)
    for gpu in gpus:  # an architecture takes the numbers said of it (a die, a family), compared with no row
        by_alias.setdefault(gpu.architecture.casefold(), set())
    ordered = sorted(by_alias, key=len, reverse=True)
    spelled = "|".join(re.escape(a).replace(r"\ ", r"\s*") for a in ordered)
    pattern = re.compile(rf"(?<![\w-])(?:{spelled})(?:'s|s)?(?![\w-])", re.IGNORECASE)
    return pattern, {a.replace(" ", ""): frozenset(ids) for a, ids in by_alias.items()}


def _mentions(text: str, names: tuple[re.Pattern[str], dict[str, frozenset[str]]]) -> list[Mention]:
    pattern, by_alias = names
    found = []
    for m in pattern.finditer(text):
        key = re.sub(r"(?:'s|s)$", "", m.group(0)).casefold().replace(" ", "")
        key = key if key in by_alias else m.group(0).casefold().replace(" ", "")
        found.append(Mention(m.start(), m.end(), m.group(0), by_alias.get(key, frozenset())))
    return found


def _tied(text: str, names: tuple[re.Pattern[str], dict[str, frozenset[str]]]) -> Iterator[tuple[re.Match[str], Mention]]:
    """Each number with a unit and the GPU name it stands beside, sentence by sentence."""
    quantities = list(QUANTITY.finditer(text))
    mentions = _mentions(text, names) if quantities else []
    if not mentions:
        return
    starts = [m.end() for m in _SENTENCE.finditer(text)]  # where each sentence after the first begins
    for q in quantities:
        sentence = bisect_right(starts, q.start())
        here = [m for m in mentions if bisect_right(starts, m.start) == sentence]
        if any(m.start <= q.start() < m.end for m in here):
            continue  # "A100 40 GB" is a name, not a claim
        mention = _nearest(text, q, here) if here else None
        if mention is not None:
            yield q, mention


def _nearest(text: str, q: re.Match[str], mentions: list[Mention]) -> Mention | None:
    """The name the number belongs to: the next one when only "on a", "of the" stand between
    ("3.35 TB/s on an H100"), else the closest in its clause, else the last one before it."""
    clause = [m for m in mentions if not _CLAUSE.search(text[min(m.end, q.end()):max(m.start, q.start())])]
    after = [m for m in clause if m.start >= q.end()]
    if after and set(text[q.end():after[0].start].split()) <= CONNECTORS:
        return after[0]
    if clause:
        return min(clause, key=lambda m: abs((q.start() - m.end) if m.end <= q.start() else (m.start - q.end())))
    before = [m for m in mentions if m.end <= q.start() and not _closed(text[m.end:q.start()])]
    return before[-1] if before else None


def _closed(between: str) -> bool:
    """A parenthesis closes between the name and the number: the name was an aside ("(twice A100's rate)")."""
    return between.count(")") > between.count("(")


def _compare(q: re.Match[str], mention: Mention, figures: Figures) -> str | None:
    """A message when the number is 2% to 25% from the nearest figure of its quantity, else None."""
    unit = q.group("unit")
    if not mention.gpus or OTHER_QUANTITY.match(q.string, q.end()):
        return None
    dtype = _DTYPES.get(q.group("after") or "") or next(
        (_DTYPES[w] for w in q.group("mid").split() if w in _DTYPES), None)
    value = float(q.group("num").replace(",", ""))
    pool = [(gpu, key, float(v)) for gpu in sorted(mention.gpus) for key, v in figures.gpu[gpu].items()
            if isinstance(v, (int, float)) and _comparable(key, unit, dtype)]
    scored = [(abs(_converted(value, unit, key, figures.vendors[gpu]) - v) / v, gpu, key, v) for gpu, key, v in pool]
    if not scored or min(scored)[0] <= TOLERANCE or min(scored)[0] > BAND:
        return None
    off, gpu, key, v = min(scored)
    shown = f"{shown_number(v)} {unit_of(key, figures.vendors[gpu])}".strip()
    return (f"'{q.group('num')} {unit}' beside '{mention.text}' is {off:.0%} off data/gpus.yml, which gives the "
            f"{gpu} {key} as {shown}: write {{{{gpu.{gpu}.{key}}}}} (or the data's number)")


def _comparable(key: str, unit: str, dtype: str | None) -> bool:
    kind = quantity(unit) or ("units" if unit in ("SMs", "CUs", "compute units") else "")
    if kind in ("rate", "ops"):
        is_int8 = key.endswith(".int8")
        return key.startswith(("dense.", "sparse.")) and (kind == "ops") == is_int8 and (
            dtype is None or key.split(".")[1] == dtype)
    return key in _FIELDS_OF.get(kind if kind not in ("bytes",) else unit, ())


def _converted(value: float, unit: str, key: str, vendor: str) -> float:
    """`value unit` in the unit of figure `key` (TB/s to GB/s, PFLOPS to TFLOPS); counts as they are."""
    own = unit_of(key, vendor)
    kind = quantity(unit)
    if kind is None or own not in CONVERT.get(kind, {}):
        return value
    return value * CONVERT[kind][unit] / CONVERT[kind][own]
