"""Every browser command declared once: its key, its words, its palette entry, its help line.

`COMMANDS` is the one declaration. From it come the `BINDINGS` of the app and of the browser screen
(`bindings_for`), the command palette's entries (every command, keyed or not) and the help screen
(`help_lines`, which adds the keys that widgets own: moving through lists, tab, the mouse). A new
command is one line here and an `action_` method on the app or the browser screen (its `scope`).

The key rule: while the results (or anything on the main screen but the search box) have focus, a
bare printable key is a command only if it opens nothing that takes typing and changes nothing saved.
Any other printable key moves to the search box carrying that character, so a word typed over the
results becomes a search (`types_into_search`). Commands that open a place to type (the connect
screen) take a control key, which no word can type. One command works everywhere, under every dialog and
while typing (`anywhere`): quitting by ctrl+q, an action of its own beside `q`'s, which the rule turns off
while a text box has focus. The filters panel scopes the rule to itself: it lists values, not icons, so
a printable key there finds a value (`FacetPanel`), command letters included, and never reaches the
search box.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Input

from .pictures import PICTURE_MODES

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual import events
    from textual.screen import Screen

__all__ = [
    "COMMANDS",
    "Command",
    "LETTER_KEYS",
    "bindings_for",
    "command_allowed",
    "help_lines",
    "run_where_read",
    "type_over_results",
    "types_into_search",
]


@dataclass(frozen=True)
class Command:
    """One thing a person can ask the browser to do."""

    action: str
    """The app's action (`action_<name>`)."""
    title: str
    """Its name in the palette, and in the footer when `footer` is set."""
    description: str
    """What it does, in a few words: the palette's help, the help screen's line, the key's tooltip."""
    key: str | None = None
    """Textual key name(s), comma-separated; None for a palette-only command."""
    key_display: str | None = None
    """How the key is shown (footer and help), when its Textual name is not what a person reads."""
    footer: str | None = None
    """The footer's short label; None keeps the key off the footer (it stays in help and palette).
    Cancel and retry are off it: each download's row shows "x cancel" or "r retry" where they apply."""
    scope: str = "browser"
    """Whose action it is: "browser" (the browser screen's: a dialog on top turns it off) or "app"
    (the connection, the downloads, the keys, quitting)."""
    anywhere: bool = False
    """Its key works from every screen and every focus: a priority binding the key rule never turns
    off (an app command with a control key)."""
    in_palette: bool = True
    """Listed in the command palette; False for a second key of a command listed already."""

    @property
    def shown_key(self) -> str:
        """The key as a person reads it ("ctrl+o", "?", "enter/d")."""
        return self.key_display or (self.key or "")


