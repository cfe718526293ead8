"""A concept page: definition, Understand first, Start with (cards), more by tier, paths, book, related."""

from __future__ import annotations

import re

from gpulist.site.concept_page import concept_pages, render_concept
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def page(view: SiteView, cid: str) -> str:
    return render_concept(view.concept_by_id[cid], view, CONFIG)


def test_sections_come_in_the_order_a_learner_asks(view: SiteView) -> None:
    text = page(view, "attention")
    order = ["# Attention", "Attention mixes every token", "## Understand first", "## Start with",
             "## More to read", "## On the reading paths", "## In the book", "## Related concepts",
             "## In the Modal GPU Glossary"]
    positions = [text.index(h) for h in order]
    assert positions == sorted(positions)


def test_start_entries_are_full_cards_and_the_rest_are_lines_by_tier(view: SiteView) -> None:
    text = page(view, "attention")
    start = text.split("## Start with")[1].split("## More to read")[0]
    assert "{ #flashattention-2 data-search-exclude }" in start and 'data-gpulist-entry="flashattention-2"' in start
    more = text.split("## More to read")[1].split("## On the reading paths")[0]
    assert "### Tier 1 { data-search-exclude }" in more and "#flashattention-3" in more and "#flashattention-2\"" not in more


def test_progress_counts_every_entry_of_the_concept(view: SiteView) -> None:
    assert 'data-gpulist-ids="flashattention-2 flashattention-3"' in page(view, "attention")
    assert "2 entries" in page(view, "attention")


def test_prerequisites_related_paths_book_and_glossary(view: SiteView) -> None:
    text = page(view, "kv-cache")
    assert "- [Attention](../../concepts/attention/index.md): Attention kernels." in text.split("## Understand first")[1]
    assert "- [FP8](../../concepts/fp8/index.md)" in text.split("## Related concepts")[1]
    assert "- [First steps](../../paths/first-steps.md): 1 of its 4 steps" in text
    assert "<em><a href=\"../../book/#t-kv-cache\">KV cache</a></em>: KV Cache Offloading</li>" in text
    glossary = page(view, "attention").split("## In the Modal GPU Glossary")[1]
    assert "(<https://modal.com/gpu-glossary/perf/memory-bound>)" in glossary and "CC BY 4.0" in glossary


def test_a_concept_page_opens_with_its_names_and_is_labelled_a_concept(view: SiteView) -> None:
    """Zensical indexes the aliases in the H1, its title field; Material has them as tags, boosted
    in mkdocs.yml, and skips them in the H1. Both see the gloss line, title first, as the text."""
    from dataclasses import replace
    material = page(view, "kv-cache")
    head, body = material.split("\n---\n", 1)
    assert 'tags: ["KV cache", "paged KV"]' in head and 'hide: ["tags"]' in head and "exclude" not in head
    assert body.lstrip().startswith('# KV cache { #concept }\n\n<p class="gpulist-aka">paged KV</p>')
    assert ('<p class="gpulist-gloss"><span class="gpulist-kind">Concept</span> · <strong>KV cache</strong>: '
            "<em>Storing keys and values across decoding steps.</em></p>") in body
    zensical = render_concept(view.concept_by_id["kv-cache"], view, replace(CONFIG, names_in_title=True))
    head, body = zensical.split("\n---\n", 1)
    assert "tags:" not in head and '# KV cache { #concept }\n\n<p class="gpulist-aka">paged KV</p>' in body
    assert "Also known as" not in zensical


def test_a_shorter_title_gets_a_larger_search_boost(view: SiteView) -> None:
    """Material's lunr scores a title's words alike however long the title: the boost tells
    KV cache (two words) from a longer title that contains it."""
    from dataclasses import replace
    boost = {}
    for title in ("GEMM", "KV cache", "KV Cache Eviction"):
        cv = view.concept_by_id["kv-cache"]
        text = render_concept(replace(cv, concept=cv.concept.model_copy(update={"title": title})), view, CONFIG)
        boost[title] = float(re.search(r"search:\n  boost: ([\d.]+)", text).group(1))
    assert boost["GEMM"] > boost["KV cache"] > boost["KV Cache Eviction"] > 1


def test_only_the_first_section_of_a_concept_page_is_indexed(view: SiteView) -> None:
    """Everything after the definition repeats entries and concepts that are results of their own."""
    text = page(view, "attention")
    headings = [line for line in text.splitlines() if line.startswith(("## ", "### "))]
    assert headings and all(h.endswith(" data-search-exclude }") for h in headings), headings


def test_a_definition_is_shown_as_text(view: SiteView) -> None:
    """One raw HTML paragraph, which Markdown leaves alone: a Markdown link in it stays text."""
    from dataclasses import replace

    from tests.site.conftest import unsafe_markup
    cv = view.concept_by_id["fp8"]
    hostile = replace(cv, concept=cv.concept.model_copy(update={"definition": "<b>bold</b> [x](javascript:alert(1))"}))
    text = render_concept(hostile, view, CONFIG)
    paragraph = text.split('<p id="definition" data-gpulist-definition>')[1].split("</p>")[0]
    assert paragraph == "&lt;b&gt;bold&lt;/b&gt; [x](javascript:alert(1))"
    assert unsafe_markup(_html(f"<p data-gpulist-definition>{paragraph}</p>")) == []


