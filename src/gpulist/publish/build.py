"""From data/ to a built site: validate, render, write pages, then run the engine as a program.

The engine (Zensical or MkDocs, see gpulist.publish.engine) runs in a subprocess, never
imported. The navigation follows data/topics.yml and the publishing settings come from
gpulist.publish.settings, so gpulist writes both into a generated config for the engine.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpulist.checks import validate
from gpulist.files import write_atomic
from gpulist.memory import gc_paused
from gpulist.problems import GpulistError, Problem, UsageError, has_errors
from gpulist.publish.engine import Engine, Layout
from gpulist.publish.render import Site, render_site
from gpulist.site.writer import WriteReport, write_pages
from gpulist.view.config import SiteConfig, merged_config, site_config


@dataclass(frozen=True, slots=True)
class Paths:
    """Where everything lives; `config` is the committed mkdocs.yml, `mkdocs` its content as data."""

    data: Path
    config: Path
    docs: Path
    site: Path
    mkdocs: dict[str, Any] = field(compare=False, repr=False)

    @property
    def layout(self) -> Layout:
        return Layout(self.config, self.docs, self.site, self.mkdocs)


def resolve_paths(data: Path, config: Path, docs: Path | None, site: Path | None) -> tuple[Paths, SiteConfig]:
    """mkdocs.yml is read here once (its `INHERIT` followed): the renderers' settings and the
    engine's generated configuration both come from that one reading."""
    if not config.is_file():
        raise UsageError(f"no site configuration at {config} (use --config FILE)")
    mkdocs = merged_config(config)
    settings = site_config(mkdocs)
    docs = docs if docs is not None else config.parent / settings.docs_dir
    site = site if site is not None else config.parent / "site"
    return Paths(data, config, docs.absolute(), site.absolute(), mkdocs), settings


@dataclass(frozen=True, slots=True)
class Generated:
    problems: list[Problem]
    entries: int
    report: WriteReport | None = None
    site: Site | None = None


def generate(paths: Paths, settings: SiteConfig, engine: Engine) -> Generated:
    """Validate and write pages; with errors in the data nothing is written."""
    settings = dataclasses.replace(settings, link_style=engine.link_style)
    with gc_paused():
        catalog, problems = validate(paths.data)
        if has_errors(problems):
            return Generated(problems, len(catalog.entries))
        site = render_site(catalog, settings)
    try:
        report = write_pages(paths.docs, site.pages)
        engine.write_config(paths.layout, settings, site.nav)
    except OSError as exc:
        raise GpulistError(f"cannot write the site's pages: {exc.strerror}: {exc.filename}") from exc
    return Generated(problems, len(catalog.entries), report, site)


def run_engine_build(paths: Paths, engine: Engine) -> int:
    command = engine.build_command(paths.layout)
    return subprocess.run(command, cwd=paths.config.parent, env=engine_env(), check=False).returncode


def publish_exports(paths: Paths, exports: dict[str, str]) -> None:
    """Files that go into the built site as they are, after the engine (see gpulist.publish.render)."""
    try:
        for rel, content in exports.items():
            write_atomic(paths.site / rel, content)
    except OSError as exc:
        raise GpulistError(f"cannot write the site's exports: {exc.strerror}: {exc.filename}") from exc


def engine_env() -> dict[str, str]:
    """MkDocs 1.6 prints a banner about MkDocs 2 on every run; the move is under way."""
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
