"""Ids from Iconify names: stable, apart from the demo's and from each other, and read back."""

from __future__ import annotations

from iconcat.iconify.ids import (
    HASH_BITS,
    VARIANT_SLOTS,
    hash_of_icon_id,
    hash_of_variant_id,
    icon_hash,
    icon_id,
    variant_id,
)

DEMO_IDS_BELOW = 2**25
INTERFACE_IDS_BELOW = 2**53


def test_an_icons_ids_come_from_its_name_alone_and_lie_apart() -> None:
    names = ["tabler:arrow-up", "tabler:arrow-down", "mdi:home", "mdi:home#1"]
    hashes = [icon_hash(name) for name in names]
    assert hashes == [icon_hash(name) for name in names]  # the same name, the same hash, every time
    assert len(set(hashes)) == len(names)
    icons = {icon_id(hashed) for hashed in hashes}
    variants = {variant_id(hashed, slot) for hashed in hashes for slot in range(VARIANT_SLOTS)}
    assert len(variants) == len(names) * VARIANT_SLOTS and not icons & variants
    assert all(DEMO_IDS_BELOW < number < INTERFACE_IDS_BELOW for number in icons | variants)
    assert all(0 <= hashed < 2**HASH_BITS for hashed in hashes)


def test_an_id_is_read_back_to_its_hash_and_slot_and_other_numbers_to_nothing() -> None:
    hashed = icon_hash("tabler:arrow-up")
    assert hash_of_icon_id(icon_id(hashed)) == hashed
    assert hash_of_variant_id(variant_id(hashed, 2)) == (hashed, 2)
    assert hash_of_icon_id(variant_id(hashed, 0)) is None  # a variant's id is no icon's
    assert hash_of_variant_id(icon_id(hashed)) is None
    assert hash_of_icon_id(1042) is None and hash_of_variant_id(1042) is None  # the demo's
