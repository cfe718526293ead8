"""Which items of a Markdown list are entries, and what each one holds.

List items (bullets, numbered) and table rows are entries; so is the guide's own form, a
`📚 **Title**` paragraph with its link, or its bullet points right below it. Other paragraphs and linked
headings are prose: skipped (and reported) unless the caller asks for prose too. Profiles of
people and badges are never entries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from gpulist.contribute.candidates import (
    FAVORITE, Candidate, Skip, clean_note, emoji_type, generic, is_role_link, is_web, markdown_of, plain, secondary,
    title_for, with_version,
)
from gpulist.contribute.entry import safe_text
from gpulist.contribute.markdown_list import Item, Link, Run, read_items
from gpulist.contribute.metadata.dispatch import profile

Placing = Callable[[str], bool]  # does this heading name a topic, tier or group?


def _unusable(item: Item, links: list[Link]) -> Skip:
    people = [found for found in (profile(link.url) for link in links) if found]
    if people:
        return Skip(item.line, "profile", f"a person, not a resource: {', '.join(people)}", links[0].url)
    return Skip(item.line, "badge", "only badges or images", links[0].url)


def from_item(item: Item, parent: str = "", heading: str = "") -> Candidate | Skip:
    """A candidate, or why this item is not one (the report shows the reason)."""
    every = item.links()
    links = [link for link in every if is_web(link)]
    if not links:
        nav = any(link.url.startswith("#") for link in every)
        return Skip(item.line, "navigation", "") if nav else Skip(item.line, "no link", "no link")
    usable = [link for link in links if not link.image and not profile(link.url)]
    if not usable:
        return _unusable(item, links)
    primary = next((link for link in usable if not is_role_link(link)), usable[0])
    title, where, weak = title_for(item, primary, parent, heading)
    after = item.runs[next(i for i, r in enumerate(item.runs) if r.link is primary) + 1:]
    note = clean_note([Run(r.text) if r.link and profile(r.link.url) else r for r in after])  # 'by @tri' stays
    title, note = with_version(title, note)
    return Candidate(item.line, title, primary.url, [note] if note else [], secondary(usable, primary),
                     emoji_type(item.text), FAVORITE in item.text, item.headings, where, weak)


def from_row(item: Item, heading: str = "") -> Candidate | Skip:
    """A table row: the first cell with a link is the entry, a plain cell its note."""
    for i, cell in enumerate(item.cells):
        if any(r.link and is_web(r.link) for r in cell):
            found = from_item(Item(item.line, "row", cell, item.headings), "", heading)
            if isinstance(found, Skip):
                return found
            others = [r.link for j, c in enumerate(item.cells) if j != i for r in c if r.link and is_web(r.link)]
            _add_links(found, [link for link in others if not profile(link.url)])
            texts = [plain(clean_note(c)) for j, c in enumerate(item.cells) if j != i and not any(r.link for r in c)]
            found.notes = found.notes or [t for t in texts if len(t) > 3][:1]
            return found
    return Skip(item.line, "no link", "table row without a link")


def _add_links(entry: Candidate, links: list[Link]) -> None:
    """Secondary links for an entry: never the entry's own URL, never one it already has."""
    entry.links += [link for link in secondary(links, Link("", entry.url)) if link not in entry.links]


def _child_note(child: Item) -> str:
    return safe_text(markdown_of(child.runs)) or ""


def _role_links(child: Item) -> list[Link] | None:
    """A sub-bullet of only 'code'/'slides'-style links belongs to the entry above it."""
    links = [link for link in child.links() if is_web(link)]
    words = plain(clean_note(child.runs))
    if links and all(generic(link.text) and not link.auto for link in links) and not words:
        return [link for link in links if not profile(link.url)]
    return None


