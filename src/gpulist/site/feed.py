"""feed.xml: an Atom feed of the newest entries, so followers need not watch the repo.

Without a site URL the links are relative to the feed (which sits at the site's root)
and the ids are `urn:gpulist:` names. Timestamps come from `added` dates only (midnight UTC), never the clock, so an unchanged
catalog gives a byte-identical feed and the writer leaves it alone.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from gpulist.load import Entry
from gpulist.site.recent import recent_entries
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.links import site_path

PATH = "feed.xml"
ATOM = "http://www.w3.org/2005/Atom"
FEED_SIZE = 50


def _stamp(entry: Entry) -> str:
    return f"{entry.resource.added.isoformat()}T00:00:00Z"


def _id(config: SiteConfig, path: str, fallback: str) -> str:
    """An Atom id must be an absolute IRI: the page's address, or a name for a site without one."""
    return config.page_url(path) if config.site_url else fallback


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attrs)
    element.text = text
    return element


def render_feed(view: SiteView, config: SiteConfig) -> str:
    entries = recent_entries(view, FEED_SIZE)
    feed = ET.Element("feed", {"xmlns": ATOM})
    _sub(feed, "title", config.site_name)
    _sub(feed, "subtitle", "Entries recently added to the list")
    _sub(feed, "id", _id(config, PATH, "urn:gpulist:feed"))
    _sub(feed, "link", href=config.page_url(PATH), rel="self", type="application/atom+xml")
    _sub(feed, "link", href=config.page_url(""), rel="alternate", type="text/html")
    _sub(feed, "updated", _stamp(entries[0]) if entries else "1970-01-01T00:00:00Z")
    _sub(_sub(feed, "author"), "name", config.site_name)
    for entry in entries:
        _entry(feed, entry, config)
    ET.indent(feed)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="unicode") + "\n"


def _entry(feed: ET.Element, entry: Entry, config: SiteConfig) -> None:
    r = entry.resource
    item = _sub(feed, "entry")
    _sub(item, "title", r.title)
    _sub(item, "id", _id(config, site_path(r), f"urn:gpulist:entry:{r.id}"))
    _sub(item, "link", href=config.page_url(site_path(r)), rel="alternate", type="text/html")
    if r.url:
        _sub(item, "link", href=r.url, rel="related")
    _sub(item, "updated", _stamp(entry))
    _sub(item, "published", _stamp(entry))
    for name in r.authors:
        _sub(_sub(item, "author"), "name", name)
    for term in dict.fromkeys([r.topic, *r.tags]):  # a tag may share its id with a topic
        _sub(item, "category", term=term)
    summary = " ".join(r.notes) or r.title
    _sub(item, "summary", summary, type="text")
