"""Fake set units for the index's tests (the shape `discover.py` gives): records and icons built in
the test, a fingerprint the test bumps, reads counted, failures and interruptions on demand."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from PIL import Image

from iconcat.sources.records import SetRecord, SourceIcon


def svg_of(label: str, width: float = 24, height: float = 24) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
        f'height="{height:g}"><title>{label}</title><path d="M2 2h20v20z" fill="currentColor"/></svg>'
    )


def icon(
    key: str, name: str | None = None, *, style: str = "Regular", aliases: tuple[str, ...] = (), hidden: bool = False
) -> SourceIcon:
    words = name if name is not None else key.replace("-", " ").title()
    return SourceIcon(
        key=key,
        name=words,
        style=style,
        category="Uncategorised",
        svg=svg_of(key),
        width=24,
        height=24,
        aliases=aliases,
        hidden=hidden,
    )


@dataclass
class FakeUnit:
    """One set: `version` is its fingerprint's changing part; `reads` counts `read()` calls."""

    prefix: str
    icons: list[SourceIcon]
    name: str = ""
    version: int = 1
    reads: int = 0
    broken: str | None = None
    """`read()` raises ValueError(broken)."""
    interrupt_after: int | None = None
    """The icons' iterator raises KeyboardInterrupt after this many icons."""
    licence: tuple[str | None, str | None, str | None] = (None, None, None)
    author: tuple[str | None, str | None] = (None, None)
    warnings: list[str] = field(default_factory=list)
    """Lines `read` gives its `warn` (a reader's files skipped inside a set)."""
    has_iconify_names: bool = True
    """An IconifyJSON set's (the key says icons.json): `prefix:key` is each icon's Iconify name."""

    @property
    def key(self) -> str:
        return f"/sets/{self.prefix}/icons.json"

    def fingerprint(self) -> str:
        return f"{self.key}|{self.version}"

    def read(self, warn: Callable[[str], None] = print) -> tuple[SetRecord, Iterator[SourceIcon]]:
        self.reads += 1
        for line in self.warnings:
            warn(line)
        if self.broken is not None:
            raise ValueError(self.broken)
        record = SetRecord(
            prefix=self.prefix,
            name=self.name or self.prefix.title(),
            series="Other",
            source=self.key,
            license_spdx=self.licence[0],
            license_title=self.licence[1],
            license_url=self.licence[2],
            author_name=self.author[0],
            author_url=self.author[1],
        )
        return record, self._icons()

    def _icons(self) -> Iterator[SourceIcon]:
        for count, each in enumerate(self.icons):
            if self.interrupt_after is not None and count == self.interrupt_after:
                raise KeyboardInterrupt
            yield each


def stand_in_rasterise(svg: str, size: int) -> bytes:
    """A stand-in for the raster worker (another helper's): a blank size × size PNG, whatever the SVG."""
    out = io.BytesIO()
    Image.new("RGBA", (size, size), (0, 0, 0, 0)).save(out, "PNG")
    return out.getvalue()
