"""The kind table and the specs it makes say what the browser and the commands say today, from one place.

The values the front ends take from the spec (header labels, memory keys, the option that reopens a
catalogue, the bag's default variant, the query limit) equal what they computed themselves before the
seam (written out here), so switching changed nothing a person sees and every database keeps working.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from iconcat.catalogue.kinds import (
    DEMO_LABEL,
    KINDS,
    SETS_PLACEHOLDER,
    demo_spec,
    service_label,
    service_spec,
    sets_spec,
)
from iconcat.catalogue_names import catalogue_label, catalogue_option
from iconcat.embedded.narrowing import NARROW_KEYS
from iconcat.memory import Memory
from iconcat.server.app import MAX_QUERY_LENGTH

ADDRESSES = [
    "https://icons.example.com",
    "https://icons.example.com/api/",
    "http://127.0.0.1:8000",
    "http://[::1]:9000/x",
    "https://user:s3cret@icons.example.com:8443/path?token=s3cret",
    "https://ex\u202eample.com",
    "not a url at all",
]


@pytest.mark.parametrize("address", ADDRESSES)
def test_a_service_is_named_and_kept_as_the_browser_always_named_and_kept_it(address: str) -> None:
    from iconcat.tui.connection import Connection

    spec = service_spec(address)
    connection = Connection.service(address, "t", Path("."))
    assert spec.label == connection.label == service_label(address)
    # Kept under its base URL, as the browser's memories always were: its database keeps working.
    assert Memory.open(spec.memory_key).catalogue == Memory.open(connection.memory_key).catalogue
    assert Memory.open(address).catalogue == Memory.open(spec.memory_key).catalogue
    assert spec.option == catalogue_option(spec.memory_key) and spec.named == catalogue_label(spec.memory_key)
    assert "s3cret" not in spec.label + spec.option + spec.named


def test_the_embedded_kinds_are_named_and_kept_as_the_browser_always_did() -> None:
    from iconcat.tui.connection import Connection

    demo = Connection(demo_spec(), Path("."))
    local = Connection(sets_spec(["/x"]), Path("."))
    # The header's words and the memory keys of every browser before the seam.
    assert (DEMO_LABEL, SETS_PLACEHOLDER) == ("demo catalogue", "icon sets from disk")
    assert (demo.label, demo.memory_key, demo.is_demo) == ("demo catalogue", "demo", True)
    assert (local.label, local.memory_key, local.is_demo) == ("icon sets from disk", "local", True)
    assert sets_spec(["/x"], title="Tabler \x1b[31mIcons").label == "Tabler [31mIcons"  # (from files: sanitised)


def test_the_bag_asks_each_kind_for_what_it_always_asked() -> None:
    assert demo_spec().bag_default == service_spec("https://icons.example.com").bag_default == ("png", 512)
    assert sets_spec(["/x"]).bag_default == ("svg", None)  # (the original of an Iconify set or SVG folder)


def test_the_embedded_kinds_carry_the_servers_query_limit_and_narrowing_keys() -> None:
    for name in ("demo", "sets"):
        kind = KINDS[name]
        assert kind.query_limit == MAX_QUERY_LENGTH
        assert kind.capabilities.narrow_keys == frozenset(NARROW_KEYS) and kind.capabilities.counts_matches
        assert kind.capabilities.looks_up_ids and kind.capabilities.lists_without_words
    assert KINDS["service"].query_limit is None and not KINDS["service"].capabilities.narrows
    assert KINDS["demo"].capabilities.formats == {"png", "svg", "eps"}
    assert KINDS["sets"].capabilities.iconify_names and not KINDS["demo"].capabilities.iconify_names


def test_every_kind_names_an_adapter_module_that_opens_it() -> None:
    import importlib

    for kind in KINDS.values():
        module = importlib.import_module(f"iconcat.catalogue.{kind.adapter}")
        assert callable(module.from_choice), kind.name
