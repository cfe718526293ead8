"""Reading the Anki exports back as Anki would: the package's SQLite collection, and the text
file's header lines and tab-separated rows. Shared by the export and build tests."""

from __future__ import annotations

import csv
import html
import io
import json
import sqlite3
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Note:
    guid: str
    fields: list[str]
    tags: list[str]
    deck: str
    mod: int


def read_apkg(package: bytes) -> list[Note]:
    """Every note of the package's collection.anki2, with its card's deck name."""
    with zipfile.ZipFile(io.BytesIO(package)) as archive, tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "collection.anki2"
        path.write_bytes(archive.read("collection.anki2"))
        with sqlite3.connect(path) as db:
            decks = {int(k): v["name"] for k, v in json.loads(db.execute("select decks from col").fetchone()[0]).items()}
            rows = db.execute("select n.guid, n.flds, n.tags, c.did, n.mod from notes n join cards c on c.nid = n.id "
                              "order by n.id").fetchall()
    return [Note(g, flds.split("\x1f"), tags.split(), decks[did], mod) for g, flds, tags, did, mod in rows]


def unfield(value: str) -> str:
    """An exported field back to the plain text it was made from."""
    return html.unescape(value.replace("<br>", "\n"))


def read_text(text: str) -> tuple[dict[str, str], list[list[str]]]:
    """Header lines as {key: value}, then the rows, split as Anki's CSV reader splits them
    (tab-separated, double quotes starting a quoted field)."""
    lines = text.split("\n")
    headers = {}
    while lines and lines[0].startswith("#"):
        key, _, value = lines.pop(0)[1:].partition(":")
        headers[key] = value
    rows = list(csv.reader(io.StringIO("\n".join(lines)), delimiter="\t", quotechar='"'))
    return headers, [r for r in rows if r]
