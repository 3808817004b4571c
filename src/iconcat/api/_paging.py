"""Following a catalogue's next pages: which `meta.next` the client may request, and one result made of
the pages fetched so far. Plain functions over the client's settings (its origin, `max_icons_held`);
the requests themselves are `CatalogueClient.more`'s (the module docstring of `_client` says the rules).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from ._models import HeldIcons, SearchResult

if TYPE_CHECKING:  # pragma: no cover - typing only
    import httpx

    from ._auth import Origin

__all__ = ["NextPage", "cap_notice", "grown_result", "merge_page", "page_key", "vet_next"]


def merge_page(
    previous: SearchResult | None, page: SearchResult, url: httpx.URL, *, origin: Origin, max_icons_held: int
) -> SearchResult:
    """`previous` (None for a first page) and the `page` fetched from `url`, as one result.

    `page.next_page` is the service's raw `meta.next`; the result's is vetted (`vet_next`, against
    the catalogue's `origin`) or None, with why; at most `max_icons_held` icons are kept (`grown_result`).
    """

    def follow(raw: str, fetched: tuple[str, ...]) -> tuple[str | None, str | None]:
        target, refusal = vet_next(raw, url, fetched, origin=origin)
        return (str(target) if target is not None else None), (refusal or None)

    return grown_result(previous, page, page_key(url), follow, max_icons_held=max_icons_held)


NextPage = Callable[[str, tuple[str, ...]], tuple[str | None, str | None]]
"""How a page's raw next page is followed: (raw, the pages fetched, this one included) → (the next
page to fetch or None, why one offered is not followed or None)."""


def grown_result(
    previous: SearchResult | None, page: SearchResult, key: str, follow: NextPage, *, max_icons_held: int
) -> SearchResult:
    """`previous` (None for a first page) and `page`, fetched as `key` (how loops are told), as one result:
    what `merge_page` does once the page's address is known, shared with catalogues that answer in-process.

    `follow` decides the next page from `page.next_page`. The work is the page's: the new result views
    a longer prefix of the store `previous` views (`HeldIcons`), so the icons held already are neither
    looked at nor copied, and `previous` stays as it was.
    """
    fetched = (*(previous.pages_fetched if previous else ()), key)
    store, count = previous.held() if previous is not None else (HeldIcons(), 0)
    store, held, fresh = store.grown(count, page.icons, max_icons_held)
    skipped = (previous.skipped if previous else 0) + page.skipped + len(page.icons) - fresh
    following: str | None = None
    stopped: str | None = None
    if previous is not None and not fresh and page.icons:
        stopped = (
            "the service's next page only repeated icons already shown, so paging stopped: "
            "refine the search to see others"
        )
    elif previous is not None and not fresh and page.next_page is not None:
        stopped = "the service's next page was empty yet pointed to another, so paging stopped"
    elif page.next_page is not None:
        following, stopped = follow(page.next_page, fetched)
    more_available = page.more_available
    if count + fresh > max_icons_held or (count + fresh == max_icons_held and following is not None):
        more_available = True
        following, stopped = None, cap_notice(max_icons_held)
    return SearchResult.viewing(
        store,
        held,
        more_available=more_available,
        skipped=skipped,
        next_page=following,
        paging_stopped=stopped,
        pages_fetched=fetched,
        total=page.total if page.total is not None else (previous.total if previous else None),
        # Narrowed as a whole only when every page says so, alike.
        narrowed=page.narrowed if previous is None or previous.narrowed == page.narrowed else None,
    )


def vet_next(
    raw: str, page_url: httpx.URL, fetched: tuple[str, ...], *, origin: Origin
) -> tuple[httpx.URL | None, str]:
    """(the URL to fetch, "") for a next page the client may follow; else (None, why not, for a person).

    `raw` may be relative: it is resolved against `page_url`, the page that named it. It is followed
    only on the catalogue's `origin` (the token's), and never to a page `fetched` already (a loop).
    """
    from ._auth import Origin, plausible_host  # here: the in-process catalogue merges pages without httpx

    try:
        target = page_url.join(raw.strip())
        usable = target.scheme in ("http", "https") and bool(target.host) and plausible_host(target)
    except Exception:  # noqa: BLE001 - httpx.InvalidURL and kin: the service's address is data
        target, usable = None, False
    if target is None or not usable:
        return None, "the service's next page has an address that is not a valid http(s) URL: not followed"
    target = target.copy_with(userinfo=b"", fragment=None)
    target_origin = Origin.of(target)
    if target_origin != origin:
        return None, (
            f"the service's next page is on another site ({target_origin}): not followed, so your token "
            f"stays with the catalogue at {origin}; refine the search to see others"
        )
    if page_key(target) in fetched:
        return None, (
            "the service's next page points back to a page already fetched (a loop), so paging stopped: "
            "refine the search to see others"
        )
    return target, ""


def cap_notice(max_icons_held: int) -> str:
    """Why paging stopped at the cap, for a person."""
    return (
        f"iconcat holds at most {max_icons_held:,} icons for one search and stopped there: "
        "refine the search to see others"
    )


def page_key(url: httpx.URL) -> str:
    """A page's URL normalised for telling loops: origin, path, and query parameters in sorted order."""
    from ._auth import Origin

    query = urlencode(sorted(url.params.multi_items()))
    return f"{Origin.of(url)}{url.path}?{query}"
