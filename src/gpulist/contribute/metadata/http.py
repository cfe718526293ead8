"""One bounded GET, with every way it can fail turned into a sentence."""

from __future__ import annotations

from dataclasses import dataclass

import httpx

from gpulist import __version__

USER_AGENT = f"gpulist/{__version__} (reading-list metadata; +https://github.com/)"


@dataclass(frozen=True, slots=True)
class Reply:
    body: bytes
    content_type: str
    url: str


def client(timeout: float) -> httpx.Client:
    return httpx.Client(timeout=timeout, follow_redirects=True, headers={"User-Agent": USER_AGENT})


def get(http: httpx.Client, url: str, max_bytes: int, **kwargs: object) -> Reply | str:
    """The reply, or why there is none. At most `max_bytes` are read: a page's metadata
    sits in its head, and a 2 GB video must not be downloaded to learn its title."""
    try:
        with http.stream("GET", url, **kwargs) as response:  # type: ignore[arg-type]
            if response.status_code == 429:
                return "rate limited (HTTP 429); try again later"
            if response.status_code >= 400:
                return f"HTTP {response.status_code} from {response.url}"
            body = bytearray()
            for chunk in response.iter_bytes():
                body += chunk
                if len(body) >= max_bytes:
                    break
            return Reply(bytes(body[:max_bytes]), response.headers.get("content-type", ""), str(response.url))
    except httpx.TimeoutException:
        return f"timed out fetching {url}"
    except httpx.HTTPError as exc:
        return f"cannot fetch {url}: {exc.__class__.__name__}: {exc}".rstrip(": ")
