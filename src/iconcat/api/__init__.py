"""The icon catalogue client: models, errors, auth, retries. Imports no Textual.

    from iconcat.api import CatalogueClient
    async with CatalogueClient(base_url, token) as client:
        result = await client.search("arrow")       # SearchResult: .icons, .more_available, .skipped
        while result.next_page is not None:         # only when a person asks for more, in practice
            result = await client.more(result)      # a new SearchResult: every icon so far
        if result.paging_stopped:                   # a next page offered but not followed, and why
            print(result.paging_stopped)

Paging (an extension; the interface shows none): a service may reveal the URL of the next page in
`meta.next`. `search()` fetches the first page only. `SearchResult.next_page` is the next page's
absolute URL when the client will follow it (on the base URL's origin, not fetched before, fewer than
`MAX_ICONS_HELD` icons held), else None; `CatalogueClient.more(result)` fetches it on demand and returns
a new result with the page's new icons appended (icons already held are left out and counted in
`skipped`). A `next` on another origin (never requested: the token goes only to the base URL's origin),
one that loops back to a page already fetched (itself included), a page that adds no new icon (a lying
`next`), and reaching the cap (`max_icons_held=`, 10,000 by default) all stop paging without an
exception: `next_page` is None and `SearchResult.paging_stopped` says why, in words fit to show a
person. `more_available` keeps the service's word (from its latest page): more may exist even when the
client cannot page to them, so "refine the search" stays the honest hint.

Everything public is re-exported here from small private modules, each imported when first asked for
(`_LAZY`): `_models` (the dataclasses and their tolerant parser), `_answer` (large search answers
decoded fast, in slices, to the same result), `_errors` (the
exception tree, drawn in its docstring), `_auth` (where the token may go; `Secret`, `parse_base_url`),
`_check` (`check_connection`: one search that tests a base URL and token, for `iconcat login` and the connect
screen), `_redact` (the token masked in the HTTP stack's log records), `_retry` (backoff and Retry-After),
`_body` (size-capped decoding), `_naming` (a file named after its icon, from a template: `suggested_filename`,
`default_template`), `_socket_reads` (larger socket reads for a download's connection), `_transport` (no SSL
context until an https URL is requested), `_quiet_httpx` (httpx imported without its command-line tool),
`_paging` (which next page may be followed, and the pages so far as one result), `_http` (`GuardedHttp`: the
guarded HTTP under every catalogue reached over HTTP: deadlines, caps, retries, redirects, the token to one
origin, address refusals, errors in words, with `_failure_words`) and `_client` (`CatalogueClient`: the seed's
endpoints and their answers, on `GuardedHttp`). The client saves files through `iconcat.disk.downloads`, which
knows nothing of the catalogue. The seam above (`iconcat.catalogue`) wraps the client as the service adapter;
nothing here imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ._auth import Secret, parse_base_url
    from ._check import CHECK_QUERY, ConnectionCheck, check_connection
    from ._client import CatalogueClient
    from ._errors import (
        PICTURE_FAILED,
        AuthError,
        CatalogueError,
        InsecureConnectionWarning,
        NetworkError,
        NotFoundError,
        ProtocolError,
        RateLimitedError,
        RequestRefusedError,
        ServiceError,
        SettingsError,
        StorageError,
    )
    from ._files import MAX_FETCH_BYTES, MAX_ICONS_HELD, FetchedFile, save_failure
    from ._http import GuardedHttp
    from ._models import (
        Author,
        Icon,
        License,
        Match,
        Ref,
        SearchResult,
        Variant,
        extension_fields,
        parse_search_result,
    )
    from ._naming import default_template, suggested_filename
    from ._retry import RetryPolicy
    from ._sets import SetsAnswer, SetSummary, parse_sets

__all__ = [
    "SetSummary",
    "SetsAnswer",
    "parse_sets",
    "CHECK_QUERY",
    "MAX_FETCH_BYTES",
    "MAX_ICONS_HELD",
    "AuthError",
    "Author",
    "CatalogueClient",
    "CatalogueError",
    "ConnectionCheck",
    "FetchedFile",
    "GuardedHttp",
    "Icon",
    "InsecureConnectionWarning",
    "License",
    "Match",
    "NetworkError",
    "NotFoundError",
    "ProtocolError",
    "RateLimitedError",
    "PICTURE_FAILED",
    "RequestRefusedError",
    "Ref",
    "RetryPolicy",
    "SearchResult",
    "Secret",
    "ServiceError",
    "SettingsError",
    "StorageError",
    "Variant",
    "check_connection",
    "default_template",
    "extension_fields",
    "parse_base_url",
    "parse_search_result",
    "save_failure",
    "suggested_filename",
]

_LAZY = {
    **dict.fromkeys(("Secret", "parse_base_url"), "._auth"),
    **dict.fromkeys(("CHECK_QUERY", "ConnectionCheck", "check_connection"), "._check"),
    **dict.fromkeys(("CatalogueClient",), "._client"),
    **dict.fromkeys(("MAX_FETCH_BYTES", "MAX_ICONS_HELD", "FetchedFile", "save_failure"), "._files"),
    **dict.fromkeys(
        (
            "PICTURE_FAILED",
            "AuthError",
            "CatalogueError",
            "InsecureConnectionWarning",
            "NetworkError",
            "NotFoundError",
            "ProtocolError",
            "RateLimitedError",
            "RequestRefusedError",
            "ServiceError",
            "SettingsError",
            "StorageError",
        ),
        "._errors",
    ),
    **dict.fromkeys(("GuardedHttp",), "._http"),
    **dict.fromkeys(
        (
            "Author",
            "Icon",
            "License",
            "Match",
            "Ref",
            "SearchResult",
            "Variant",
            "extension_fields",
            "parse_search_result",
        ),
        "._models",
    ),
    **dict.fromkeys(("default_template", "suggested_filename"), "._naming"),
    **dict.fromkeys(("RetryPolicy",), "._retry"),
    **dict.fromkeys(("SetsAnswer", "SetSummary", "parse_sets"), "._sets"),
}
"""Where each name lives, imported when first asked for, not with the package: the models, the errors
and the sets' parser need no httpx, and the embedded catalogue's commands (`iconcat sets --from`,
`search --demo`) and the browser's first frame must not wait the 100-130 ms httpx takes to import. Each
module that imports httpx imports `_quiet_httpx` first (httpx without its command-line tool)."""


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value  # asked once: later lookups are the module's own attribute
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
