"""The check questions as an Anki deck: gpulist.apkg (genanki) and gpulist-anki.txt.

One note per question (gpulist.view.review), in one deck per area under one parent deck
(`GPU performance engineering::Hardware`, ...), tagged with its concept and its area
(`gpulist::concept::kv-cache`, `gpulist::area::serving`). The back of a card is the worked
answer, with its arithmetic, then links to the entry that teaches it and to the concept's
page (absolute when the build knows the site's address, else the titles alone: a relative
link means nothing inside Anki).

Each note's GUID is `gpulist:<question id>`, from the question's stable id, so importing a
later build updates the notes a learner already has (with their review history) instead of
adding copies, and the text file and the package name the same notes. Anki replaces a note
on import when the incoming one is newer: the notes carry the build's time (or
SOURCE_DATE_EPOCH, for a reproducible package: `build_time`), so a reworded question
reaches the learner.

Why genanki: the .apkg is a zip of an SQLite collection in Anki's schema (notes, cards,
decks, note types as JSON in `col`), which genanki, the library Anki deck authors use,
writes and keeps current; writing that schema here would be a second copy of it.

The text file is for Anki's own text importer and the apps that read it: a tab-separated
note per line under Anki's header lines (`#separator:tab`, `#html:true`, `#notetype:Basic`,
`#columns:`, `#tags column:`, `#deck column:`, `#guid column:`), into the Basic note type's
Front and Back. Fields are HTML, so every field is escaped, quotes included (a `"` would
start a quoted CSV field), a tab is `&#9;` and a newline `<br>`: no character of a question
can end its field or its line, and `#` opening a line (a comment to Anki) is `&#35;`.
"""

from __future__ import annotations

import hashlib
import html
import io
import os
import time
import zipfile

import genanki

from gpulist.view.config import SiteConfig
from gpulist.view.review import APKG_PATH, AREA_NAMES, TEXT_PATH, ReviewCard

__all__ = ["APKG_PATH", "TEXT_PATH", "build_time", "render_anki_text", "render_apkg"]

PARENT_DECK = "GPU performance engineering"
GUID_PREFIX = "gpulist:"
MODEL_NAME = "gpulist question"
FIELDS = ("Question", "Answer", "Source", "Concept")
# The date of a package rendered without a build time (a test, a preview): 2025-01-01.
FIXED_TIME = 1735689600.0
_CSS = (".card { font-family: system-ui, sans-serif; font-size: 19px; line-height: 1.45; text-align: left; "
        "max-width: 40em; margin: 0 auto; } .gpulist-links { font-size: 16px; }")
_FRONT = '<div class="gpulist-question">{{Question}}</div>'
_BACK = ('{{FrontSide}}<hr id="answer"><div class="gpulist-answer">{{Answer}}</div>'
         '<p class="gpulist-links">{{Source}}<br>{{Concept}}</p>')
TEXT_HEADER = ("#separator:tab", "#html:true", "#notetype:Basic", "#columns:Front\tBack\tTags\tDeck\tGUID",
               "#tags column:3", "#deck column:4", "#guid column:5")


def stable_id(name: str) -> int:
    """A note type's or deck's id from its name, in genanki's recommended range (2^30 to 2^31):
    the same every build, so a later import finds the same deck and note type."""
    return (1 << 30) + int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:4], "big") % (1 << 30)


def field(text: str) -> str:
    """Plain text as an Anki field (HTML): escaped, newlines as <br>, tabs as &#9;."""
    escaped = html.escape(text, quote=True).replace("\r\n", "\n").replace("\r", "\n")
    return escaped.replace("\n", "<br>").replace("\t", "&#9;")


def _link(title: str, path: str, config: SiteConfig, lead: str) -> str:
    if not title:
        return ""
    label = field(f"{lead}{title}")
    if not config.site_url or not path:
        return label
    return f'<a href="{html.escape(config.page_url(path), quote=True)}">{label}</a>'


def card_fields(card: ReviewCard, config: SiteConfig) -> tuple[str, str, str, str]:
    """Question, Answer, Source and Concept, as the package's note type holds them."""
    return (field(card.question), field(card.answer),
            _link(card.source_title, card.source_path, config, "Learn it in: "),
            _link(card.concept_title, card.concept_path, config, "Concept: "))


def deck_name(card: ReviewCard) -> str:
    return f"{PARENT_DECK}::{AREA_NAMES[card.area]}"


def tags(card: ReviewCard) -> list[str]:
    return [f"gpulist::area::{card.area}", f"gpulist::concept::{card.concept}"]


def guid(card: ReviewCard) -> str:
    return GUID_PREFIX + card.id


def _model() -> genanki.Model:
    return genanki.Model(stable_id(MODEL_NAME), MODEL_NAME, fields=[{"name": f} for f in FIELDS],
                         templates=[{"name": "Recall", "qfmt": _FRONT, "afmt": _BACK}], css=_CSS)


def render_apkg(cards: list[ReviewCard], config: SiteConfig) -> bytes:
    """The package's bytes; its notes dated `config.built` (see `build_time`), else FIXED_TIME."""
    model = _model()
    decks: dict[str, genanki.Deck] = {}
    for card in cards:
        name = deck_name(card)
        deck = decks.setdefault(name, genanki.Deck(stable_id(name), name))
        deck.add_note(genanki.Note(model=model, fields=list(card_fields(card, config)), tags=tags(card), guid=guid(card)))
    out = io.BytesIO()
    when = config.built if config.built is not None else FIXED_TIME
    genanki.Package(list(decks.values())).write_to_file(out, timestamp=when)
    return _deflated(out.getvalue(), when)


def _deflated(package: bytes, when: float) -> bytes:
    """genanki stores the collection uncompressed (480 KB for 348 notes) and dated by its
    temporary file; Anki reads a deflated zip as well, at a fifth of the download, and each
    member dated `when` leaves the same catalog giving the same bytes."""
    stamp = time.gmtime(max(when, 315532800))[:6]  # a zip dates nothing before 1980
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(package)) as stored, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as packed:
        for info in stored.infolist():
            packed.writestr(zipfile.ZipInfo(info.filename, date_time=stamp), stored.read(info),
                            compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def build_time() -> float:
    """When a build's deck is dated: SOURCE_DATE_EPOCH (a reproducible build), else now. A
    later build must date its notes later, or Anki keeps the notes it has."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    return float(epoch) if epoch.isdigit() else time.time()


def render_anki_text(cards: list[ReviewCard], config: SiteConfig) -> str:
    """gpulist-anki.txt: Anki's header lines, then one tab-separated note per line."""
    lines = list(TEXT_HEADER)
    for card in cards:
        question, answer, source, concept = card_fields(card, config)
        back = answer + "".join(f"<br><br>{link}" for link in (source, concept) if link)
        if question.startswith("#"):
            question = "&#35;" + question[1:]
        lines.append("\t".join((question, back, " ".join(tags(card)), deck_name(card), guid(card))))
    return "\n".join(lines) + "\n"
