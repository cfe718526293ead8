"""From data/ to a built site: validate, render, write pages, then run MkDocs as a program.

MkDocs runs in a subprocess (`python -m mkdocs`), never imported, so the site generator
can change (Zensical, a MkDocs fork) without touching gpulist. The navigation follows
data/topics.yml, so gpulist writes it into a small generated config that inherits every
setting from the committed mkdocs.yml and adds only `nav` and `docs_dir`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from gpulist.checks import validate
from gpulist.files import write_atomic
from gpulist.memory import gc_paused
from gpulist.problems import GpulistError, Problem, UsageError, has_errors
from gpulist.publish.render import Site, render_site
from gpulist.site.writer import WriteReport, write_pages
from gpulist.view.config import SiteConfig, load_site_config

GENERATED_CONFIG = ".gpulist-mkdocs.yml"


@dataclass(frozen=True, slots=True)
class Paths:
    """Where everything lives; `config` is the committed mkdocs.yml."""

    data: Path
    config: Path
    docs: Path
    site: Path

    @property
    def generated_config(self) -> Path:
        return self.config.parent / GENERATED_CONFIG


def resolve_paths(data: Path, config: Path, docs: Path | None, site: Path | None) -> tuple[Paths, SiteConfig]:
    if not config.is_file():
        raise UsageError(f"no MkDocs configuration at {config} (use --config FILE)")
    settings = load_site_config(config)
    docs = docs if docs is not None else config.parent / settings.docs_dir
    site = site if site is not None else config.parent / "site"
    return Paths(data, config, docs.absolute(), site.absolute()), settings


@dataclass(frozen=True, slots=True)
class Generated:
    problems: list[Problem]
    entries: int
    report: WriteReport | None = None
    site: Site | None = None


def generate(paths: Paths, settings: SiteConfig) -> Generated:
    """Validate and write pages; with errors in the data nothing is written."""
    with gc_paused():
        catalog, problems = validate(paths.data)
        if has_errors(problems):
            return Generated(problems, len(catalog.entries))
        site = render_site(catalog, settings)
    try:
        report = write_pages(paths.docs, site.pages)
        write_mkdocs_config(paths, site.nav)
    except OSError as exc:
        raise GpulistError(f"cannot write the site's pages: {exc.strerror}: {exc.filename}") from exc
    return Generated(problems, len(catalog.entries), report, site)


def write_mkdocs_config(paths: Paths, nav: list[dict[str, object]]) -> None:
    """JSON is YAML: no YAML writer needed, and every value is quoted safely."""
    text = (
        "# Written by `gpulist build`; do not edit. Settings live in "
        f"{paths.config.name}; this adds the navigation from data/topics.yml.\n"
        f"INHERIT: {json.dumps(paths.config.name)}\n"
        f"docs_dir: {json.dumps(str(paths.docs))}\n"
        f"nav: {json.dumps(nav, ensure_ascii=False)}\n"
    )
    target = paths.generated_config
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")


def mkdocs_command(paths: Paths, action: str, *extra: str) -> list[str]:
    return [sys.executable, "-m", "mkdocs", action, "-f", str(paths.generated_config), *extra]


def run_mkdocs_build(paths: Paths) -> int:
    command = mkdocs_command(paths, "build", "--strict", "--site-dir", str(paths.site))
    return subprocess.run(command, cwd=paths.config.parent, env=mkdocs_env(), check=False).returncode


def publish_exports(paths: Paths, exports: dict[str, str]) -> None:
    """Files that go into the built site as they are, after MkDocs (see gpulist.publish.render)."""
    try:
        for rel, content in exports.items():
            write_atomic(paths.site / rel, content)
    except OSError as exc:
        raise GpulistError(f"cannot write the site's exports: {exc.strerror}: {exc.filename}") from exc


def mkdocs_env() -> dict[str, str]:
    """MkDocs 1.6 prints a banner about MkDocs 2 on every run; the move is planned already."""
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
