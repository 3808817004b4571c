"""What `render_cells` returns: a Rich renderable of a fixed size in cells, and the text placeholder."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len, set_cell_size
from rich.color import Color
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich_pixels import Pixels

from ..text import sanitize
from .colour import RGB, blend, relative_luminance

__all__ = ["ThumbnailCells", "placeholder_cells"]


class ThumbnailCells:
    """A thumbnail as terminal cells: exactly `columns` wide and `rows` tall, whatever the picture.

    Wraps the rich-pixels `Pixels` our renderers produced (`.pixels`) and tells Rich its width, so a
    Textual widget with `width: auto` sizes to it instead of to the whole screen. It holds finished
    segments only: rendering it any number of times, from any thread, does no image work.
    """

    def __init__(
        self, pixels: Pixels, columns: int, rows: int, mode: str, segments: Sequence[Segment] | None = None
    ) -> None:
        self.pixels = pixels
        self.columns = columns
        self.rows = rows
        self.mode = mode
        self._segments = segments

    def lines(self) -> list[list[Segment]] | None:
        """The cells as `rows` lists of segments, each exactly `columns` cells: what a console lays out
        from this renderable, without one (a gallery tile becomes strips directly). None when the
        segments are not known to be laid out that way already (the caller lays them out itself)."""
        segments = self._segments
        if segments is None:
            return None
        lines: list[list[Segment]] = []
        line: list[Segment] = []
        for segment in segments:
            if segment.text == "\n":
                lines.append(line)
                line = []
            else:
                line.append(segment)
        if line or len(lines) != self.rows:
            return None
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.pixels

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.columns, self.columns)

    def __repr__(self) -> str:
        return f"<ThumbnailCells {self.columns}x{self.rows} {self.mode}>"


def placeholder_cells(columns: int, rows: int, background: RGB, lines: Iterable[str]) -> Pixels:
    """Background-filled cells with a faint rounded frame (when there is room) and centred text.

    Used for the "text" mode (terminals or people that want no pictures) and for a preview that is
    missing or broken. Text is sanitised and cropped to fit; it is never parsed as markup.
    """
    extreme = (255, 255, 255) if relative_luminance(background) < 0.3 else (0, 0, 0)
    fill = Style(bgcolor=Color.from_rgb(*background))
    ink = Style(color=Color.from_rgb(*blend(background, extreme, 0.6)), bgcolor=fill.bgcolor)
    frame = Style(color=Color.from_rgb(*blend(background, extreme, 0.25)), bgcolor=fill.bgcolor)
    framed = columns >= 4 and rows >= 3
    inner = columns - 2 if framed else columns
    texts = [set_cell_size(line, min(cell_len(line), inner)) for line in map(sanitize, lines)]
    texts = [text for text in texts if text][: rows - 2 if framed else rows]
    first_text_row = (rows - len(texts)) // 2
    segments: list[Segment] = []
    for row in range(rows):
        if framed and row in (0, rows - 1):
            left, right = ("╭", "╮") if row == 0 else ("╰", "╯")
            segments.append(Segment(left + "─" * (columns - 2) + right, frame))
        else:
            index = row - first_text_row
            text = texts[index] if 0 <= index < len(texts) else ""
            pad_left = (inner - cell_len(text)) // 2
            pad_right = inner - cell_len(text) - pad_left
            if framed:
                segments.append(Segment("│", frame))
            segments.append(Segment(" " * pad_left, fill))
            if text:
                segments.append(Segment(text, ink))
            segments.append(Segment(" " * pad_right, fill))
            if framed:
                segments.append(Segment("│", frame))
        segments.append(Segment("\n"))
    return Pixels.from_segments(segments)
