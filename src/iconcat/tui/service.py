"""The few calls the browser makes to the catalogue outside its long-lived client.

Kept out of the widgets: a screen asks "does this URL and token work?" and gets a sentence back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from .widgets.secret_input import Secret

__all__ = ["TEST_QUERY", "check_connection"]

TEST_QUERY = "a"
"""The search used to test a token: the interface says a 200 from search means the token works, and
nearly every name contains an "a", so the answer also shows the catalogue has icons."""


async def check_connection(base_url: str, token: "Secret", timeout: float) -> str:
    """Run one search with a temporary client; return what it found, or raise a CatalogueError.

    The token arrives wrapped and is unwrapped only inside the call that needs it, so no frame here
    holds it in a readable local (Textual's crash report prints locals).
    """
    from iconcat.api import CatalogueClient

    async with CatalogueClient(base_url, token.reveal(), timeout=timeout) as client:
        result = await client.search(TEST_QUERY)
    count = len(result.icons)
    more = "+" if result.more_available else ""
    return sanitize(f"The catalogue answered: {count}{more} icons found for “{TEST_QUERY}”.")
