"""Iconify's API is a remote service: an API that misbehaves costs a clear error, never a hang, a
flood of memory, a request where it points, or its words on screen unsanitised.

The misbehaving server (`tests.support.misbehaving`) plays the API on loopback (named by the user, so
its own address is allowed: `GuardedHttp`'s rule); an API on the internet is an `httpx.MockTransport`
(nothing may leave loopback), as in test_internal_addresses.py.
"""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import httpx
import pytest
from PIL import Image

from iconcat.api import NetworkError, ProtocolError, RequestRefusedError, ServiceError
from iconcat.catalogue.iconify_api import IconifyApiCatalogue, NameBook
from iconcat.catalogue.kinds import iconify_spec
from iconcat.iconify.ids import icon_hash
from tests.support.fixtures import FakeTime
from tests.support.misbehaving import MisbehavingServer, RecordedRequest, Reply

INFO = {
    "name": "Evil \x1b]0;owned\x07Set\x1b[2J",
    "license": {"spdx": "MIT", "title": "M\x1b[31mIT"},
    "author": {"name": "Mallory\x1b]8;;https://x.test\x07"},
    "category": "UI\x1b[5m 24px",
}
COLLECTION = {"prefix": "evil", "uncategorized": ["pic"], "total": 1}
SEARCH = {"icons": ["evil:pic"], "total": 1, "limit": 32, "start": 0}


def api(base_url: str, **options: object) -> IconifyApiCatalogue:
    return IconifyApiCatalogue(iconify_spec(base_url), base_url, **options)  # type: ignore[arg-type]


def script(server: MisbehavingServer, body: str, search: Reply | None = None) -> MisbehavingServer:
    """`server` playing an API of one set, `evil`, whose one icon `pic` has `body`."""
    server.on("/collections", Reply.json({"evil": INFO}))
    server.on("/collection", Reply.json(COLLECTION))
    server.on("/search", search or Reply.json(SEARCH))
    server.on("/evil.json", Reply.json({"prefix": "evil", "width": 24, "height": 24, "icons": {"pic": {"body": body}}}))
    return server


async def test_a_body_pointing_outside_is_drawn_without_fetching_it(server: MisbehavingServer) -> None:
    leak = server.url("/leak.png")
    script(server, f'<image href="{leak}" width="24" height="24"/><path d="M2 2h20v20H2z" fill="currentColor"/>')
    async with api(server.base_url) as catalogue:
        (icon,) = (await catalogue.search("pic")).icons
        preview = await catalogue.thumbnail(icon)
        svg = await catalogue.fetch_variant(icon.variants[-1].id)
        png = await catalogue.fetch_variant(icon.variants[0].id)
    assert Image.open(io.BytesIO(preview)).format == "PNG"
    assert Image.open(io.BytesIO(png.data)).size == (512, 512)
    assert leak.encode() in svg.data  # (the file is the API's, as a set's from disk is: only drawing strips it)
    assert server.requests_for("/leak.png") == []


async def test_the_apis_words_are_sanitised_before_anyone_shows_them(server: MisbehavingServer) -> None:
    script(server, '<path d="M0 0h24v24H0z"/>')
    async with api(server.base_url) as catalogue:
        await catalogue.open()
        (summary,) = await catalogue.sets()
        (icon,) = (await catalogue.search("pic")).icons
    for shown in (summary.name, icon.set.name, dict(catalogue.spec.iconify_sets)["evil"]):
        assert "\x1b" not in shown and "\x07" not in shown and "Evil" in shown
    assert icon.set.license is not None and icon.set.author is not None
    for said in (icon.set.license.title, icon.set.author.name, icon.series.name):
        assert said is not None and "\x1b" not in said and "\x07" not in said


async def test_a_slow_api_is_given_up_on_at_the_deadline(server: MisbehavingServer) -> None:
    server.on("/collections", Reply.json({"evil": INFO}, hang=5.0))
    fake = FakeTime()
    async with api(server.base_url, timeout=0.3, retry=fake.policy(attempts=1)) as catalogue:
        with pytest.raises(NetworkError, match="did not complete within 0.3 s"):
            await catalogue.search("pic")


