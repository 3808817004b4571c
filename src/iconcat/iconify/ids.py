"""Ids from Iconify names: an icon's id and its variants' ids are hashes of its `prefix:name`.

An icon's id is `ICON_ID_BASE + h` and its variants' `VARIANT_ID_BASE + VARIANT_SLOTS * h + slot`
(SVG, PNG 512, PNG 256: the slot is the catalogue's), with `h` a 49-bit BLAKE2b hash of `prefix:name`.
Both ranges lie far above the demo's (below 2^25) and below 2^53 (the interface's limit), and apart
from each other, so an icon id is never a variant id. They depend on nothing but the icon's own name:
not on the other sets served, the order they are read in, or when. Two names hashing alike is the
caller's to settle (the index of sets from disk moves the one that sorts second to `prefix:name#1`,
`#2`…: `icon_hash` hashes any text).
"""

from __future__ import annotations

import hashlib

__all__ = [
    "HASH_BITS",
    "ICON_ID_BASE",
    "VARIANT_ID_BASE",
    "VARIANT_SLOTS",
    "hash_of_icon_id",
    "hash_of_variant_id",
    "icon_hash",
    "icon_id",
    "variant_id",
]

HASH_BITS = 49
ICON_ID_BASE = 2**50
"""Icon ids: ICON_ID_BASE + h, h < 2^49."""
VARIANT_ID_BASE = 2**51
"""Variant ids: VARIANT_ID_BASE + 4h + slot, below 2^52 (and 2^53, the interface's limit)."""
VARIANT_SLOTS = 4


def icon_hash(text: str) -> int:
    """The 49-bit hash behind an icon's ids (`prefix:name`, or `prefix:name#n` after a collision)."""
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - HASH_BITS)


def icon_id(hashed: int) -> int:
    """The id of the icon whose hash is `hashed`."""
    return ICON_ID_BASE + hashed


def variant_id(hashed: int, slot: int) -> int:
    """The id of the variant in `slot` of the icon whose hash is `hashed`."""
    return VARIANT_ID_BASE + VARIANT_SLOTS * hashed + slot


def hash_of_icon_id(icon_id: int) -> int | None:
    """The hash an icon id was made from; None when the id is none of this rule's."""
    hashed = icon_id - ICON_ID_BASE
    return hashed if 0 <= hashed < 2**HASH_BITS else None


def hash_of_variant_id(variant_id: int) -> tuple[int, int] | None:
    """(the hash of its icon, its slot) a variant id was made from; None when the id is none of this rule's."""
    offset = variant_id - VARIANT_ID_BASE
    if not 0 <= offset < VARIANT_SLOTS * 2**HASH_BITS:
        return None
    hashed, slot = divmod(offset, VARIANT_SLOTS)
    return hashed, slot
