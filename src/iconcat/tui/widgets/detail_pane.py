"""The highlighted icon in full: its picture, name, id, category, style, series, set and variants.

Icons from a catalogue that says more (sets of icons from disk: issue 24's optional extensions) get two
lines more under the set, and only they: the icon's Iconify name ("Iconify  tabler:arrow-up", what a
web developer pastes into code: never cut, it wraps after a ":" or "-" where the pane is narrow) and
the set's licence and author ("Licence  MIT · by Paweł Kuna", or "Author  …" without a licence); the
licence's and author's full names and addresses are the fields' tooltip. Without them (the demo,
other catalogues) the pane is as before, line for line.

Why the search found the icon, when the catalogue says (its `matched`) and it was not plainly by the
name, is one line across the pane above the variants: "Found by the tag delete · trash, synonym of
bin" (`iconcat.browsing.match_reasons`; cut with "…", the whole in its tooltip). It takes a line of the
variants' padding, so the picture keeps its size as the highlight moves between icons with and without.

The text fields change the moment the highlight moves; the picture follows when its preview arrives.
Every value comes from the catalogue, so each goes through `sanitize` and into plain Content.

Grouped by name (`show_group`), the pane also shows the group's members under the fields: small tiles
(a `Gallery` on the shared preview loader's "members" channel), each labelled with its style and set
(`MemberLabels`: the set's Iconify prefix before its name is cut), so every member stays reachable.
The fields, the picture and the variants are the highlighted member's; Tab (or → from the list) moves
into the tiles, ← from the first column or Esc moves back, and Enter on a tile (or `d`) posts
`MemberChosen` for the variant picker.

The same icon in other sets (`G`, `show_other_sets`) takes the same tiles: the icons of its name in the
other sets served, grouped by set, under a title saying which ("Heart in 3 other sets · Phosphor 2 ·
…"); the fields show the tile highlighted. Esc (or ← from the first column) posts `OtherSetsLeft`, and
`close_other_sets` puts back what the pane showed before; the highlight moving in the results (a new
`show_group`) closes them too.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len, chop_cells, set_cell_size
from textual import on
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.reactive import var
from textual.widgets import Static

from iconcat.browsing.match_reasons import match_reason
from iconcat.text import sanitize

from ..thumbnail_cache import ThumbnailCache
from .gallery import Gallery
from .messages import IconChosen, IconHighlighted
from .thumbnail import Thumbnail
from .tile_labels import MemberLabels

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Author, Icon, License, Ref
    from iconcat.browsing.grouping import IconGroup

    from ..controllers.preview_loader import PreviewLoader
    from ..terminal_images import TerminalPictures

__all__ = [
    "DetailPane",
    "MemberGallery",
    "describe_extensions",
    "describe_fields",
    "describe_reason",
    "describe_variants",
    "extension_lines",
    "wrap_name",
]

_LABEL_WIDTH = 9


def _ref(label: str, ref: Ref, width: int | None = None) -> Content:
    """One field's line; in `width` cells, its id left out first, then its value cut with "…"."""
    name = sanitize(ref.name, max_length=60)
    id_text = f"  #{ref.id}"
    if width is not None:
        room = width - _LABEL_WIDTH
        if cell_len(name) + len(id_text) > room:
            id_text = ""  # the value matters more than its id (the variants keep theirs)
            if cell_len(name) > room:
                name = set_cell_size(name, room - 1).rstrip() + "…" if room > 0 else ""
    return Content.assemble((label.ljust(_LABEL_WIDTH), ".detail-pane--label"), name, (id_text, ".detail-pane--id"))


def _line(label: str, value: str, width: int | None = None) -> Content:
    """A field without an id: its value (sanitised by the caller) cut with "…" to fit `width` cells."""
    room = None if width is None else width - _LABEL_WIDTH
    if room is not None and cell_len(value) > room:
        value = set_cell_size(value, room - 1).rstrip() + "…" if room > 0 else ""
    return Content.assemble((label.ljust(_LABEL_WIDTH), ".detail-pane--label"), value)


