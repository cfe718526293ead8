"""Reading BibTeX back in the tests, with pybtex (pinned in the test extra).

pybtex counts braces as bibtex.exe does, ignoring backslashes, and in strict mode raises on
any syntax error rather than skipping a broken record, so a value that escaped its field
shows up as an error or as a record with the wrong fields.
"""

from __future__ import annotations

import re

import pybtex.errors
from pybtex.database import BibliographyData, parse_string

pybtex.errors.set_strict_mode(True)

# What each LaTeX command the export may write means, as a reader's LaTeX prints it.
# Written out here, independently of the export's own table, to decode values back.
LATEX_MEANING = {
    r"\textbackslash{}": "\\", r"\textbraceleft{}": "{", r"\textbraceright{}": "}", r"\%": "%", r"\&": "&",
    r"\#": "#", r"\$": "$", r"\_": "_", r"\textasciitilde{}": "~", r"\textasciicircum{}": "^",
    r"\symbol{64}": "@", r"\textless{}": "<", r"\textgreater{}": ">", r"\textbar{}": "|",
}
_COMMAND = re.compile("|".join(re.escape(c) for c in sorted(LATEX_MEANING, key=len, reverse=True)))


def decode(value: str) -> str:
    return _COMMAND.sub(lambda m: LATEX_MEANING[m.group(0)], value)


def parse(text: str) -> BibliographyData:
    return parse_string(text, "bibtex")