async def test_a_dripping_search_is_given_up_on_at_the_deadline(server: MisbehavingServer) -> None:
    script(server, "<path/>", search=Reply.json(SEARCH, delay=0.2, chunk_size=4))
    async with api(server.base_url, timeout=0.5, retry=FakeTime().policy(attempts=1)) as catalogue:
        with pytest.raises(NetworkError):
            await catalogue.search("pic")


async def test_a_huge_answer_is_refused_unread(server: MisbehavingServer) -> None:
    names = [f"evil:pic-{number}" for number in range(80_000)]  # (about 1.2 MB: more than a search's cap)
    # (Chunked, no length said: refused as it streams in, not by its header.)
    script(server, "<path/>", search=Reply.json({"icons": names, "total": 80_000, "limit": 999}, chunked=True))
    async with api(server.base_url) as catalogue:
        with pytest.raises(ProtocolError, match="larger than"):
            await catalogue.search("pic")


async def test_a_gzip_bomb_is_refused_as_it_inflates(server: MisbehavingServer) -> None:
    script(server, "<path/>")
    server.on("/collections", Reply.gzipped_json(b'{"evil": "' + b"a" * (64 * 1024 * 1024) + b'"}'))
    async with api(server.base_url) as catalogue:
        with pytest.raises(ProtocolError, match="larger than"):
            await catalogue.open()


@pytest.mark.parametrize(
    ("path", "reply"),
    [
        ("/collections", Reply(status=200, headers=[("Content-Type", "application/json")], body=b"{not json")),
        ("/collections", Reply.json(["a", "list"])),
        ("/search", Reply(status=200, headers=[("Content-Type", "application/json")], body=b"[1, 2")),
        ("/search", Reply.json({"icons": "evil:pic"})),
    ],
)
async def test_malformed_json_is_a_protocol_error(server: MisbehavingServer, path: str, reply: Reply) -> None:
    script(server, "<path/>")
    server.on(path, reply)
    async with api(server.base_url) as catalogue:
        with pytest.raises(ProtocolError):
            await catalogue.search("pic")


async def test_malformed_entries_are_left_out_and_the_rest_kept(server: MisbehavingServer) -> None:
    script(server, '<path d="M0 0h24v24H0z"/>')
    server.on("/search", Reply.json({"icons": ["evil:pic", 7, "../../etc", "Evil:PIC", "evil:", None], "total": 6}))
    server.on(
        "/evil.json",
        Reply.json({"prefix": "evil", "icons": {"pic": {"body": "<path/>"}, "bad name": {"body": "<path/>"}, "x": 3}}),
    )
    async with api(server.base_url) as catalogue:
        result = await catalogue.search("pic")
    assert [icon.iconify for icon in result.icons] == ["evil:pic"]


async def test_a_refusal_is_told_in_the_apis_words_sanitised(server: MisbehavingServer) -> None:
    script(server, "<path/>", search=Reply.json({"message": "no \x1b[31mway"}, status=400))
    async with api(server.base_url) as catalogue:
        with pytest.raises(RequestRefusedError) as refused:
            await catalogue.search("pic")
    assert "\x1b" not in str(refused.value) and "no" in str(refused.value)


async def test_an_unavailable_api_is_retried_with_backoff_then_answers(server: MisbehavingServer) -> None:
    script(server, "<path/>")
    server.on("/collections", Reply(status=503), Reply(status=502), Reply.json({"evil": INFO}))
    fake = FakeTime()
    async with api(server.base_url, retry=fake.policy()) as catalogue:
        result = await catalogue.search("pic")
    assert [icon.iconify for icon in result.icons] == ["evil:pic"]
    assert len(fake.sleeps) == 2 and fake.sleeps[1] > fake.sleeps[0] > 0


async def test_an_api_on_the_internet_cannot_redirect_into_your_network() -> None:
    asked: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        return httpx.Response(302, headers={"Location": "https://192.168.1.1/collections"})

    catalogue = api("https://api.example.test", transport=httpx.MockTransport(answer))
    async with catalogue:
        with pytest.raises(ProtocolError, match="inside your own network"):
            await catalogue.open()
    assert asked == ["https://api.example.test/collections"]


async def test_no_token_nor_cookie_goes_to_the_api(server: MisbehavingServer) -> None:
    script(server, "<path/>")
    async with api(server.base_url) as catalogue:
        await catalogue.search("pic")
    assert server.requests and all(request.header("authorization") is None for request in server.requests)
    assert server.requests_for("/evil.json")[0].query["icons"] == ["pic"]  # (the bodies asked by name)


