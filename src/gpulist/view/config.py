"""The few site settings the renderers need, read from mkdocs.yml without importing mkdocs.

mkdocs.yml is the one place to change the repository URL: MkDocs uses `repo_url` for the
header link, and gpulist joins `repo_url` + `edit_uri` + the file's path under data/ to
make each entry's "edit" link, so both always agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from gpulist.problems import UsageError

DEFAULT_CONFIG = "mkdocs.yml"


@dataclass(frozen=True, slots=True)
class SiteConfig:
    site_name: str = "GPU performance engineering reading list"
    site_url: str = "https://example.org/gpulist/"
    repo_url: str = "https://github.com/your-github-org/gpulist"
    edit_uri: str = "edit/main/data/"
    docs_dir: str = "docs"

    def edit_url(self, data_path: str) -> str:
        """`data_path` is relative to data/, e.g. 'resources/flashattention-2.yml'."""
        return f"{self.repo_url.rstrip('/')}/{self.edit_uri.strip('/')}/{data_path}"

    def page_url(self, path: str) -> str:
        """Absolute URL of a site path such as 'topics/attention/#flashattention-2'."""
        return self.site_url.rstrip("/") + "/" + path


class _TolerantLoader(yaml.SafeLoader):
    """Reads mkdocs.yml's plain keys; `!ENV` and `!!python/name:` values become None."""


def _ignore_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    return None


_TolerantLoader.add_multi_constructor("!", _ignore_tag)
_TolerantLoader.add_multi_constructor("tag:yaml.org,2002:python/", _ignore_tag)


def load_site_config(path: Path) -> SiteConfig:
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_TolerantLoader)  # noqa: S506 - safe subclass
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from exc
    except yaml.YAMLError as exc:
        raise UsageError(f"{path} is not valid YAML: {exc}") from exc
    if not isinstance(raw, dict):
        raise UsageError(f"{path} must be a mapping of MkDocs settings")
    defaults = SiteConfig()
    values = {key: raw.get(key) for key in ("site_name", "site_url", "repo_url", "edit_uri", "docs_dir")}
    return SiteConfig(**{k: str(v) if isinstance(v, str) else getattr(defaults, k) for k, v in values.items()})
