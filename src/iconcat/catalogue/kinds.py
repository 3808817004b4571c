"""The kind table: one row per kind of catalogue, saying what it can do and which module opens it.

| kind      | opened by                          | adapter (module)  | memory key   | bag default | query limit |
|-----------|------------------------------------|-------------------|--------------|-------------|-------------|
| `service` | `--base-url URL` (and a token)     | `service`: HTTP   | the base URL | PNG 512     | learnt      |
| `demo`    | `--demo`, or nothing configured    | `embedded`        | "demo"       | PNG 512     | 200         |
| `sets`    | `--from PATH` (icon sets on disk)  | `embedded`        | "local"      | SVG         | 200         |
| `iconify` | `--iconify [URL]` (Iconify's API)  | `iconify_api`     | "iconify:URL"| SVG         | learnt      |

Iconify's API (issue 33) is one row and one module, which `open_catalogue` finds through its row
(`CatalogueKind.adapter`): its icons carry Iconify names and are looked up by them, it lists its sets
and a whole set, it has no PNGs of its own (they are drawn here from the SVG), and no token is sent.

The spec of each catalogue (`CatalogueSpec`) is made here from its row (`service_spec`, `demo_spec`,
`sets_spec`), with the same memory keys and names the browser and the commands use today, so the
databases people have keep working.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from iconcat.embedded.answers import MAX_QUERY_LENGTH
from iconcat.embedded.narrowing import NARROW_KEYS
from iconcat.text import sanitize

from .spec import Capabilities, CatalogueSpec, Preference

__all__ = [
    "DEMO",
    "DEMO_LABEL",
    "KINDS",
    "SERVICE",
    "SETS",
    "ICONIFY",
    "ICONIFY_DEFAULT_URL",
    "SETS_PLACEHOLDER",
    "CatalogueKind",
    "demo_spec",
    "iconify_spec",
    "service_label",
    "service_spec",
    "sets_label",
    "sets_spec",
]

DEMO_LABEL = "demo catalogue"
"""The header's name for the embedded demo catalogue."""
SETS_PLACEHOLDER = "icon sets from disk"
"""The header's name for sets from disk until they are read (their names come from their files)."""
PNG_512: Preference = ("png", 512)
SVG: Preference = ("svg", None)


@dataclass(frozen=True)
class CatalogueKind:
    """One row of the kind table."""

    name: str
    """The kind's name (`CatalogueSpec.kind`)."""
    adapter: str
    """The module of `iconcat.catalogue` that opens it: its `from_choice(choice, warn=…)` makes the adapter."""
    capabilities: Capabilities
    bag_default: Preference
    query_limit: int | None
    """The longest search it accepts, when the kind knows it (None: learnt from a refusal, if ever)."""


SERVICE = CatalogueKind(
    "service",
    adapter="service",
    # The seed's interface promises two endpoints and previews: whatever else a service does (count,
    # narrow) its answers say, and the front ends read it there.
    capabilities=Capabilities(own_pngs=True),
    bag_default=PNG_512,
    query_limit=None,
)
_EMBEDDED = Capabilities(
    counts_matches=True,
    narrow_keys=frozenset(NARROW_KEYS),
    looks_up_ids=True,
    lists_without_words=True,
    lists_sets=True,
    own_pngs=True,
)
DEMO = CatalogueKind(
    "demo",
    adapter="embedded",
    capabilities=replace(_EMBEDDED, formats=frozenset({"png", "svg", "eps"})),
    bag_default=PNG_512,
    query_limit=MAX_QUERY_LENGTH,
)
SETS = CatalogueKind(
    "sets",
    adapter="embedded",
    capabilities=replace(_EMBEDDED, iconify_names=True, looks_up_iconify_names=True, formats=frozenset({"png", "svg"})),
    bag_default=SVG,
    query_limit=MAX_QUERY_LENGTH,
)
ICONIFY = CatalogueKind(
    "iconify",
    adapter="iconify_api",
    # What the adapter builds on the API (its own search matches name parts only; the rest is done here):
    # the adapter's module docstring says how each promise is kept.
    capabilities=Capabilities(
        looks_up_ids=True,
        iconify_names=True,
        looks_up_iconify_names=True,
        lists_sets=True,
        lists_without_words=True,
        matches_meaning=True,
        formats=frozenset({"png", "svg"}),
        narrow_keys=frozenset(NARROW_KEYS),
    ),
    bag_default=SVG,
    # (The API takes any length and finds nothing past a few words: refused here, as the embedded kinds do.)
    query_limit=MAX_QUERY_LENGTH,
)
ICONIFY_DEFAULT_URL = "https://api.iconify.design"
"""Iconify's public API: what `--iconify` alone opens."""
KINDS = {kind.name: kind for kind in (SERVICE, DEMO, SETS, ICONIFY)}
"""Every kind, by name."""


def _spec(kind: CatalogueKind, label: str, memory_key: str, option: str) -> CatalogueSpec:
    return CatalogueSpec(
        kind=kind.name,
        label=label,
        memory_key=memory_key,
        option=option,
        bag_default=kind.bag_default,
        query_limit=kind.query_limit,
        capabilities=kind.capabilities,
    )


def service_spec(base_url: str) -> CatalogueSpec:
    """The seed's service at `base_url`: named by its host, its memories under its base URL."""
    from iconcat.catalogue_names import catalogue_key, catalogue_option

    key = catalogue_key(base_url)
    return _spec(SERVICE, service_label(base_url), key, catalogue_option(key))


def demo_spec() -> CatalogueSpec:
    """The embedded demo catalogue."""
    from iconcat.catalogue_names import DEMO_CATALOGUE

    return _spec(DEMO, DEMO_LABEL, DEMO_CATALOGUE, "--demo")


def sets_spec(arguments: Sequence[str], colour: str = "black", title: str | None = None) -> CatalogueSpec:
    """Icon sets from disk (`--from` `arguments`, painted `colour`), named `title` once read (their
    files name them: sanitised here), else `SETS_PLACEHOLDER`."""
    from iconcat.catalogue_names import LOCAL_SETS

    words = [word for argument in arguments for word in ("--from", shlex.quote(argument))]
    if colour != "black":
        words += ["--color", shlex.quote(colour)]
    return _spec(SETS, sets_label(title), LOCAL_SETS, sanitize(" ".join(words), max_length=None) or "--from PATH")


def iconify_spec(url: str) -> CatalogueSpec:
    """Iconify's API at `url`: named "Iconify" and its host, its memories under `iconify:<url>`."""
    from iconcat.catalogue_names import catalogue_option, iconify_key

    key = iconify_key(url)
    host = service_label(url)
    label = "Iconify" if host == "api.iconify.design" else f"Iconify at {host}"
    return _spec(ICONIFY, label, key, catalogue_option(key))


def sets_label(title: str | None) -> str:
    """The header's name for sets from disk: `title` (from their files: sanitised), else `SETS_PLACEHOLDER`."""
    return sanitize(title, max_length=60) if title is not None else SETS_PLACEHOLDER


def service_label(base_url: str) -> str:
    """The host[:port] of `base_url`, without any userinfo, sanitised: how the header names a service."""
    try:
        parts = urlsplit(base_url)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return sanitize(base_url, max_length=60)
    shown = f"[{host}]" if ":" in host else host
    if port is not None:
        shown = f"{shown}:{port}"
    return sanitize(shown or base_url, max_length=60)