def wrap_name(name: str, width: int) -> list[str]:
    """`name` in lines of at most `width` cells, broken after a ":" or "-" ("tabler:trash-" / "filled"),
    a part longer than a line broken where the line ends: every character kept, in order."""
    if width <= 0 or cell_len(name) <= width:
        return [name]
    lines: list[str] = []
    line = ""
    for part in re.split(r"(?<=[:-])", name):
        if cell_len(line + part) <= width:
            line += part
            continue
        if line:
            lines.append(line)
        *whole, line = chop_cells(part, width) or [""]
        lines.extend(whole)
    if line:
        lines.append(line)
    return lines


def _wrapped(label: str, value: str, width: int | None) -> list[Content]:
    """A field whose value is never cut (the Iconify name, which people type and paste): wrapped in
    `width` cells (`wrap_name`), each further line under the first's value."""
    room = None if width is None else width - _LABEL_WIDTH
    if room is None or room <= 0:  # (not even the label fits: the pane is too narrow for any field)
        return [_line(label, value, width)]
    pieces = wrap_name(value, room)
    labels = [label.ljust(_LABEL_WIDTH), *[" " * _LABEL_WIDTH] * (len(pieces) - 1)]
    return [Content.assemble((said, ".detail-pane--label"), piece) for said, piece in zip(labels, pieces)]


def extension_lines(icon: Icon, width: int | None = None) -> list[Content]:
    """The lines of the optional extensions `icon` has: its Iconify name (wrapped, never cut), its set's
    licence and author."""
    lines = []
    if icon.iconify:
        lines.extend(_wrapped("Iconify", sanitize(icon.iconify, max_length=80), width))
    license, author = icon.set.license, icon.set.author
    licence_name = sanitize(license.label, max_length=40) if license is not None else ""
    author_name = sanitize(author.name or "", max_length=60) if author is not None else ""
    if licence_name:
        lines.append(_line("Licence", f"{licence_name} · by {author_name}" if author_name else licence_name, width))
    elif author_name:
        lines.append(_line("Author", author_name, width))
    return lines


def describe_extensions(icon: Icon) -> Content | None:
    """The set's licence and author in full, with their addresses (the fields' tooltip); None when
    the catalogue says neither."""
    license, author = icon.set.license, icon.set.author
    parts: list[Content] = []
    if license is not None:
        names = [sanitize(name, max_length=200) for name in (license.title, license.spdx) if name]
        words = names[0] if len(names) == 1 or names[:1] == names[1:] else f"{names[0]} ({names[1]})"
        parts.append(Content.assemble(("Licence  ", "bold"), words or "unnamed"))
        if license.url:
            parts.append(Content(sanitize(license.url, max_length=300)))
    if author is not None:
        parts.append(Content.assemble(("Author  ", "bold"), sanitize(author.name or "", max_length=200) or "unnamed"))
        if author.url:
            parts.append(Content(sanitize(author.url, max_length=300)))
    return Content("\n").join(parts) if parts else None


def describe_fields(icon: Icon, width: int | None = None) -> Content:
    """Category, style, series and set, one per line, each with its id (fitted to `width` cells if
    given), then the lines of the optional extensions the icon has (`extension_lines`)."""
    return Content("\n").join(
        [
            _ref("Category", icon.category, width),
            _ref("Style", icon.style, width),
            _ref("Series", icon.series, width),
            _ref("Set", icon.set, width),
            *extension_lines(icon, width),
        ]
    )


def describe_reason(icon: Icon) -> Content | None:
    """Why the search found `icon`, labelled like a field ("Found by the tag delete"); None when every
    word matched its name, or the catalogue did not say."""
    reason = match_reason(icon.matched)
    if not reason:
        return None
    return Content.assemble(("Found by".ljust(_LABEL_WIDTH), ".detail-pane--label"), reason)


