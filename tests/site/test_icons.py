"""The site's icons: every one has a rule, and the rules are the theme's own SVG icons."""

from __future__ import annotations

import re
import subprocess
import sys

from gpulist.site.icons import ARCHIVED, FAVORITE, NAMES, NEW, STARS, TYPE_ICONS, icon

from tests.site.conftest import REPO

CSS = REPO / "docs" / "assets" / "stylesheets" / "icons.css"


def test_every_icon_has_a_rule() -> None:
    rules = set(re.findall(r"^\.gi-([a-z-]+) \{ --gpulist-icon: url\('data:image/svg\+xml;",
                           CSS.read_text(encoding="utf-8"), re.MULTILINE))
    assert set(NAMES) <= rules


def test_rules_match_the_theme_icons() -> None:
    """icons.css is what scripts/icons_css.py makes from the installed theme's .icons."""
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "icons_css.py"), "--check"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


def test_an_icon_has_a_name_for_screen_readers() -> None:
    assert icon("paper", "paper") == '<i class="gi gi-paper" role="img" aria-label="paper"></i>'
    assert 'aria-label="blog post"' in TYPE_ICONS["blog"]


def test_every_icon_shown_is_named() -> None:
    """NAMES comes from the icon files' table: each type and badge shown must be in it, or icons.css lacks its rule."""
    shown = re.findall(r'class="gi gi-([a-z-]+)"', "".join([*TYPE_ICONS.values(), NEW, FAVORITE, STARS, ARCHIVED]))
    assert len(shown) == len(TYPE_ICONS) + 4 and set(shown) <= set(NAMES)
