"""Where the results go: the gallery of tiles or the text list, else a message saying why there are none.

It shows a `SearchState`: the results (faded while a search for other words runs: `stale_results`),
or the prompt, "no icons", or what went wrong and what to do. Classes choose what shows and its colour
(styles/iconcat.tcss): `-message` and `-problem`, and `-gallery-view` for the tiles instead of the list;
the two views' `display` is also set here, as those rules set it, so switching views (`v`) lays them
out without restyling everything under the area.
Only the view on show is filled as results arrive; the other gets the latest results when it is shown
(a search costs one view's work, not two), and switching keeps the highlighted icon. Only the gallery
on show fetches pictures (a hidden gallery tells the preview loader it wants nothing).

Grouped by name (`show_groups`), the views show one entry per group: the group's first member as
the entry's icon (the gallery tile's picture), labelled "Arrow Up · 17" in the list and "Arrow Up"
over "× 17" under a tile; `highlighted_group` is the group under the highlight.

Icons in the bag (`set_marks`) show "✓" on their tile or row, favourites (`set_favourites`) "★",
remembered icons whose set is not served now (`set_unserved`) "⊘"; grouped, an entry shows a mark when
any of its members has it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Container
from textual.content import Content
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Input, Static

from iconcat.browsing.search_state import SearchPhase, SearchState

from .gallery import DEFAULT_TILE_SIZE, Gallery
from .marks import BAG_MARK, FAVOURITE_MARK, UNSERVED_MARK
from .results_list import ResultsList

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.browsing.grouping import IconGroup

    from ..controllers.preview_loader import PreviewLoader

__all__ = ["ResultsArea"]


class ResultsArea(Container):
    """The results as tiles or rows, or the search state's explanation in their place."""

    view: var[str] = var("gallery", init=False)
    """"gallery" or "list": which view of the results is on show."""

    def __init__(
        self,
        loader: PreviewLoader,
        *,
        view: str = "gallery",
        mode: str = "half",
        dimmed: Callable[[Icon], bool] | None = None,
        tile_size: str | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id, classes="-message")
        self._loader = loader
        self._mode = mode
        self._dimmed = dimmed
        """Which icons both views draw faded (`iconcat pick`: those that offer nothing asked); None: none."""
        self._tile_size = tile_size
        """The gallery's tile size a person chose; None: fitted to the view (`Gallery.fit_tiles`)."""
        self._groups: tuple[IconGroup, ...] | None = None
        self._marks: frozenset[int] = frozenset()
        self._favourites: frozenset[int] = frozenset()
        self._unserved: frozenset[int] = frozenset()
        self._fill_hidden: Callable[[], None] | None = None
        """Puts the latest results into the view not on show; run when it is shown (until then nobody
        sees it, so a search fills one view, not two)."""
        self._hidden_keep_place = False
        """Whether the hidden view, when filled, keeps its place (the fill waiting was for a grown list)."""
        self.set_reactive(ResultsArea.view, view)
        self.set_class(view == "gallery", "-gallery-view")

    def compose(self) -> ComposeResult:
        yield ResultsList(dimmed=self._dimmed, id="results")
        yield Gallery(  # name, then style and set under each picture
            self._loader,
            mode=self._mode,
            label_lines=2,
            tile_size=self._tile_size or DEFAULT_TILE_SIZE,
            fit_tiles=self._tile_size is None,
            dimmed=self._dimmed,
            id="gallery",
        )
        yield Static(Content(SearchState().explanation), id="results-message", markup=False)

    @property
    def active(self) -> ResultsList | Gallery:
        """The view on show."""
        if self.view == "gallery":
            return self.query_one(Gallery)
        return self.query_one(ResultsList)

    @property
    def highlighted_icon(self) -> Icon | None:
        """The highlighted icon of the view on show."""
        return self.active.highlighted_icon

    @property
    def at_last(self) -> bool:
        """True when the highlight is on the last result (reaching it loads the next page)."""
        view = self.active
        return view.highlighted is not None and view.highlighted == len(view.icons) - 1

    @property
    def groups(self) -> tuple[IconGroup, ...] | None:
        """The groups on show, when grouped by name (else None)."""
        return self._groups

    @property
    def highlighted_group(self) -> IconGroup | None:
        """The group under the highlight, when grouped by name."""
        groups = self._groups
        if groups is None:
            return None
        index = self.active.highlighted
        if index is None or not 0 <= index < len(groups):
            return None
        return groups[index]

    @property
    def shown_icons(self) -> tuple[Icon, ...]:
        """Every icon on show (after the filters): grouped, every member of every group."""
        if self._groups is not None:
            return tuple(member for group in self._groups for member in group.members)
        return self.active.icons

    def set_marks(self, ids: frozenset[int]) -> None:
        """Show the bag's mark on the entries of the icons with these ids (grouped: of any member)."""
        self._marks = ids
        self._show_marks()

    def set_favourites(self, ids: frozenset[int]) -> None:
        """Show the favourite's mark on the entries of the icons with these ids (grouped: of any member)."""
        self._favourites = ids
        self._show_marks()

    def set_unserved(self, ids: frozenset[int]) -> None:
        """Show the not-served mark on the entries of the remembered icons with these ids, whose sets are
        not served in this run (grouped: of any member)."""
        self._unserved = ids
        self._show_marks()

    def _show_marks(self) -> None:
        bag, favourites = self._entries(self._marks), self._entries(self._favourites)
        unserved = self._entries(self._unserved)
        marks = {
            entry: (UNSERVED_MARK if entry in unserved else "")
            + (BAG_MARK if entry in bag else "")
            + (FAVOURITE_MARK if entry in favourites else "")
            for entry in bag | favourites | unserved
        }
        self.query_one(ResultsList).set_marked(marks)
        self.query_one(Gallery).set_marked(marks)

    def _entries(self, ids: frozenset[int]) -> frozenset[int]:
        """The entries shown for these icons' ids: the ids themselves, or grouped, their groups' firsts."""
        groups = self._groups
        if groups is None or not ids:
            return ids
        return frozenset(group.first.id for group in groups if any(member.id in ids for member in group.members))

    def _fill(self, fill_list: Callable[[], None], fill_gallery: Callable[[], None], *, keep_place: bool) -> None:
        """Fill the view on show now, the other when it is shown (`watch_view`)."""
        self._hidden_keep_place = keep_place
        if self.view == "gallery":
            fill_gallery()
            self._fill_hidden = fill_list
        else:
            fill_list()
            self._fill_hidden = fill_gallery

    def show_icons(self, icons: Sequence[Icon], *, keep_place: bool = False) -> None:
        """Show `icons` (the first highlighted, or the same place when `keep_place`)."""
        if self._groups is not None and (self._marks or self._favourites or self._unserved):
            self._groups = None
            self._show_marks()
        self._groups = None
        self._fill(
            partial(self.query_one(ResultsList).show_icons, icons, keep_place=keep_place),
            partial(self.query_one(Gallery).show_icons, icons, keep_place=keep_place),
            keep_place=keep_place,
        )

    def append_icons(self, icons: Sequence[Icon]) -> None:
        """Add `icons` after the ones on show (ungrouped; the results' next pages): the view on show
        grows by them alone, the other gets the whole list when it is shown (as `show_icons`)."""
        if self._groups is not None:  # (grouped, the caller shows the groups again)
            return
        view = self.active
        hidden: ResultsList | Gallery
        hidden = self.query_one(ResultsList) if self.view == "gallery" else self.query_one(Gallery)
        view.append_icons(icons)
        if self._fill_hidden is None:
            self._hidden_keep_place = True  # the hidden view holds the results before these: its place stays
        self._fill_hidden = partial(hidden.show_icons, view.icons, keep_place=self._hidden_keep_place)

    def grow_groups(self, groups: Sequence[IconGroup], changed: Sequence[int]) -> None:
        """Grouped by name, the groups on show grew by the results' next pages: `changed` are the places
        of the groups that grew or began (`grouping.Grouping.add`). The view on show changes those
        entries alone; the other gets every group when it is shown (as `show_groups`)."""
        before = self._groups
        if before is None:
            self.show_groups(groups, keep_place=True)
            return
        self._groups = tuple(groups)
        if self._marks or self._favourites or self._unserved:
            self._show_marks()  # an entry's mark follows its members
        listed = len(before)
        if self.view == "gallery":
            gallery = self.query_one(Gallery)
            gallery.relabel({index: _group_label(groups[index]) for index in changed if index < listed})
            gallery.append_icons([group.first for group in groups[listed:]], [_group_label(g) for g in groups[listed:]])
        else:
            self.query_one(ResultsList).grow_groups(groups, changed, listed)
        if self._fill_hidden is None:
            self._hidden_keep_place = True
        self._fill_hidden = partial(self._fill_groups, self.view, keep_place=self._hidden_keep_place)

    def _fill_groups(self, shown: str, *, keep_place: bool) -> None:
        """Put the groups on show into the view other than `shown` (its turn to be shown)."""
        groups = self._groups or ()
        firsts = [group.first for group in groups]
        if shown == "gallery":
            self.query_one(ResultsList).show_icons(firsts, keep_place=keep_place, groups=groups)
        else:
            self.query_one(Gallery).show_icons(firsts, keep_place=keep_place, labels=[_group_label(g) for g in groups])

    def show_groups(self, groups: Sequence[IconGroup], *, keep_place: bool = False) -> None:
        """Show one entry per group in both views (the first highlighted, or the same place when
        `keep_place`: grouping keeps each name's place as the results grow, so the index holds)."""
        self._groups = tuple(groups)
        if self._marks or self._favourites or self._unserved:
            self._show_marks()  # an entry's mark follows its members
        firsts = [group.first for group in self._groups]
        labels = [_group_label(group) for group in self._groups]
        self._fill(
            partial(self.query_one(ResultsList).show_icons, firsts, keep_place=keep_place, groups=self._groups),
            partial(self.query_one(Gallery).show_icons, firsts, keep_place=keep_place, labels=labels),
            keep_place=keep_place,
        )

    def highlight(self, icon: Icon) -> bool:
        """Put the highlight on `icon`'s entry (its group's, when grouped); False when it is not shown."""
        groups = self._groups
        if groups is not None:
            index = next((number for number, group in enumerate(groups) if group.index_of(icon) is not None), None)
        else:
            index = next((number for number, shown in enumerate(self.active.icons) if shown.id == icon.id), None)
        if index is None:
            return False
        self.active.highlighted = index
        return True

    def watch_view(self, view: str) -> None:
        shown, hidden = self.query_one(Gallery), self.query_one(ResultsList)
        if view == "list":
            shown, hidden = hidden, shown  # type: ignore[assignment]
        had_focus = hidden.has_focus
        fill, self._fill_hidden = self._fill_hidden, None
        if fill is not None:
            fill()  # the results that arrived while this view was hidden
        if hidden.highlighted is not None and shown.highlighted != hidden.highlighted:
            shown.highlighted = hidden.highlighted  # the same icon stays highlighted
        # The class for the stylesheet, without restyling the area's whole subtree (a third of the
        # switch's first frame): the views' `display` is set here, which is all the class changes.
        self.set_class(view == "gallery", "-gallery-view", update=False)
        # Its tiles are drawn already: the gallery asks for what it lacks when shown (`Gallery.on_show`).
        self._show_view(message=self.has_class("-message"), tell_loader=False)
        if had_focus:  # once laid out: a widget still hidden cannot take the focus
            self.call_after_refresh(self._focus_view, shown)

    @staticmethod
    def _focus_view(shown: Widget) -> None:
        """The view switched to takes the focus its other had, unless a key read since moved it on into
        a text field ("vk" over the results: k starts a search, and the letters after it type there)."""
        if not isinstance(shown.screen.focused, Input):
            shown.screen.set_focus(shown)

    def _show_view(self, *, message: bool, tell_loader: bool = True) -> None:
        """Display the view on show and hide the other; both hidden while a message shows instead.

        What the stylesheet's `-gallery-view` and `-message` rules say, set on the two views directly:
        a class change restyles every node under the area, a `display` change only lays them out.
        `tell_loader`: a gallery coming into view asks for its pictures now (new results: the fetches
        start from the tiles it will hold, not a frame later when it is shown).
        """
        gallery, results = self.query_one(Gallery), self.query_one(ResultsList)
        results.display = not message and self.view == "list"
        show_gallery = not message and self.view == "gallery"
        if gallery.display != show_gallery:
            gallery.display = show_gallery
            if show_gallery and tell_loader:
                gallery.tell_loader()

    def show_state(self, state: SearchState, *, stale: bool = False) -> bool:
        """Show `state`; return True when results are on show (results, or earlier ones while searching).
        `stale`: those earlier ones answered other words than the search in flight: drawn faded."""
        results = self.query_one(ResultsList)
        shows_list = (state.phase is SearchPhase.RESULTS and not state.filtered_out) or (
            state.phase is SearchPhase.SEARCHING and len(self.active.icons) > 0
        )
        # Before the classes change, so the restyle finds the views as they will be.
        self._show_view(message=not shows_list)
        # One restyle at most (a class change restyles the area's whole subtree): most searches change none.
        self.update_classes({"-message": not shows_list, "-problem": state.is_problem})
        # Earlier results stay on show, faded, while a search for other words runs: a repaint, no restyle.
        results.stale = stale
        self.query_one(Gallery).stale = stale
        explanation = state.explanation or f"Searching for “{state.query}”…"
        # The message box's size is set by the layout (1fr), so new text only needs a repaint.
        self.query_one("#results-message", Static).update(Content(explanation), layout=False)
        return shows_list


def _group_label(group: IconGroup) -> tuple[str, str]:
    """A group's tile label: its name over "× 17" (how many members)."""
    return (group.name, f"× {len(group.members)}")
