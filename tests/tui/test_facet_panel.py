"""The facet panel: values with counts, chosen with arrows and space; typing narrows the values, Esc clears."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Input

from iconcat.api import Icon, Ref, Variant
from iconcat.browsing.filters import Filters
from iconcat.tui.widgets import ResultsList
from iconcat.tui.widgets.facet_panel import FacetPanel
from tests.support.tui import SIZE, search, wait_until


def icon(number: int, style: str, icon_set: str = "Core UI", fmt: str = "png") -> Icon:
    ref = Ref(1, "Arrows")
    series = Ref(2, "Essentials")
    variant = Variant(number, fmt, 512 if fmt == "png" else None)
    return Icon(number, f"Icon {number}", ref, Ref(3, style), series, Ref(4, icon_set), "", (variant,))


ICONS = [
    icon(1, "Filled"),
    icon(2, "Filled", "Signal"),
    icon(3, "Outline", fmt="svg"),
    icon(4, "Bold\x1b[31m\u202e", "Signal"),
]


class PanelApp(App[None]):
    """The panel alone, recording what it posts."""

    def __init__(self) -> None:
        super().__init__()
        self.changes: list[Filters] = []

    def compose(self) -> ComposeResult:
        yield FacetPanel()

    def on_facet_panel_changed(self, message: FacetPanel.Changed) -> None:
        self.changes.append(message.filters)


def prompts(panel: FacetPanel) -> list[str]:
    return [str(option.prompt) for option in panel.options]


def test_the_panels_bindings_have_ids_and_tooltips():
    assert all(binding.id and binding.tooltip for binding in FacetPanel.BINDINGS)


async def test_the_panel_lists_each_value_with_its_count_under_its_key():
    app = PanelApp()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(FacetPanel)
        panel.show(ICONS, Filters())
        await pilot.pause()
        shown = prompts(panel)
        assert shown[:4] == ["Style", "○ Filled  2", "○ Bold[31m  1", "○ Outline  1"]
        assert "Set" in shown and "○ Core UI  2" in shown and "○ Signal  2" in shown
        assert "Format" in shown and "○ png  3" in shown and "Size" in shown and "○ vector  1" in shown
        assert all(char.isprintable() for text in shown for char in text)
        assert panel.highlighted_entry == ("style", "Filled")  # the first value, not a heading
        assert [entry for entry in panel.entries if entry is None] and panel.options[0].disabled


async def test_space_chooses_arrows_move_and_counts_follow():
    app = PanelApp()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(FacetPanel)
        panel.show(ICONS, Filters())
        panel.focus()
        await pilot.press("space")
        await pilot.pause()
        assert app.changes == [Filters.of(style="filled")]
        assert panel.highlighted_entry == ("style", "Filled")  # the highlight stays on the value
        shown = prompts(panel)
        assert shown[0] == "Style · 1 chosen" and "● Filled  2" in shown
        assert "○ Signal  1" in shown and "○ Core UI  1" in shown  # sets among the Filled icons
        await pilot.press("down", "down", "space")
        await pilot.pause()
        assert panel.highlighted_entry == ("style", "Outline")
        assert app.changes[-1] == Filters.of(style="filled,outline")
        await pilot.press("space")
        await pilot.pause()
        assert app.changes[-1] == Filters.of(style="filled")


async def test_enter_and_a_click_choose_too_and_esc_clears():
    app = PanelApp()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(FacetPanel)
        panel.show(ICONS, Filters.of(format="svg"))
        panel.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.changes[-1] == Filters.of(format="svg", style="outline")
        await pilot.click(FacetPanel, offset=(4, 1 + panel.entries.index(("style", "Outline"))))
        await pilot.pause()
        assert app.changes[-1] == Filters.of(format="svg")
        await pilot.press("escape")
        await pilot.pause()
        assert app.changes[-1] == Filters() and panel.filters == Filters()
        count = len(app.changes)
        await pilot.press("escape")  # nothing to clear: Esc is not the panel's
        await pilot.pause()
        assert len(app.changes) == count


async def test_keys_read_together_act_in_their_order():
    app = PanelApp()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(FacetPanel)
        panel.show(ICONS, Filters())
        panel.focus()
        await pilot.pause()
        # One read from the terminal: ↓ then space, queued before either is handled.
        for key, character in (("down", None), ("space", " "), ("down", None), ("enter", None)):
            app.post_message(events.Key(key, character))
        await pilot.pause()
        bold = ICONS[3].style.name  # Filled 2, then Bold 1 and Outline 1
        first, second = app.changes
        assert first.selects("style", bold) and not first.selects("style", "Filled")
        assert second.selects("style", bold) and second.selects("style", "Outline")


async def test_a_chosen_value_that_no_result_has_can_be_unchosen():
    app = PanelApp()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(FacetPanel)
        panel.show(ICONS, Filters.of(set="nowhere"))
        panel.focus()
        panel.highlighted = panel.entries.index(("set", "nowhere"))
        assert "● nowhere  0" in prompts(panel)
        await pilot.press("space")
        await pilot.pause()
        assert app.changes == [Filters()]


async def test_in_the_browser_space_chooses_and_letters_narrow_the_panel_not_the_search(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        app.query_one(ResultsList).focus()
        await pilot.press("f")  # the browser's own panel
        panel = app.query_one(FacetPanel)
        await wait_until(pilot, lambda: app.focused is panel and panel.highlighted_entry is not None, "the panel")
        # The open panel counts every page, and the highlight stays on its value as the order changes
        # (issue 23): the value chosen is the one highlighted when every page is in.
        await wait_until(pilot, lambda: not app.browser.searches.follower.following, "every page counted")
        first_style = panel.highlighted_entry
        await pilot.press("space")
        await pilot.pause()
        box = app.query_one("#search-input", Input)
        assert first_style is not None and first_style[0] == "style"
        assert panel.filters == Filters.of(style=first_style[1].lower())
        # The space chose a value (it went into the box as a filter word, not as a typed space).
        assert box.value == f"arrow {panel.filters.text}"
        # Typing over the panel is the panel's (issue 24): it finds a value, the search box is left alone.
        await pilot.press("u")
        await pilot.pause()
        assert panel.has_focus and panel.narrow == "u" and box.value == f"arrow {panel.filters.text}"
        await pilot.press("escape", "tab", "u")  # the text cleared; over the results a letter searches
        await wait_until(pilot, lambda: box.has_focus and box.value.endswith("u"), "a letter typed into the search")
        assert panel.narrow == ""


async def test_the_footer_over_the_panel_offers_no_letter_it_would_type(make_app) -> None:
    """Over the panel letters narrow its values, so the footer must not offer `v View` or `f Filters`
    (pressing them typed "Find f"); it offers the way back to the results instead."""
    from textual.widgets._footer import FooterKey

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await search(pilot, "arrow")
        app.browser.action_focus_results()
        await pilot.press("f")
        await wait_until(pilot, lambda: isinstance(app.focused, FacetPanel), "the panel focused")
        await pilot.pause()
        shown = {key.key_display: key.description for key in app.screen.query(FooterKey)}
        assert not {"v", "f", "?", "/"} & set(shown), shown
        assert shown.get("space") == "Choose" and shown.get("tab") == "Results", shown
        await pilot.press("tab", "f")  # back to the results, where f closes the panel
        await wait_until(pilot, lambda: not app.query_one(FacetPanel).display, "the panel closed")