class _Collector:
    def __init__(self, items: list[Item], include_prose: bool, placing: Placing) -> None:
        self.items, self.include_prose, self.placing = items, include_prose, placing
        self.children: dict[int, list[int]] = {}
        for index, item in enumerate(items):
            if item.parent is not None:
                self.children.setdefault(item.parent, []).append(index)
        self.found: list[Candidate] = []
        self.skipped: list[Skip] = []
        self.per_section = Counter(i.headings for i in items if i.parent is None and any(map(is_web, i.links())))

    def run(self) -> tuple[list[Candidate], list[Skip]]:
        for index, item in enumerate(self.items):
            if item.parent is None:
                self._top(index, item)
        return self.found, [s for s in self.skipped if s.kind != "navigation"]

    def _top(self, index: int, item: Item) -> None:
        if item.kind == "row":
            self._add(from_row(item, self._heading(item)))
        elif item.kind == "item":
            self._item(index, "")
        elif _guide_head(item, alone=not item.opens_guide):
            self._guide(index, item)
        else:
            self._prose(item)
            for kid in self.children.get(index, []):  # a list right below prose is a list of its own
                self._top(kid, self.items[kid])

    def _prose(self, item: Item) -> None:
        """A paragraph or heading: an entry only with --include-prose, else reported if it links."""
        links = [link for link in item.links() if is_web(link) and not link.image]
        if self.include_prose:
            found = from_item(item, "", self._heading(item))
            if isinstance(found, Candidate) or found.kind != "no link":
                self._add(found)
        elif links:
            where = "a heading" if item.kind == "heading" else "a paragraph"
            count = f" with {len(links)} links" if len(links) > 1 else ""
            self.skipped.append(Skip(item.line, "prose", f"{where}{count}, not a list item (--include-prose takes it)",
                                     links[0].url))

    def _heading(self, item: Item) -> str:
        """The section heading as a title, for the one linked item right under it: a heading over
        several items names none of them, and a topic or tier heading names no resource."""
        heading = item.headings[-1] if item.headings else ""
        alone = self.per_section[item.headings] == 1
        return heading if heading and alone and not self.placing(heading) else ""

    def _add(self, found: Candidate | Skip) -> Candidate | None:
        if isinstance(found, Candidate):
            self.found.append(found)
            return found
        self.skipped.append(found)
        return None

    def _item(self, index: int, parent: str) -> None:
        """An item and its sub-items: plain ones are its notes, 'code'/'slides' links its
        links, linked ones entries of their own (with this item's words as context)."""
        item, kids = self.items[index], self.children.get(index, [])
        found = from_item(item, parent, self._heading(item))
        quiet = isinstance(found, Skip) and kids and found.kind == "no link"  # its sub-items speak for it
        entry = None if quiet else self._add(found)
        for kid in kids:
            child = self.items[kid]
            extra = _role_links(child) if entry else None
            if entry is not None and extra is not None:
                _add_links(entry, extra)
            elif entry is not None and not any(is_web(link) for link in child.links()):
                entry.notes += [note for note in [_child_note(child)] if note]
            else:
                self._item(kid, plain(item.text))

    def _guide(self, index: int, head: Item) -> None:
        """`📚 **Title** - authors` and its bullets: one entry, the link in the head or in the
        first bullet that has one; every other bullet is a note (links kept as Markdown)."""
        kids = [self.items[k] for k in self.children.get(index, [])]
        source = head if any(is_web(link) for link in head.links()) else next(
            (k for k in kids if any(is_web(link) for link in k.links())), None)
        if source is None:
            self.skipped.append(Skip(head.line, "no link", "no link"))
            return
        found = from_item(Item(head.line, "para", source.runs, head.headings), "", "")
        if isinstance(found, Skip):
            self.skipped.append(found)
            return
        found.title = plain(" ".join(r.text for r in head.runs if r.strong and r.link is None)) or found.title
        found.title_from, found.weak_title = "item text", None
        found.type, found.favorite = emoji_type(head.text), FAVORITE in head.text
        found.notes = [n for n in (_child_note(k) for k in kids if k is not source) if n] + found.notes
        self.found.append(found)


def _guide_head(item: Item, alone: bool) -> bool:
    """The guide's form: a mark (an emoji, even one mangled by a wrong encoding), then the
    title in bold, then its link or its bullet points right below. Without bullets, the mark
    is required: '**Note:** see [this](...)' is prose."""
    first = next((i for i, r in enumerate(item.runs) if r.strong and r.link is None and plain(r.text)), None)
    if item.kind != "para" or first is None or any(r.link for r in item.runs[:first]):
        return False
    mark = "".join(r.text for r in item.runs[:first]).strip()
    if alone and not (mark and any(link for link in item.links() if is_web(link) and not link.image)):
        return False
    return len(mark) <= 6 and " " not in mark


def entries(text: str, include_prose: bool = False, placing: Placing = lambda heading: False
            ) -> tuple[list[Candidate], list[Skip]]:
    """Every entry the list holds, and every item that is not one, with why."""
    return _Collector(read_items(text), include_prose, placing).run()
