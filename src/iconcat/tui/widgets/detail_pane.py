"""The highlighted icon in full: its picture, name, id, category, style, series, set and variants.

The text fields change the moment the highlight moves; the picture follows when its preview arrives.
Every value comes from the catalogue, so each goes through `sanitize` and into plain Content.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.reactive import var
from textual.widgets import Static

from iconcat.text import sanitize

from ..thumbnail_cache import ThumbnailCache
from .thumbnail import PreviewFetcher, Thumbnail

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon, Ref

__all__ = ["DetailPane", "describe_fields", "describe_variants"]

_LABEL_WIDTH = 9


def _ref(label: str, ref: Ref) -> Content:
    return Content.assemble(
        (label.ljust(_LABEL_WIDTH), ".detail-pane--label"),
        sanitize(ref.name, max_length=60),
        (f"  #{ref.id}", ".detail-pane--id"),
    )


def describe_fields(icon: Icon) -> Content:
    """Category, style, series and set, one per line, each with its id."""
    return Content("\n").join(
        [
            _ref("Category", icon.category),
            _ref("Style", icon.style),
            _ref("Series", icon.series),
            _ref("Set", icon.set),
        ]
    )


FIELDS_WIDTH = 24
"""Cells the name and fields want beside the picture (longer values are cut with an ellipsis)."""
FIELDS_HEIGHT = 6
"""Lines the name and fields take when stacked under the picture."""
MIN_PICTURE_ROWS = 4
"""The smallest picture drawn (8×4 cells): below it an icon is not recognisable."""

VARIANT_LINES = 6
"""The variants table is padded to this many lines, so moving between icons with different numbers
of variants repaints it without relaying out the screen (more variants than this do relayout)."""


def describe_variants(icon: Icon) -> Content:
    """The variants as a compact table: label and variant id, one per line (at least VARIANT_LINES)."""
    if not icon.variants:
        lines = [Content.styled("No downloadable variants.", ".detail-pane--label")]
    else:
        labels = [sanitize(variant.label, max_length=30) for variant in icon.variants]
        width = max(len(label) for label in labels)
        lines = [
            Content.assemble(label.ljust(width), (f"  #{variant.id}", ".detail-pane--id"))
            for label, variant in zip(labels, icon.variants)
        ]
    lines += [Content("")] * (VARIANT_LINES - len(lines))
    return Content("\n").join(lines)


class DetailPane(Vertical):
    """Shows `icon` (or a hint when there is none)."""

    COMPONENT_CLASSES = {"detail-pane--name", "detail-pane--label", "detail-pane--id"}
    """`detail-pane--name`: the icon's name; `detail-pane--label`: field names; `detail-pane--id`: #ids."""

    icon: var[Icon | None] = var(None, init=False)
    """The icon shown; None shows the empty hint. A `var`: the watcher updates the widgets that change,
    and repainting the pane itself (its border and background) would be wasted work."""

    def __init__(
        self,
        cache: ThumbnailCache,
        fetch_preview: PreviewFetcher,
        *,
        thumbnail_mode: str = "half",
        id: str | None = None,
    ) -> None:
        super().__init__(id=id, classes="-empty")
        self._cache = cache
        self._fetch_preview = fetch_preview
        self._thumbnail_mode = thumbnail_mode
        self._variant_lines = 0
        self._picture_rows = 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="detail-top"):
            yield Thumbnail(self._cache, self._fetch_preview, mode=self._thumbnail_mode, id="thumbnail")
            with Vertical(id="detail-fields"):
                yield Static("", id="detail-name", markup=False)
                yield Static("", id="detail-refs", markup=False)
        with VerticalScroll(id="detail-variants-box"):
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
        room = height - (VARIANT_LINES + 2)  # the variants' title, lines and the margin above them
        beside = min(room, (width - FIELDS_WIDTH - 2) // 2)
        under = min(room - FIELDS_HEIGHT, width // 2)
        stacked = under >= beside + 3  # beside reads better: stack only for a clearly larger picture
        rows = max(MIN_PICTURE_ROWS, under if stacked else beside)
        self.set_class(stacked, "-stacked")
        thumbnail = self.thumbnail
        if self._picture_rows != rows:  # setting a size relayouts the pane: only when it changes
            self._picture_rows = rows
            thumbnail.styles.width = rows * 2
            thumbnail.styles.height = rows

    @property
    def thumbnail(self) -> Thumbnail:
        """The picture widget."""
        return self.query_one(Thumbnail)

    def watch_icon(self, icon: Icon | None) -> None:
        self.set_class(icon is None, "-empty")
        if icon is None:
            self.thumbnail.icon = None
            return
        # The name and fields have fixed heights (see the stylesheet): new text is a repaint, not a
        # relayout. The variants table relayouts only when its line count changes.
        self.query_one("#detail-name", Static).update(
            Content.assemble(
                (sanitize(icon.name), ".detail-pane--name"),
                (f"  #{icon.id}", ".detail-pane--id"),
            ),
            layout=False,
        )
        self.query_one("#detail-refs", Static).update(describe_fields(icon), layout=False)
        variant_lines = max(len(icon.variants), VARIANT_LINES)
        self.query_one("#detail-variants", Static).update(
            describe_variants(icon), layout=variant_lines != self._variant_lines
        )
        self._variant_lines = variant_lines
        self.thumbnail.icon = icon