async def test_an_icon_its_set_hides_is_found_by_its_name_and_never_listed(server: MisbehavingServer) -> None:
    script(server, '<path d="M0 0h24v24H0z"/>')
    server.on("/collection", Reply.json({**COLLECTION, "hidden": ["pic"]}))
    async with api(server.base_url) as catalogue:
        assert (await catalogue.search("pic")).icons == ()
        named = await catalogue.icon_named("evil:pic")
        found = await catalogue.search("evil:pic")
    assert named is not None and [icon.iconify for icon in found.icons] == ["evil:pic"]


def test_a_damaged_name_book_costs_the_look_ups_only(tmp_path: Path) -> None:
    book_file = tmp_path / "names.sqlite"
    book_file.write_bytes(b"not a database at all" * 100)
    book = NameBook(book_file)
    book.note(["tabler:trash"])
    book.flush()
    assert book.name_of(icon_hash("lucide:house")) is None
    book.close()


def test_a_name_planted_under_another_hash_is_not_believed(tmp_path: Path) -> None:
    book_file = tmp_path / "names.sqlite"
    book = NameBook(book_file)
    book.note(["tabler:trash"])
    book.close()
    with sqlite3.connect(book_file) as database:
        database.execute("INSERT INTO names (hash, name) VALUES (?, ?)", (icon_hash("lucide:house"), "evil:thing"))
        database.execute("INSERT INTO names (hash, name) VALUES (?, ?)", (7, "\x1b[2J"))
    database.close()
    again = NameBook(book_file)
    assert again.name_of(icon_hash("tabler:trash")) == "tabler:trash"
    assert again.name_of(icon_hash("lucide:house")) is None and again.name_of(7) is None
    again.close()


async def test_a_page_that_failed_is_asked_again_whole(server: MisbehavingServer) -> None:
    keys = [f"pic-{number}" for number in range(100)]
    server.on("/collections", Reply.json({"evil": INFO}))
    server.on("/collection", Reply.json({"prefix": "evil", "uncategorized": keys}))
    server.on("/search", Reply.json({"icons": [f"evil:{key}" for key in keys], "total": 100, "limit": 200}))
    failures = iter([False, True])  # (the first page's bodies come, the second's fail once)

    def bodies(request: RecordedRequest) -> Reply:
        if next(failures, False):
            return Reply(status=503)
        wanted = request.query["icons"][0].split(",")
        return Reply.json({"prefix": "evil", "icons": {key: {"body": "<path/>"} for key in wanted}})

    server.on("/evil.json", bodies)
    async with api(server.base_url, retry=FakeTime().policy(attempts=1)) as catalogue:
        first = await catalogue.search("pic")
        with pytest.raises(ServiceError):
            await catalogue.more(first)
        whole = await catalogue.more(first)  # (the failed page asked again)
        again = await catalogue.more(first)  # (and an older result's next page, once more)
    assert first.icon_count == 48 and not whole.can_load_more
    assert [icon.iconify for icon in whole.icons] == [f"evil:{key}" for key in keys]
    assert again.icons == whole.icons


def test_the_command_line_sends_the_configured_token_nowhere_near_the_api(server: MisbehavingServer) -> None:
    """`iconcat search --iconify URL` with a token configured for the seed's service (environment and a
    base URL too: the flag's kind wins): the API is asked, with no Authorization header and no token in
    any request (the lead's end-to-end check once the kind's options and its adapter met, session 37)."""
    from tests.conftest import TEST_TOKEN
    from tests.support.cli import run_iconcat

    script(server, '<path d="M0 0h24v24H0z"/>')
    env = {"ICONCAT_TOKEN": TEST_TOKEN, "ICONCAT_BASE_URL": "http://127.0.0.1:9"}
    outcome = run_iconcat("search", "pic", "--iconify", server.base_url, "--json", env=env)
    assert outcome.status == 0, outcome.stderr
    assert [icon["iconify"] for icon in json.loads(outcome.stdout)["data"]] == ["evil:pic"]
    assert server.requests_for("/search") and server.requests_for("/evil.json")
    for request in server.requests:
        assert request.header("authorization") is None
        assert TEST_TOKEN not in request.target
