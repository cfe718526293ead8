"""The reader's browser scripts keep their shape: one module per concern, each short, all loaded.

docs/assets/javascripts/reader/ holds one module per concern (base.js says which); these
checks keep it so as modules are added: each under 300 lines, each listed once in mkdocs.yml's
`extra_javascript` as a deferred script, base.js first (it defines what the others register
with), and each module's head naming what it is, as base.js's list does.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
READER = REPO / "docs" / "assets" / "javascripts" / "reader"
MAX_LINES = 300


def listed() -> list[dict[str, object]]:
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    return [s for s in config["extra_javascript"] if "javascripts/reader/" in str(s["path"])]


def test_every_module_is_short() -> None:
    long = {p.name: n for p in READER.glob("*.js") if (n := len(p.read_text(encoding="utf-8").splitlines())) >= MAX_LINES}
    assert long == {}, f"split these into modules of one concern each: {long}"


def test_every_module_is_listed_once_deferred_base_first() -> None:
    scripts = listed()
    names = [Path(str(s["path"])).name for s in scripts]
    assert names[0] == "base.js"
    assert sorted(names) == sorted(p.name for p in READER.glob("*.js")), "a module missing from mkdocs.yml, or a stray entry"
    assert len(set(names)) == len(names)
    assert all(s.get("defer") is True for s in scripts), "every module is deferred: none may hold up the first paint"


def test_base_names_every_module_and_each_registers_on_the_namespace() -> None:
    base = (READER / "base.js").read_text(encoding="utf-8")
    named = set(re.findall(r"^ \*   ([a-z-]+\.js) ", base, flags=re.MULTILINE))
    assert named == {p.name for p in READER.glob("*.js")}, "base.js's list of modules is out of date"
    for path in READER.glob("*.js"):
        if path.name != "base.js":
            text = path.read_text(encoding="utf-8")
            assert text.rstrip().endswith("})(window.gpulist);"), f"{path.name} works on the shared namespace"
