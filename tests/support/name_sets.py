"""Small IconifyJSON packages shaped like the real ones, for the tests of Iconify names as input and
`set:` by prefix (issue 31 item 4): built in each test, never the npm packages.

- Tabler Icons (`tabler`): trash, trash-x, trash-off, arrow-up.
- Lucide (`lucide`): trash, trash-2. Its Trash sorts before Tabler's ("Lucide" < "Tabler Icons"), so
  `tabler:trash` first is the name's doing, not the order's.
- Material Design Icons (`mdi`): home, trash-can, and the alias house → home (as mdi.json has it).
- Material Icons (`ic`): baseline-delete, baseline-home. Its name does not start with "ic"…
- IcoMoon Free (`icomoon-free`) and Icons8 Windows 10 Icons (`icons8`) do: `set:ic` by name picks them.
- Font Awesome Solid (`fa6-solid`): trash-can, house.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.iconsets import iconify_package, iconify_set

NAME_SETS: dict[str, tuple[str, dict[str, dict[str, Any]], dict[str, Any]]] = {
    "tabler": ("Tabler Icons", {"trash": {}, "trash-x": {}, "trash-off": {}, "arrow-up": {}}, {}),
    "lucide": ("Lucide", {"trash": {}, "trash-2": {}}, {}),
    "mdi": ("Material Design Icons", {"home": {}, "trash-can": {}}, {"aliases": {"house": {"parent": "home"}}}),
    "ic": ("Material Icons", {"baseline-delete": {}, "baseline-home": {}}, {}),
    "icomoon-free": ("IcoMoon Free", {"home": {}, "bin": {}}, {}),
    "icons8": ("Icons8 Windows 10 Icons", {"home": {}}, {}),
    "fa6-solid": ("Font Awesome Solid", {"trash-can": {}, "house": {}}, {}),
}
"""prefix → (set name, icons, other fields of the set)."""

SERVED = {prefix: name for prefix, (name, _icons, _extra) in NAME_SETS.items()}
"""What the catalogue serving them says: prefix → set name (`CatalogueSpec.served_prefixes`)."""


def write_name_sets(folder: Path) -> tuple[str, ...]:
    """Every set of `NAME_SETS` as an `@iconify-json/<prefix>` package under `folder`: their paths, for
    `--from` (one argument each)."""
    paths = []
    for prefix, (name, icons, extra) in NAME_SETS.items():
        package = folder / prefix
        data = iconify_set(prefix, icons, width=24, height=24, **extra)
        iconify_package(package, data, info={"name": name, "license": {"spdx": "MIT", "title": "MIT"}})
        paths.append(str(package))
    return tuple(paths)


def from_options(paths: tuple[str, ...]) -> list[str]:
    """`--from PATH` for each of `paths`."""
    return [word for path in paths for word in ("--from", path)]
