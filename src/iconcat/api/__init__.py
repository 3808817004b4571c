"""The icon catalogue client: models, errors, auth, retries. Imports no Textual.

    from iconcat.api import CatalogueClient
    async with CatalogueClient(base_url, token) as client:
        result = await client.search("arrow")

Everything public is re-exported here from small private modules: `_models` (the dataclasses and their
tolerant parser), `_errors` (the exception tree, drawn in its docstring), `_auth` (where the token may
go; `Secret`, `parse_base_url`), `_check` (`check_connection`: one search that tests a base URL and
token, for `iconcat login` and the connect screen), `_redact` (the token masked in the HTTP stack's log
records), `_retry` (backoff and Retry-After), `_body` (size-capped decoding), `_naming` (a file named
after its icon: `suggested_filename`), `_socket_reads` (larger socket reads for a download's
connection) and `_client`. The client saves files through `iconcat.downloads`, which knows nothing of
the catalogue.
"""

from __future__ import annotations

from ._auth import Secret, parse_base_url
from ._check import CHECK_QUERY, ConnectionCheck, check_connection
from ._client import CatalogueClient
from ._errors import (
    AuthError,
    CatalogueError,
    InsecureConnectionWarning,
    NetworkError,
    NotFoundError,
    ProtocolError,
    RateLimitedError,
    ServiceError,
    SettingsError,
    StorageError,
)
from ._models import Icon, Ref, SearchResult, Variant
from ._naming import suggested_filename
from ._retry import RetryPolicy

__all__ = [
    "CHECK_QUERY",
    "AuthError",
    "CatalogueClient",
    "CatalogueError",
    "ConnectionCheck",
    "Icon",
    "InsecureConnectionWarning",
    "NetworkError",
    "NotFoundError",
    "ProtocolError",
    "RateLimitedError",
    "Ref",
    "RetryPolicy",
    "SearchResult",
    "Secret",
    "ServiceError",
    "SettingsError",
    "StorageError",
    "Variant",
    "check_connection",
    "parse_base_url",
    "suggested_filename",
]
