"""The Review page (reader/review.js, schedule.js, due.js) in Chromium, both engines, at 1280
and 412 px: questions due from what the reader covered, graded with FSRS (ts-fsrs, vendored),
the schedule kept across reloads and carried by progress files and links, a tampered or
foreign schedule refused with a message while nothing else is lost, and the page clean under
axe in both palettes. Checks are grouped per page load: the suite runs on two cores.

The fixture: attention's two questions, and fp8's, the first of which holds quotes, a tab, a
newline, LaTeX, `<` and `&`, and Japanese, Russian and Chinese text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from playwright.sync_api import Browser, Page, expect

from tests.browser.axe_kit import CLEAN, in_both_schemes
from tests.browser.conftest import FIXTURE, Site, Tab, at, mark_document, open_tab, same_document
from tests.browser.reader_kit import KNOWN, export_progress, link_payload, open_bound, progress_document, stored

SCHEDULE = "gpulist.review.v1"
READY = "performance.getEntriesByName('gpulist-review-ready').length > 0"
MINUTE, DAY = 60_000, 86_400_000
T = "2025-01-02T03:04:05.000Z"
QUESTIONS = {q["id"]: q["question"] for c in yaml.safe_load((FIXTURE / "concepts.yml").read_text(encoding="utf-8"))
             for q in c.get("check", [])}


def cards(page: Page) -> dict[str, list[Any]]:
    raw = page.evaluate(f"localStorage.getItem('{SCHEDULE}')")
    return json.loads(raw)["cards"] if raw else {}


def know(page: Page, *concepts: str) -> None:
    page.evaluate(f"localStorage.setItem('{KNOWN}', JSON.stringify({{version: 1, known: {json.dumps(dict.fromkeys(concepts, T))}}}))")


def open_review(page: Page, site: Site, state: str = "question") -> None:
    page.goto(site.url("review/"))
    page.wait_for_function(READY)
    expect(page.locator(f"[data-gpulist-review][data-gpulist-review-state={state}]")).to_be_visible()


def shown(page: Page) -> str:
    """The question shown, exactly as its text node holds it (tabs and newlines kept)."""
    return page.locator("#gpulist-review-q").evaluate("h => h.textContent")


def grade(page: Page, name: str) -> list[Any]:
    """Reveal, grade `name` and return the question's new card, with the time it was graded."""
    question = next(k for k, v in QUESTIONS.items() if v == shown(page))
    if page.locator("[data-gpulist-review-state=question]").count():
        page.get_by_role("button", name="Show the answer").click()
    page.locator(".gpulist-review-grades button", has_text=name).click()
    page.wait_for_function(f"(JSON.parse(localStorage.getItem('{SCHEDULE}') || '{{\"cards\": {{}}}}').cards['{question}'])")
    return cards(page)[question]


def test_grading_moves_due_dates_as_fsrs_says_and_survives_a_reload(tab: Tab, site: Site) -> None:
    """Reached by instant navigation from home; nothing is due until a concept is covered (and
    neither ts-fsrs nor the questions are fetched); a new
    question graded Easy comes back in 8 days and Good in 10 minutes (FSRS-6's default weights:
    ts-fsrs's documented first intervals), as the buttons said; the page, reloaded, keeps it."""
    page = tab.page
    open_bound(page, site.url())
    expect(page.locator("[data-gpulist-due]")).to_be_hidden()
    mark_document(page)
    page.locator(".md-nav__link", has_text="Review").first.click()
    page.wait_for_url(at("review/"))
    page.wait_for_function(READY)
    assert same_document(page), "instant navigation, not a reload"
    expect(page.locator("[data-gpulist-review]")).to_have_attribute("data-gpulist-review-state", "empty")
    expect(page.locator("[data-gpulist-review]")).to_contain_text("You have not read an entry or marked a concept known")
    assert not [u for u in tab.requests if "ts-fsrs" in u or "review-data.json" in u], "nothing due: neither is needed"
    _grade_easy_then_good(page, site)

    before = cards(page)
    page.reload()
    page.wait_for_function(READY)
    expect(page.locator(".gpulist-review-status")).to_contain_text("Nothing to review now. 1 more later today.")
    assert cards(page) == before
    know(page, "attention", "fp8")
    open_bound(page, site.url())
    expect(page.locator("[data-gpulist-due]")).to_have_text("2 questions to review today (2 new)")
    assert tab.offsite == []


