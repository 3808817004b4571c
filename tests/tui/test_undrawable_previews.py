"""An icon from disk whose SVG cannot be drawn (issue 24, "Untrusted SVG"): the embedded catalogue
answers its preview with a JSON 500 `picture_failed`, and the browser shows the preview as missing,
remembered and not asked again, with no traceback, while the other icons draw as usual."""

from __future__ import annotations

from pathlib import Path

import pytest

from iconcat.sources.serving import open_sources
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList, Thumbnail
from tests.conftest import TEST_TOKEN
from tests.support.hostile_svg import fan_out, nested_too_deeply
from tests.support.iconsets import svg_text, write_svg
from tests.support.tui import SIZE, search, serving, wait_until

pytestmark = pytest.mark.skipif(not hasattr(__import__("select"), "poll"), reason="SVG is drawn on POSIX only")


def thumbnail_text(thumbnail: Thumbnail) -> str:
    return "".join(strip.text for strip in thumbnail.render_lines(thumbnail.region.reset_offset))


async def test_a_picture_the_catalogue_cannot_draw_is_a_missing_preview(
    make_app, tmp_path: Path, download_dir, capfd: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "evil-set"
    write_svg(folder / "bad-glyph.svg", nested_too_deeply())
    write_svg(folder / "endless-glyph.svg", fan_out(5))  # given up on after half a second
    write_svg(folder / "good-glyph.svg", svg_text())
    # Not the rasteriser's 2 s, which a fast machine draws the endless one within (1.2 s with svg2png-py).
    catalogue = open_sources([str(folder)], folder=tmp_path / "cache", picture_timeout=0.5)
    with serving(token=TEST_TOKEN, catalogue=catalogue) as server:
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "glyph")
            results = app.query_one(ResultsList)
            thumbnail = app.query_one(Thumbnail)
            results.focus()
            assert [icon.name for icon in results.icons] == ["Bad Glyph", "Good Glyph", "Endless Glyph"]
            for index, name in ((0, "refused"), (2, "never finished")):
                results.highlighted = index
                undrawn = results.icons[index]
                await wait_until(
                    pilot,
                    lambda: (
                        thumbnail.icon is not None and thumbnail.icon.id == undrawn.id and thumbnail.status == "missing"
                    ),
                    f"the {name} one missing",
                )
                assert "no preview" in thumbnail_text(thumbnail)
                assert app.browser.thumbnails.failures.get(undrawn.id) is not None, "remembered: not asked again"
            results.highlighted = 1
            await wait_until(pilot, lambda: thumbnail.settled, "the good icon's picture")
            assert app.is_running
    assert "Traceback" not in capfd.readouterr().err
