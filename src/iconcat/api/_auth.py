"""Where the token may go, and keeping it out of sight.

The token goes only to the base URL's origin: the same scheme, host and port, compared after
normalising (lower case, default ports made explicit, IPv6 brackets removed). The comparison is made on
the URL as httpx parses it, so userinfo tricks (`https://catalogue.example@evil.example/`) name the host
they really reach (`evil.example`). The token is held in a `Secret` whose repr hides it, so it shows in
no repr, log line, or traceback that prints local variables.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass
from typing import NoReturn

# httpx without its command-line tool: first, before httpx itself (see _quiet_httpx).
from . import _quiet_httpx  # noqa: F401

# isort: split

import httpx

from ._errors import SettingsError

__all__ = [
    "Origin",
    "Secret",
    "is_internal_host",
    "is_loopback_host",
    "parse_base_url",
    "plausible_host",
    "validate_token",
]

_DEFAULT_PORTS = {"http": 80, "https": 443}
_MAX_TOKEN_LENGTH = 4096


class Secret:
    """A string that is never shown: repr and str give a placeholder; `reveal()` gives the value.

    The one wrapper for the token everywhere: the client holds it, the connect screen's form and
    `iconcat login` carry it in one, and `check_connection` takes one. Textual's crash report and
    tracebacks with locals print every variable's repr, so a token held in a `Secret` shows as
    `Secret('********')` wherever it travels; it is unwrapped only inside the call that needs it.
    Truthiness says whether it holds anything ("no token given"), without revealing it.
    """

    __slots__ = ("__weakref__", "_value")  # weakly referenced by the log redactor (`_redact`)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        """The secret itself: pass it straight into the call that needs it, never into a variable."""
        return self._value

    def __bool__(self) -> bool:
        return bool(self._value)

    def __repr__(self) -> str:
        return "Secret('********')"

    __str__ = __repr__

    def __reduce__(self) -> NoReturn:  # never pickled (or copied) into a crash dump or a cache
        raise TypeError("a Secret cannot be pickled")


def validate_token(token: str) -> Secret:
    """Check that `token` can be sent in an HTTP header, and wrap it.

    Allowed: 1 to 4096 printable ASCII characters without spaces. Anything else (whitespace, control
    characters, non-ASCII) would be rejected by the HTTP library with the token quoted in its error
    message, or could inject headers; the `SettingsError` raised here never quotes it.
    """
    if not isinstance(token, str):
        raise SettingsError("the token must be text")
    if not token:
        raise SettingsError("the token is empty: set ICONCAT_TOKEN or run `iconcat login`")
    if len(token) > _MAX_TOKEN_LENGTH:
        raise SettingsError(f"the token is longer than {_MAX_TOKEN_LENGTH} characters: check what was pasted")
    if not all("!" <= char <= "~" for char in token):
        raise SettingsError(
            "the token contains spaces, control characters or non-ASCII characters: "
            "check what was pasted (the token is not shown here)"
        )
    return Secret(token)


@dataclass(frozen=True)
class Origin:
    """Scheme, host and port of a URL, normalised so that equal origins compare equal."""

    scheme: str
    host: str
    port: int

    @classmethod
    def of(cls, url: httpx.URL) -> Origin:
        """The origin of `url` (an absolute http or https URL)."""
        scheme = url.scheme.lower()
        host = url.host.lower().strip("[]").rstrip(".")
        port = url.port if url.port is not None else _DEFAULT_PORTS.get(scheme, 0)
        return cls(scheme, host, port)

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        if _DEFAULT_PORTS.get(self.scheme) == self.port:
            return f"{self.scheme}://{host}"
        return f"{self.scheme}://{host}:{self.port}"


def is_loopback_host(host: str) -> bool:
    """True for `localhost` and loopback addresses (127.0.0.0/8, ::1)."""
    host = host.lower().strip("[]").rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _ip_of(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address `host` names literally, in any form a resolver accepts (`127.1`, `2130706433`, `0x7f.1`)."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if host and all(char in "0123456789abcdefx." for char in host) and any(char.isdigit() for char in host):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except (OSError, ValueError):
            return None
    return None


def is_internal_host(host: str) -> bool:
    """True for names and addresses inside this machine or its local network.

    `localhost`, loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7, IPv4-mapped forms…),
    link-local (169.254/16: cloud metadata services), unspecified, multicast and reserved addresses,
    written in any literal form. A host *name* that resolves to such an address is not caught here
    (that needs the resolver); this stops the literal addresses a hostile service would simply write.
    """
    host = host.lower().strip("[]").rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    address = _ip_of(host.split("%", 1)[0])
    if address is None:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return (
        address.is_loopback
        or address.is_private
        or address.is_link_local
        or address.is_unspecified
        or address.is_multicast
        or address.is_reserved
    )


_HOST_NAME = re.compile(rb"^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.?$")


def plausible_host(url: httpx.URL) -> bool:
    """A host name of letters, digits, hyphens (IDNs arrive as punycode) or an IP literal.

    httpx percent-encodes what it cannot parse (`[bad` becomes `%5bbad`) instead of refusing it; such a
    name would only be sent to the resolver.
    """
    host = url.raw_host
    if b":" in host:
        try:
            ipaddress.IPv6Address(host.decode("ascii").split("%", 1)[0])
        except ValueError:
            return False
        return True
    return bool(_HOST_NAME.match(host)) and len(host) <= 253


def parse_base_url(base_url: str) -> httpx.URL:
    """Check and normalise the catalogue's base URL (no trailing slash).

    It must be an absolute http or https URL with a host, and carry no credentials, query or fragment:
    credentials in a URL end up in logs and process lists, and the client adds its own query strings.

    The one base-URL parser: the client, `iconcat login` and the browser's connect screen all use it,
    so a form never accepts what the client then refuses. Its `SettingsError` is a lower-case clause
    fit for a person (the command line prints it after "iconcat: error: ", the connect screen as a
    sentence) and never repeats the URL, which may hold a pasted token.
    """
    if not isinstance(base_url, str) or not base_url.strip():
        raise SettingsError("no catalogue base URL given: set ICONCAT_BASE_URL or run `iconcat login`")
    text = base_url.strip()
    url: httpx.URL | None
    try:
        url = httpx.URL(text)
        host = url.host  # decoded lazily: an impossible IDNA label (`xn--`) fails here
    except (httpx.InvalidURL, ValueError):  # ValueError: idna's errors for impossible host names
        url, host = None, ""
    if url is None:
        # Raised outside the handler, so the parser's error (which quotes the URL) is not its context.
        raise SettingsError("the base URL is not a valid URL: it should look like https://icons.example.com")
    if url.scheme.lower() not in _DEFAULT_PORTS or not host:
        raise SettingsError(
            "the base URL must start with https:// (or http:// for a local server) and name a host, "
            "like https://icons.example.com"
        )
    if "%" in host and ":" not in host:
        # httpx percent-escapes what no host name may hold (a space, `[`, `<`…) instead of refusing it;
        # only an IPv6 address's zone (`fe80::1%25eth0`) may carry a `%`.
        raise SettingsError(
            "the base URL's host name holds characters no host name can have (a space, a bracket…): "
            "it should look like https://icons.example.com"
        )
    if url.userinfo:
        raise SettingsError("the base URL must not contain a user name or password: the token is sent separately")
    if url.query or url.fragment:
        raise SettingsError("the base URL must not contain a query (?…) or fragment (#…)")
    path = url.path.rstrip("/")
    return url.copy_with(scheme=url.scheme.lower(), path=path or "/")
