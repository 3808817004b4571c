"""The icon catalogue client: models, errors, auth, retries. Imports no Textual.

    from iconcat.api import CatalogueClient
    async with CatalogueClient(base_url, token) as client:
        result = await client.search("arrow")

Everything public is re-exported here from small private modules: `_models` (the dataclasses and their
tolerant parser), `_errors` (the exception tree, drawn in its docstring), `_auth` (where the token may
go), `_redact` (the token masked in the HTTP stack's log records), `_retry` (backoff and Retry-After),
`_body` (size-capped decoding) and `_client`.
"""

from __future__ import annotations

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
from ._retry import RetryPolicy

__all__ = [
    "AuthError",
    "CatalogueClient",
    "CatalogueError",
    "Icon",
    "InsecureConnectionWarning",
    "NetworkError",
    "NotFoundError",
    "ProtocolError",
    "RateLimitedError",
    "Ref",
    "RetryPolicy",
    "SearchResult",
    "ServiceError",
    "SettingsError",
    "StorageError",
    "Variant",
]
