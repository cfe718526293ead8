"""The site engines, run as programs: Zensical (the default) and MkDocs with Material.

gpulist never imports an engine: it writes a generated configuration next to mkdocs.yml
and runs `python -m zensical` or `python -m mkdocs` on it, so the engine can change
without touching gpulist, and a switch back is one flag (`--engine`).

- MkDocs reads `.gpulist-mkdocs.yml`, which inherits every setting from mkdocs.yml
  (`INHERIT`) and adds the navigation, docs_dir and the publishing settings, and names one
  stylesheet for extra_css's files and one script for extra_javascript's deferred ones, which
  gpulist joins (gpulist.publish.joined).
- Zensical reads `.gpulist-zensical.yml`, a complete configuration: Zensical 0.0.x panics on
  an `INHERIT` with an absolute docs_dir, and wants docs_dir and site_dir relative to the
  project (inside it). Its site_dir is always `.gpulist-site/` in the project: a build is
  moved from there into `--site`, wherever that is (gpulist.publish.build), and a server
  never overwrites the built site. It is mkdocs.yml as data (inheritance merged, `!ENV` resolved,
  `!!python/name:` values as the dotted names Zensical resolves itself) plus the same
  additions. JSON is YAML: every value is quoted safely without a YAML writer. Two settings
  differ: Material's search `fields` are left out (Zensical has no field boosts and refuses
  the option), and Zensical does not validate links (`validation.links`). Its link pass cost 0.6 of
  1.75 s on the real list (benchmarks/site_build.py) and most of its time at 10,000
  entries, to re-check links gpulist wrote itself: the build tests follow every link and
  anchor of both engines' output, `gpulist validate` refuses relative links in notes (the
  only links contributors write), and CI's MkDocs build keeps the strict link check.

Default engine, measured (benchmarks/site_build.py, README; the search was the engines' own then):
Zensical, whose search lists each entry as its own result where Material groups them
under their topic page, and which builds faster once its link pass is off (1.30 s against
1.62 s for the real list, 6.9 s against 9.6 s at 10,000 entries).
"""

from __future__ import annotations

import copy
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpulist.files import current_text, write_plain
from gpulist.identity import github_repo_parts
from gpulist.problems import UsageError
from gpulist.publish.joined import SCRIPTS, STYLES, engine_entries
from gpulist.view.config import SiteConfig
from gpulist.view.links import BUILT, SOURCE

ENGINES = ("zensical", "mkdocs")
DEFAULT_ENGINE = "zensical"
_LINK_CHECKS = ("not_found", "anchors", "absolute_links", "unrecognized_links")
_HEADER = "# Written by `gpulist build --engine {engine}`; do not edit. Settings live in {config}.\n"
# Where Zensical builds, inside the project as it requires; git-ignored.
ZENSICAL_SITE = ".gpulist-site"


@dataclass(frozen=True, slots=True)
class Layout:
    """Where one build reads and writes: `config` is the committed mkdocs.yml, and `mkdocs` its
    content as data (gpulist.view.config.merged_config), read once per build or serve."""

    config: Path
    docs: Path
    site: Path
    mkdocs: dict[str, Any] = field(compare=False, repr=False)

    @property
    def root(self) -> Path:
        return self.config.parent


@dataclass(frozen=True, slots=True)
class Engine:
    name: str
    generated_name: str

    @property
    def link_style(self) -> str:
        """Zensical rewrites raw HTML links relative to the source file; MkDocs leaves them."""
        return SOURCE if self.name == "zensical" else BUILT

    @property
    def names_in_title(self) -> bool:
        """Zensical's search ranks by its title, text and path fields only: a concept's aliases
        must be in its page's title to lead a search for them. Material's has a tags field."""
        return self.name == "zensical"

    def check(self, layout: Layout) -> None:
        """Refuses what this engine cannot build before any page is written: Zensical's pages
        must lie inside the project (its generated config is written even with --no-engine).
        The built site may go anywhere: it is built elsewhere and moved there."""
        if self.name == "zensical":
            _inside(layout.docs, layout.root, "--docs")

    def generated_config(self, layout: Layout) -> Path:
        return layout.root / self.generated_name

    def output(self, layout: Layout) -> Path | None:
        """Where the engine always builds (Zensical's site_dir, inside the project); None when
        the command names the folder (MkDocs' --site-dir)."""
        return layout.root / ZENSICAL_SITE if self.name == "zensical" else None

    def build_command(self, layout: Layout, out: Path) -> list[str]:
        """The build into `out`, which must be `output(layout)` where the engine fixes it."""
        extra = ["--site-dir", str(out)] if self.name == "mkdocs" else []
        return self._command(layout, "build", "--strict", *extra)

    def serve_command(self, layout: Layout, dev_addr: str) -> list[str]:
        return self._command(layout, "serve", "--dev-addr", dev_addr)

    def _command(self, layout: Layout, action: str, *extra: str) -> list[str]:
        flag = "-f" if self.name == "mkdocs" else "--config-file"
        return [sys.executable, "-m", self.name, action, flag, str(self.generated_config(layout)), *extra]

    def config_text(self, layout: Layout, settings: SiteConfig, nav: list[dict[str, object]]) -> str:
        header = _HEADER.format(engine=self.name, config=layout.config.name)
        if self.name == "mkdocs":
            return header + _mkdocs_config(layout, settings, nav)
        return header + _zensical_config(layout, settings, nav)

    def write_config(self, layout: Layout, settings: SiteConfig, nav: list[dict[str, object]]) -> None:
        """Rewritten only when it changed, so a running server does not rebuild for nothing."""
        text = self.config_text(layout, settings, nav)
        target = self.generated_config(layout)
        if current_text(target, text) != text:
            write_plain(target, text.encode("utf-8"))


