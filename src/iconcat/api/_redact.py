"""Keeping tokens out of the HTTP stack's log records, even when a service echoes one back.

httpx logs each request at INFO and httpcore traces every step at DEBUG, response headers included. We
never log a request's headers, but a careless or hostile service can reflect the Authorization header in
a response header, a status line or an error that the stack then quotes; anyone who turns on DEBUG
logging would find the token in their logs. A filter on those loggers replaces every live client's token
(as text and as it appears inside a bytes repr) with a mask before the record reaches any handler.
"""

from __future__ import annotations

import logging
import threading
import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ._auth import Secret

__all__ = ["MASK", "protect"]

MASK = "********"
_HTTP_LOGGERS = ("httpx", "httpcore.connection", "httpcore.http11", "httpcore.http2", "httpcore.proxy")


class _TokenRedactor(logging.Filter):
    """Masks the tokens of live clients in every record logged by the HTTP stack's loggers."""

    def __init__(self) -> None:
        super().__init__()
        self._secrets: weakref.WeakSet[Secret] = weakref.WeakSet()
        self._lock = threading.Lock()

    def protect(self, secret: Secret) -> None:
        with self._lock:
            self._secrets.add(secret)

    def filter(self, record: logging.LogRecord) -> bool:
        with self._lock:
            values = [secret.reveal() for secret in self._secrets]
        if not values:
            return True
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a malformed record is the logging module's to report
            return True
        redacted = message
        for value in values:
            # As text, and as Python shows it inside a bytes repr (b'...'), where \ and ' are escaped.
            for form in {value, repr(value.encode())[2:-1]}:
                redacted = redacted.replace(form, MASK)
        if redacted != message:
            record.msg = redacted
            record.args = None
        return True


_redactor = _TokenRedactor()
for _name in _HTTP_LOGGERS:
    logging.getLogger(_name).addFilter(_redactor)


def protect(secret: Secret) -> None:
    """Mask `secret` in the HTTP stack's log records for as long as it lives."""
    _redactor.protect(secret)
