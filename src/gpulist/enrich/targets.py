"""Which GitHub repositories the catalog points at."""

from __future__ import annotations

from gpulist.identity import github_repo
from gpulist.load import Catalog, Entry


def entry_repos(entry: Entry) -> list[str]:
    """The entry's own URL first, then its secondary links: a paper's code link counts too."""
    urls = [entry.resource.url] if entry.resource.url else []
    urls += [link.url for link in entry.resource.links]
    found = (github_repo(url) for url in urls)
    return list(dict.fromkeys(repo for repo in found if repo))


def repo_targets(catalog: Catalog) -> list[str]:
    """Every repository once, sorted, so batches and the written file are stable."""
    return sorted({repo for entry in catalog.entries for repo in entry_repos(entry)})
