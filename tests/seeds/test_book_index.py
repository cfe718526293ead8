"""The seed parsed into a BookIndex: an excerpt with every oddity, then the whole seed.

tests/fixtures/seeds/book_index_excerpt.txt is made of real seed lines: the Symbols,
X and Z groups whole, and small C, D and M groups (the M group re-roots a sub-tree of
"Blackwell GPU" so it stays short, keeping the seed's block order and run-together text).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gpulist.models import BookIndex, IndexTerm, SectionRef
from gpulist.seeds.book_index import BOOK_ID, parse_book_index

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "seeds"
SEED = next(FIXTURES.glob("002_*.txt"))
EXCERPT = FIXTURES / "book_index_excerpt.txt"


def walk(terms: list[IndexTerm]) -> Iterator[IndexTerm]:
    for term in terms:
        yield term
        yield from walk(term.subterms)


@pytest.fixture(scope="module")
def excerpt() -> dict[str, IndexTerm]:
    index, _, problems = parse_book_index(EXCERPT.read_text(encoding="utf-8"), str(EXCERPT))
    assert problems == []
    return {t.term: t for t in index.terms}


def refs(*items: str | tuple[str, str]) -> list[SectionRef]:
    return [SectionRef(section=i) if isinstance(i, str) else SectionRef(section=i[0], to=i[1]) for i in items]


def test_run_together_subterms_become_subterms(excerpt: dict[str, IndexTerm]) -> None:
    pragma = excerpt["#pragma unroll"]
    assert pragma.refs == refs("Exposing Instruction-Level Parallelism", "Loop Unrolling, Interleaving, and Compiler Hinting")
    assert [(s.term, s.refs) for s in pragma.subterms] == [
        ("unrolling too many iterations", refs("Profiling and Mitigating Register Pressure"))]
    assert excerpt["XFS"].refs == [] and [s.term for s in excerpt["XFS"].subterms] == ["optimizing", "tuning for throughput"]


def test_ranges_with_equal_ends_are_single_refs(excerpt: dict[str, IndexTerm]) -> None:
    assert excerpt["zero-copy GPU-to-GPU transfer"].refs == refs("Zero-Copy GPU-to-GPU Transfer")
    assert excerpt["streaming multiprocessors, threads, warps"].refs == refs("Streaming Multiprocessor, Threads, and Warps")


def test_ranges_between_hyphenated_titles(excerpt: dict[str, IndexTerm]) -> None:
    many = excerpt["many GPUs as one"]
    assert many.refs == refs(("Ultrascale Networking Treating Many GPUs as One", "Co-Packaged Optics: Future of Networking Hardware"))
    assert excerpt["100-trillion parameter models"].refs == refs("Toward 100-Trillion-Parameter Models")


def test_see_and_see_also(excerpt: dict[str, IndexTerm]) -> None:
    assert excerpt["3FS"].see == ["Fire-Flyer File System (3FS; DeepSeek)"] and excerpt["3FS"].refs == []
    assert excerpt["DP"].see == ["data parallelism (DP)", "dynamic parallelism (DP)"]
    programming = excerpt["many GPUs as one"].subterms[0]
    assert (programming.term, programming.refs, programming.see_also) == (
        "multi-GPU programming", refs("Multi-GPU Programming"), ["multiple GPUs"])
    assert programming.subterms == []  # the bare "(see also ...)" line is no subterm


def test_symbols_keep_their_punctuation(excerpt: dict[str, IndexTerm]) -> None:
    assert {"#pragma unroll", "<<< >>> (chevron syntax)", "__global__", "__ldg()", "~680-billion parameter models"} <= set(excerpt)
    assert [s.term for s in excerpt["<<< >>> (chevron syntax)"].subterms] == ["CUDA-specific launch parameters", "how many threads"]


def test_three_levels_and_a_false_tail(excerpt: dict[str, IndexTerm]) -> None:
    dma = excerpt["direct memory access (DMA)"]
    assert [(s.term, [g.term for g in s.subterms]) for s in dma.subterms] == [
        ("NVIDIA GDS", []), ("O_DIRECT", ["GDS"]), ("peer-to-peer DMA", [])]


def test_commas_inside_terms(excerpt: dict[str, IndexTerm]) -> None:
    assert excerpt["versus TP, PP, and hybrid"].refs == refs("Adaptive Parallelism Strategies (TP Versus PP Versus Hybrid)")
    assert excerpt["multinode, multirack communication"].refs == refs("Multinode and Multirack Communication with GPUDirect RDMA")


def test_book_and_title(excerpt: dict[str, IndexTerm]) -> None:
    index, _, _ = parse_book_index(EXCERPT.read_text(encoding="utf-8"), "x", book="other-book")
    assert (index.book, index.title) == ("other-book", "AI Systems Performance Engineering")


# --- the whole seed: invariants counted from the raw text, independently of the parser ---


def raw_groups(text: str) -> list[list[list[str]]]:
    """Per letter group, its blocks of bullet texts (a blank line ends a block)."""
    groups: list[list[list[str]]] = []
    for line in text.split("\n"):
        if line.startswith("### "):
            groups.append([[]])
        elif groups and line.startswith("---"):
            break
        elif groups and line.startswith("- "):
            groups[-1][-1].append(line[2:])
        elif groups and not line.strip() and groups[-1][-1]:
            groups[-1].append([])
    return [[b for b in g if b] for g in groups]


@pytest.fixture(scope="module")
def seed() -> tuple[str, BookIndex, set[str]]:
    text = SEED.read_text(encoding="utf-8")
    index, titles, problems = parse_book_index(text, str(SEED))
    assert problems == []
    return text, index, titles


def test_one_term_per_top_level_bullet(seed: tuple[str, BookIndex, set[str]]) -> None:
    text, index, _ = seed
    top = [line for group in raw_groups(text) for line in group[0]]
    assert len(index.terms) == len(top)
    assert all(line.startswith(t.term) for line, t in zip(top, index.terms))
    assert index.book == BOOK_ID


def test_every_bullet_is_a_term_or_a_cross_reference(seed: tuple[str, BookIndex, set[str]]) -> None:
    text, index, _ = seed
    bullets = [line for group in raw_groups(text) for block in group for line in block]
    bare_see_also = [b for b in bullets if b.startswith("(see also ")]
    assert len(list(walk(index.terms))) == len(bullets) - len(bare_see_also)
    assert sum(len(t.see_also) for t in walk(index.terms)) >= len(bare_see_also)


def test_every_repeated_block_is_attached_to_its_parent(seed: tuple[str, BookIndex, set[str]]) -> None:
    text, index, _ = seed
    parents = [[s.term for s in t.subterms] for t in walk(index.terms) if t.subterms]
    for group in raw_groups(text):
        for block in group[1:]:
            lines = [line for line in block if not line.startswith("(see also ")]
            if not lines:
                continue  # a block of bare "(see also X)" lines: see the test above
            assert any(len(p) == len(lines) and all(line.startswith(term) for term, line in zip(p, lines))
                       for p in parents), block[0]


def extraction_order(terms: list[IndexTerm]) -> list[IndexTerm]:
    """The order the seed lists bullets in: a group's top block, then each block of
    sub-entries depth-first."""
    order = list(terms)

    def visit(term: IndexTerm) -> None:
        order.extend(term.subterms)
        for sub in term.subterms:
            visit(sub)

    for term in terms:
        visit(term)
    return order


def test_each_term_ends_where_its_line_goes_on(seed: tuple[str, BookIndex, set[str]]) -> None:
    """Zip parsed terms with the seed's bullets: a term is its line's start, and the line
    goes on with references, a cross reference, its first sub-entry, or nothing."""
    text, index, _ = seed
    groups = raw_groups(text)
    start = 0
    for group in groups:
        terms = index.terms[start:start + len(group[0])]
        start += len(group[0])
        lines = [line for block in group for line in block if not line.startswith("(see also ")]
        order = extraction_order(terms)
        assert len(order) == len(lines)
        for term, line in zip(order, lines):
            rest = line[len(term.term):]
            assert line.startswith(term.term), (term.term, line)
            assert (rest == "" or rest.startswith((", ", " (see ", "(see also "))
                    or (term.subterms and rest.startswith(term.subterms[0].term))), (term.term, line)


def test_no_reference_carries_a_run_together_subterm(seed: tuple[str, BookIndex, set[str]]) -> None:
    _, index, titles = seed
    for term in walk(index.terms):
        ends = [end for r in term.refs for end in (r.section, r.to) if end]
        assert set(ends) <= titles
        for sub in term.subterms:  # the extraction glues "...Compiler Hinting" + "unrolling too many..."
            glued = [end for end in ends if end.endswith(sub.term) and end != sub.term
                     and end[-len(sub.term) - 1] not in " -(/"]
            assert glued == [], (term.term, sub.term)


def test_references_are_exact_unique_and_never_empty_ranges(seed: tuple[str, BookIndex, set[str]]) -> None:
    text, index, titles = seed
    for term in walk(index.terms):
        assert len(set(term.refs)) == len(term.refs)
        assert all(r.to != r.section for r in term.refs)
        assert term.refs or term.see or term.see_also or term.subterms, term.term
    assert all(title in text and "(see" not in title for title in titles)
    used = {end for t in walk(index.terms) for r in t.refs for end in (r.section, r.to) if end}
    assert used == titles


def test_figures(seed: tuple[str, BookIndex, set[str]]) -> None:
    """Coarse bounds only: a parser change that moves these far is worth a look."""
    _, index, titles = seed
    terms = list(walk(index.terms))
    assert 2600 <= len(terms) - len(index.terms) <= 2800
    assert 400 <= len(titles) <= 550
    assert 3300 <= sum(len(t.refs) for t in terms) <= 3700


def test_an_entry_pointing_nowhere_is_kept_and_reported() -> None:
    index, _, problems = parse_book_index("# B\n\n### A\n\n- alpha, Section One\n- lonely term\n", "seed.txt")
    assert [t.term for t in index.terms] == ["alpha", "lonely term"]
    assert [(p.line, p.severity, p.message) for p in problems] == [(6, "warning", "'lonely term' has no reference")]
