"""A real set, brought in at install time (the `fontawesomefree` test extra: Font Awesome Free's SVG files,
packaged for Django), never fetched at test time; skipped where it is not installed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from iconcat.sources.discover import SvgFolderUnit, discover


@pytest.fixture(scope="module")
def font_awesome() -> Path:
    package = pytest.importorskip("fontawesomefree", reason="Font Awesome Free comes with the test extra")
    return (
        Path(package.__file__).parent
        / "static"
        / "fontawesomefree"
        / "js-packages"
        / "@fortawesome"
        / "fontawesome-free"
    )


def test_font_awesome_free_reads_as_one_set_in_three_styles(font_awesome: Path) -> None:
    (unit,) = discover([str(font_awesome / "svgs")]).units
    assert isinstance(unit, SvgFolderUnit)
    warnings: list[str] = []
    record, read = unit.read(warn=warnings.append)
    icons = {icon.key: icon for icon in read}
    assert warnings == []
    assert (record.name, record.license_spdx) == ("Fontawesome Free", "(CC-BY-4.0 AND OFL-1.1 AND MIT)")
    styles = Counter(icon.style for icon in icons.values())
    assert set(styles) == {"Solid", "Regular", "Brands"} and sum(styles.values()) > 1500
    house = icons["house-solid"]
    assert (house.name, house.style, house.width, house.height) == ("House", "Solid", 576, 512)
    assert house.svg.startswith("<svg") and "viewBox" in house.svg
    assert icons["github-brands"].name == "Github"
    assert all(icon.width > 0 and icon.height > 0 for icon in icons.values())
    assert unit.prefix.startswith("fontawesome-free-")