COMMANDS: tuple[Command, ...] = (
    Command(
        "focus_search",
        "Search",
        "type to search; results follow as you type, Enter at once",
        key="slash",
        key_display="/",
        footer="Search",
    ),
    Command("focus_results", "Results", "move to the results list"),
    Command(
        "download",
        "Download highlighted icon",
        "choose a format and size of the highlighted icon and save it",
        key="d",
        key_display="enter/d",
        footer="Download",
    ),
    Command(
        "cancel_download", "Cancel download", "cancel the selected (or latest running) download", key="x", scope="app"
    ),
    Command(
        "retry_download",
        "Retry download",
        "retry the selected (or latest failed or cancelled) download",
        key="r",
        scope="app",
    ),
    Command(
        "clear_downloads", "Clear finished downloads", "remove finished rows from the downloads panel", scope="app"
    ),
    Command(
        "toggle_view",
        "Gallery or list",
        "show the results as tiles of pictures or as a text list",
        key="v",
        footer="View",
    ),
    Command(
        "bigger_tiles",
        "Bigger tiles",
        "bigger tiles in the gallery: larger pictures, fewer on screen (your size is remembered)",
        key="plus",
        key_display="+",
    ),
    Command(
        "smaller_tiles",
        "Smaller tiles",
        "smaller tiles in the gallery: more icons on screen (your size is remembered)",
        key="minus",
        key_display="-",
    ),
    Command(
        "toggle_group",
        "Group by name",
        "one entry per name, with the styles and sets it comes in as tiles in the detail (and back)",
        key="g",
    ),
    Command(
        "other_sets",
        "Same icon in other sets",
        "the highlighted icon's name in the other sets served, as tiles grouped by set (esc: back)",
        key="G",
    ),
    Command(
        "open_sets",
        "Sets",
        "every set served, grouped by category, with samples: typing narrows, enter opens one",
        key="ctrl+s",
        footer="Sets",
    ),
    Command(
        "back_to_sets",
        "Back to the sets",
        "in a set opened from the sets: back to them, the cursor where it was (esc in the sets closes them)",
        key="escape",
        key_display="esc",
    ),
    Command(
        "focus_members",
        "Group members",
        "move to the highlighted group's styles and sets, to choose one (grouped by name)",
    ),
    Command(
        "toggle_facets",
        "Filters",
        "show or hide the filters: values with counts, space chooses",
        key="f",
        footer="Filters",
    ),
    Command("clear_filters", "Clear filters", "clear every filter (also esc in the filters)", key="F"),
    Command(
        "toggle_favourite",
        "Favourite",
        "mark or unmark the highlighted icon as a favourite (with an empty search box: favourites, then recent icons)",
        key="asterisk",
        key_display="*",
    ),
    Command(
        "toggle_mark",
        "Mark for the bag",
        "put the highlighted icon in the bag, or take it out (the bag keeps icons across searches)",
        key="space",
    ),
    Command("mark_all", "Mark everything shown", "put every icon shown (after the filters) in the bag", key="ctrl+a"),
    Command(
        "open_bag",
        "The bag",
        "the marked icons: choose a format and size for all, download them all at once",
        key="b",
    ),
    Command(
        "copy_menu",
        "Copy…",
        "copy the highlighted icon's name, id, a variant's id, the file saved of it or its SVG markup",
        key="y",
    ),
    Command(
        "open_saved", "Open saved file", "open the last file saved, with this system's opener", key="o", scope="app"
    ),
    Command(
        "open_saved_folder", "Open folder of saved file", "open the folder of the last file saved", key="O", scope="app"
    ),
    Command("load_more", "Load more results", "load the next page of results, when the catalogue offers one"),
    Command(
        "search_again", "Search again", "send the current search again (after an error, or to refresh)", key="ctrl+r"
    ),
    Command(
        "connect",
        "Connect to a catalogue",
        "base URL, token and download folder; test and save them",
        key="ctrl+o",
        footer="Connect",
        scope="app",
    ),
    Command(
        "download_folder",
        "Download folder…",
        "choose the folder files are saved into (created if missing; saved for later runs)",
        key="ctrl+f",
        scope="app",
    ),
    Command(
        "cycle_thumbnails",
        "Pictures: next drawing style",
        "pictures: " + ", ".join(mode.label for mode in PICTURE_MODES.values()),
        key="t",
    ),
    Command("help", "Keys", "show every key", key="question_mark", key_display="?", footer="Keys", scope="app"),
    Command("quit", "Quit", "leave iconcat (asks first while downloads run)", key="q", scope="app"),
    Command(
        "quit_anywhere",
        "Quit",
        "leave iconcat from any screen, typing too; ctrl+c as well, browsing (asks first while downloads run)",
        key="ctrl+q",
        footer="Quit",
        scope="app",
        anywhere=True,
        in_palette=False,
    ),
)
"""Every command, in the order the palette and the help list them."""

WIDGET_KEYS: tuple[tuple[str, str], ...] = (
    ("↓ or esc", "from the search box to the results"),
    ("↑ ↓ PgUp PgDn", "move through the results"),
    ("Home End", "first / last result; on the last, End and PgDn load more"),
    ("tab", "move between search, results, a group's members and downloads"),
    ("→ / ← or esc", "grouped: from the list into the group's members, and back"),
    ("mouse", "click previews an icon, double-click downloads it"),
    ("ctrl+p", "command palette: every action, and themes"),
    ("a–z in the filters", "find a value: only those containing what is typed (esc clears it)"),
    ("a–z in the sets", "narrow the sets by name, prefix, category or licence; ↑↓ move, enter opens"),
    ("a–z", "over the results, a letter that is no command starts a search with it"),
)
"""Keys the widgets and Textual own (not app bindings), for the help screen."""

_PRINTABLE_KEY_NAMES = frozenset({"slash", "question_mark", "asterisk", "space", "plus", "minus"})
"""Textual's names of the printable keys bound to commands (the others are bound by their character)."""

LETTER_KEYS = (
    frozenset(command.key for command in COMMANDS if command.key is not None and len(command.key) == 1)
    | _PRINTABLE_KEY_NAMES
)
"""Printable keys bound to commands: they stay commands over the results (see the key rule)."""