class FieldLines(Static):
    """The fields, drawn fitted to the width they have (`describe_fields`): at 120 columns "Category
    Communication" was cut to "Category Communication …" by its id. What it holds (`visual`) stays whole.

    The Iconify name wraps rather than be cut ("tabler:trash-f…" at 120 columns): its lines are counted
    at the width the fields have, so the height follows a resize too."""

    _icon: Icon | None = None
    extra_lines = 0
    """Lines beyond the four fields (the optional extensions, at the fields' width); the height grows by them."""
    _said: tuple[License | None, Author | None] = (None, None)

    def show(self, icon: Icon) -> bool:
        """Show `icon`'s fields: a repaint, unless its extensions take another number of lines than the
        previous icon's (their height changes then: returns True)."""
        self._icon = icon
        resized = self._fit_height()
        said = (icon.set.license, icon.set.author)
        if said != self._said:  # the same set's icons say the same: the tooltip is left as it is
            self._said = said
            self.tooltip = describe_extensions(icon)
        self.update(describe_fields(icon), layout=resized)
        return resized

    def _fit_height(self) -> bool:
        """Make the height the fields' lines at the width they have; True when it changed."""
        icon = self._icon
        extra = len(extension_lines(icon, self.size.width or None)) if icon is not None else 0
        if extra == self.extra_lines:
            return False
        self.extra_lines = extra
        self.styles.height = FIELD_LINES + extra if extra else None  # None: the stylesheet's again
        return True

    def on_resize(self) -> None:
        if self._fit_height():  # the Iconify name wraps in more or fewer lines
            for pane in self.ancestors:
                if isinstance(pane, DetailPane):
                    pane.fields_resized()
                    break

    def render(self) -> RenderResult:
        icon = self._icon
        if icon is None or self.size.width <= 0:
            return super().render()
        return describe_fields(icon, self.size.width)


FIELD_LINES = 4
"""Category, style, series and set (the stylesheet's height for them)."""
FIELDS_WIDTH = 24
"""Cells the name and fields want beside the picture (longer values are cut with an ellipsis)."""
FIELDS_HEIGHT = 6
"""Lines the name and fields take when stacked under the picture."""
MIN_PICTURE_ROWS = 4
"""The smallest picture drawn (8×4 cells): below it an icon is not recognisable."""

MEMBER_ROWS = ((2, FIELDS_HEIGHT), (3, 12))
"""Rows of member tiles shown at once (else one; the tiles scroll), each if the picture keeps the
rows given: a second row while the picture is as tall as the fields beside it (the tiles are pictures
too, and more of them on screen is worth more), a third only on a tall terminal."""

VARIANT_LINES = 6
"""The variants table is padded to this many lines, so moving between icons with different numbers
of variants repaints it without relaying out the screen (more variants than this do relayout)."""
EXTENSION_LINES = 2
"""The optional extensions' lines the pane is laid out for (the Iconify name on one line, the licence):
an Iconify name wrapped onto more takes them from the variants' padding, so the pane keeps its height
(at 80×24 the variants' box scrolled by the blank lines)."""


def describe_variants(icon: Icon, lines: int = VARIANT_LINES, unserved: str = "") -> Content:
    """The variants as a compact table: label and variant id, one per line (padded to `lines`);
    `unserved`: why none can be had in this run (its set is not served), said in their place."""
    if unserved:
        table = [Content(unserved)]
    elif not icon.variants:
        table = [Content.styled("No downloadable variants.", ".detail-pane--label")]
    else:
        labels = [sanitize(variant.label, max_length=30) for variant in icon.variants]
        width = max(len(label) for label in labels)
        table = [
            Content.assemble(label.ljust(width), (f"  #{variant.id}", ".detail-pane--id"))
            for label, variant in zip(labels, icon.variants)
        ]
    table += [Content("")] * (lines - len(table))
    return Content("\n").join(table)


