"""The marks a card and the README show beside an entry's effort: its language, and whether
anyone has read it for the list yet.

An entry written in another language says so, since a reader may not read it; an entry listed
from its address alone (`reviewed: false`, for instance a reader's own pick whose page could
not be read) carries "not yet reviewed", a plain mark rather than a note about how the list
was made.
"""

from __future__ import annotations

from gpulist.models import Resource

UNREVIEWED = "not yet reviewed"
UNREVIEWED_TITLE = "Listed from its address; its title and note are not yet confirmed by reading it"
# Names for the language tags the list uses; another tag is shown as written.
LANGUAGE_NAMES = {
    "zh": "Chinese", "ja": "Japanese", "ko": "Korean", "de": "German", "fr": "French", "es": "Spanish",
    "ru": "Russian", "pt": "Portuguese", "it": "Italian",
}


def language_label(resource: Resource) -> str | None:
    """'in Chinese' for `language: zh`; nothing for English, the list's own language."""
    code = resource.language
    if code is None or code.split("-")[0] == "en":
        return None
    return f"in {LANGUAGE_NAMES.get(code.split('-')[0], code)}"


def marks(resource: Resource) -> list[str]:
    """The language and review marks of an entry, as plain text, in the order they are shown."""
    label = language_label(resource)
    return ([label] if label else []) + ([] if resource.reviewed else [UNREVIEWED])