def _grade_easy_then_good(page: Page, site: Site) -> None:
    """Attention's two new questions: the buttons name FSRS's first intervals, and the cards move so."""
    know(page, "attention")
    open_review(page, site)
    expect(page.locator(".gpulist-review-status")).to_contain_text("2 questions to review today (2 new)")
    expect(page.locator(".gpulist-review-from")).to_have_text("Attention · Kernels")
    assert shown(page) == QUESTIONS["attention-naive-over-n"]
    page.get_by_role("button", name="Show the answer").click()
    whens = page.locator(".gpulist-review-when").all_inner_texts()
    assert whens == ["1 min", "6 min", "10 min", "8 days"]
    assert in_both_schemes(page, back=True) == CLEAN, "review page, answer shown, 1280 px"
    easy = grade(page, "Easy")
    assert easy[0] - easy[6] == 8 * DAY and easy[3] == 2 and easy[4] == 1, easy
    expect(page.locator("#gpulist-review-q")).to_be_focused()
    good = grade(page, "Good")
    assert good[0] - good[6] == 10 * MINUTE and good[3] == 1, good
    expect(page.locator("[data-gpulist-review]")).to_have_attribute("data-gpulist-review-state", "empty")
    expect(page.locator(".gpulist-review-empty")).to_contain_text("The next question comes back at")


def test_questions_schedules_and_bad_input_travel_intact(tab: Tab, site: Site, tmp_path: Path) -> None:
    """A question with quotes, a tab, a newline, LaTeX, `<`, `&` and non-Latin text shows exactly
    as written; the schedule goes out in a progress file and a link and comes back whole (review
    is off while a shared link's progress is only viewed); an old
    file without one still loads; tampered, foreign and newer schedules in a file are refused
    with a message while its marks import and the reader's own schedule stays as it was."""
    page = tab.page
    open_bound(page, site.url())
    know(page, "fp8")
    open_review(page, site)
    assert shown(page) == QUESTIONS["fp8-e4m3-range"]
    assert page.evaluate("window.pwned === undefined")
    grade(page, "Hard")
    graded = cards(page)
    exported = export_progress(page, site.url(""), tmp_path / "progress.json")
    assert exported["review"] == {"version": 1, "cards": graded}

    page.evaluate("localStorage.clear()")
    open_bound(page, site.url(""))
    page.locator(".gpulist-import-file").set_input_files(str(tmp_path / "progress.json"))
    expect(page.locator(".gpulist-tools-status")).to_contain_text("Review schedule: 1 questions added, 0 brought up to date.")
    assert cards(page) == graded

    _round_trip_by_link(page, site, exported, graded)
    _schedules_refused_marks_kept(page, site, tmp_path, graded)
    assert page.evaluate("window.pwned === undefined") and tab.errors == []


def _round_trip_by_link(page: Page, site: Site, exported: dict, graded: dict) -> None:
    """The schedule in a progress link: viewing grades nothing, merging brings the cards back."""
    page.evaluate("localStorage.clear()")
    page.goto(site.url(link_payload(exported)))
    offer = page.locator("[data-gpulist-shared]")
    expect(offer).to_contain_text("1 question scheduled for review")
    offer.get_by_role("button", name="View it").click()
    mark_document(page)
    page.locator(".md-nav__link", has_text="Review").first.click()
    page.wait_for_url(at("review/"))
    expect(page.locator("[data-gpulist-review]")).to_have_attribute("data-gpulist-review-state", "viewing")
    assert same_document(page) and cards(page) == {}, "viewing someone's progress grades nothing"
    offer.get_by_role("button", name="Merge into my progress").click()
    expect(page.locator(".gpulist-tools-status, .gpulist-shared-done").first).to_contain_text("1 questions added")
    assert cards(page) == graded


