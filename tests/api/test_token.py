"""Where the token goes (only the base URL's origin) and where it never shows."""

from __future__ import annotations

import warnings

import httpx
import pytest

from iconcat.api import (
    CHECK_QUERY,
    AuthError,
    CatalogueClient,
    ConnectionCheck,
    InsecureConnectionWarning,
    NetworkError,
    ProtocolError,
    Secret,
    SettingsError,
    check_connection,
    parse_base_url,
)
from tests.conftest import TEST_TOKEN
from tests.support.fixtures import assert_token_absent
from tests.support.misbehaving import Reply

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


def search_with_thumbnail(address: str) -> Reply:
    return Reply.json(
        {
            "data": [
                {
                    "id": 1,
                    "name": "Arrow Left",
                    **{key: {"id": 1, "name": key} for key in ("category", "style", "series", "set")},
                    "thumbnail": address,
                    "variants": [{"id": 10, "format": "png", "size": 512}],
                }
            ],
            "meta": {"moreResultsAvailable": False},
        }
    )


def authorizations(server) -> list[str | None]:
    return [request.header("authorization") for request in server.requests]


async def test_token_goes_to_the_base_origin_and_not_to_a_thumbnail_elsewhere(server, other_server):
    server.on("/api/v1/search", search_with_thumbnail(other_server.url("/thumbs/1.png")))
    other_server.on("/thumbs/1.png", Reply.file(PNG, "image/png"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        icon = (await client.search("arrow")).icons[0]
        assert await client.thumbnail(icon) == PNG
    assert authorizations(server) == [f"Bearer {TEST_TOKEN}"]
    assert authorizations(other_server) == [None]


async def test_a_relative_thumbnail_resolves_against_the_base_and_carries_the_token(server):
    server.on("/api/v1/search", search_with_thumbnail("/private/bundle_icons/1/small"))
    server.on("/private/bundle_icons/1/small", Reply.file(PNG, "image/png"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        assert await client.thumbnail((await client.search("a")).icons[0]) == PNG
    assert authorizations(server) == [f"Bearer {TEST_TOKEN}"] * 2


async def test_a_scheme_relative_thumbnail_on_another_host_gets_no_token(server, other_server):
    other_server.on("/t.png", Reply.file(PNG, "image/png"))
    address = other_server.url("/t.png").removeprefix("http:")  # //127.0.0.1:port/t.png
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        assert await client.thumbnail(address) == PNG
    assert authorizations(other_server) == [None]


async def test_userinfo_naming_the_base_does_not_fool_the_origin_check(server, other_server):
    other_server.on("/t.png", Reply.file(PNG, "image/png"))
    base_host = server.base_url.removeprefix("http://")
    address = f"http://{base_host}@127.0.0.1:{other_server.port}/t.png"
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        await client.thumbnail(address)
    assert authorizations(other_server) == [None]
    assert server.requests == []


async def test_a_redirect_to_another_origin_drops_the_token_and_one_back_restores_it(server, other_server):
    server.on("/api/v1/download", Reply.redirect(other_server.url("/cdn/file.png")))
    other_server.on("/cdn/file.png", Reply.redirect(server.url("/files/file.png"), status=307))
    server.on("/files/file.png", Reply.file(PNG + b"IEND\xaeB`\x82", "image/png", filename="a.png"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        import tempfile
        from pathlib import Path

        with tempfile.TemporaryDirectory() as folder:
            path = await client.download(7, Path(folder))
            assert path.name == "a.png"
    assert authorizations(other_server) == [None]
    assert authorizations(server) == [f"Bearer {TEST_TOKEN}"] * 2


async def test_a_redirect_loop_gives_up(server):
    server.on("/api/v1/search", Reply.redirect("/api/v1/search?name=again"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        with pytest.raises(ProtocolError, match="redirected more than 5 times"):
            await client.search("x")
    assert len(server.requests) == 6


async def test_a_redirect_to_a_non_http_scheme_is_refused(server):
    server.on("/api/v1/search", Reply.redirect("file:///etc/passwd"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        with pytest.raises(ProtocolError, match="not an http"):
            await client.search("x")


async def test_https_to_http_downgrade_is_refused():
    """No real server here: TLS needs certificates; an in-process transport stages the redirect."""
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(302, headers={"Location": "http://icons.example.com/api/v1/search?name=x"})

    async with CatalogueClient(
        "https://icons.example.com", TEST_TOKEN, transport=httpx.MockTransport(handler)
    ) as client:
        with pytest.raises(ProtocolError, match="https to plain http") as caught:
            await client.search("x")
    assert [str(request.url) for request in seen] == ["https://icons.example.com/api/v1/search?name=x"]
    assert_token_absent(TEST_TOKEN, caught.value)


async def test_origin_comparison_normalises_case_and_default_ports():
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, stream=httpx.ByteStream(PNG), headers={"Content-Type": "image/png"})

    async with CatalogueClient(
        "HTTPS://Icons.Example.COM:443/", TEST_TOKEN, transport=httpx.MockTransport(handler)
    ) as client:
        await client.thumbnail("https://icons.example.com/t/1")
        await client.thumbnail("https://icons.example.com:8443/t/2")
        await client.thumbnail("http://icons.example.com/t/3")
    assert [request.headers.get("authorization") for request in seen] == [f"Bearer {TEST_TOKEN}", None, None]


@pytest.mark.parametrize(
    "bad_token",
    [
        TEST_TOKEN + "\n",
        TEST_TOKEN + "\r\nX-Injected: yes",
        "two words " + TEST_TOKEN,
        TEST_TOKEN + "\x00",
        TEST_TOKEN + "\x1b[31m",
        TEST_TOKEN + "é",
        "",
    ],
)
def test_a_malformed_token_is_refused_at_load_without_echoing_it(bad_token):
    with pytest.raises(SettingsError) as caught:
        CatalogueClient("http://127.0.0.1:9", bad_token)
    assert "token" in str(caught.value)
    if bad_token:
        assert_token_absent(TEST_TOKEN, caught.value)


async def test_the_token_is_in_no_repr_and_no_error(server):
    server.on("/api/v1/search", Reply.json({"error": f"bad token Bearer {TEST_TOKEN}"}, status=401))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        assert TEST_TOKEN not in repr(client)
        with pytest.raises(AuthError) as caught:
            await client.search("x")
    assert_token_absent(TEST_TOKEN, caught.value)


async def test_transport_errors_are_not_chained_to_the_http_stack(server):
    server.on("/api/v1/search", Reply(raw=b'HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"data"', hang=0))
    async with CatalogueClient(server.base_url, TEST_TOKEN, timeout=5) as client:
        with pytest.raises(NetworkError) as caught:
            await client.search("x")
    assert_token_absent(TEST_TOKEN, caught.value)


def test_plain_http_to_a_remote_host_warns_but_loopback_does_not():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        CatalogueClient("http://127.0.0.1:8000", TEST_TOKEN)
        CatalogueClient("http://localhost:8000", TEST_TOKEN)
        CatalogueClient("http://[::1]:8000", TEST_TOKEN)
        CatalogueClient("https://icons.example.com", TEST_TOKEN)
        assert caught == []
        CatalogueClient("http://icons.example.com", TEST_TOKEN)
    assert [w.category for w in caught] == [InsecureConnectionWarning]
    assert "unencrypted" in str(caught[0].message) and TEST_TOKEN not in str(caught[0].message)
    assert caught[0].filename == __file__  # it points at the code that named the address


@pytest.mark.parametrize(
    "base_url",
    [
        "",
        "ftp://icons.example.com",
        "icons.example.com",
        "https://user:pw@icons.example.com",
        "https://icons.example.com/?q=1",
        "http://",
        # What the connect screen's own validator used to refuse, or httpx lets through escaped:
        "http://[bad",
        "http://icons example.com",
        "https://xn--.example.com",
    ],
)
def test_a_base_url_that_cannot_work_is_refused(base_url):
    with pytest.raises(SettingsError) as caught:
        CatalogueClient(base_url, TEST_TOKEN)
    assert str(caught.value) and caught.value.__context__ is None


@pytest.mark.parametrize(
    ("given", "normalised"),
    [
        ("HTTPS://Icons.Example.com/", "https://icons.example.com"),
        ("http://[::1]:8000/api/", "http://[::1]:8000/api"),
        ("http://[fe80::1%25eth0]:8000", "http://[fe80::1%25eth0]:8000"),
    ],
)
def test_the_one_base_url_parser_accepts_and_normalises(given, normalised):
    assert str(parse_base_url(given)).rstrip("/") == normalised


async def test_check_connection_runs_one_search_with_the_wrapped_token(server):
    server.on("/api/v1/search", search_with_thumbnail("/private/bundle_icons/1/small"))
    check = await check_connection(server.base_url, Secret(TEST_TOKEN), 5)
    assert check == ConnectionCheck(found=1, more_available=False)
    assert check.summary == f"The catalogue answered: 1 icon found for “{CHECK_QUERY}”."
    assert [request.query["name"] for request in server.requests] == [[CHECK_QUERY]]
    assert authorizations(server) == [f"Bearer {TEST_TOKEN}"]


async def test_check_connection_raises_the_clients_error_without_the_token(server):
    server.on("/api/v1/search", Reply.json({"error": f"bad token Bearer {TEST_TOKEN}"}, status=401))
    with pytest.raises(AuthError) as caught:
        await check_connection(server.base_url, Secret(TEST_TOKEN), 5)
    assert_token_absent(TEST_TOKEN, caught.value)


async def test_check_connection_hands_the_clients_warnings_to_warn(catalogue):
    port = catalogue.base_url.rsplit(":", 1)[1]
    notes: list[str] = []
    check = await check_connection(f"http://0.0.0.0:{port}", Secret(catalogue.token), 5, warn=notes.append)
    assert check.found > 0 and check.more_available
    assert check.summary.endswith(f"+ icons found for “{CHECK_QUERY}”.")
    assert len(notes) == 1 and "unencrypted" in notes[0] and catalogue.token not in notes[0]


def test_the_secret_masks_itself_and_says_only_whether_it_is_empty():
    secret = Secret(TEST_TOKEN)
    assert TEST_TOKEN not in repr(secret) and TEST_TOKEN not in str(secret) and TEST_TOKEN not in f"{secret}"
    assert secret.reveal() == TEST_TOKEN and secret and not Secret("")
    with pytest.raises(TypeError):
        import pickle

        pickle.dumps(secret)


@pytest.mark.parametrize(
    "address", ["http://[bad/x", "javascript:alert(1)", "file:///etc/passwd", "data:image/png;base64,AA"]
)
async def test_a_thumbnail_address_that_is_not_http_is_never_fetched(server, address):
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        with pytest.raises(ProtocolError):
            await client.thumbnail(address)
    assert server.requests == []


async def test_a_401_from_another_origin_after_a_redirect_is_not_blamed_on_the_token(server, other_server, tmp_path):
    from iconcat.api import ServiceError

    server.on("/api/v1/download", Reply.redirect(other_server.url("/cdn/a.png")))
    other_server.on("/cdn/a.png", Reply(status=403))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        with pytest.raises(ServiceError, match="refused access") as caught:
            await client.download(5, tmp_path / "never-created")
    assert list(tmp_path.iterdir()) == []
    assert not isinstance(caught.value, AuthError)
    assert authorizations(other_server) == [None]
