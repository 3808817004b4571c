"""`iconcat favourites` and `iconcat recent`: what the browser remembered, read from its memory alone."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from iconcat.cli.errors import EXIT_OK
from iconcat.cli.output import print_table, print_warning, search_result_document

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.catalogue import CatalogueChoice


def show_remembered(choice: CatalogueChoice, which: str, *, as_json: bool) -> int:
    """Print what the browser remembered of the catalogue `choice` names: favourites or recent icons.

    Read from the browser's memory alone (no request, the catalogue never opened), under the key the
    browser keeps them by (`CatalogueSpec.memory_key`: with nothing configured, or with --demo, the
    demo's; one key for every set from disk)."""
    from iconcat.api import SearchResult
    from iconcat.catalogue_names import favourites_elsewhere_note
    from iconcat.memory import Memory

    memory = Memory.open(choice.spec.memory_key)
    try:
        icons = memory.favourites() if which == "favourites" else memory.recents()
        elsewhere = ""
        if not icons and which == "favourites":  # kept per catalogue: say where they are
            elsewhere = favourites_elsewhere_note(memory.catalogue, memory.favourites_elsewhere())
    finally:
        memory.close()
    if memory.notice:
        print_warning(memory.notice)
    result = SearchResult(icons=icons, more_available=False)
    if as_json:
        import json

        print(json.dumps(search_result_document(result), indent=2, ensure_ascii=True))
    elif icons:
        print_table(icons)
        print(f"{len(icons)} icon{'s' if len(icons) != 1 else ''}", file=sys.stderr)
    if elsewhere:
        print(f"{elsewhere[:1].upper()}{elsewhere[1:]}.", file=sys.stderr)
    elif not icons and not as_json:
        print(
            "No favourites yet: press * on an icon in the browser." if which == "favourites" else "Nothing yet.",
            file=sys.stderr,
        )
    return EXIT_OK
