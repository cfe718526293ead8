"""The guide's own words and marks: its introduction, its type emoji and its legend.

The README export reproduces the guide's format, emoji and all; the site shows the same
types with the theme's SVG icons instead (emoji need a font many systems lack), so only
the names and the introduction are shared with it.
"""

from __future__ import annotations

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


def intro(topics: int) -> str:
    """The list's introduction, counting its topics from the data: the guide had eleven,
    and a topic added (or merged) must not leave the home page saying otherwise."""
    count = _NUMBERS[topics] if topics < len(_NUMBERS) else f"{topics:,}"
    return (
        "A reading list for GPU performance engineering, from the CUDA programming model to "
        "tensor cores, attention kernels, compilers, profiling, inference systems and multi-GPU "
        f"training: {count} topics, each read in three tiers, from where to start to the frontier. "
        "Every link is checked weekly."
    )


TYPE_ICONS = {
    "paper": "📄", "blog": "📝", "video": "🎥", "book": "📚", "code": "💻",
    "docs": "📖", "course": "🎓", "tool": "🔧", "community": "💬", "exercise": "🧩",
}
TYPE_NAMES = {
    "paper": "paper", "blog": "blog post", "video": "video", "book": "book", "code": "code",
    "docs": "documentation", "course": "course", "tool": "tool", "community": "community",
    "exercise": "exercise",
}
NEW_BADGE = "✨"
FAVORITE_BADGE = "🔥"
NEW_LABEL = "new: among the latest additions"
FAVORITE_LABEL = "community favourite"


def legend(icons: dict[str, str] = TYPE_ICONS, new: str = NEW_BADGE, favorite: str = FAVORITE_BADGE) -> str:
    """The legend line of types, then the badges; the site passes its own icons."""
    kinds = [f"{icons[kind]} {TYPE_NAMES[kind]}" for kind in TYPE_NAMES]
    badges = [f"{new} {NEW_LABEL}", f"{favorite} {FAVORITE_LABEL}"]
    return " · ".join(kinds) + "\n\n" + " · ".join(badges) + "\n"
