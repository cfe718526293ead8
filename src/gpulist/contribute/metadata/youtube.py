"""YouTube videos: title and channel from oEmbed, which needs no API key."""

from __future__ import annotations


import httpx

from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata.base import Metadata, clean, json_object
from gpulist.contribute.metadata.http import Reply, get


def watch_url(video: str) -> str:
    return f"https://www.youtube.com/watch?v={video}"


def fetch(video: str, config: NetConfig, http: httpx.Client) -> Metadata:
    skeleton = Metadata(url=watch_url(video), source="youtube", type="video")
    reply = get(http, config.oembed_url, config.max_bytes, params={"url": skeleton.url, "format": "json"})
    if not isinstance(reply, Reply):
        skeleton.failure = f"YouTube oEmbed: {reply}"
        return skeleton
    data = json_object(reply.body, "YouTube oEmbed", skeleton, required="title")
    if data is None:
        return skeleton
    skeleton.title = clean(data["title"])
    channel = clean(data.get("author_name"))
    skeleton.authors = [channel] if channel else []
    return skeleton
