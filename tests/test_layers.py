"""The packages import one way: the site and the exports stand side by side on one view.

Walks the AST of every module of src/gpulist (imports inside functions included) and checks:

- `gpulist.site` and `gpulist.export` never import each other;
- `gpulist.view`, below both, imports neither of them, nor what is above them;
- only `gpulist.cli` (and `python -m gpulist`) imports `gpulist.cli`, and only it and `gpulist.publish` import
  `gpulist.publish`;
- no module imports a site engine (MkDocs, Material, Zensical): they run as programs;
- no two modules import each other, directly or through others: no import cycle.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "gpulist"
ENGINES = ("mkdocs", "material", "zensical")
# (importer, imported): a module under the first never imports one under the second.
FORBIDDEN = [
    ("gpulist.site", "gpulist.export"),
    ("gpulist.export", "gpulist.site"),
    ("gpulist.view", "gpulist.site"),
    ("gpulist.view", "gpulist.export"),
    ("gpulist.view", "gpulist.publish"),
    ("gpulist.view", "gpulist.cli"),
    ("gpulist.site", "gpulist.publish"),
    ("gpulist.export", "gpulist.publish"),
    ("gpulist.publish", "gpulist.cli"),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module `source` imports, relative imports resolved against `module`."""
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def modules() -> dict[str, set[str]]:
    return {module_name(p): imported_modules(p.read_text(encoding="utf-8"), module_name(p), p.name == "__init__.py")
            for p in sorted(PACKAGE.rglob("*.py"))}


ALL = modules()


@pytest.mark.parametrize(("importer", "imported"), FORBIDDEN)
def test_no_import_against_the_layers(importer: str, imported: str) -> None:
    offending = sorted(f"{mod} imports {name}" for mod, names in ALL.items() if under(mod, importer)
                       for name in names if under(name, imported))
    assert offending == []


def test_only_the_cli_imports_the_cli() -> None:
    offending = sorted(mod for mod, names in ALL.items() if not under(mod, "gpulist.cli")
                       and mod != "gpulist.__main__" and any(under(n, "gpulist.cli") for n in names))
    assert offending == []


def test_no_module_imports_a_site_engine() -> None:
    offending = sorted(f"{mod} imports {name}" for mod, names in ALL.items() for name in names
                       if name.split(".")[0] in ENGINES)
    assert offending == []


def test_the_walk_sees_every_kind_of_import() -> None:
    """What the checks above rely on: nested, relative and plain imports are all found."""
    source = "import mkdocs.config\ndef f():\n    from gpulist.export import readme\nfrom ..export.readme import x\n"
    names = imported_modules(source, "gpulist.site.card")
    assert {"mkdocs.config", "gpulist.export", "gpulist.export.readme.x"} <= names
    assert imported_modules("from . import text\n", "gpulist.view", is_package=True) >= {"gpulist.view.text"}


def test_the_packages_exist() -> None:
    """A renamed package would make every check above pass vacuously."""
    for package in ("gpulist.site", "gpulist.export", "gpulist.view", "gpulist.publish", "gpulist.cli"):
        assert package in ALL, package


def dependencies(names: set[str]) -> set[str]:
    """The modules of the package that `names` (an `imported_modules` set) load: `from pkg import
    sub` depends on the module `pkg.sub`, `from pkg.mod import name` on `pkg.mod`. A submodule
    importing its sibling through the package is no cycle: Python loads the package first."""
    found = {name for name in names if name in ALL}
    return {name for name in found if not any(other.startswith(name + ".") for other in found)}


def import_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of `graph` (module -> modules it imports), as the modules in it; [] when none."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as exc:
        return list(exc.args[1])
    return []


def test_no_import_cycle() -> None:
    """First that the check would see one (through a third module, and not in a submodule importing
    its sibling through their package), then that the package has none."""
    assert sorted(import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})) == ["a", "a", "b", "c"]
    names = imported_modules("from gpulist.contribute.metadata import arxiv\nfrom gpulist.files import write_new\n",
                             "gpulist.contribute.metadata.dispatch")
    assert dependencies(names) == {"gpulist.contribute.metadata.arxiv", "gpulist.files"}
    graph = {mod: dependencies(names) - {mod} for mod, names in ALL.items()}
    assert import_cycle(graph) == []