def _schedules_refused_marks_kept(page: Page, site: Site, tmp_path: Path, graded: dict) -> None:
    """An old file without a schedule loads; tampered, foreign, markup and newer schedules are
    refused with a message while the file's marks import and the reader's cards stay."""
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"format": "gpulist-progress", "version": 1, "exported": T, "read": {"vllm": T}}), encoding="utf-8")
    _import(page, site, old, "Imported: 1 entry newly marked read.")
    bad_card = {"fp8-twice-bf16": [1, 2, 3, 9, 1, 0, 0, 0, 0, 0]}
    for name, review, says in (("tampered", {"version": 1, "cards": bad_card}, "is not one this list wrote"),
                               ("foreign", "<script>window.pwned=1</script>", "is not one this list wrote"),
                               ("markup id", {"version": 1, "cards": {"<img src=x onerror=window.pwned=1>": graded["fp8-e4m3-range"]}},
                                "is not one this list wrote"),
                               ("newer", {"version": 2, "cards": {}}, "was written by a newer version of this list")):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(progress_document(read={"kv-old": T}, review=review)), encoding="utf-8")
        _import(page, site, path, f"Its review schedule {says}", name)
        assert cards(page) == graded and stored(page)["kv-old"]["status"] == "read", name
        page.evaluate("localStorage.removeItem('gpulist.progress.v2')")


def _import(page: Page, site: Site, path: Path, message: str, case: str = "") -> None:
    open_bound(page, site.url(""))
    page.locator(".gpulist-import-file").set_input_files(str(path))
    expect(page.locator(".gpulist-tools-status"), case).to_contain_text(message)


def test_a_tampered_stored_schedule_is_kept_refused_and_replaced_only_when_asked(browser: Browser, site: Site) -> None:
    """At 412 px, both palettes clean under axe: the refusal, then a question with its answer."""
    opened = open_tab(browser, viewport={"width": 412, "height": 915}, color_scheme="light", is_mobile=True, has_touch=True)
    page = opened.page
    try:
        open_bound(page, site.url())
        know(page, "attention")
        page.evaluate("localStorage.setItem('gpulist.progress.v2', JSON.stringify({version: 2, marks: {vllm: "
                      f"{{status: 'read', at: '{T}'}}}}}}))")
        tampered = json.dumps({"version": 1, "cards": {"attention-naive-over-n": [0, -1, 99, 7, 1, 0, 0, 0, 0, 0]}})
        page.evaluate(f"localStorage.setItem('{SCHEDULE}', {json.dumps(tampered)})")
        open_review(page, site, "refused")
        expect(page.get_by_role("alert")).to_contain_text("Your saved review schedule is not one this list wrote")
        assert in_both_schemes(page, back=True) == CLEAN, "review page, schedule refused, 412 px"
        open_bound(page, site.url())
        expect(page.locator("[data-gpulist-due]")).to_be_hidden()
        assert page.evaluate(f"localStorage.getItem('{SCHEDULE}')") == tampered, "never written over"
        assert stored(page)["vllm"]["status"] == "read"

        open_review(page, site, "refused")
        page.get_by_role("button", name="Start a new schedule").click()
        expect(page.locator("[data-gpulist-review]")).to_have_attribute("data-gpulist-review-state", "question")
        page.get_by_role("button", name="Show the answer").click()
        assert page.evaluate("document.documentElement.scrollWidth") <= 412, "nothing wider than the screen"
        heights = page.locator(".gpulist-review-grades button").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().height)")
        assert len(heights) == 4 and min(heights) >= 24, heights
        assert in_both_schemes(page, back=True) == CLEAN, "review page, answer shown, 412 px"
        assert opened.offsite == [] and opened.errors == []
    finally:
        opened.page.context.close()