def _html(markdown_text: str) -> str:
    import markdown
    return markdown.markdown(markdown_text, extensions=["attr_list", "tables"])


def test_one_page_per_concept(view: SiteView) -> None:
    assert set(concept_pages(view, CONFIG)) == {f"concepts/{c.id}/index.md" for c in view.concepts}


def test_check_yourself_folds_each_answer_and_ends_it_with_its_source_card(view: SiteView) -> None:
    text = page(view, "attention")
    assert text.index("## Start with") < text.index("## Check yourself { #check data-search-exclude }") < text.index(
        "## More to read")
    section = text.split("## Check yourself")[1].split("## More to read")[0]
    questions = section.split("<details")[1:]
    assert len(questions) == 2 and all(q.count("<summary>") == 1 and "</details>" in q for q in questions)
    assert "<summary>Is attention with N &lt; 128 tokens still bound by memory traffic?</summary>" in section
    assert "on chip &amp; the launch" in section
    assert questions[0].endswith(
        '<a class="gpulist-check-source" href="../../topics/attention/#flashattention-2">Learn it in: '
        "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning</a></p></details>\n")
    assert "\n\n" not in section.split("}\n\n", 1)[1].strip(), "one raw HTML block: a blank line would end it"


def test_graded_problems_say_what_they_ask_and_the_know_control_is_hidden_until_scripted(view: SiteView) -> None:
    section = page(view, "attention").split("## Check yourself")[1].split("## More to read")[0]
    assert ('<li><a href="https://example.com/problems/softmax-attention">Softmax Attention</a> '
            '<span class="gpulist-platform">(LeetGPU)</span>: Compute softmax(QK^T / sqrt(d)) V for one head in FP32, '
            "with N &lt; 64 rows.</li>") in section
    assert ('<button type="button" class="gpulist-know" data-gpulist-know="attention" hidden>'
            "I know this</button>") in section
    assert section.index("</details>") < section.index("gpulist-problems") < section.index("gpulist-know")


def test_a_concept_without_questions_has_no_check_yourself(view: SiteView) -> None:
    assert "Check yourself" not in page(view, "kv-cache")


def test_the_definition_links_the_first_mention_of_each_other_concept(view: SiteView) -> None:
    """Built links for MkDocs, source-relative ones for Zensical; each with the engine's preview hook."""
    from dataclasses import replace

    from gpulist.view.links import SOURCE
    paragraph = page(view, "attention").split('<p id="definition" data-gpulist-definition>')[1].split("</p>")[0]
    assert re.findall(r'<a href="([^"]+)" data-preview>([^<]+)</a>', paragraph) == [
        ("../../concepts/cuda/", "CUDA"), ("../../concepts/kv-cache/", "KV cache")]
    zensical = render_concept(view.concept_by_id["attention"], view, replace(CONFIG, link_style=SOURCE))
    assert '<a href="../../concepts/cuda/" data-preview>CUDA</a>' in zensical  # from concepts/attention/, its own folder
    own = page(view, "fp8").split('<p id="definition" data-gpulist-definition>')[1].split("</p>")[0]
    assert "<a " not in own and own.count("FP8") == 2  # its own name, twice, never a link


def test_unlocks_lists_exactly_the_concepts_that_require_it(view: SiteView) -> None:
    for cv in view.concept_views:
        text = page(view, cv.concept.id)
        listed = re.findall(r'<a href="\.\./\.\./concepts/([^/]+)/">', text.split("<ul data-gpulist-unlocks>")[1].split("</ul>")[0]) \
            if "<ul data-gpulist-unlocks>" in text else []
        assert listed == [c.id for c in view.concepts if cv.concept.id in c.requires], cv.concept.id
    assert "## Unlocks { #unlocks data-search-exclude }" in page(view, "cuda")


def test_the_local_map_follows_the_definition(view: SiteView) -> None:
    text = page(view, "kv-cache")
    assert text.index("data-gpulist-definition") < text.index("data-gpulist-local-map") < text.index("## Understand first")


def test_every_concept_page_offers_i_know_this_once_hidden_until_scripted(view: SiteView) -> None:
    """Under "Check yourself" where the concept has questions (attention), else near the top
    (kv-cache has none): once a page either way, with the line that says what it does."""
    for concept, in_check in (("kv-cache", False), ("attention", True)):
        text = page(view, concept)
        control = f'<button type="button" class="gpulist-know" data-gpulist-know="{concept}" hidden>I know this</button>'
        assert text.count(control) == 1 and text.count("data-gpulist-know-effect hidden") == 1
        where = text.index(control)
        if in_check:
            assert where > text.index("## Check yourself") and where > text.rindex("gpulist-check-q")
        else:
            assert "## Check yourself" not in text and where < text.index("\n## "), "before the first section"
        effect = text[where:].split("data-gpulist-know-effect hidden>")[1].split("</span>")[0]
        assert "counts as covered" in effect and "Press again to undo" in effect