def engine(name: str) -> Engine:
    if name not in ENGINES:
        raise UsageError(f"unknown site engine {name!r}: choose one of {', '.join(ENGINES)}")
    return Engine(name, f".gpulist-{name}.yml")


def publishing(settings: SiteConfig) -> dict[str, Any]:
    """The settings that come from flags, the environment or git rather than from mkdocs.yml.

    Unset values are written as null, so nothing inherited from mkdocs.yml survives them:
    without a repository there is no header link at all.
    """
    repo_name = _repo_name(settings.repo_url) if settings.repo_url else None
    return {"site_url": settings.site_url, "repo_url": settings.repo_url, "repo_name": repo_name,
            "edit_uri": settings.edit_uri if settings.repo_url else None}


def _repo_name(repo_url: str) -> str:
    """The header's "owner/name": a GitHub repository's as its URL writes them (gpulist.identity),
    elsewhere (GitHub Enterprise, GitLab) the URL's last two path segments. A `.git` written
    after the name is kept, as it always was."""
    last_two = "/".join(repo_url.rstrip("/").split("/")[-2:])
    parts = github_repo_parts(repo_url)
    return last_two if parts is None or last_two.endswith(".git") else "/".join(parts)


def _mkdocs_config(layout: Layout, settings: SiteConfig, nav: list[dict[str, object]]) -> str:
    lines = {"INHERIT": layout.config.name, "docs_dir": str(layout.docs), **publishing(settings), "nav": nav,
             **_joined_assets(layout)}
    return "".join(f"{key}: {json.dumps(value, ensure_ascii=False)}\n" for key, value in lines.items())


def _zensical_config(layout: Layout, settings: SiteConfig, nav: list[dict[str, object]]) -> str:
    config = copy.deepcopy(layout.mkdocs)  # edited below; `serve` writes this config again at every change
    config.pop("INHERIT", None)
    config.setdefault("validation", {})["links"] = dict.fromkeys(_LINK_CHECKS, "ignore")  # see the docstring
    _without_material_search_fields(config)
    config.update(docs_dir=_inside(layout.docs, layout.root, "--docs"), site_dir=ZENSICAL_SITE, nav=nav,
                  **_joined_assets(layout))
    for key, value in publishing(settings).items():
        if value is None:
            config.pop(key, None)  # Zensical wants a string or nothing
        else:
            config[key] = value
    return json.dumps(config, ensure_ascii=False, indent=1) + "\n"


def _joined_assets(layout: Layout) -> dict[str, Any]:
    """extra_css and extra_javascript naming the joined files (gpulist.publish.joined)."""
    return {kind.key: engine_entries(layout.docs, layout.mkdocs, kind) for kind in (STYLES, SCRIPTS)}


def _without_material_search_fields(config: dict[str, Any]) -> None:
    """Material's search `fields` (boosts per field) mean nothing to Zensical, whose search
    plugin refuses any option but `enabled` and `separator`: left out of its configuration."""
    plugins = config.get("plugins")
    for plugin in plugins if isinstance(plugins, list) else []:
        if isinstance(plugin, dict) and isinstance(plugin.get("search"), dict):
            plugin["search"].pop("fields", None)


def _inside(path: Path, root: Path, flag: str) -> str:
    """A folder relative to the project, as Zensical requires (it refuses folders outside it)."""
    relative = os.path.relpath(path, root)
    if relative == ".." or relative.startswith(".." + os.sep) or os.path.isabs(relative):
        raise UsageError(f"Zensical reads pages inside the project folder {root}: {flag} {path} is outside it "
                         "(choose a folder inside it, or --engine mkdocs)")
    return relative.replace(os.sep, "/")
