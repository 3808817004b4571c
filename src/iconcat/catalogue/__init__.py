"""The one seam between the front ends and every kind of catalogue. Imports no Textual.

    from iconcat.catalogue import CatalogueFlags, choose_catalogue, open_catalogue
    choice = choose_catalogue(settings, CatalogueFlags("search", demo=args.demo))
    async with open_catalogue(choice) as catalogue:      # a `Catalogue`
        if catalogue.spec.capabilities.looks_up_ids:
            icon = await catalogue.icon(1042)

- `protocol`: `Catalogue`, what the browser and the commands ask of a catalogue (search, more,
  thumbnail, a variant's file saved or in memory, an icon looked up, the cap, open, close), with
  `iconcat.api`'s models and errors; `VariantFiles`, the part saving needs; `NotOffered`.
- `spec`: `CatalogueSpec` (kind, label, memory key, the option that reopens it, the bag's default
  variant, the query limit) and `Capabilities` (the flags a front end asks instead of `if demo`).
- `kinds`: the kind table, one row per kind (the seed's service, the demo, sets from disk; Iconify's
  API next), each naming its adapter module.
- `choose`: `choose_catalogue(settings, flags)` and `open_catalogue(choice)`: which catalogue, and
  its adapter.
- Adapters, one module a kind: `service` (the seed's interface over HTTP: `CatalogueClient`) and
  `embedded` (the demo and sets from disk in-process: no socket, no server thread); `files` saves
  the bytes an in-process catalogue holds as a download is saved.
- `local_sets`: which icon sets from disk a command serves (`--from`, `ICONCAT_FROM`, `from`), `--color`,
  and the index build's progress on the terminal: the sets kind's options, read by `choose`.

Nothing is imported with the package: each name with its module, when first asked for (`_LAZY`).

Layers: the front ends (`cli`, `tui`) use this package; nothing below it imports it (`api`,
`downloads`, `imaging`, `server`, the leaves), and the server imports no adapter
(`tests/test_layering.py`). The adapters are imported when a catalogue of their kind is opened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - typing only
    from .choose import CatalogueChoice, CatalogueFlags, choose_catalogue, open_catalogue
    from .protocol import Catalogue, NotOffered, VariantFiles
    from .refusals import NoCatalogueConfigured
    from .spec import Capabilities, CatalogueSpec, Preference

__all__ = [
    "Capabilities",
    "Catalogue",
    "CatalogueChoice",
    "CatalogueFlags",
    "CatalogueSpec",
    "NoCatalogueConfigured",
    "NotOffered",
    "Preference",
    "VariantFiles",
    "choose_catalogue",
    "open_catalogue",
]

_LAZY = {
    **dict.fromkeys(("CatalogueChoice", "CatalogueFlags", "choose_catalogue", "open_catalogue"), ".choose"),
    "NoCatalogueConfigured": ".refusals",
    **dict.fromkeys(("Catalogue", "NotOffered", "VariantFiles"), ".protocol"),
    **dict.fromkeys(("Capabilities", "CatalogueSpec", "Preference"), ".spec"),
}
"""Where each name lives. Imported when first asked for, not with the package: `protocol` and `refusals`
import `iconcat.api` (httpx with it, 50-120 ms), which the browser's first frame must not wait for;
`spec`, `kinds` and `choose` are light (`iconcat browse` chooses its catalogue and the browser names
it in the header before that frame)."""


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
