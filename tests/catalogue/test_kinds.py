"""The kind table and the specs it makes say what the browser and the commands say today, from one place.

The values the front ends will take from the spec next round (header labels, memory keys, the
option that reopens a catalogue, the bag's default variant, the query limit) equal what their own
modules compute now, so switching changes nothing a person sees and every database keeps working.
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
def test_a_service_is_named_and_kept_as_the_browser_names_and_keeps_it(address: str) -> None:
    from iconcat.tui.connection import Connection, catalogue_host

    spec = service_spec(address)
    connection = Connection(base_url=address, token="t", download_dir=Path("."))
    assert spec.label == catalogue_host(address) == connection.label == service_label(address)
    assert Memory.open(spec.memory_key).catalogue == Memory.open(connection.memory_key).catalogue
    assert spec.option == catalogue_option(spec.memory_key) and spec.named == catalogue_label(spec.memory_key)
    assert "s3cret" not in spec.label + spec.option + spec.named


def test_the_embedded_kinds_are_named_and_kept_as_the_browser_does() -> None:
    from iconcat.tui.connection import DEMO_LABEL as BROWSER_DEMO_LABEL
    from iconcat.tui.connection import Connection
    from iconcat.tui.local_build import PLACEHOLDER

    demo = Connection(base_url="http://127.0.0.1:1", token="t", download_dir=Path("."), is_demo=True)
    local = Connection(base_url="http://127.0.0.1:1", token="t", download_dir=Path("."), is_demo=True, local_sets="x")
    assert (DEMO_LABEL, SETS_PLACEHOLDER) == (BROWSER_DEMO_LABEL, PLACEHOLDER)
    assert (demo_spec().label, demo_spec().memory_key) == (demo.label, demo.memory_key)
    assert sets_spec(["/x"]).memory_key == local.memory_key
    assert sets_spec(["/x"], title="Tabler \x1b[31mIcons").label == "Tabler [31mIcons"  # (from files: sanitised)


def test_the_bag_asks_each_kind_for_what_it_asks_today() -> None:
    from iconcat.tui.bag_controller import default_preference

    for spec in (demo_spec(), sets_spec(["/x"]), service_spec("https://icons.example.com")):
        assert spec.bag_default == default_preference(spec.memory_key), spec.kind


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
