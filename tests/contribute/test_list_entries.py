"""Which items of a list are entries: list items and the guide's form, not prose."""

from __future__ import annotations

from gpulist.contribute.list_entries import entries


def test_bold_then_a_link_is_prose_without_a_mark() -> None:
    found, skipped = entries("**Note:** see [this](https://example.org/x).\n")
    assert found == [] and [(s.kind, s.url) for s in skipped] == [("prose", "https://example.org/x")]


def test_the_guide_form_without_bullets_is_an_entry() -> None:
    [entry], _ = entries("📄 **Dissecting Hopper** - [arxiv.org/abs/2402.13499](https://arxiv.org/abs/2402.13499) 🔥\n")
    assert (entry.title, entry.type, entry.favorite) == ("Dissecting Hopper", "paper", True)


def test_a_list_right_below_prose_is_still_a_list() -> None:
    found, skipped = entries("Start with [these](https://example.org/intro):\n- [Tiling](https://example.org/t)\n")
    assert [c.title for c in found] == ["Tiling"] and [s.kind for s in skipped] == ["prose"]


def test_sub_bullets_under_a_bullet_without_a_link_take_it_as_context() -> None:
    found, skipped = entries("- Hazy Research\n  - [Blog](https://hazy.example.org/blog)\n"
                             "  - [ThunderKittens](https://github.com/example/tk)\n")
    assert [(c.title, c.title_from) for c in found] == [("Hazy Research blog", "parent item"),
                                                        ("ThunderKittens", "link text")]
    assert skipped == []  # the bullet is a category, not an entry without a link


def test_a_heading_over_several_items_names_none_of_them() -> None:
    found, _ = entries("## Hazy Research\n\n- [Blog](https://hazy.example.org/blog)\n- [here](https://hazy.example.org/x)\n")
    assert [c.title_from for c in found] == ["URL", "URL"] and all(c.weak_title for c in found)
    [alone], _ = entries("## Hazy Research\n\n- [Blog](https://hazy.example.org/blog)\n")
    assert (alone.title, alone.title_from) == ("Hazy Research blog", "heading")


def test_a_heading_that_places_is_no_title() -> None:
    [entry], _ = entries("### Tier 1\n\n- [paper](https://arxiv.org/abs/2401.00002)\n",
                         placing=lambda heading: heading == "Tier 1")
    assert (entry.title, entry.title_from) == ("arXiv:2401.00002", "URL")
