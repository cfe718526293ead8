"""Shared options of build and serve: defaults follow the MkDocs config, not the cwd."""

from __future__ import annotations

import argparse
from pathlib import Path

from gpulist.cli.site_args import add_site_options, paths_from


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_site_options(parser)
    return parser.parse_args(list(argv))


def test_defaults_come_from_the_config(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: X\ndocs_dir: pages\n", encoding="utf-8")
    paths, settings, engine = paths_from(parse("--config", str(config)))
    assert paths.docs == tmp_path / "pages" and paths.site == tmp_path / "site"
    assert engine.generated_config(paths.layout) == tmp_path / ".gpulist-zensical.yml" and settings.site_name == "X"


def test_explicit_folders_win(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: X\n", encoding="utf-8")
    paths, _, _ = paths_from(parse("--config", str(config), "--docs", str(tmp_path / "d"), "--site", str(tmp_path / "s")))
    assert (paths.docs, paths.site) == (tmp_path / "d", tmp_path / "s")
