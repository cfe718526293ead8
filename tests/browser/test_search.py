"""The site's search (gpulist's own, docs/assets/javascripts/search/), under both engines.

Each test loads one page and asks many queries there (page.evaluate through gpulist.search.run,
which answers as the box does, or typed into the box where the rendering is what is tested):
the query set of the real list, the ranking rules, what a result shows, bad queries, and the
keyboard.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.axe_kit import in_both_schemes, violations
from tests.browser.conftest import Site, Tab, mark_document, same_document
from tests.browser.search_queries import KINDS

FA3 = ("topics/attention/#flashattention-3", "FlashAttention-3: Fast and Accurate Attention")
PMPP = ("topics/fundamentals/#pmpp-book", "Programming Massively Parallel Processors")

# Every query of a list, answered in the page: [query, state, first result's address, ...].
ASK = """async (queries) => {
  await window.gpulist.search.ready();
  const out = [];
  for (const q of queries) {
    const a = await window.gpulist.search.run(q);
    out.push([q, a.state, a.results.map(r => r.url), a.results.map(r => [r.kind, r.label, r.title, r.aliases,
              r.snippet]), a.closest.map(r => r.url)]);
  }
  return out;
}"""


def ask(page, queries: list[str]) -> dict[str, tuple[str, list[str], list[list[str]]]]:
    return {q: (state, urls, shown, closest) for q, state, urls, shown, closest in page.evaluate(ASK, queries)}


def test_the_query_set_finds_the_right_page_first(tab: Tab, real_site: Site) -> None:
    """At least 95% right first results in each kind, at most 1% of queries with none."""
    tab.page.goto(real_site.url())
    queries = [q for pairs in KINDS.values() for q, _ in pairs]
    answers = ask(tab.page, [*queries, "shraedmemroy"])
    # Three edits away from any word: nothing found, and the closest concept offered.
    assert answers["shraedmemroy"][0] == "none" and answers["shraedmemroy"][3][:1] == ["concepts/shared-memory/"]
    wrong, rates = {}, {}
    for kind, pairs in KINDS.items():
        right = 0
        for query, target in pairs:
            first = (answers[query][1] or [""])[0]
            right += first == target
            if first != target:
                wrong[query] = first
        rates[kind] = right / len(pairs)
    none = sum(answers[q][0] != "results" for q in queries) / len(queries)
    assert len(queries) >= 150 and all(len(p) >= 30 for p in KINDS.values())
    assert min(rates.values()) >= 0.95 and none <= 0.01, (rates, none, wrong)


def test_results_are_links_in_rank_order_and_open_their_page(tab: Tab, site: Site) -> None:
    """Typed as a reader would: each result a link carrying its rank, the first one followed."""
    page = tab.page
    page.goto(site.url())
    results = site.search(page, "Programming Massively Parallel Processors")
    expect(results.first).to_have_attribute("href", re.compile(re.escape(PMPP[0]) + "$"), timeout=10_000)
    ranks = results.evaluate_all("as => as.map(a => a.getAttribute('data-gpulist-search-result'))")
    assert ranks == [str(i) for i in range(1, len(ranks) + 1)]
    expect(results.first).to_contain_text(PMPP[1])
    results.first.click()
    page.wait_for_url(lambda url: "/topics/fundamentals/" in url)  # the hash may be tracked on
    expect(page.locator("h3#pmpp-book")).to_be_in_viewport()
    expect(page.locator("[data-gpulist-search-panel]")).to_be_hidden()


# (query, the result it must lead to): concept titles, aliases, entries' exact titles, each
# beside a near miss: a longer title that contains it, an entry that names it.
LEADS = [
    ("KV cache", "concepts/kv-cache/"),  # not KV Cache Eviction, nor "An Old KV Cache Experiment"
    ("KV Cache Eviction", "concepts/kv-cache-eviction/"),
    ("attention sinks", "concepts/kv-cache-eviction/"),  # an alias
    ("paged KV", "concepts/kv-cache/"),  # an alias
    ("CUDA", "concepts/cuda/"),  # not the CUDA C++ Programming Guide
    ("Attention", "concepts/attention/"),  # not the FlashAttention papers
    ("FP8", "concepts/fp8/"),
    ("what is the kv cache", "concepts/kv-cache/"),  # filler dropped
    ("Programming Massively Parallel Processors", "topics/fundamentals/#pmpp-book"),
    ("CUDA C++ Programming Guide", "topics/fundamentals/#cuda-programming-guide"),  # not the CUDA concept
    ("An Old KV Cache Experiment", "topics/attention/#kv-old"),  # not the KV cache concept
    ("PTX ISA", "topics/fundamentals/#ptx-isa"),
    ("SemiAnalysis", "topics/big-picture/#semianalysis"),
    ("vLLM", "topics/attention/#vllm"),
    ("FlashAttention-3", FA3[0]),  # no concept by that name here: the entry whose title holds it
]


def test_ranking_rules_and_labels(tab: Tab, site: Site) -> None:
    """Names lead; concepts come before entries that merely mention the words; each result says
    what it is; an entry is found by an author and by a concept it covers."""
    tab.page.goto(site.url())
    answers = ask(tab.page, [q for q, _ in LEADS] + ["Hwu", "kv cache experiment"])
    wrong = {q: answers[q][1][:3] for q, target in LEADS if not (answers[q][1] or [""])[0] == target}
    assert wrong == {}
    assert PMPP[0] in answers["Hwu"][1]  # an author
    assert FA3[0] in answers["FP8"][1]  # a concept the entry covers
    kinds = {url: shown for url, shown in zip(answers["KV cache"][1], answers["KV cache"][2], strict=True)}
    assert kinds["concepts/kv-cache/"][:3] == ["concept", "Concept", "KV cache"]
    entry = kinds["topics/attention/#kv-old"]
    assert entry[0] == "entry" and re.fullmatch(r"Entry · [a-z ]+ · .+", entry[1]), entry


def test_a_result_shows_its_name_and_a_snippet_that_starts_at_a_word(tab: Tab, site: Site) -> None:
    """Rendered: the title alone, the aliases apart in smaller type, the label, a snippet that
    begins at the start of a word (its text's start, or "… " then a word)."""
    page = tab.page
    page.goto(site.url())
    site.search(page, "kv cache")
    concept = page.locator('a[data-gpulist-search-result][href$="concepts/kv-cache/"]')
    expect(concept.locator(".gpulist-search__title")).to_have_text("KV cache", timeout=10_000)
    expect(concept.locator(".gpulist-search__aka")).to_contain_text("paged KV")
    sizes = concept.evaluate("a => ['.gpulist-search__title', '.gpulist-search__aka'].map(s => "
                             "parseFloat(getComputedStyle(a.querySelector(s)).fontSize))")
    assert sizes[1] < sizes[0]
    answers = ask(page, ["kv cache", "attention", "memory", "flash", "cuda guide", "lecture"])
    snippets = [s[4] for _, urls, shown, _ in answers.values() for s in shown if s[4]]
    assert snippets
    bad = [s for s in snippets if not re.match(r"(… )?[\w\"'(“‘]", s) or s.startswith("… ") and not s[2:3].isalnum()]
    assert bad == []
    # The open results pass axe in both palettes (the palette's toggle closes the search: reopen it).
    box = page.locator(site.search_ui.box)

    def reopen() -> None:
        box.click()
        expect(concept.locator(".gpulist-search__title")).to_be_visible(timeout=10_000)

    reopen()
    found = in_both_schemes(page, reopen, lambda p: violations(p, include=["[data-gpulist-search]"]))
    assert found == {"light": [], "dark": []}


BAD = {
    "10 KB": "flash " * 1700,
    "punctuation only": "?!.,;:-()[]{}'\"/\\|",
    "stop words only": "how do I what is the",
    "regex": ".*(a|b)+[^x]{2,}\\d?$",
    "html": '<img src=x onerror="window.gpulistPwned=1"><script>window.gpulistPwned=2</script>',
    "mixed scripts": "注意力 кэш attention キャッシュ",
}


def test_bad_queries_get_a_clear_answer_and_inject_nothing(tab: Tab, site: Site) -> None:
    """One page, each typed into the box in turn: the status line answers, the page stays
    responsive (a script runs between queries), nothing the query holds becomes markup."""
    page = tab.page
    page.goto(site.url())
    box = page.locator(site.search_ui.box)
    box.click()
    status = page.locator("[data-gpulist-search-status]")
    expected = {"10 KB": "first 200 characters", "punctuation only": "Type a word", "stop words only": "common words",
                "regex": "", "html": "", "mixed scripts": ""}
    for name, query in BAD.items():
        box.fill(query)
        expect(status, name).not_to_have_text("", timeout=10_000)
        expect(status, name).to_contain_text(expected[name] or re.compile(r"results? for|No results"))
        assert page.evaluate("1 + 1") == 2, name
    assert page.evaluate("window.gpulistPwned === undefined && !document.querySelector('img[src=x]')")
    box.fill("zzqqxv wwkkpp")
    expect(status).to_contain_text("No results")
    box.fill("atenshunn")  # too far from any word to match, near enough to a name to offer
    expect(status).to_contain_text("Closest concepts")
    expect(page.locator("a[data-gpulist-search-closest]").first).to_have_attribute("href", re.compile("concepts/attention/$"))


def test_the_keyboard_opens_walks_and_closes_the_search(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url())
    page.locator("body").press("/")
    box = page.locator(site.search_ui.box)
    expect(box).to_be_focused()
    box.press_sequentially("kv cache")
    results = page.locator(site.search_ui.results)
    expect(results.first).to_have_attribute("href", re.compile("concepts/kv-cache/$"), timeout=10_000)
    box.press("ArrowDown")
    expect(results.first).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(results.nth(1)).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("[data-gpulist-search-panel]")).to_be_hidden()
    expect(box).to_be_focused()
    mark_document(page)
    box.press("Enter")
    page.wait_for_url(lambda url: "/concepts/kv-cache/" in url)
    # An instant navigation, not a reload: the search is bound again on the new page.
    assert same_document(page)
    expect(page.locator("[data-gpulist-search-panel]")).to_be_hidden()
    page.locator("body").press("/")
    expect(box).to_be_focused()
    box.fill("fp8")
    expect(results.first).to_have_attribute("href", re.compile("concepts/fp8/$"), timeout=10_000)
