"""Gallery or list: `v` switches between them, keeping the highlighted icon and the keyboard."""

from __future__ import annotations

from iconcat.tui.widgets import DetailPane, Gallery, ResultsList
from tests.support.tui import SIZE, search, wait_until


async def test_v_switches_gallery_and_list_keeping_the_highlighted_icon(make_app):
    app = make_app(view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        gallery, rows = app.query_one(Gallery), app.query_one(ResultsList)
        assert gallery.display and not rows.display
        assert rows.option_count == 0  # the hidden list is filled when shown, not on every search
        gallery.focus()
        await pilot.press("right", "down")  # second row, second column
        highlighted = gallery.highlighted_icon
        assert highlighted is not None and gallery.highlighted == gallery.columns + 1
        assert app.query_one(DetailPane).icon is highlighted
        await pilot.press("v")
        await wait_until(pilot, lambda: rows.display and app.focused is rows, "the list, with the keyboard")
        assert rows.highlighted_icon is highlighted
        await pilot.press("down")
        assert app.query_one(DetailPane).icon is rows.highlighted_icon
        await pilot.press("v")
        await wait_until(pilot, lambda: gallery.display and app.focused is gallery, "the gallery again")
        assert gallery.highlighted_icon is rows.highlighted_icon


async def test_the_gallery_is_the_default_and_text_pictures_start_in_the_list(make_app):
    from iconcat.config import load_settings

    assert load_settings().view == "gallery"
    assert load_settings(thumbnails="text").view == "list"
    app = make_app(view=load_settings().view)
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        assert app.query_one(Gallery).display


async def test_a_message_takes_the_place_of_either_view_and_the_view_on_show_comes_back(make_app):
    from textual.widgets import Input

    app = make_app(view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        gallery, rows = app.query_one(Gallery), app.query_one(ResultsList)
        message = app.query_one("#results-message")
        await search(pilot, "arrow")
        gallery.focus()
        await pilot.press("v")  # the views' display is set directly, without restyling the area
        await wait_until(pilot, lambda: rows.display and app.focused is rows, "the list")
        assert not gallery.display and not message.display
        app.query_one("#search-input", Input).value = ""
        await search(pilot, "qqqqzzzz")  # nothing: the message instead of the list
        assert not rows.display and not gallery.display and message.display
        app.query_one("#search-input", Input).value = ""
        await search(pilot, "heart")
        assert rows.display and not gallery.display and not message.display  # still the list
        rows.focus()
        await pilot.press("v")
        await wait_until(pilot, lambda: gallery.display and app.focused is gallery, "the gallery")
        assert not rows.display and not message.display
        await wait_until(pilot, lambda: gallery.loader.idle and gallery.tiles_in_view(), "its pictures asked for")
        spec = gallery.render_spec()
        assert all(
            gallery.loader.tile(spec.key(gallery.icons[index].id)) is not None for index in gallery.tiles_in_view()
        )


async def test_both_views_and_the_members_speak_one_pair_of_messages(make_app):
    """The list, the gallery and the detail pane's members gallery post the same `IconHighlighted` and
    `IconChosen` (issue 22), each saying which view sent it; the members' stay in the detail pane."""
    from textual.message import Message

    from iconcat.tui.widgets import IconChosen, IconHighlighted

    seen: dict[int, IconHighlighted | IconChosen] = {}

    def record(message: Message) -> None:
        if isinstance(message, (IconHighlighted, IconChosen)):
            seen[id(message)] = message  # (the hook sees a message at every node it bubbles to)

    app = make_app(view="gallery")
    async with app.run_test(size=SIZE, message_hook=record) as pilot:
        await search(pilot, "arrow")
        gallery, rows = app.query_one(Gallery), app.query_one(ResultsList)
        gallery.focus()
        await pilot.press("right")
        await pilot.press("v")
        await wait_until(pilot, lambda: rows.display and app.focused is rows, "the list")
        await pilot.press("down")
        await pilot.press("g")  # grouped: the detail pane shows the group's members as tiles
        await wait_until(pilot, lambda: app.query_one(DetailPane).members is not None, "the members")
        members = app.query_one(DetailPane).members
        await wait_until(pilot, lambda: any(message.view is members for message in seen.values()), "a member")
        by_view = {(type(message), type(message.view)) for message in seen.values()}
        assert (IconHighlighted, Gallery) in by_view
        assert (IconHighlighted, ResultsList) in by_view
        assert (IconHighlighted, type(members)) in by_view
        assert all(message.control is message.view for message in seen.values())
