"""The guide's mojibake must come back exactly, including bytes the bad decode dropped."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gpulist.seeds.mojibake import (
    GUIDE_SYMBOLS, PUNCTUATION, REPLACEMENT, punctuation_by_context, repair, repair_greek,
)

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "seeds" / "000_guide.txt"


def garble(text: str) -> str:
    """The damage done to the seed: UTF-8 read as cp1254, undefined bytes dropped."""
    return text.encode("utf-8").decode("cp1254", errors="ignore")


def test_two_byte_and_three_byte_sequences() -> None:
    assert repair("GordiÄ‡") == "Gordić"
    assert repair("profiling â†’ kernels") == "profiling → kernels"


def test_blog_icon_keeps_the_following_space() -> None:
    assert repair("ğŸ“ **Title**") == "📝 **Title**"


def test_icons_missing_a_middle_byte() -> None:
    assert repair("ğŸ¥ **Talk**") == "🎥 **Talk**"
    assert repair("- âŒ Surface-level") == "- ❌ Surface-level"


def test_hole_without_an_expected_character_is_marked() -> None:
    assert repair(garble("📝"), expected="") == REPLACEMENT


def test_characters_outside_the_code_page_pass_through() -> None:
    assert repair("日本 ✓") == "日本 ✓"


@given(st.text(alphabet=st.sampled_from(list("aZ 09-:*[]()\n") + list("ćéğü→—’") + list(GUIDE_SYMBOLS))))
def test_garbled_text_round_trips(text: str) -> None:
    assert repair(garble(text)) == text


def test_seed_guide_has_no_leftover_damage() -> None:
    repaired = repair(FIXTURE.read_text(encoding="utf-8"))
    legend = next(line for line in repaired.splitlines() if line.startswith("**Legend:**"))
    assert legend == (
        "**Legend:** ✨ = Recently added | 🔥 = Community favorite | 📄 = Paper | 📝 = Blog/Tutorial"
        " | 🎥 = Video | 📚 = Book | 💻 = Code"
    )
    assert REPLACEMENT not in repaired
    assert not any(marker in repaired for marker in ("Ã", "Ä", "â€", "ğŸ"))


def garble_greek(text: str) -> str:
    """The damage done to sibling list 001: UTF-8 read as ISO-8859-7, C1 bytes dropped."""
    kept = bytes(b for b in text.encode("utf-8") if not 0x80 <= b <= 0x9F)
    return kept.decode("iso8859_7", errors="ignore")


@pytest.mark.parametrize(
    "original",
    [
        "CUDA — NVIDIA’s proprietary GPU programming platform.",
        "“GPU engineering is not just about writing kernels.” — Model Craft",
        "CC BY 4.0 — feel free to share",
    ],
)
def test_greek_damage_is_repaired_by_context(original: str) -> None:
    assert "β" in garble_greek(original)
    assert repair_greek(garble_greek(original)) == original


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [("A", "s", "’"), (" ", " ", "—"), ("", "G", "“"), (".", " ", "”"), (".", "", "”")],
)
def test_punctuation_by_context(before: str, after: str, expected: str) -> None:
    assert punctuation_by_context(sorted(PUNCTUATION), before, after) == expected


def test_context_choice_outside_the_fits_is_marked() -> None:
    assert punctuation_by_context(["—"], "A", "s") == REPLACEMENT
