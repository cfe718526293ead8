"""The room a long A–Z list holds while the browser skips it off screen.

The book's index (about 750 terms) and the concepts A–Z are most of their pages' height, and
most of the style and layout work a phone does to load them, again each time a script touches
the whole page (the themes rewrite every link's address, and switch the palette, as a page
starts). `content-visibility: auto` (gpulist.css) lets the browser skip a list until it nears
the viewport. A skipped list is a box of the height its `contain-intrinsic-block-size` names,
and what it holds is placed inside that box when something measures it. axe (in Lighthouse and
in tests/browser) measures every link: where a list holds more than its box, its links overlap
the next list's and fail the touch-target rule, which is why a guessed height was once given
up. So each list reserves an upper bound of its height, from its own text: each item counted
as lines of at most CHARS characters, fewer than the narrowest phone's column holds (WIDE_CHARS
from 60em, where the page is wider), each line LINE_EM high, plus the gap between items. Once
drawn, `auto` keeps the list's real height. tests/browser/test_concepts.py checks the bound
at 320 and 961 px, where each layout's column is narrowest (on the real list it held at every
width from 320 to 1920 px, with 14% to spare at the tightest).
"""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil

CHARS = 22  # characters per line on a 320 px phone (about 26 fit: the refs are smaller still)
WIDE_CHARS = 30  # from 60em: a column of the two-column concepts A–Z holds about 45
LINE_EM = 1.8  # the taller of the themes' line heights (Zensical's; Material's is 1.6)
GAP_EM = 0.4  # the gap between items (gpulist.css)


def reserve_style(texts: Iterable[str], wide_columns: int = 1) -> str:
    """` style="--gpulist-reserve:…em;--gpulist-reserve-wide:…em"` for a list of these items' texts,
    set in `wide_columns` columns from 60em (gpulist.css: the concepts A–Z in two)."""
    lengths = [len(t) for t in texts]
    narrow = sum(ceil(n / CHARS) * LINE_EM + GAP_EM for n in lengths)
    wide = sum(ceil(n / WIDE_CHARS) * LINE_EM + GAP_EM for n in lengths) / wide_columns
    # Rounded first: 40 lines of 2.2em add up to 88.00000000000001, not to be kept as 89.
    return f' style="--gpulist-reserve:{ceil(round(narrow, 3))}em;--gpulist-reserve-wide:{ceil(round(wide, 3))}em"'
