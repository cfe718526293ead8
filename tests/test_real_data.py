"""The real catalog must always validate cleanly: this is the contract CI enforces."""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urlsplit

from gpulist.checks import validate
from gpulist.identity import arxiv_id
from gpulist.load import Catalog
from gpulist.models import Resource

from tests.conftest import DATA


@lru_cache(maxsize=1)
def _validated() -> tuple[Catalog, list]:
    """`gpulist validate` of the real data, once per process: each test only reads the result
    (validating data/ takes about a CPU-second, and twenty tests asked for it)."""
    return validate(DATA)


def test_real_data_has_no_errors() -> None:
    catalog, problems = _validated()
    errors = [p for p in problems if p.is_error]
    assert errors == [], "\n".join(f"{p.path}:{p.line}: {p.message}" for p in errors)
    assert catalog.entries, "the catalog should not be empty"
    assert len(catalog.topics) == 12  # the guide's eleven, and Quantization & Compression


def test_real_data_files_carry_schema_modeline() -> None:
    files = [DATA / "topics.yml", DATA / "concepts.yml", *sorted((DATA / "resources").glob("*.yml"))]
    missing = [f.name for f in files if not f.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")]
    assert missing == []



# Data checks on the real catalog (issue 10): the list must be clickable and its identifiers whole.

MAX_LINK_WANTED = 5
_GITHUB_FRONT_PAGE = re.compile(r"https://github\.com/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+")


def _real_resources() -> list[Resource]:
    catalog, _ = _validated()
    return [e.resource for e in catalog.entries]


def test_real_data_has_few_link_wanted_entries() -> None:
    wanted = sorted(r.id for r in _real_resources() if r.link_wanted)
    assert len(wanted) <= MAX_LINK_WANTED, f"{len(wanted)} entries still want a link: {wanted}"


def test_real_data_link_wanted_entries_say_why() -> None:
    """An entry left without a URL must say, in its notes, why no home was found."""
    silent = [r.id for r in _real_resources() if r.link_wanted and not any("no home" in n.lower() for n in r.notes)]
    assert silent == []


def _is_arxiv_entry(r: Resource) -> bool:
    return bool(r.arxiv) or (r.url is not None and arxiv_id(str(r.url)) is not None)


def test_real_data_arxiv_entries_carry_id_authors_and_year() -> None:
    incomplete = {r.id: [f for f in ("arxiv", "authors", "year") if not getattr(r, f)]
                  for r in _real_resources() if _is_arxiv_entry(r)}
    assert {rid: missing for rid, missing in incomplete.items() if missing} == {}


def test_real_data_arxiv_field_matches_the_url() -> None:
    mismatched = [(r.id, r.arxiv, str(r.url)) for r in _real_resources()
                  if r.url is not None and arxiv_id(str(r.url)) not in (None, r.arxiv)]
    assert mismatched == []


def test_real_data_repository_entries_link_to_owner_and_name() -> None:
    """A code or tool entry on github.com links the repository's front page, not a file, search or profile."""
    loose = [(r.id, str(r.url)) for r in _real_resources()
             if r.type in ("code", "tool") and r.url is not None and urlsplit(str(r.url)).hostname == "github.com"
             and not _GITHUB_FRONT_PAGE.fullmatch(str(r.url))]
    assert loose == []


# --- issue 18-20: a knowledge base a learner can plan with --------------------------------

def _catalog() -> Catalog:
    return _validated()[0]


def test_real_data_concepts_are_many_and_each_leads_to_reading() -> None:
    catalog = _catalog()
    assert len(catalog.concepts) >= 150
    assert all(c.definition for c in catalog.concepts)
    assert sum(bool(c.start) for c in catalog.concepts) >= 150
    assert [c.id for c in catalog.concepts if c.area is None] == []  # each coloured on the map


def test_real_data_definitions_link_the_concepts_they_name() -> None:
    """Issue 27: at least 140 of the definitions link three or more other concepts."""
    from gpulist.concept_names import Names
    catalog = _catalog()
    names = Names(catalog.concepts)
    linked = [len(names.mentions(c.definition or "", c.id)) for c in catalog.concepts]
    assert sum(n >= 3 for n in linked) >= 140, sorted(linked)[:20]


def test_real_data_canon_size_and_the_quantization_topic() -> None:
    catalog = _catalog()
    assert len(catalog.entries) >= 380
    quantization = [e for e in catalog.resources if e.topic == "quantization"]
    assert len(quantization) >= 15 and {r.tier for r in quantization} == {1, 2, 3}
    assert {"marlin", "sageattention"} <= {r.id for r in quantization}


def test_real_data_notes_teach() -> None:
    """At most 3% of entries without a note of 12 words or more (the figure is 0 today)."""
    from gpulist.checks.note_too_short import MIN_WORDS, longest_note_words
    resources = _catalog().resources
    short = [r.id for r in resources if longest_note_words(r.notes) < MIN_WORDS]
    assert len(short) <= 0.03 * len(resources), short


def test_real_data_dated_work_has_its_year() -> None:
    """At least 97% of the dated works the list has read carry their year (issue 29's figure), and
    at least 96% of all of them. The unread ones are mostly the user's own seed picks, which stay
    whatever their sources say (issue 45): a post known only by its address has no year to take,
    and a year is never guessed. The rest wait for a source: `gpulist validate --advice` lists
    them, and their provenance says what was tried."""
    from gpulist.checks.year_wanted import is_dated
    dated = [r for r in _catalog().resources if is_dated(r)]
    missing = [r.id for r in dated if r.year is None]
    assert 1 - len(missing) / len(dated) >= 0.96, missing
    read_missing = [r.id for r in dated if r.reviewed and r.year is None]
    assert len(read_missing) <= 0.03 * sum(r.reviewed for r in dated), read_missing


def test_real_data_reader_text_carries_no_curation_talk() -> None:
    """The rule is on (the real data passes validate), and its word list covers at least the
    phrases issue 29 found in 54 files."""
    phrases = {p.lower() for p in _catalog().style.curation_talk}
    assert {"sibling list", "stored copy", "per the guide", "per its title", "was checked"} <= phrases


def test_real_data_unreviewed_entries_say_why_in_provenance() -> None:
    """`reviewed: false` is a reader's mark; the curator's reason is written beside it."""
    resources = _catalog().resources
    unread = [r for r in resources if not r.reviewed]
    assert [r.id for r in unread if not r.provenance] == []
    assert len(unread) <= 0.08 * len(resources), [r.id for r in unread]


# Hosts and DOI prefixes of publishers that charge for an article unless it is open access.
_PAYWALL_HOSTS = ("ieeexplore.ieee.org", "link.springer.com", "www.sciencedirect.com", "onlinelibrary.wiley.com",
                  "journals.sagepub.com")
_PAYWALL_DOIS = ("10.1109/", "10.1007/", "10.1016/", "10.1002/", "10.1177/")
_FREE_COPY = re.compile(r"copy|pdf|version|preprint|with paper", re.IGNORECASE)
# Open access at the publisher, as the stored copy named in each entry's provenance shows.
_OPEN_ACCESS = {"kernel-tuner", "datacenter-as-a-computer"}


def test_real_data_access_matches_the_host() -> None:
    """An entry at a paywalled publisher is `paywall` unless a free copy is linked or it is open access."""
    def paywalled(r: Resource) -> bool:
        host = urlsplit(str(r.url)).hostname if r.url else None
        return host in _PAYWALL_HOSTS or (host == "doi.org" and (r.doi or "").startswith(_PAYWALL_DOIS))
    wrong = [r.id for r in _catalog().resources if paywalled(r) and r.access == "free" and r.id not in _OPEN_ACCESS
             and not any(_FREE_COPY.search(link.title) for link in r.links)]
    assert wrong == []


# Concepts at least one of which an entry under Distributed & Multi-GPU is about.
_MULTI_GPU = {"collectives", "nccl", "interconnects", "all-reduce", "data-parallelism", "tensor-parallelism",
              "pipeline-parallelism", "expert-parallelism", "mixture-of-experts", "zero-sharding",
              "context-parallelism", "3d-parallelism", "gpu-clusters", "gpu-sharing", "nvshmem",
              "compute-communication-overlap", "training", "fault-tolerance", "checkpointing",
              "cluster-networks", "rl-post-training-systems"}


def test_real_data_distributed_holds_multi_gpu_work() -> None:
    """Single-GPU kernel fusion was filed under Distributed until issue 29; nothing there is now
    without a multi-GPU concept among its tags."""
    assert [r.id for r in _catalog().resources if r.topic == "distributed" and not set(r.tags) & _MULTI_GPU] == []


def test_real_data_effort_requires_and_practice() -> None:
    resources = _catalog().resources
    needs = [r for r in resources if r.type not in ("community", "tool")]
    assert sum(r.effort is not None for r in needs) >= 0.97 * len(needs)
    assert [r.id for r in resources if r.tier in (2, 3) and not r.requires] == []
    assert sum(r.type == "exercise" for r in resources) >= 15


def test_real_data_every_path_has_three_exercise_steps() -> None:
    catalog = _catalog()
    kind = {r.id: r.type for r in catalog.resources}
    assert len(catalog.paths) >= 5
    for path in catalog.paths:
        assert sum(kind.get(s.entry) == "exercise" for s in path.steps) >= 3, path.id


def test_real_data_a_paid_step_says_which_chapters_to_read() -> None:
    """Every path step is free or says which part of the paid book to read (issue 42)."""
    catalog = _catalog()
    access = {r.id: r.access for r in catalog.resources}
    paid = [(p.id, s.entry, s.why) for p in catalog.paths for s in p.steps if access.get(s.entry) == "paid"]
    assert paid, "the paths have paid steps (the PMPP textbook, a paid book on PyTorch)"
    for path_id, entry, why in paid:
        assert re.search(r"\bchapters?\b", why, re.IGNORECASE), (path_id, entry, why)


# What a PyTorch user's path has to cover (issue 42), each as the concept its steps are tagged with.
PYTORCH_PATH_COVERS = {
    "the profiler and traces": "pytorch-profiler", "the memory snapshot": "gpu-memory-profiling",
    "overhead": "overhead-bound", "CUDA graphs": "cuda-graphs", "fusion": "kernel-fusion",
    "torch.compile": "torch-compile", "mixed precision": "mixed-precision", "data loading": "host-device-transfer",
    "writing a kernel": "triton",
}


def test_real_data_the_pytorch_path_goes_from_measuring_to_writing_a_kernel() -> None:
    catalog = _catalog()
    path = next(p for p in catalog.paths if p.id == "pytorch-model-slow")
    tags = {r.id: set(r.tags) for r in catalog.resources}
    covered = {name: [i for i, s in enumerate(path.steps) if concept in tags[s.entry]]
               for name, concept in PYTORCH_PATH_COVERS.items()}
    assert [name for name, steps in covered.items() if not steps] == []
    # In the path's order: measure before removing overhead, compile before writing a kernel.
    assert min(covered["the profiler and traces"]) < min(covered["CUDA graphs"]) < min(covered["torch.compile"])
    assert min(covered["torch.compile"]) < min(covered["writing a kernel"])
    assert catalog.paths.index(path) == 1, "second on the home page's path choice, in its first screen at 1280 px"


# "Check yourself" (issue 28): questions with worked answers, and graded problems, on concepts.

MIN_CONCEPTS_CHECKED = 120
MIN_CONCEPTS_WITH_PROBLEM = 30
_PROBLEM_REPOS = {"gpu-mode": "gpu-mode/reference-kernels", "leetgpu": "AlphaGPU/leetgpu-challenges",
                  "tensara": "tensara/problems", "kernelbench": "ScalingIntelligence/KernelBench"}


def test_real_data_checks_most_concepts_and_links_graded_problems() -> None:
    catalog, _ = _validated()
    checked = [c.id for c in catalog.concepts if len(c.check) >= 2]
    with_problem = [c.id for c in catalog.concepts if c.problems]
    assert len(checked) >= MIN_CONCEPTS_CHECKED, f"only {len(checked)} concepts carry 2+ questions"
    assert len(with_problem) >= MIN_CONCEPTS_WITH_PROBLEM, f"only {len(with_problem)} concepts link a problem"


def test_real_data_problems_are_specific_files_of_their_platforms_repository() -> None:
    """A graded problem links the problem itself, in the repository its platform publishes its
    problems in: not a platform's home page, and not someone's solutions repository."""
    catalog, _ = _validated()
    wrong = [(c.id, p.url) for c in catalog.concepts for p in c.problems
             if not p.url.startswith(f"https://github.com/{_PROBLEM_REPOS[p.platform]}/")
             or len(urlsplit(p.url).path.split("/")) < 6]
    assert wrong == []
    urls = [p.url for c in catalog.concepts for p in c.problems]
    assert len(urls) == len(set(urls)), "a problem is linked from two concepts: pick the one it practises"


# --- issue 28: the numbers of the GPUs people use, every one with its source -----------------

GPUS_ASKED_FOR = ("V100", "A100 SXM 40 GB", "A100 SXM 80 GB", "H100 SXM", "H100 PCIe", "H200", "B200", "GB200", "L4",
                  "L40S", "RTX 4090", "RTX 5090", "MI250X", "MI300X", "MI325X", "MI355X")


def _gpu_file():
    catalog, _ = _validated()
    assert catalog.gpus is not None, "data/gpus.yml should load"
    return catalog, catalog.gpus


def test_real_gpus_cover_the_parts_people_use() -> None:
    _, gpus = _gpu_file()
    names = [g.name for g in gpus.gpus]
    assert len(names) >= 16
    assert [asked for asked in GPUS_ASKED_FOR if not any(asked in name for name in names)] == []


def test_every_real_gpu_number_has_a_source_with_an_address_and_a_place_in_it() -> None:
    """100% of the non-null numbers: each sits in a group whose source exists, can be opened
    (the vendor's address, or the copy's), and says where in it the number stands."""
    _, gpus = _gpu_file()
    sources = {s.id: s for s in gpus.sources}
    numbers, unsourced = 0, []
    for gpu in gpus.gpus:
        for group in gpu.figures:
            source = sources.get(group.source)
            count = len(group.numbers())
            numbers += count
            if source is None or not (source.url or (source.via and source.via.url)) or len(group.where) < 10:
                unsourced.append((gpu.id, group.source, count))
    assert numbers >= 200
    assert unsourced == []


def test_real_gpus_link_architecture_concepts_and_name_a_target() -> None:
    catalog, gpus = _gpu_file()
    architectures = {"volta", "ampere", "hopper", "blackwell", "cdna"}
    assert {g.concept for g in gpus.gpus if g.concept} == architectures
    assert all(catalog.concept(c) is not None for c in architectures)
    missing = set()
    for gpu in gpus.gpus:
        targets = [f.compute_capability or f.gfx_target for f in gpu.figures if f.compute_capability or f.gfx_target]
        assert len(targets) <= 1, gpu.id
        if not targets:
            missing.add(gpu.id)
    # NVIDIA's compute-capability table lists the A10, not AWS's A10G: no source read gives the
    # A10G's, so its cell stays empty rather than borrowing the A10's (provenance/gpus.md).
    assert missing == {"a10g"}


def test_real_gpus_unused_sources_are_none() -> None:
    """A listed source nothing cites would be a claim of reading without a number to show for it."""
    _, gpus = _gpu_file()
    cited = {f.source for g in gpus.gpus for f in g.figures} | {m.source for m in gpus.models}
    assert sorted(s.id for s in gpus.sources if s.id not in cited) == []


def test_a_definition_link_names_its_target() -> None:
    """"kernel launches" linked Kernels in four definitions, "attention kernel" FlashAttention
    wherever attention kernels in general were meant, and "INT4" (in "FP16xINT4") Quantization:
    phrases that are not names of the concept are not its aliases."""
    from gpulist.checks import validate
    from gpulist.concept_names import Names
    from gpulist.view.catalog import build_view

    catalog, _ = validate(DATA)
    view = build_view(catalog)
    names = Names(view.concepts)
    not_names = {("kernels", "kernel launch"), ("flashattention", "attention kernel"), ("quantization", "int4"),
                 ("quantization", "int8")}
    wrong = []
    for concept in view.concepts:
        text = concept.definition or ""
        for m in names.mentions(text, concept.id):
            said = " ".join(text[m.start:m.end].casefold().split()).rstrip("s").replace("launche", "launch")
            if (m.concept, said) in not_names:
                wrong.append((concept.id, text[m.start:m.end], m.concept))
    assert wrong == []


def test_real_data_is_in_canonical_form() -> None:
    """`gpulist fmt --check` over data/ finds nothing to change: an alias list left in block
    style in concepts.yml went unnoticed on main until a contributor's `fmt` rewrote it."""
    from gpulist.contribute.fmt_files import format_files

    report = format_files([DATA], check=True)
    assert report.problems == [] and report.changed == []
    assert report.unchanged > 600


# --- issue 45: both vendors' names ------------------------------------------------------------

_VENDOR_HOSTS = {"amd": ("rocm.docs.amd.com",), "tpu": ("docs.jax.dev", "cloud.google.com"),
                 "nvidia": ("docs.nvidia.com",)}
_PROFILER_HOSTS = {"nsight-compute": "docs.nvidia.com", "rocprofv3": "rocm.docs.amd.com",
                   "rocprof-compute": "rocm.docs.amd.com"}


def test_real_data_concepts_speak_both_vendors() -> None:
    """At least 60 concepts with an AMD term and 30 with a profiler metric, each AMD and TPU word
    linked to its vendor's own documentation and each metric to its profiler's vendor's."""
    concepts = _catalog().concepts
    assert sum(any(t.vendor == "amd" for t in c.vendor_terms) for c in concepts) >= 60
    assert sum(bool(c.metrics) for c in concepts) >= 30
    assert sum(any(t.vendor == "tpu" for t in c.vendor_terms) for c in concepts) >= 10
    off = [(c.id, t.term) for c in concepts for t in c.vendor_terms
           if t.vendor != "nvidia" and (t.url is None or urlsplit(str(t.url)).hostname not in _VENDOR_HOSTS[t.vendor])]
    assert off == []
    wrong = [(c.id, m.metric) for c in concepts for m in c.metrics
             if urlsplit(str(m.url)).hostname != _PROFILER_HOSTS[m.profiler]]
    assert wrong == []
    glossary = [t for c in concepts for t in c.vendor_terms if "/reference/glossary/" in str(t.url or "")]
    assert len({t.term for t in glossary}) >= 60  # AMD's glossary, not only its other pages


def test_real_prose_has_no_spec_number_off_its_gpu_row() -> None:
    """Issue 42: 0 spec numbers in prose more than 2% from data/gpus.yml (prose-number is a warning,
    so the errors test above does not see it); cite the row as {{gpu.<id>.<field>}} instead."""
    _, problems = _validated()
    off = [f"{p.path}:{p.line}:{p.col}: {p.message}" for p in problems if p.rule == "prose-number"]
    assert off == [], "\n".join(off)


def test_real_prose_cites_the_data() -> None:
    """The figures beside GPU names are references, written out at build (gpulist.view.numbers)."""
    catalog, _ = _validated()
    cited = [c.id for c in catalog.concepts if "{{gpu." in (c.definition or "")]
    assert len(cited) >= 10, cited
