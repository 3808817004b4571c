"""The one connection check: do this base URL and token work? One search, with a temporary client.

`iconcat login` runs it before saving anything, and so does the browser's connect screen ("Test"):
both ask the same question the same way, and a fix to one is a fix to both. The interface says a 200
from search means the token works; the query is "a" because nearly every name holds one, so the
answer also shows that the catalogue has icons. Every failure is the client's own `CatalogueError`
(a sentence fit for a person), raised as it is.

The token arrives wrapped in a `Secret` and is unwrapped only inside the call that builds the client:
no frame here holds it in a readable local (Textual's crash report prints every frame's locals, and the
connect screen runs this in a worker).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass

from ._auth import Secret
from ._client import CatalogueClient

__all__ = ["CHECK_QUERY", "ConnectionCheck", "check_connection"]

CHECK_QUERY = "a"
"""The search used to test a connection (see the module docstring for why "a")."""


@dataclass(frozen=True)
class ConnectionCheck:
    """What the check's search found: proof that the base URL and the token work."""

    found: int
    """How many icons the answer held."""
    more_available: bool
    """True when the service said more matched than it sent."""
    query: str = CHECK_QUERY
    """The search that was run."""

    @property
    def summary(self) -> str:
        """One sentence for a person: "The catalogue answered: 48+ icons found for “a”."."""
        more = "+" if self.more_available else ""
        icons = "icon" if self.found == 1 and not more else "icons"
        return f"The catalogue answered: {self.found}{more} {icons} found for “{self.query}”."


async def check_connection(
    base_url: str,
    token: Secret,
    timeout: float,  # noqa: ASYNC109 - the client's deadline for each request, as `CatalogueClient(timeout=)`
    *,
    warn: Callable[[str], None] | None = None,
) -> ConnectionCheck:
    """Run one search on `base_url` with `token`; say what it found, or raise the `CatalogueError`.

    `timeout` is the deadline for the whole request, as for `CatalogueClient`. A malformed base URL or
    token is a `SettingsError` raised before anything is sent.

    `warn`, when given, receives the warnings the client raises while it is made (plain http to a
    remote host: `InsecureConnectionWarning`) as sentences, instead of Python's warning machinery. That
    swaps process-wide state for the moment the client is made, so only a single-threaded caller (the
    command line) should pass it; others let the warning take Python's usual path.
    """
    if warn is None:
        client = CatalogueClient(base_url, token.reveal(), timeout=timeout)
    else:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            client = CatalogueClient(base_url, token.reveal(), timeout=timeout)
        for warning in caught:
            warn(str(warning.message))
    async with client:
        result = await client.search(CHECK_QUERY)
    return ConnectionCheck(found=len(result.icons), more_available=result.more_available)
