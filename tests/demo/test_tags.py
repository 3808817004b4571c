"""Every demo glyph has tags a person would search by, and reading them costs no drawing code.

- The tags are keyed by exactly the glyphs' names: every glyph has some (at least three), and no key
  names a glyph that is gone.
- Each tag is folded as the synonym table folds terms, appears once in its glyph's tags, and is not
  a word of the glyph's own name (that word finds the glyph already).
- `iconcat.demo.tags` loads neither the glyphs nor their geometry: the search can read it alone.
"""

from __future__ import annotations

from iconcat.demo.glyphs import GLYPHS
from iconcat.demo.tags import GLYPH_TAGS
from iconcat.meaning import fold
from tests.support.imports import loaded_modules


def test_every_glyph_has_tags_and_every_tag_list_has_a_glyph() -> None:
    names = [glyph.name for glyph in GLYPHS]
    assert sorted(GLYPH_TAGS) == sorted(names)
    few = [name for name in names if len(GLYPH_TAGS[name]) < 3]
    assert few == []


def test_tags_are_folded_distinct_and_add_to_the_name() -> None:
    faults = []
    for name, tags in GLYPH_TAGS.items():
        name_words = set(fold(name).split())
        faults += [(name, tag) for tag in tags if not tag or fold(tag) != tag or set(tag.split()) & name_words]
        if len(set(tags)) != len(tags):
            faults.append((name, "a tag twice"))
    assert faults == []


def test_the_glyphs_people_search_by_meaning_are_tagged_so() -> None:
    assert {"delete", "remove", "bin"} <= set(GLYPH_TAGS["Trash"])
    assert {"gear", "cog", "preferences"} <= set(GLYPH_TAGS["Settings"])
    assert {"person", "profile", "avatar"} <= set(GLYPH_TAGS["User"])
    assert {"envelope", "email"} <= set(GLYPH_TAGS["Mail"])


def test_reading_the_tags_loads_no_drawing_code() -> None:
    loaded = loaded_modules(["iconcat.demo.tags"])
    assert "iconcat.demo.tags" in loaded  # (the check below looks at something)
    drawing = {"iconcat.demo.glyphs", "iconcat.demo.geometry", "iconcat.demo.generated", "iconcat.demo.render"}
    assert drawing & loaded == set()
