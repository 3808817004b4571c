"""Icons built in memory, as the client's parser would build them, for tests of pure logic."""

from __future__ import annotations

from collections.abc import Iterable

from iconcat.api import Icon, Ref, Variant
from iconcat.api._models import License

PNG512 = ("png", 512)
PNG256 = ("png", 256)
SVG = ("svg", None)
EPS = ("eps", None)

_ids = iter(range(1, 10**9))


def icon(
    name: str = "Arrow Up",
    *,
    style: str = "Outline",
    set: str = "Core UI",  # the model's own field name
    category: str = "Arrows",
    series: str = "Essentials",
    files: Iterable[tuple[str, int | None]] = (PNG512, SVG),
    iconify: str | None = None,
    license: str | None = None,
) -> Icon:
    """An icon as the parser would build it (`iconify`: its Iconify name, "tabler:trash", if any;
    `license`: its set's SPDX licence expression, if any)."""
    number = next(_ids)
    variants = tuple(Variant(500_000 + number * 10 + i, fmt, size) for i, (fmt, size) in enumerate(files))
    return Icon(
        number,
        name,
        category=Ref(1, category),
        style=Ref(2, style),
        series=Ref(3, series),
        set=Ref(4, set, license=License(spdx=license) if license is not None else None),
        thumbnail=f"http://127.0.0.1/t/{number}",
        variants=variants,
        iconify=iconify,
    )