def bindings_for(scope: str) -> list[Binding]:
    """The `BINDINGS` of the app (`scope` "app") or of the browser screen ("browser"), from `COMMANDS`."""
    return [
        Binding(
            command.key,
            command.action,
            command.footer or command.title,
            show=command.footer is not None,
            key_display=command.key_display,
            id=command.action.replace("_", "-"),
            tooltip=command.description[:1].upper() + command.description[1:],
            priority=command.anywhere,
        )
        for command in COMMANDS
        if command.key is not None and command.scope == scope
    ]


_KEY_OF_ACTION = {command.action: command.key for command in COMMANDS if command.key is not None}
_ANYWHERE = frozenset(command.action for command in COMMANDS if command.anywhere)


def command_allowed(action: str, focused: Widget | None, *, dialog_open: bool = False) -> bool:
    """Whether a keyed command's key works now (Textual's `check_action`): not under a dialog, and a
    printable key not while a text box or the facet panel has focus (it types there). Other actions, and the commands
    that work `anywhere`, are always allowed."""
    key = _KEY_OF_ACTION.get(action)
    if key is None or action in _ANYWHERE:
        return True
    if dialog_open:
        return False
    printable = len(key) == 1 or key in _PRINTABLE_KEY_NAMES
    # A widget that takes typing (a text box; the facet panel, which narrows its values as you type)
    # gets the printable keys: their commands are off there, and the footer does not offer them.
    return not (printable and (isinstance(focused, Input) or getattr(focused, "takes_typing", False)))


def help_lines() -> list[tuple[str, str]]:
    """(key, what it does) for the help screen: the keyed commands, then the widgets' keys."""
    lines = [(command.shown_key, command.description) for command in COMMANDS if command.key is not None]
    return lines + list(WIDGET_KEYS)


def types_into_search(key: str, character: str | None) -> bool:
    """True when a key pressed over the results should start (or continue) a search instead."""
    return character is not None and character.isprintable() and key not in LETTER_KEYS


def _keys_of(binding: object) -> list[str]:
    """The keys a widget's BINDINGS entry names (a Binding, or a (keys, action, …) tuple)."""
    keys = getattr(binding, "key", None) or (binding[0] if isinstance(binding, tuple) else "")
    return [key.strip() for key in str(keys).split(",")]


def type_over_results(screen: Screen[None], event: events.Key) -> bool:
    """The browser screen's `on_key`: over the results, a printable key that is no command (of the
    screen's or of the widget focused) starts a search with it: the search box takes the focus at once
    and the key, so the next keys of a word typed land there too. False when the key is left to the
    bindings (a command over the results), True when it is dealt with or belongs to a text field."""
    from .widgets.search_bar import SearchInput

    focused = screen.focused
    if isinstance(focused, SearchInput):
        # The search box takes every printable key it is sent, so this one was sent to the results
        # before a key ahead of it in the same read (a word typed over them) moved the focus here:
        # it is the word's next letter, command letter or not.
        if event.is_printable and event.character:
            event.stop()
            event.prevent_default()
            focused.insert_text_at_cursor(event.character)
        return True
    if isinstance(focused, Input):
        return True
    focused_keys = {key for binding in getattr(focused, "BINDINGS", ()) for key in _keys_of(binding)}
    if event.key not in focused_keys and types_into_search(event.key, event.character):
        event.stop()
        event.prevent_default()
        search = screen.query_one(SearchInput)
        screen.set_focus(search)  # at once: the next keys of a typed word must land there too
        search.insert_text_at_cursor(event.character or "")
        return True
    return False


async def run_where_read(screen: Screen[None], event: events.Key) -> None:
    """The browser screen's `on_key`, after `type_over_results`: a command key runs now, where it is
    read, as Textual would run it once the key had bubbled up to the app: by then the keys behind it
    in the same read were already handled here ("vk" over the results typed k into the search box
    first, and v then acted on the search box: the view stayed and the search became "arrowk"). The
    same binding chain, in the same order."""
    if not screen.is_active:
        # A dialog opened by a key ahead of this one in the same read ("y⏎"): the key is the
        # dialog's now; bubbling on, the app runs it with the dialog's bindings, as Textual does.
        return
    tried = False
    for namespace, bindings in screen._modal_binding_chain:
        for binding in bindings.key_to_bindings.get(event.key, ()):
            if binding.priority:
                continue
            tried = True
            if await screen.app.run_action(binding.action, namespace):
                event.stop()
                event.prevent_default()
                return
    if tried:  # every binding refused it: the app must not run the same chain a second time
        event.prevent_default()
