"""Every theme Textual offers (the palette lists them all) must apply: our stylesheet uses only
variables every theme defines, and the thumbnail is redrawn on each theme's background."""

from __future__ import annotations

from iconcat.tui.widgets import Thumbnail
from tests.support.tui import SIZE, search, wait_until


async def test_every_theme_applies_and_redraws_the_thumbnail(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        thumbnail = app.query_one(Thumbnail)
        await wait_until(pilot, lambda: thumbnail.status == "shown", "the preview drawn")
        themes = sorted(app.available_themes)
        assert {"ansi-dark", "ansi-light", "textual-dark", "textual-light"} <= set(themes)
        for theme in themes:
            app.theme = theme
            # The stylesheet is parsed again on the next turns of the loop; a variable the theme lacks
            # is an error there, and Textual exits the app with it.
            await pilot.pause()
            await pilot.pause()
            await wait_until(
                pilot,
                lambda: (
                    app.return_code is not None
                    or (thumbnail.status == "shown" and thumbnail.render_key() in app.browser.thumbnails.renders)
                ),
                f"the preview drawn on {theme}",
            )
            assert app.return_code is None, f"the app stopped on theme {theme}"
            assert app.is_running, f"the app stopped on theme {theme}"
