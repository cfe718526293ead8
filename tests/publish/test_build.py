"""Build smoke test: `gpulist build` on the fixture catalog builds strictly, offline, with each engine.

One build per engine (module-scoped) of the fixture catalog plus a hostile entry whose
authors, venue and link titles carry HTML that `gpulist validate` does not police; the
built HTML must show them as text. Takes a few seconds per engine.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml

from gpulist.cli import main
from gpulist.publish.engine import ENGINES
from gpulist.publish.joined import SCRIPT, STYLESHEET

from tests.site.conftest import FIXTURE, REPO, unsafe_markup

HOSTILE = """title: Hostile but valid
url: https://example.org/hostile
type: blog
topic: attention
tier: 2
authors: ["<script>alert('author')</script>", "Eve <img src=x onerror=alert(1)>"]
venue: "<iframe src=javascript:alert(1)>"
links:
  - {title: "<b onmouseover=alert(1)>hover</b>", url: "https://example.org/x"}
added: 2025-01-01
effort: hour
notes:
  - Shows where a GPU kernel spends its time and what to optimise first.
"""


def make_project(tmp_path: Path) -> Path:
    """A copy of the project's site skeleton: mkdocs.yml, overrides/ and the committed assets."""
    shutil.copy(REPO / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", tmp_path / "overrides")
    shutil.copytree(REPO / "docs" / "assets", tmp_path / "docs" / "assets")
    shutil.copytree(FIXTURE, tmp_path / "data")
    return tmp_path


def gpu_source_urls(data: Path) -> set[str]:
    """The addresses data/gpus.yml cites: each source's own and the copy it was read in."""
    sources = yaml.safe_load((data / "gpus.yml").read_text(encoding="utf-8"))["sources"]
    return {url for s in sources for url in (s.get("url"), (s.get("via") or {}).get("url")) if url}


SITE_URL = "https://example.test/gpulist/"
REPO_URL = "https://github.com/test-org/gpulist"


def build(project: Path, engine: str, *extra: str) -> int:
    return main(["build", "--data", str(project / "data"), "--config", str(project / "mkdocs.yml"),
                 "--engine", engine, *extra])


@pytest.fixture(scope="module", params=ENGINES)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = make_project(tmp_path_factory.mktemp(f"project-{request.param}"))
    (project / "data" / "resources" / "hostile.yml").write_text(HOSTILE, encoding="utf-8")
    assert build(project, request.param, "--site-url", SITE_URL, "--repo-url", REPO_URL) == 0
    return project


def engine_of(project: Path) -> str:
    return "zensical" if (project / ".gpulist-zensical.yml").is_file() else "mkdocs"


def search_docs(project: Path) -> list[dict[str, str]]:
    """The built search index's documents (location, title, text), whichever engine wrote it."""
    if engine_of(project) == "zensical":
        return json.loads((project / "site" / "search.json").read_text(encoding="utf-8"))["items"]
    return json.loads((project / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def search_config(project: Path) -> dict[str, object]:
    name = "search.json" if engine_of(project) == "zensical" else "search/search_index.json"
    return json.loads((project / "site" / name).read_text(encoding="utf-8"))["config"]


def test_expected_files(built: Path) -> None:
    site = built / "site"
    for path in ["index.html", "start-here/index.html", "topics/attention/index.html", "tags/index.html",
                 "tags/cuda/index.html", "concepts/index.html", "concepts/cuda/index.html", "recent/index.html",
                 "all-resources/index.html", "concepts.json", "llms.txt",
                 "README.md", "resources.json", "feed.xml", "assets/javascripts/resources-table.js",
                 "assets/stylesheets/gpulist.css"]:
        assert (site / path).is_file(), path
    assert not (built / "docs" / "index.md").read_text(encoding="utf-8") == ""
    assert search_docs(built)


def test_readme_is_published_as_it_is(built: Path) -> None:
    """The README export sits beside the site as Markdown, the same file `gpulist export readme` writes."""
    out = built / "exported.md"
    assert main(["export", "readme", "--data", str(built / "data"), "--config", str(built / "mkdocs.yml"),
                 "--output", str(out)]) == 0
    assert (built / "site" / "README.md").read_text(encoding="utf-8") == out.read_text(encoding="utf-8")
    assert not (built / "site" / "README").exists() and not (built / "site" / "list").exists()


def test_feed_is_advertised_on_every_page(built: Path) -> None:
    html = (built / "site" / "topics" / "attention" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<link rel="alternate" type="application/atom\+xml" [^>]*href="\.\./\.\./feed\.xml"', html)


def test_entry_anchor_is_its_id(built: Path) -> None:
    html = (built / "site" / "topics" / "attention" / "index.html").read_text(encoding="utf-8")
    assert '<h3 id="flashattention-2">' in html
    concept = (built / "site" / "concepts" / "cuda" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../topics/attention/#flashattention-2"' in concept


def test_search_index_has_entries_but_not_listings(built: Path) -> None:
    locations = {doc["location"] for doc in search_docs(built)}
    assert "topics/attention/#flashattention-3" in locations
    for excluded in ("tags/", "all-resources/", "start-here/", "recent/"):
        assert not any(loc.startswith(excluded) for loc in locations), excluded
    assert not any(loc.split("#")[0] in ("concepts/", "concepts/index.html") for loc in locations), "the concept index"
    assert not any(loc == "" or loc.startswith("#") for loc in locations), "the home page repeats entries"


def test_old_tag_addresses_redirect_to_their_concept_pages(built: Path) -> None:
    """tags/<id>/ grew into concepts/<id>/; links out in the world still arrive."""
    for old, new in (("tags/cuda/index.html", "concepts/cuda/"), ("tags/index.html", "concepts/")):
        html = (built / "site" / old).read_text(encoding="utf-8")
        target = re.search(r'http-equiv="refresh" content="0; url=([^"]+)"', html).group(1)
        assert (built / "site" / old).parent.joinpath(target).resolve() == (built / "site" / new).resolve()
        assert (built / "site" / new / "index.html").is_file()
        assert f'<a href="{target}">' in html
    assert [d["location"] for d in search_docs(built) if d["location"].startswith("tags/")] == []


def test_search_separator_keeps_product_names_findable(built: Path) -> None:
    separator = re.compile(str(search_config(built)["separator"]))
    tokens = {t.lower() for t in separator.split("FlashAttention-3 with cuBLAS, FP8 and NCCL 2.1") if t}
    assert {"flash", "attention", "3", "cublas", "fp8", "nccl", "2.1"} <= tokens


def test_hostile_text_is_inert_in_built_html(built: Path) -> None:
    html = (built / "site" / "topics" / "attention" / "index.html").read_text(encoding="utf-8")
    card = html[html.index('id="hostile"'):]
    card = card[: card.index("<h", 10)]
    assert unsafe_markup(card) == []
    assert "&lt;script&gt;alert(&#39;author&#39;)&lt;/script&gt;" in card or "&lt;script&gt;" in card


def external_loads(html: str) -> list[str]:
    """URLs a browser would fetch from another host while loading the page."""
    from html.parser import HTMLParser

    fetching_rels = {"stylesheet", "icon", "preload", "modulepreload", "preconnect", "dns-prefetch", "manifest"}
    found: list[str] = []

    class Collector(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            url = None
            if tag in ("script", "img", "iframe", "audio", "video", "source"):
                url = a.get("src")
            elif tag == "link" and set((a.get("rel") or "").split()) & fetching_rels:
                url = a.get("href")
            if url and re.match(r"^(https?:)?//", url):
                found.append(f"{tag}: {url}")

    Collector().feed(html)
    return found


def test_pages_contact_no_other_host(built: Path) -> None:
    """No script, stylesheet, font or image is loaded from anywhere but the site itself."""
    for page in (built / "site").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert external_loads(text) == [], page
        assert "fonts.googleapis" not in text and 'data-md-component="source"' not in text


def test_rebuild_leaves_unchanged_pages_alone(built: Path) -> None:
    page = built / "docs" / "topics" / "attention.md"
    before = page.stat().st_mtime_ns
    again = build(built, engine_of(built), "--no-engine", "--site-url", SITE_URL, "--repo-url", REPO_URL)
    assert again == 0 and page.stat().st_mtime_ns == before


def test_external_loads_detects_off_site_assets() -> None:
    html = ('<link rel="stylesheet" href="https://cdn.example/x.css"><script src="//cdn.example/x.js"></script>'
            '<link rel="canonical" href="https://site.example/"><img src="assets/local.png">')
    assert external_loads(html) == ["link: https://cdn.example/x.css", "script: //cdn.example/x.js"]


def test_concept_pages_are_searched_but_not_the_concept_index(built: Path) -> None:
    """The index names every concept and the book's terms, and would outrank the pages themselves
    (a search for NCCL once listed NCCL_* variables); each concept page is a result of its own."""
    assert (built / "site" / "concepts" / "index.html").is_file()
    locations = [d["location"] for d in search_docs(built)]
    assert [loc for loc in locations if loc.split("#")[0] in ("concepts/", "concepts/index.html")] == []
    assert {"concepts/kv-cache/", "concepts/cuda/"} <= {loc.split("#")[0] for loc in locations}


def material_search(built: Path, *queries: str) -> list[list[str]]:
    """Results of Material's own search worker (run in Node) on the built index."""
    spec = importlib.util.find_spec("material")
    assert spec is not None and spec.submodule_search_locations
    workers = Path(next(iter(spec.submodule_search_locations))) / "templates/assets/javascripts/workers"
    worker = next(workers.glob("search.*.min.js"))
    script = Path(__file__).with_name("material_search.js")
    index = built / "site" / "search" / "search_index.json"
    run = subprocess.run(["node", str(script), str(worker), str(index), *queries],
                         capture_output=True, text=True, timeout=60, check=True)
    return [json.loads(line) for line in run.stdout.splitlines()]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to run Material's search worker")
def test_search_finds_entries_by_name_author_and_note(built: Path) -> None:
    """Material's worker, headless; Zensical's search is run in Chromium (tests/browser)."""
    if engine_of(built) != "mkdocs":
        pytest.skip("Material's search worker reads MkDocs' index; tests/browser searches Zensical's")
    fa3, fp8, author, note, tricky = material_search(
        built, "FlashAttention-3", "FP8", "Tri Dao", "warp specialization", "pipes_and_underscores")
    entries = [[loc for loc in result if loc.startswith("topics/")] for result in (fa3, fp8, author, note, tricky)]
    assert entries[0][0] == "topics/attention/#flashattention-3"
    assert "topics/attention/#flashattention-3" in entries[1]
    assert {"topics/attention/#flashattention-2", "topics/attention/#flashattention-3"} <= set(entries[2])
    assert "topics/attention/#flashattention-3" in entries[3]
    assert "topics/attention/#tricky-title" in entries[4]
    assert not any(loc.startswith(("tags/cuda", "all-resources", "start-here")) for loc in fa3 + fp8 + author)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to run Material's search worker")
def test_a_concept_title_or_alias_finds_its_page_first(built: Path) -> None:
    """Ahead of the entries that mention it: "KV cache", its alias "paged KV", and "FP8" (an
    entry's chip and notes say FP8 too)."""
    if engine_of(built) != "mkdocs":
        pytest.skip("Material's search worker reads MkDocs' index; tests/browser searches Zensical's")
    kv, alias, fp8 = material_search(built, "KV cache", "paged KV", "FP8")
    assert kv[0].split("#")[0] == "concepts/kv-cache/"
    assert alias[0].split("#")[0] == "concepts/kv-cache/"
    assert fp8[0].split("#")[0] == "concepts/fp8/"


def internal_links(html: str) -> list[str]:
    """Every href and src of a page that stays on the site."""
    return [m for m in re.findall(r'(?:href|src)="([^"]*)"', html)
            if not re.match(r"^([a-z][a-z0-9+.-]*:|//)", m, re.IGNORECASE)]


def broken_links(site: Path, base: str = "/") -> list[str]:
    """Links to a missing file or a missing anchor, from every built page. The listings and
    cards link in raw HTML, which MkDocs passes through without checking. `base` is the
    site's path on its host (404.html links from there, as it is served at any depth)."""
    ids: dict[Path, set[str]] = {}
    broken = []
    for page in sorted(site.rglob("*.html")):
        for link in sorted(set(internal_links(page.read_text(encoding="utf-8")))):
            path, _, anchor = link.partition("#")
            path = unquote(path)  # as a web server reads it: README%2Emd is README.md
            if path.startswith(base):
                path = str(site) + "/" + path[len(base):]
            target = (page.parent / path).resolve() if path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{page.relative_to(site)}: {link} (no such file)")
            elif anchor and target.suffix == ".html":
                if target not in ids:
                    ids[target] = set(re.findall(r'\bid="([^"]+)"', target.read_text(encoding="utf-8")))
                if anchor not in ids[target]:
                    broken.append(f"{page.relative_to(site)}: {link} (no such anchor)")
    return broken


def test_every_link_on_the_site_leads_somewhere(built: Path) -> None:
    assert broken_links(built / "site", urlsplit(SITE_URL).path) == []


def test_broken_links_finds_missing_pages_and_anchors(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<h3 id="here">x</h3><a href="#here">ok</a>', encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<a href="a/#here">ok</a><a href="a/#gone">anchor</a><a href="b/">page</a>'
        '<a href="https://example.org/x">off-site</a>', encoding="utf-8")
    assert broken_links(tmp_path) == ["index.html: a/#gone (no such anchor)", "index.html: b/ (no such file)"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_site_built_outside_the_checkout_and_a_failed_rebuild_that_leaves_it(
        engine: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """A temporary or CI folder outside the project is an ordinary --site, under either engine;
    the build is moved there whole, and a build that fails leaves the previous site as it was."""
    (tmp_path / "checkout").mkdir()
    project = make_project(tmp_path / "checkout")
    out = tmp_path_factory.mktemp("ci-output") / "public"
    assert build(project, engine, "--site", str(out)) == 0
    assert {"index.html", "README.md", "gpulist.bib", "resources.json", "gpulist.apkg", "gpulist-anki.txt"} <= {
        p.name for p in out.iterdir()}
    assert (out / "gpulist.apkg").read_bytes().startswith(b"PK"), "the package is published as bytes, a zip"
    assert (out / "topics" / "attention" / "index.html").is_file() and not (project / "site").exists()
    assert sorted(p.name for p in out.parent.iterdir()) == ["public"], "no staging folder left beside it"
    assert not (project / ".gpulist-site").exists()
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (project / "overrides" / "main.html").write_text("{% extends 'base.html' %}{% block %}", encoding="utf-8")
    assert build(project, engine, "--site", str(out)) != 0
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["public"]


def head_meta(html: str) -> dict[str, str]:
    """The page's <meta property|name=... content=...> and its canonical link, as a browser reads them."""
    from html.parser import HTMLParser

    found: dict[str, str] = {}

    class Collector(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if tag == "meta" and (a.get("property") or a.get("name")) and a.get("content") is not None:
                found[str(a.get("property") or a.get("name"))] = str(a["content"])
            elif tag == "link" and a.get("rel") == "canonical":
                found["canonical"] = str(a.get("href"))

    Collector().feed(html[: html.index("</head>")])
    return found


def test_every_page_carries_sharing_metadata(built: Path) -> None:
    """Open Graph and Twitter card tags from what the build knows; og:url is the canonical address."""
    for page in sorted((built / "site").rglob("*.html")):
        meta = head_meta(page.read_text(encoding="utf-8"))
        where = page.relative_to(built / "site")
        assert meta["og:type"] == "website" and meta["twitter:card"] == "summary", where
        assert meta["og:site_name"] == "GPU performance engineering reading list", where
        assert meta["og:title"] and meta["og:description"], where
        if where.parts[0] == "tags":  # an old address, whose canonical is the concept page it moved to
            url = SITE_URL + "concepts/" + ("/".join(where.parts[1:-1]) + "/" if len(where.parts) > 2 else "")
            assert meta["og:url"] == meta["canonical"] == url, where
        elif where.name == "index.html":
            url = SITE_URL + str(where.parent).removeprefix(".") + ("/" if where.parent != Path(".") else "")
            assert meta["og:url"] == meta["canonical"] == url, where
    assert not any("og:image" in p.read_text(encoding="utf-8") for p in (built / "site").rglob("*.html"))


def test_every_engine_page_loads_one_stylesheet_and_one_script_of_ours_and_defers_every_script(built: Path) -> None:
    """Lighthouse's mobile first paint waits for each stylesheet and for a script without `defer`:
    gpulist's four stylesheets come as one joined file, its scripts (the table's and the reader's
    modules) as one deferred file, and the theme's bundle is deferred."""
    joined = (built / "site" / STYLESHEET).read_text(encoding="utf-8")
    for name in ("icons", "gpulist", "resources-table", "reader"):
        source = (built / "docs" / "assets" / "stylesheets" / f"{name}.css").read_text(encoding="utf-8")
        assert f"/* assets/stylesheets/{name}.css */\n{source.rstrip()}\n" in joined, name
    script = (built / "site" / SCRIPT).read_text(encoding="utf-8")
    scripts_dir = built / "docs" / "assets" / "javascripts"
    modules = sorted(scripts_dir.rglob("*.js"))
    # Third-party code (ts-fsrs, MiniSearch) and the search's engine and worker stay out of the
    # joined script: the Review page loads ts-fsrs, and the search loads the rest when a reader
    # first opens it (docs/assets/javascripts/search/ui.js), never with a page.
    vendored = [p for p in modules if p.relative_to(scripts_dir).parts[0] == "vendor"]
    search_lazy = [p for p in modules if p.name in ("words.js", "intent.js", "engine.js", "worker.js")]
    lazy = vendored + search_lazy
    assert vendored and len(search_lazy) == 4
    assert not any(p.read_text(encoding="utf-8")[:2000] in script for p in lazy)
    assert all((built / "site" / p.relative_to(built / "docs")).is_file() for p in lazy)
    assert len(modules) > 5 and all(p.read_text(encoding="utf-8").rstrip() in script for p in modules
                                    if p.name != "site.js" and p not in lazy)
    checked = 0
    for page in sorted((built / "site").rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        if "<script src=" not in html:
            continue  # a redirect page from an old tag address
        where = page.relative_to(built / "site")
        styles = re.findall(r'<link rel="stylesheet" href="[^"]*?(assets/stylesheets/[^"]+\.css)"', html)
        assert [s for s in styles if not s.endswith(".min.css")] == [STYLESHEET], where  # the rest: the theme's
        ours = re.findall(r'<script src="[^"]*?(assets/javascripts/[^"/]+\.js)"', html)
        assert [s for s in ours if ".min." not in s] == [SCRIPT], where
        scripts = re.findall(r"<script src=[^>]*>", html)
        assert scripts and all(" defer>" in tag for tag in scripts), (where, scripts)
        checked += 1
    assert checked >= 15


def test_topic_concept_and_path_pages_describe_themselves(built: Path) -> None:
    def meta(page: str) -> tuple[str, str]:
        found = head_meta((built / "site" / page / "index.html").read_text(encoding="utf-8"))
        return found["og:title"], found["og:description"]

    assert meta("topics/attention") == ("Attention & Memory-Bound Kernels",
                                        "FlashAttention and its successors (FA2, FA3), and paged attention.")
    assert meta("concepts/cuda") == ("CUDA", "NVIDIA's GPU programming platform.")
    assert meta("tags/cuda") == ("CUDA", "NVIDIA's GPU programming platform.")
    assert meta("paths/attention-only") == ("Attention <only> & more", "Two attention papers, in order.")
    assert meta(".") == ("GPU performance engineering reading list",
                         "The GPU performance engineering reading list, kept as data.")


def folders_without_an_index(site: Path, base: str = "/") -> list[str]:
    """Folders of pages the site links to (and of every page) that have no page of their own:
    an address trimmed to one of them (`paths/` from `paths/x/`) is a 404 on a static host.
    Folders of files that are no pages (assets/stylesheets/) are nobody's address."""
    folders: set[Path] = set()
    for page in site.rglob("*.html"):
        folders.add(page.parent)
        for link in internal_links(page.read_text(encoding="utf-8")):
            path = link.partition("#")[0].partition("?")[0]
            path = str(site) + "/" + path[len(base):] if path.startswith(base) else path
            target = Path(os.path.normpath(page.parent / path)) if path else page
            if target.is_dir() or target.suffix == ".html":
                folders.add(target if target.is_dir() else target.parent)
    within = {f for folder in folders for f in (folder, *folder.parents) if f.is_relative_to(site)}
    return sorted(str(f.relative_to(site)) for f in within if not (f / "index.html").is_file())


def test_every_folder_the_site_links_to_has_a_page(built: Path, tmp_path: Path) -> None:
    """First that the walk finds a trimmed address that would 404 (and ignores asset folders), then the site."""
    (tmp_path / "paths" / "a").mkdir(parents=True)
    (tmp_path / "assets" / "css").mkdir(parents=True)
    (tmp_path / "paths" / "a" / "index.html").write_text('<a href="../../">home</a>', encoding="utf-8")
    (tmp_path / "index.html").write_text('<a href="paths/a/">a</a><link href="assets/css/x.css">', encoding="utf-8")
    (tmp_path / "assets" / "css" / "x.css").write_text("", encoding="utf-8")
    assert folders_without_an_index(tmp_path) == ["paths"]
    assert folders_without_an_index(built / "site", urlsplit(SITE_URL).path) == []
    paths = (built / "site" / "paths" / "index.html").read_text(encoding="utf-8")
    assert "From the textbook to a serving engine, in four steps." in paths and "data-gpulist-progress" in paths
    assert "FlashAttention and its successors" in (built / "site" / "topics" / "index.html").read_text(encoding="utf-8")


def test_llms_txt_lists_topics_concepts_and_paths_and_every_link_resolves(built: Path) -> None:
    """llms.txt (llmstxt.org) at the root: the name, one line on the site, then Markdown links that
    each lead to a built page (or file) of the site."""
    text = (built / "site" / "llms.txt").read_text(encoding="utf-8")
    assert text.startswith("# GPU performance engineering reading list\n\n> The GPU performance engineering "
                           "reading list, kept as data.\n")
    links = re.findall(r"^- \[(?:[^\]\\]|\\.)+\]\(([^)]+)\): \S", text, re.MULTILINE)
    assert {"## Topics", "## Concepts", "## Reading paths"} <= set(text.splitlines())
    assert SITE_URL + "topics/attention/" in links and SITE_URL + "concepts/cuda/" in links
    assert SITE_URL + "paths/first-steps/" in links and len(links) >= 3 + 5 + 2
    for url in links:
        assert url.startswith(SITE_URL), url
        target = built / "site" / url[len(SITE_URL):]
        assert (target / "index.html").is_file() if url.endswith("/") else target.is_file(), url


PUBLISHING_ENV = ("GITHUB_REPOSITORY", "GITHUB_SERVER_URL", "GPULIST_SITE_URL", "GPULIST_REPO_URL", "GPULIST_EDIT_URI")


@pytest.fixture
def bare_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No publishing settings from the environment (CI runs under GitHub Actions)."""
    for name in PUBLISHING_ENV:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def built_html(project: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((project / "site").rglob("*.html")))


@pytest.mark.parametrize("engine", ENGINES)
def test_github_repository_names_the_repository_and_edit_links(engine: str, bare_env: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    """A fork builds its own site without editing a file: GitHub Actions names the repository."""
    project = make_project(tmp_path)
    bare_env.setenv("GITHUB_REPOSITORY", "acme/list")
    assert build(project, engine) == 0
    html = built_html(project)
    assert "your-github-org" not in html and "test-org" not in html
    edits = re.findall(r'class="gpulist-edit" href="([^"]+)"', html)
    assert edits and all(e.startswith("https://github.com/acme/list/edit/main/data/resources/") for e in edits)
    assert "https://github.com/acme/list/edit/main/data/resources/flashattention-2.yml" in edits
    assert 'href="https://github.com/acme/list"' in html, "the header links to the repository"
    assert '<a href="README%2Emd">README.md</a>' in html


@pytest.mark.parametrize("engine", ENGINES)
def test_without_settings_no_repository_link_and_no_edit_links(engine: str, bare_env: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    project = make_project(tmp_path)
    assert build(project, engine) == 0
    html = built_html(project)
    assert "gpulist-edit" not in html and "md-source" not in html
    catalog = json.loads((project / "site" / "resources.json").read_text(encoding="utf-8"))
    listed = {r["url"] for r in catalog["resources"]} | {x["url"] for r in catalog["resources"] for x in r["links"]}
    listed |= gpu_source_urls(project / "data")  # the GPU page cites repositories (ROCm's own docs)
    assert set(re.findall(r'href="(https://github\.com/[^"]*)"', html)) <= listed, "only the data's own links"
    assert catalog["site_url"] is None and {r["edit_url"] for r in catalog["resources"]} == {None}
    assert (project / "site" / "README.md").is_file()
    home = head_meta((project / "site" / "index.html").read_text(encoding="utf-8"))
    assert "og:url" not in home and "canonical" not in home and home["og:title"], "no address, no og:url"
