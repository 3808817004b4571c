"""`GuardedHttp` on its own, as a catalogue other than the seed's service uses it (Iconify's API is
public): with no token it sends no Authorization anywhere, and a 401 there is a refusal of access,
not a rejected token; its errors carry no chained exception. The guards themselves (deadlines,
retries, redirects, caps, address refusals) are tested through `CatalogueClient` in this folder."""

from __future__ import annotations

import pytest

from iconcat.api import GuardedHttp, NotFoundError, ServiceError
from tests.support.misbehaving import Reply


async def read_text(response) -> str:
    return (await response.aread()).decode()


async def test_without_a_token_no_authorization_is_sent_and_the_answer_is_read(server, fake_time):
    server.on("/collections", Reply.json({"tabler": {"name": "Tabler Icons"}}))
    http = GuardedHttp(server.base_url, None, retry=fake_time.policy())
    try:
        url = http.endpoint("/collections", {"prefix": "tabler"})
        body = await http.get(
            url, what="the sets", accept="application/json", accept_encoding="identity", read=read_text
        )
    finally:
        await http.aclose()
    assert "Tabler Icons" in body
    (request,) = server.requests
    assert request.query == {"prefix": ["tabler"]}
    assert request.header("authorization") is None


async def test_without_a_token_a_401_is_access_refused_not_a_rejected_token(server, fake_time):
    server.on("/collections", Reply.json({"error": "no"}, status=401))
    http = GuardedHttp(server.base_url, None, retry=fake_time.policy())
    try:
        with pytest.raises(ServiceError, match="the sets at .* refused access \\(HTTP 401\\)") as caught:
            await http.get(
                http.endpoint("/collections", {}), what="the sets", accept="*/*", accept_encoding="identity", read=None
            )
    finally:
        await http.aclose()
    assert type(caught.value) is ServiceError
    assert caught.value.__cause__ is None and caught.value.__context__ is None


async def test_an_address_the_catalogue_gives_is_resolved_against_the_base_and_checked(server, fake_time):
    server.on("/icons/tabler.json", Reply.json({}, status=404))
    http = GuardedHttp(server.base_url + "/icons", None, retry=fake_time.policy())
    try:
        assert str(http.resolve("tabler.json", "the set")) == server.base_url + "/icons/tabler.json"
        with pytest.raises(NotFoundError, match="the set was not found at"):
            await http.get(
                http.resolve("tabler.json", "the set"),
                what="the set",
                accept="*/*",
                accept_encoding="identity",
                read=None,
            )
    finally:
        await http.aclose()
