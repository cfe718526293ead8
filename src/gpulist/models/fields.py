"""Field types, and the strict base, shared by every model.

Validation messages here are what a contributor reads, so they say what to write,
not what went wrong inside pydantic. Custom error types double as rule ids.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, WithJsonSchema
from pydantic_core import PydanticCustomError

ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
ID_RE = re.compile(ID_PATTERN)
# scheme://[userinfo@]host...: a host is required; parsing fully is left to the link checker.
_URL_RE = re.compile(r"^https?://(?P<userinfo>[^/?#@\s]*@)?[^/?#@:\s]+(?::(\d{1,5}))?(?:[/?#]|$)", re.IGNORECASE)
_SPACE_RE = re.compile(r"\s")


class Strict(BaseModel):
    """Unknown fields are mistakes and `title: no` must not quietly become False."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _check_id(value: str) -> str:
    if not ID_RE.match(value):
        raise PydanticCustomError(
            "bad-id",
            "'{value}' is not a valid id: use lowercase letters, digits and single hyphens (kebab-case)",
            {"value": value},
        )
    return value


def slugify(text: str) -> str:
    """Kebab-case id from a title: 'FlashAttention-2: Faster...' -> 'flashattention-2-faster'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def _check_url(value: str) -> str:
    match = _URL_RE.match(value)
    if match and match.group("userinfo"):
        # Never quoted back: the message would print the secret in every CI log.
        raise PydanticCustomError(
            "url-credentials",
            "credentials in a public URL (user:password@ before the host): remove them; "
            "the list is public, and a link that needs a login does not belong in it",
        )
    # A port above 65535 would make urlsplit raise later, in the duplicate check.
    if match and not _SPACE_RE.search(value) and int(match.group(2) or 0) <= 65535:
        return value
    scheme = value.split(":", 1)[0].lower() if ":" in value else ""
    if scheme not in ("http", "https"):
        shown = f"'{scheme}:'" if scheme else "no scheme"
        raise PydanticCustomError(
            "url-scheme", "URLs must start with http:// or https:// (found {shown})", {"shown": shown}
        )
    raise PydanticCustomError("bad-url", "'{value}' is not a valid URL", {"value": value})


Id = Annotated[str, AfterValidator(_check_id), WithJsonSchema({"type": "string", "pattern": ID_PATTERN})]
Url = Annotated[
    str, AfterValidator(_check_url), WithJsonSchema({"type": "string", "format": "uri", "pattern": "^https?://"})
]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
# A tier of a tiered topic, as an entry (or a watched source's hint) names it: 1, 2 or 3.
TierNumber = Annotated[int, Field(ge=1, le=3)]
# A reference to a vocabulary id (a tag). The model only asks for text: the cross-check
# knows the vocabulary, so it can answer `CUDA` or an alias like `cuda-c++` with the id
# that was meant, where a pattern error here would only say "not kebab-case" and drop
# the entry. Editors still get the id pattern from the schema.
Ref = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1), WithJsonSchema({"type": "string", "pattern": ID_PATTERN})
]
