"""Every cache is bounded, keyed on what changes the picture, and safe to use from many threads."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from iconcat.imaging import decode_thumbnail, render_cells, rendered_cache
from iconcat.lru import BoundedLRU
from tests.support.imaging import DARK, LIGHT, disc, encode, grid


def test_lru_evicts_the_least_recently_used():
    cache: BoundedLRU[str] = BoundedLRU(max_entries=2)
    cache.put("a", "A")
    cache.put("b", "B")
    assert cache.get("a") == "A"  # "b" is now the oldest
    cache.put("c", "C")
    assert cache.get("b") is None and cache.get("a") == "A" and cache.get("c") == "C"
    assert len(cache) == 2


def test_lru_membership_does_not_change_what_goes_next():
    cache: BoundedLRU[str] = BoundedLRU(max_entries=2)
    cache.put("a", "A")
    cache.put("b", "B")
    assert "a" in cache and "z" not in cache and cache.hits == 0
    cache.put("c", "C")  # "a" stays the oldest despite the look: it goes
    assert "a" not in cache and "b" in cache and "c" in cache


def test_lru_weight_bound():
    cache: BoundedLRU[bytes] = BoundedLRU(max_entries=100, max_weight=10, weigh=len)
    for key in range(6):
        cache.put(key, b"xxxx")
    assert cache.weight <= 10 and len(cache) == 2
    cache.put("huge", b"x" * 11)
    assert cache.get("huge") is None, "an entry heavier than the whole bound is not kept"


def test_same_arguments_reuse_the_rendering():
    image = decode_thumbnail(encode(disc(64)))
    first = render_cells(image, 16, 8, DARK)
    assert render_cells(decode_thumbnail(encode(disc(64))), 16, 8, DARK) is first
    assert render_cells(image, 16, 8, LIGHT) is not first
    assert render_cells(image, 16, 8, DARK, mode="quadrant") is not first
    assert render_cells(image, 17, 8, DARK) is not first


def test_images_not_from_decode_are_told_apart_by_their_pixels():
    red = Image.new("RGBA", (8, 8), (250, 0, 0, 255))
    blue = Image.new("RGBA", (8, 8), (0, 0, 250, 255))
    red_cell = grid(render_cells(red, 1, 1, DARK), 1)[0][0]
    blue_cell = grid(render_cells(blue, 1, 1, DARK), 1)[0][0]
    assert red_cell[2][0] > 200 and blue_cell[2][2] > 200


def test_rendered_cache_is_bounded():
    rendered_cache.clear()
    for index in range(rendered_cache.max_entries + 40):
        render_cells(Image.new("RGBA", (4, 4), (index % 256, index // 256, 9, 255)), 2, 1, DARK)
    assert len(rendered_cache) == rendered_cache.max_entries
    assert rendered_cache.weight <= rendered_cache.max_weight


def test_rendering_from_many_threads_gives_the_same_cells():
    rendered_cache.clear()
    images = [disc(96, colour=(40 * k % 256, 90, 200 - 10 * k)) for k in range(12)]
    jobs = [(image, mode) for image in images for mode in ("half", "quadrant")] * 4

    def draw(job):
        image, mode = job
        return grid(render_cells(image, 24, 12, DARK, mode=mode), 24)

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(draw, jobs))
    rendered_cache.clear()
    expected = [draw(job) for job in jobs]
    assert results == expected


def test_decoding_from_many_threads():
    payloads = [encode(disc(64, colour=(k * 20, 50, 60))) for k in range(10)] * 5
    with ThreadPoolExecutor(max_workers=8) as pool:
        images = list(pool.map(decode_thumbnail, payloads))
    assert [image.getpixel((32, 32))[0] for image in images] == [k * 20 for k in range(10)] * 5


def test_lru_limit_tightens_at_once_and_never_loosens():
    cache: BoundedLRU[bytes] = BoundedLRU(max_entries=10, max_weight=100, weigh=len)
    for key in range(6):
        cache.put(key, b"xxxx")
    cache.get(0)  # 0 becomes the most recent
    cache.limit(max_entries=2)
    assert len(cache) == 2 and cache.get(0) == b"xxxx" and cache.get(5) == b"xxxx"
    cache.limit(max_entries=50, max_weight=4)
    assert cache.max_entries == 2 and len(cache) == 1 and cache.weight == 4
    with pytest.raises(ValueError):
        cache.limit(max_entries=0)


def test_limit_caches_bounds_imagings_own_caches(monkeypatch):
    from iconcat import imaging

    monkeypatch.setattr(imaging.decode, "decoded_cache", BoundedLRU(max_entries=256))
    monkeypatch.setattr(imaging, "decoded_cache", imaging.decode.decoded_cache)
    monkeypatch.setattr(imaging.render, "rendered_cache", BoundedLRU(max_entries=512))
    monkeypatch.setattr(imaging, "rendered_cache", imaging.render.rendered_cache)
    for size in range(20, 30):
        render_cells(decode_thumbnail(encode(disc(size))), 4, 2, DARK)
    imaging.limit_caches(decoded=3, rendered=2)
    assert len(imaging.decode.decoded_cache) == 3 and len(imaging.render.rendered_cache) == 2
