"""Helpers for the filter tests: the form's hooks, choosing as a reader does, and what should show.

What should show, and each option's count, is computed here from the built resources.json and
the marks a test made: a second implementation of the rule the form states (any chosen value
within a field, every field with a choice; an option counts the entries that pass every other
field and have its value), compared with what the page shows.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from tests.browser.conftest import Site

FORM = "form[data-gpulist-filters]"
EMPTY = "[data-gpulist-filters-empty]"
CLEAR = f"{FORM} .gpulist-filter-clear"
COUNT = f"{FORM} .gpulist-filter-count"
LISTING_PAGES = ["topics/attention/", "concepts/cuda/", "recent/", "paths/first-steps/", "all-resources/"]


def value(site: Site, entry: str, field: str, marks: dict[str, str]) -> Any:
    """An entry's value for a field: a string, or the list of its concepts for `tag`."""
    if field == "status":
        return marks.get(entry, "unread")
    found = next(r for r in site.resources if r["id"] == entry)
    if field == "tag":
        return found["tags"]
    return "" if found.get(field) is None else str(found[field])


def passes(site: Site, entry: str, field: str, values: list[str], marks: dict[str, str]) -> bool:
    got = value(site, entry, field, marks)
    return bool(set(got) & set(values)) if isinstance(got, list) else got in values


def wanted(site: Site, ids: list[str], query: dict[str, list[str]], marks: dict[str, str]) -> list[str]:
    return [i for i in ids if all(passes(site, i, f, v, marks) for f, v in query.items() if v)]


def counts(site: Site, ids: list[str], query: dict[str, list[str]], field: str, marks: dict[str, str]) -> dict[str, int]:
    """{option: entries it would leave}: those passing every other field's choice, with that value."""
    others = {f: v for f, v in query.items() if f != field}
    found: dict[str, int] = {}
    for entry in wanted(site, ids, others, marks):
        got = value(site, entry, field, marks)
        for one in got if isinstance(got, list) else [got]:
            found[one] = found.get(one, 0) + 1
    return found


def shown(page: Page) -> list[str]:
    """Entry ids whose hosts the filters left visible, in page order (each once)."""
    ids = page.locator("article [data-gpulist-type]").evaluate_all(
        "hosts => hosts.filter(h => h.closest('[hidden]') === null).map(h => h.getAttribute('data-gpulist-entry'))")
    return list(dict.fromkeys(ids))


def on_page(page: Page) -> list[str]:
    return list(dict.fromkeys(page.locator("article [data-gpulist-type]").evaluate_all(
        "hosts => hosts.map(h => h.getAttribute('data-gpulist-entry'))")))


def open_fields(page: Page) -> None:
    form = page.locator(FORM)
    if not form.locator("details").evaluate("d => d.open"):
        form.locator("summary").click()


def choose(page: Page, field: str, *values: str) -> None:
    """Ticks boxes of a checkbox field, opening the folded fields first as a reader must."""
    open_fields(page)
    for one in values:
        page.locator(f"{FORM} input[name={field}][value='{one}']").check()


def pick(page: Page, field: str, option: str) -> None:
    """Chooses an option of a menu (topic, tag, year); "" is "All"."""
    open_fields(page)
    page.locator(f"{FORM} select[name={field}]").select_option(option)


def option_counts(page: Page, field: str) -> dict[str, int]:
    """{value: count} as the form shows them: "(3)" after a checkbox, "Title (3)" in a menu. The
    counts are written while the fields are open (and when they open): they are opened first."""
    open_fields(page)
    page.wait_for_function(f"document.querySelector('{FORM} .gpulist-filter-n').textContent !== ''")
    raw = page.locator(FORM).evaluate(f"""form => {{
      const boxes = [...form.querySelectorAll('input[type=checkbox][name="{field}"]')];
      const options = [...form.querySelectorAll('select[name="{field}"] option:not([value=""])')];
      return boxes.map(b => [b.value, b.parentElement.querySelector('.gpulist-filter-n').textContent])
        .concat(options.map(o => [o.value, o.textContent]));
    }}""")
    return {option: int(text.rsplit("(", 1)[1].rstrip(")")) for option, text in raw}
