"""The packages' tags and categories by Iconify name, over the data iconcat ships
(`src/iconcat/iconify/data/`, built by scripts/build_tags.py; the packages never come in here)."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from iconcat.iconify import categories_version, categorised_prefixes, icon_category, icon_tags, tags_version

DATA = Path(__file__).resolve().parents[2] / "src" / "iconcat" / "iconify" / "data"
PACKAGES = {
    "lucide-static",
    "@tabler/icons",
    "@phosphor-icons/core",
    "@fortawesome/fontawesome-free",
    "@mdi/svg",
    "ionicons",
    "@primer/octicons",
    "emojilib",
}


def _shipped() -> dict[str, Any]:
    content: dict[str, Any] = json.loads(gzip.decompress((DATA / "tags.json.gz").read_bytes()))
    return content


def _build_script() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "scripts" / "build_tags.py"
    spec = importlib.util.spec_from_file_location("build_tags", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_tags"] = module
    spec.loader.exec_module(module)
    return module


def test_tabler_trash_means_delete_and_its_filled_style_means_the_same() -> None:
    tags = icon_tags("tabler", "trash")
    assert {"delete", "remove", "bin"} <= set(tags)
    assert icon_tags("tabler", "trash-filled") == tags


@pytest.mark.parametrize("weight", ["thin", "light", "bold", "fill", "duotone"])
def test_a_phosphor_weight_has_its_base_icons_tags(weight: str) -> None:
    assert "delete" in icon_tags("ph", "trash")
    assert icon_tags("ph", f"trash-{weight}") == icon_tags("ph", "trash")


def test_font_awesome_7_6_and_5_share_tags_where_names_agree_or_fa7_kept_the_old_name() -> None:
    tags = icon_tags("fa7-solid", "trash-can")
    assert {"delete", "garbage"} <= set(tags)
    assert icon_tags("fa7-regular", "trash-can") == tags
    assert icon_tags("fa6-solid", "trash-can") == tags
    assert icon_tags("fa-solid", "trash-alt") == tags  # Font Awesome 5's name, an alias in 7's metadata
    assert "github" not in icon_tags("fa7-brands", "github")  # the name's own words are left out
    assert "octocat" in icon_tags("fa7-brands", "github")


def test_mdi_aliases_are_tags_and_mdi_light_shares_them() -> None:
    tags = icon_tags("mdi", "delete")
    assert {"trash", "bin", "garbage can"} <= set(tags)  # "garbage-can": hyphens become spaces
    assert icon_tags("mdi-light", "delete") == tags
    assert set(tags) <= set(icon_tags("mdi", "delete-outline"))


def test_ionicons_octicons_and_lucide_styles_sizes_and_aliases() -> None:
    assert "remove" in icon_tags("ion", "trash")
    assert icon_tags("ion", "trash-outline") == icon_tags("ion", "trash-sharp") == icon_tags("ion", "trash")
    assert icon_tags("ion", "ios-trash") == icon_tags("ion", "trash")  # Ionicons 4's name in @iconify/json
    person = icon_tags("octicon", "person-16")
    assert person and icon_tags("octicon", "person-fill-24") == person  # a size and a fill come off
    assert icon_tags("lucide", "trash-2") == icon_tags("lucide", "trash")  # an alias of trash in lucide.json
    assert "delete" in icon_tags("lucide", "trash")


def test_emoji_sets_get_emojilib_keywords_by_character_tone_and_spelling() -> None:
    tags = icon_tags("noto", "wastebasket")
    assert "trash" in tags
    assert icon_tags("twemoji", "wastebasket") == tags
    assert icon_tags("twemoji", "waving-hand-medium-skin-tone") == icon_tags("twemoji", "waving-hand")
    assert icon_tags("fluent-emoji-flat", "waving-hand-medium-dark") == icon_tags("twemoji", "waving-hand")
    assert icon_tags("fxemoji", "alienmonster") == icon_tags("noto", "alien-monster") != ()


def test_an_unknown_icon_or_set_has_no_tags_and_no_category() -> None:
    assert icon_tags("tabler", "no-such-icon-here") == ()
    assert icon_tags("tabler", "filled") == ()  # a suffix alone is no base
    assert icon_tags("no-such-set", "trash") == ()
    assert icon_category("no-such-set", "trash") is None
    assert icon_category("tabler", "no-such-icon-here") is None


def test_categories_only_for_sets_without_their_own() -> None:
    assert icon_category("tabler", "trash") == "System"
    assert icon_category("tabler", "trash-filled") == "System"
    assert icon_category("ph", "trash-bold") == icon_category("ph", "trash") is not None
    assert icon_category("mdi", "delete") is None  # mdi.json has categories of its own
    assert icon_category("fa7-solid", "trash-can") is None


def test_tags_are_lower_case_words_none_only_the_names_own() -> None:
    content = _shipped()
    words = content["words"]
    assert all(word == word.lower() and word == " ".join(word.split()) and "-" not in word for word in words)
    lists = content["lists"]
    assert len({tuple(listed) for listed in lists}) == len(lists)  # each list once
    for family in content["families"].values():
        for name, listed in family["tags"].items():
            own = set(name.split("-"))
            assert lists[listed] and not any(set(words[index].split(" ")) <= own for index in lists[listed]), name


def test_the_version_is_the_digest_of_the_data() -> None:
    content = _shipped()
    version = content.pop("version")
    categories = content.pop("categories_version")
    canonical = json.dumps(content, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    # tags_version() reads the small file beside the data: it must say what the data says.
    assert version == hashlib.sha256(canonical).hexdigest()[:16] == tags_version()
    assert categories == categories_version() != tags_version()
    assert categorised_prefixes() == {"tabler", "ph"}


def test_the_shipped_file_is_small_and_each_package_has_its_notice() -> None:
    assert (DATA / "tags.json.gz").stat().st_size <= 3 * 1024 * 1024
    packages = _shipped()["packages"]
    assert {package["name"] for package in packages} == PACKAGES
    for package in packages:
        assert package["version"] and package["license"] and package["data_license"]
        notice = (DATA / package["notice"]).read_text(encoding="utf-8")
        assert "MIT" in notice or "ISC" in notice, package["name"]


def test_the_build_keeps_tags_as_words_and_drops_what_adds_nothing() -> None:
    build = _build_script()
    assert build.clean("trash", ["Delete", "waste-basket", "trash", "*new*", ":D", "recycle_bin", "delete"]) == [
        "delete",
        "waste basket",
        "recycle bin",
    ]
    assert build.clean("arrow-up", ["up", "arrow up", "up arrow", "direction"]) == ["direction"]
    folded = build.fold_styles(
        {"delete": ["trash"], "delete-outline": ["trash outline", "bin outline"], "add-outline": ["plus"]},
        ["outline"],
    )
    assert folded == {"delete": ["trash"], "delete-outline": ["trash", "bin"], "add-outline": ["plus"]}


def test_the_builds_counts_use_the_loaders_rule() -> None:
    build = _build_script()
    tags = {"trash": ["delete"], "person": ["human"]}
    renames = {"trash-alt": "trash"}
    for name in ["trash", "trash-fill-16", "trash-alt", "trash-alt-16", "person-16", "nothing", "16", "x-fill-fill-16"]:
        expected = build.resolve(name, tags, ("fill", "16"), renames)
        assert (expected is not None) == bool(_loader_resolves(tags, renames, ("-fill", "-16"), name)), name


def _loader_resolves(tags: dict[str, list[str]], renames: dict[str, str], suffixes: tuple[str, ...], name: str) -> bool:
    from iconcat.iconify.tags import _resolve

    return _resolve(tags, renames, suffixes, name) is not None