class MemberGallery(Gallery):
    """A group's members as small tiles labelled with style and set (the detail pane's)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Back", show=False, id="members-leave", tooltip="Back to the results"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.labels = MemberLabels()

    def action_cursor_left(self) -> None:
        """Highlight the previous tile; from the first column, back to the results."""
        if self.highlighted is None or self.highlighted % self.columns == 0:
            self.action_leave()
        else:
            super().action_cursor_left()

    def action_leave(self) -> None:
        """Back to the results (the widget before this one); from the other sets' tiles, back to where
        `G` was pressed (the pane's `OtherSetsLeft`)."""
        for pane in self.ancestors:
            if isinstance(pane, DetailPane) and pane.showing_other_sets:
                pane.post_message(DetailPane.OtherSetsLeft())
                return
        self.screen.focus_previous()

    def watch_tile_size(self) -> None:
        super().watch_tile_size()
        for pane in self.ancestors_with_self:
            if isinstance(pane, DetailPane):
                pane.fit_picture()  # rows of a new height: the pane gives the tiles their room again
                break


class DetailPane(Vertical):
    """Shows `icon` (or a hint when there is none); grouped, its group's members to choose from."""

    COMPONENT_CLASSES = {"detail-pane--name", "detail-pane--label", "detail-pane--id"}
    """`detail-pane--name`: the icon's name; `detail-pane--label`: field names; `detail-pane--id`: #ids."""

    class MemberChosen(Message):
        """A member of the group shown was chosen (Enter or a double click on its tile)."""

        def __init__(self, icon: Icon) -> None:
            super().__init__()
            self.icon = icon

    class OtherSetsLeft(Message):
        """Esc (or ← from the first column) on the other sets' tiles: back to where `G` was pressed."""

    icon: var[Icon | None] = var(None, init=False)
    """The icon shown; None shows the empty hint. A `var`: the watcher updates the widgets that change,
    and repainting the pane itself (its border and background) would be wasted work."""

    def __init__(
        self,
        cache: ThumbnailCache,
        loader: PreviewLoader,
        *,
        thumbnail_mode: str = "half",
        pictures: TerminalPictures | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id, classes="-empty")
        self._pictures = pictures
        self._cache = cache
        self._thumbnail_mode = thumbnail_mode
        self._loader = loader
        self._variant_lines = 0
        self.favourite_ids: frozenset[int] = frozenset()
        """The favourites' ids: their names get a star (set by the browser screen)."""
        self.unserved: dict[int, str] = {}
        """Remembered icons whose set is not served in this run, by id: why, said in place of their
        variants (set by the memory controller; `browsing.remembered.not_served`, sanitised)."""
        self._picture_rows = 0
        self._member_lines = 0
        self._group: IconGroup | None = None
        self._before_other_sets: tuple[IconGroup | None, Icon | None] | None = None
        """What the pane showed before the other sets' tiles (its group, its icon); None when not showing them."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="detail-top"):
            yield Thumbnail(
                self._cache, self._loader, mode=self._thumbnail_mode, pictures=self._pictures, id="thumbnail"
            )
            with Vertical(id="detail-fields"):
                yield Static("", id="detail-name", markup=False)
                yield FieldLines("", id="detail-refs", markup=False)
        with Vertical(id="detail-members-box"):
            yield Static("", id="detail-members-title", markup=False)
            yield MemberGallery(self._loader, mode=self._thumbnail_mode, channel="members", label_lines=2, id="members")
        with VerticalScroll(id="detail-variants-box"):
            yield Static("", id="detail-reason", markup=False)
            yield Static(Content("Variants"), id="detail-variants-title", markup=False)
            yield Static("", id="detail-variants", markup=False)
        yield Static(Content("Highlight an icon to see it here."), id="detail-empty", markup=False)

    def on_resize(self) -> None:
        self.fit_picture()

    def fit_picture(self) -> None:
        """Make the picture as large as the pane allows, the fields beside it or, if larger so, under it.

        A cell is two pixels tall in the block renderers, so a square preview is twice as many columns
        as rows. The variants keep their lines below; the rest of the pane is the picture's.
        """
        width, height = self.content_size
        if width <= 0 or height <= 0:
            return
        # The variants' title, lines and the margin above them (none at 80×24 grouped: see the stylesheet).
        room = height - (VARIANT_LINES + 1 + self.query_one("#detail-variants-box").styles.margin.top)
        if self._group is not None:
            room -= self._fit_members(room)
        beside = min(room, (width - FIELDS_WIDTH - 2) // 2)
        under = min(room - FIELDS_HEIGHT - self.query_one("#detail-refs", FieldLines).extra_lines, width // 2)
        stacked = under >= beside + 3  # beside reads better: stack only for a clearly larger picture
        rows = max(MIN_PICTURE_ROWS, under if stacked else beside)
        self.set_class(stacked, "-stacked")
        thumbnail = self.thumbnail
        if self._picture_rows != rows:  # setting a size relayouts the pane: only when it changes
            self._picture_rows = rows
            thumbnail.styles.width = rows * 2
            thumbnail.styles.height = rows

    def _fit_members(self, room: int) -> int:
        """Size the members' tiles for `room` lines left after the variants; return the lines they take."""
        gallery = self.members
        if gallery is None:
            return 0
        tile_height = gallery.tile.height
        chrome = 1  # the title (its colour sets it apart from the fields: no margin)
        rows = 1
        for more, picture_rows in MEMBER_ROWS:
            if room - chrome - more * tile_height - 2 >= picture_rows:
                rows = more
        lines = rows * tile_height + gallery.styles.gutter.height  # the tiles and the gallery's border (if any)
        if self._member_lines != lines:  # a new height relayouts the pane: only when it changes
            self._member_lines = lines
            gallery.styles.height = lines
        return chrome + lines

    @property
    def thumbnail(self) -> Thumbnail:
        """The picture widget."""
        return self.query_one(Thumbnail)

    @property
    def members(self) -> MemberGallery | None:
        """The group's members as tiles (None before the pane is composed)."""
        return self.query_one_optional("#members", MemberGallery)

    @property
    def group(self) -> IconGroup | None:
        """The group whose members are shown, when grouped by name."""
        return self._group

    @property
    def showing_other_sets(self) -> bool:
        """Whether the tiles are the same icon in other sets (`G`), not a group's members."""
        return self._before_other_sets is not None

    def show_other_sets(self, others: IconGroup, title: str) -> None:
        """Show `others` (the icon's name in other sets, grouped by set) as the tiles, under `title`."""
        if self._before_other_sets is None:
            self._before_other_sets = (self._group, self.icon)
        self._show_group(others)
        self.add_class("-other-sets")
        title_line = self.query_one("#detail-members-title", Static)
        title_line.update(Content(title), layout=False)
        title_line.tooltip = title  # (cut with "…" where the pane is narrow)

    def close_other_sets(self) -> None:
        """Show again what the pane showed before the other sets' tiles."""
        before, self._before_other_sets = self._before_other_sets, None
        if before is None:
            return
        self.remove_class("-other-sets")
        group, icon = before
        self._show_group(group, icon, force=True)
        if group is None:
            self.icon = icon

    def show_group(self, group: IconGroup | None, member: Icon | None = None) -> None:
        """Show `group`'s members and highlight `member` (by default the one highlighted before, when
        the group is the same name and still holds it, else the first); the fields show that member.
        The other sets' tiles, if shown, close.

        None shows no group (the app then sets `icon`)."""
        if self._before_other_sets is not None:
            self._before_other_sets = None
            self.remove_class("-other-sets")
            self._show_group(group, member, force=True)
            return
        self._show_group(group, member)

    def _show_group(self, group: IconGroup | None, member: Icon | None = None, *, force: bool = False) -> None:
        """`show_group`; `force`: the tiles and title made again even for the same members (they showed
        the other sets)."""
        previous, self._group = self._group, group
        if (group is None) != (previous is None):
            self.set_class(group is not None, "-grouped")
            self.fit_picture()
            # Again once the class has restyled the pane (at 80×24 grouping changes borders and margins).
            self.call_after_refresh(self.fit_picture)
        gallery = self.members
        if group is None or gallery is None:
            if group is not None:
                self.icon = group.members[group.index_of(member) or 0]
            return
        same_name = previous is not None and previous.key == group.key
        if member is None and same_name:
            member = self.icon
        same_members = previous is group or (
            previous is not None
            and same_name
            and [icon.id for icon in previous.members] == [icon.id for icon in group.members]
        )
        if force or not same_members:
            gallery.show_icons(group.members, retry_failures=False)  # labelled by `MemberLabels`
            title_line = self.query_one("#detail-members-title", Static)
            title_line.update(Content(group.summary), layout=False)
            title_line.tooltip = None
        index = group.index_of(member) or 0
        gallery.highlighted = index
        self.icon = group.members[index]

    @on(IconHighlighted, "#members")
    def _member_highlighted(self, message: IconHighlighted) -> None:
        message.stop()  # the members' highlight is the pane's business, not the results'
        gallery = self.members
        icon = gallery.highlighted_icon if gallery is not None else None
        if self._group is not None and icon is not None:
            self.icon = icon

    @on(IconChosen, "#members")
    def _member_chosen(self, message: IconChosen) -> None:
        message.stop()
        self.post_message(self.MemberChosen(message.icon))

    def show_name(self) -> None:
        """The icon's name and id, with a star when it is a favourite (`favourite_ids`)."""
        icon = self.icon
        if icon is None:
            return
        star = "★ " if icon.id in self.favourite_ids else ""
        self.query_one("#detail-name", Static).update(
            Content.assemble(
                (star, ".detail-pane--id"),
                (sanitize(icon.name), ".detail-pane--name"),
                (f"  #{icon.id}", ".detail-pane--id"),
            ),
            layout=False,
        )

    def watch_icon(self, icon: Icon | None) -> None:
        self.set_class(icon is None, "-empty")
        if icon is None:
            self.show_group(None)
            self.thumbnail.icon = None
            return
        # The name and fields have fixed heights (see the stylesheet): new text is a repaint, not a
        # relayout. The variants table relayouts only when its line count changes.
        self.show_name()
        if self.query_one("#detail-refs", FieldLines).show(icon):
            self.call_after_refresh(self.fit_picture)  # the fields' height changed: stacked or not may too
        self.show_reason()
        self.show_variants()
        self.thumbnail.icon = icon

    def show_reason(self) -> None:
        """Why the search found the icon (`describe_reason`), or no line at all."""
        icon = self.icon
        reason = describe_reason(icon) if icon is not None else None
        line = self.query_one("#detail-reason", Static)
        if reason is None:
            if line.has_class("-shown"):
                line.remove_class("-shown")
                line.tooltip = None
            return
        line.update(reason, layout=False)
        line.tooltip = reason
        line.add_class("-shown")

    def show_variants(self) -> None:
        """The icon's variants, padded to `VARIANT_LINES` less the lines a wrapped Iconify name and the
        reason take, or why it has none in this run (`unserved`)."""
        icon = self.icon
        if icon is None:
            return
        unserved = self.unserved.get(icon.id, "")
        wrapped = max(0, self.query_one("#detail-refs", FieldLines).extra_lines - EXTENSION_LINES)
        wrapped += self.query_one("#detail-reason", Static).has_class("-shown")
        padded = VARIANT_LINES - wrapped
        variant_lines = padded if unserved else max(len(icon.variants), padded)
        self.query_one("#detail-variants", Static).update(
            describe_variants(icon, padded, unserved), layout=variant_lines != self._variant_lines
        )
        self._variant_lines = variant_lines

    def fields_resized(self) -> None:
        """The fields took another number of lines at their new width (a wrapped Iconify name)."""
        self.show_variants()
        self.call_after_refresh(self.fit_picture)  # stacked or not may change
