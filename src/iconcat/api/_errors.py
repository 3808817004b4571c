"""Every way talking to the catalogue can fail, as a small tree of exceptions written for a person.

    CatalogueError                 anything below; `str(error)` is one sentence fit to show a user
    ├── SettingsError              the base URL, token or timeout given to the client cannot be used
    │                              (also a ValueError); the message never repeats the token
    ├── AuthError                  the service rejected the token (401/403)
    ├── NotFoundError              the service has no such icon or variant (404)
    ├── RateLimitedError           the service asked us to wait (429/503 + Retry-After) longer than
    │                              we are willing to; `.retry_at` says when to try again
    ├── ServiceError               the service failed or answered with a status we cannot use (5xx, 400…)
    │   └── RequestRefusedError    the service refused the request itself (400), or would have (a search
    │                              longer than it accepts, refused before sending): the same fails again
    ├── ProtocolError              the answer arrived but is not what the interface promises
    │                              (not JSON, a web page, wrong shape, too large, wrong file type, a
    │                              redirect we refuse)
    ├── NetworkError               no complete answer: refused, reset, cut short, the deadline passed
    └── StorageError               the file could not be written to the download folder (the words of
                                   `iconcat.disk.downloads.SaveError`: the disk's own error, summarised)

`InsecureConnectionWarning` (a UserWarning) is issued for plain http to a host other than loopback.

Errors are raised outside the `except` block that caught the library's exception, so neither
`__cause__` nor `__context__` carries it: httpx/h11 messages can quote request headers, and the
`Authorization` header holds the token.
"""

from __future__ import annotations

from datetime import datetime

__all__ = [
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
]


PICTURE_FAILED = "picture_failed"
"""The embedded catalogue's error code for a picture it could not draw (`ServiceError.code`; the server
side is `iconcat.server.app`): that picture will not draw however often it is asked."""


class CatalogueError(Exception):
    """Base of every error the catalogue client raises; the message is written for a person."""


class SettingsError(CatalogueError, ValueError):
    """The client cannot be made with what it was given (base URL, token, timeout)."""


class AuthError(CatalogueError):
    """The service rejected the token (HTTP 401 or 403)."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        """The HTTP status that said so."""


class NotFoundError(CatalogueError):
    """The service has nothing at the address asked for (HTTP 404)."""


class RateLimitedError(CatalogueError):
    """The service asked us to slow down for longer than the client waits by itself."""

    def __init__(self, message: str, *, retry_at: datetime | None = None) -> None:
        super().__init__(message)
        self.retry_at = retry_at
        """When the service said to try again (UTC), if it said."""


class ServiceError(CatalogueError):
    """The service answered with a failure, or a status the client cannot use."""

    def __init__(self, message: str, *, status: int | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        """The HTTP status of the answer."""
        self.code = code
        """The error's code when a failure (5xx) said one in the embedded catalogue's JSON shape:
        `picture_failed` means that one picture cannot be drawn, and asking again will not help."""


class RequestRefusedError(ServiceError):
    """The service refused the request itself (HTTP 400), saying why when it did; or the client refused
    it before sending, knowing the service would (a search longer than it accepts). Sending the same
    request again fails the same way: what was asked must change."""


class ProtocolError(CatalogueError):
    """An answer arrived, but it is not what the service's interface promises."""


class NetworkError(CatalogueError):
    """No complete answer arrived: refused, reset, cut short, or the deadline passed."""


class StorageError(CatalogueError):
    """A downloaded file could not be written into its folder."""


class InsecureConnectionWarning(UserWarning):
    """The token is about to travel in clear text (plain http to a host other than loopback)."""
