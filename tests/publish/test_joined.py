"""extra_css joined into one stylesheet and deferred extra_javascript into one script: order,
labels, what is left to the engine, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.problems import GpulistError
from gpulist.publish.joined import SCRIPT, SCRIPTS, STYLESHEET, engine_entries, engine_extra_css, joined

from tests.site.conftest import REPO


def css(docs: Path, rel: str, text: str) -> None:
    (docs / rel).parent.mkdir(parents=True, exist_ok=True)
    (docs / rel).write_text(text, encoding="utf-8")


def test_joins_in_order_each_file_labelled(tmp_path: Path) -> None:
    css(tmp_path, "assets/b.css", ".b { color: red; }\n\n")
    css(tmp_path, "assets/a.css", ".a { color: blue; }")
    mkdocs = {"extra_css": ["assets/b.css", "/assets/a.css"]}
    assert joined(tmp_path, mkdocs) == {
        STYLESHEET: "/* assets/b.css */\n.b { color: red; }\n\n/* /assets/a.css */\n.a { color: blue; }\n"}
    assert engine_extra_css(tmp_path, mkdocs) == [STYLESHEET]


def test_addresses_missing_files_and_the_joined_file_are_not_joined(tmp_path: Path) -> None:
    css(tmp_path, "a.css", ".a {}")
    css(tmp_path, STYLESHEET, "/* last build's copy */")
    mkdocs = {"extra_css": ["https://cdn.example/x.css", "a.css", "gone.css", "//cdn.example/y.css", STYLESHEET]}
    assert joined(tmp_path, mkdocs) == {STYLESHEET: "/* a.css */\n.a {}\n"}
    assert engine_extra_css(tmp_path, mkdocs) == [STYLESHEET, "https://cdn.example/x.css", "gone.css",
                                                  "//cdn.example/y.css"]


@pytest.mark.parametrize("extra_css", [None, []])
def test_no_stylesheets_no_file(tmp_path: Path, extra_css: list[str] | None) -> None:
    assert joined(tmp_path, {"extra_css": extra_css}) == {}
    assert engine_extra_css(tmp_path, {"extra_css": extra_css}) == []


@pytest.mark.parametrize("extra_css", ["assets/a.css", [{"path": "a.css"}], [3]])
def test_extra_css_that_is_not_a_list_of_paths_is_an_error(tmp_path: Path, extra_css: object) -> None:
    with pytest.raises(GpulistError, match="extra_css must be a list of stylesheet paths"):
        joined(tmp_path, {"extra_css": extra_css})


def test_a_stylesheet_that_cannot_be_read_is_named(tmp_path: Path) -> None:
    css(tmp_path, "real.css", ".a {}")
    (tmp_path / "linked.css").symlink_to(tmp_path / "real.css")
    (tmp_path / "latin1.css").write_bytes(b"/* caf\xe9 */")
    for rel in ("linked.css", "latin1.css"):
        with pytest.raises(GpulistError, match=f"extra_css names {rel}, which cannot be read"):
            joined(tmp_path, {"extra_css": [rel]})


def test_the_projects_stylesheets_are_all_joined() -> None:
    """mkdocs.yml's four files, as `gpulist build` joins them."""
    from gpulist.view.config import merged_config

    mkdocs = merged_config(REPO / "mkdocs.yml")
    text = joined(REPO / "docs", mkdocs)[STYLESHEET]
    for rel in mkdocs["extra_css"]:
        assert (REPO / "docs" / rel).read_text(encoding="utf-8").strip() in text, rel


def test_deferred_scripts_join_in_order_where_the_first_stood(tmp_path: Path) -> None:
    """A script that is not deferred runs where it stands, an async one or a module whenever it
    loads: those keep their own tags, as do addresses; a separator ends each file's statement."""
    for rel in ("first.js", "inline.js", "reader/b.js", "reader/a.js", "later.js"):
        css(tmp_path, rel, f"(function () {{ /* {rel} */ }})()")
    mkdocs = {"extra_javascript": [{"path": "first.js", "async": True, "defer": True}, "inline.js",
                                   {"path": "reader/b.js", "defer": True}, "https://cdn.example/x.js",
                                   {"path": "reader/a.js", "defer": True}, {"path": "later.js", "type": "module"},
                                   {"path": "gone.js", "defer": True}, {"path": SCRIPT, "defer": True}]}
    text = joined(tmp_path, mkdocs)[SCRIPT]
    assert text == ("/* reader/b.js */\n(function () { /* reader/b.js */ })()\n;\n\n"
                    "/* reader/a.js */\n(function () { /* reader/a.js */ })()\n;\n")
    assert engine_entries(tmp_path, mkdocs, SCRIPTS) == [
        {"path": "first.js", "async": True, "defer": True}, "inline.js", {"path": SCRIPT, "defer": True},
        "https://cdn.example/x.js", {"path": "later.js", "type": "module"}, {"path": "gone.js", "defer": True}]


@pytest.mark.parametrize("extra_javascript", ["a.js", [{"defer": True}], [3]])
def test_extra_javascript_that_is_not_a_list_of_scripts_is_an_error(tmp_path: Path, extra_javascript: object) -> None:
    with pytest.raises(GpulistError, match="extra_javascript must be a list of script paths"):
        joined(tmp_path, {"extra_javascript": extra_javascript})


def test_the_projects_scripts_are_all_joined_and_each_runs_on_its_own() -> None:
    """mkdocs.yml's scripts are all deferred files of ours: one file, in mkdocs.yml's order."""
    from gpulist.view.config import merged_config

    mkdocs = merged_config(REPO / "mkdocs.yml")
    text = joined(REPO / "docs", mkdocs)[SCRIPT]
    at = [text.index(f"/* {s['path']} */") for s in mkdocs["extra_javascript"]]
    assert at == sorted(at) and len(at) > 5
    assert engine_entries(REPO / "docs", mkdocs, SCRIPTS) == [{"path": SCRIPT, "defer": True}]
