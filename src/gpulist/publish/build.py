"""From data/ to a built site: validate, render, write pages, then run the engine as a program.

The engine (Zensical or MkDocs, see gpulist.publish.engine) runs in a subprocess, never
imported. The navigation follows data/topics.yml and the publishing settings come from
gpulist.publish.settings, so gpulist writes both into a generated config for the engine.

The engine never builds into `--site` itself: it builds into a folder of its own (Zensical
inside the project, as it insists; MkDocs beside `--site`), the exports join it, and only
a complete site replaces the old one. So `--site` may be any folder (a temporary or CI
folder outside the checkout), and a failed build leaves the previous site as it was.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpulist.checks import validate
from gpulist.export.anki import build_time
from gpulist.files import replace_folder, write_plain
from gpulist.memory import gc_paused
from gpulist.problems import GpulistError, Problem, UsageError, has_errors
from gpulist.publish.engine import ZENSICAL_SITE, Engine, Layout
from gpulist.publish.render import Site, render_site
from gpulist.publish.joined import joined
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
    settings = dataclasses.replace(settings, link_style=engine.link_style, names_in_title=engine.names_in_title,
                                   built=build_time())
    with gc_paused():
        catalog, problems = validate(paths.data)
        if has_errors(problems):
            return Generated(problems, len(catalog.entries))
        site = render_site(catalog, settings)
    assets = joined(paths.docs, paths.mkdocs)
    try:
        report = write_pages(paths.docs, {**site.pages, **assets})
        engine.write_config(paths.layout, settings, site.nav)
    except OSError as exc:
        raise GpulistError(f"cannot write the site's pages: {exc.strerror}: {exc.filename}") from exc
    return Generated(problems, len(catalog.entries), report, site)


def build_site(paths: Paths, engine: Engine, exports: dict[str, str | bytes]) -> int:
    """Build into the engine's own folder, add the exports, then put the whole in place of
    `paths.site`; the engine's exit code. On failure `paths.site` is not touched."""
    out = engine.output(paths.layout) or _staging(paths.site)
    try:
        command = engine.build_command(paths.layout, out)
        code = subprocess.run(command, cwd=paths.config.parent, env=engine_env(), check=False).returncode
        if code == 0:
            publish_exports(out, exports)
            _put_in_place(out, paths.site)
    finally:
        shutil.rmtree(out, ignore_errors=True)  # moved away after a success; half a site after a failure
    return code


def _staging(site: Path) -> Path:
    """An empty folder beside `site`, on its file system, so moving the build there is a rename."""
    site.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(dir=site.parent, prefix=f".{site.name}.gpulist-build-"))


def _put_in_place(built: Path, site: Path) -> None:
    try:
        replace_folder(built, site)
    except OSError as exc:
        raise GpulistError(f"cannot put the built site in {site}: {exc.strerror or exc}; "
                           "the previous site is left as it was") from exc


def check_site(paths: Paths) -> None:
    """Each build replaces the whole `--site` folder, so it must hold nothing else of the project."""
    site, root = paths.site.resolve(), paths.config.parent.resolve()
    for label, folder in (("the project", root), ("--docs", paths.docs), ("--data", paths.data)):
        if folder.resolve().is_relative_to(site):
            raise UsageError(f"--site {paths.site} holds {label} ({folder}), and each build replaces the whole "
                             "--site folder: choose a folder of its own")
    for label, folder in (("--docs", paths.docs), ("--data", paths.data), ("the engine's", root / ZENSICAL_SITE)):
        if site.is_relative_to(folder.resolve()):
            raise UsageError(f"--site {paths.site} lies inside {label} folder {folder}: choose a folder of its own")
    if site.exists() and not site.is_dir():
        raise UsageError(f"--site {paths.site} is a file, not a folder")


def publish_exports(site: Path, exports: dict[str, str | bytes]) -> None:
    """Files that go into the built site as they are, after the engine (see gpulist.publish.render).

    Written plainly, without a sync per file: `site` is the engine's own output folder, which
    replaces --site whole only once complete (see `build`), so a crash mid-way leaves the old
    site as it was; a sync for each of a thousand redirect pages cost a second."""
    try:
        for rel, content in exports.items():
            target = site / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            write_plain(target, content if isinstance(content, bytes) else content.encode("utf-8"))
    except OSError as exc:
        raise GpulistError(f"cannot write the site's exports: {exc.strerror}: {exc.filename}") from exc


def engine_env() -> dict[str, str]:
    """MkDocs 1.6 prints a banner about MkDocs 2 on every run; the move is under way."""
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
