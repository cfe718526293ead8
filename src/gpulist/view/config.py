"""The few site settings the renderers need, read from mkdocs.yml without importing an engine.

`site_url` and `repo_url` are optional: a fork of the repository publishes its own site
without editing a file, because `gpulist.publish.settings` fills them in from the command
line, the environment (GitHub Actions) or the `origin` remote. What nothing names stays
unset: no repository link, no edit links, relative links in the feed, never a placeholder.
Each entry's "edit" link is `repo_url` + `edit_uri` + the file's path under data/, so the
header link and the edit links always agree.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from gpulist.files import Refused, read_guarded
from gpulist.problems import UsageError
from gpulist.view.links import BUILT

DEFAULT_CONFIG = "mkdocs.yml"
DEFAULT_EDIT_URI = "edit/main/data/"


@dataclass(frozen=True, slots=True)
class SiteConfig:
    site_name: str = "GPU performance engineering reading list"
    site_url: str | None = None
    repo_url: str | None = None
    edit_uri: str = DEFAULT_EDIT_URI
    docs_dir: str = "docs"
    # How raw HTML links are written for the engine (gpulist.view.links): BUILT or SOURCE.
    link_style: str = BUILT
    # Where a concept's aliases reach the engine's search (gpulist.site.concept_page): in its
    # page's title (Zensical, whose search has title, text and path fields and no boosts) or
    # in the page's tags (MkDocs: Material indexes front-matter tags as a field of its own).
    names_in_title: bool = False
    site_description: str = ""  # one line on what the site is (llms.txt); the engines read it themselves
    # When the site is built, in seconds since the epoch: it dates the Anki deck's notes, so
    # that importing a later deck updates a learner's notes (gpulist.export.anki). `gpulist
    # build` and `gpulist export anki` set it (SOURCE_DATE_EPOCH, else now); None renders
    # a fixed date, so that a render stays a pure function of the catalog and the config.
    built: float | None = None

    def edit_url(self, data_path: str) -> str | None:
        """`data_path` is relative to data/, e.g. 'resources/flashattention-2.yml'; None without a repository."""
        if not self.repo_url:
            return None
        return f"{self.repo_url.rstrip('/')}/{self.edit_uri.strip('/')}/{data_path}"

    def page_url(self, path: str) -> str:
        """A site path such as 'topics/attention/#flashattention-2', absolute when site_url is known."""
        return self.site_url.rstrip("/") + "/" + path if self.site_url else path


class _TolerantLoader(yaml.SafeLoader):
    """Reads mkdocs.yml's plain keys: `!ENV` is resolved as MkDocs does, `!!python/name:X` is
    kept as the string "X" (Zensical resolves such strings itself), other tags become None."""


def _ignore_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    return None


def _python_name(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    return suffix.removeprefix("name:") if suffix.startswith("name:") else None


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    """`!ENV NAME` or `!ENV [NAME, OTHER, default]`: the first variable set, else the default."""
    if isinstance(node, yaml.ScalarNode):
        return os.environ.get(loader.construct_scalar(node))
    names = loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode) else []
    for name in names[:-1] if len(names) > 1 else names:
        if isinstance(name, str) and name in os.environ:
            return os.environ[name]
    return names[-1] if len(names) > 1 else None


_TolerantLoader.add_multi_constructor("!", _ignore_tag)
_TolerantLoader.add_constructor("!ENV", _env)
_TolerantLoader.add_multi_constructor("tag:yaml.org,2002:python/", _python_name)


def read_mkdocs_yml(path: Path) -> dict[str, Any]:
    """The whole of mkdocs.yml as plain data; errors are usage errors that name the file."""
    try:
        text = read_guarded(path).decode("utf-8")
        raw = yaml.load(text, Loader=_TolerantLoader)  # noqa: S506 - safe subclass
    except Refused as exc:
        raise UsageError(f"{path}: {exc.message}") from exc
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path} is not UTF-8: {exc}") from exc
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from exc
    except yaml.YAMLError as exc:
        raise UsageError(f"{path} is not valid YAML: {exc}") from exc
    if not isinstance(raw, dict):
        raise UsageError(f"{path} must be a mapping of MkDocs settings")
    return raw


def merged_config(path: Path, depth: int = 0) -> dict[str, Any]:
    """mkdocs.yml as data, with an `INHERIT`ed parent merged under it as MkDocs merges it.

    The one reading of the file: the renderers' settings (`site_config`) and Zensical's
    generated configuration (gpulist.publish.engine) both come from this dict, so they
    cannot disagree about a setting a parent file holds.
    """
    raw = read_mkdocs_yml(path)
    parent = raw.pop("INHERIT", None)
    if not isinstance(parent, str) or depth > 10:
        return raw
    return _deep_merge(merged_config(path.parent / parent, depth + 1), raw)


def _deep_merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in top.items():
        both = isinstance(out.get(key), dict) and isinstance(value, dict)
        out[key] = _deep_merge(out[key], value) if both else value
    return out


def site_config(mkdocs: Mapping[str, Any]) -> SiteConfig:
    """The renderers' settings from mkdocs.yml as data (`merged_config`); unset or empty keys keep their defaults."""
    defaults = SiteConfig()
    values = {key: mkdocs.get(key) for key in ("site_name", "site_url", "repo_url", "edit_uri", "docs_dir",
                                               "site_description")}
    return SiteConfig(**{k: v if isinstance(v, str) and v else getattr(defaults, k) for k, v in values.items()})


def load_site_config(path: Path) -> SiteConfig:
    return site_config(merged_config(path))
