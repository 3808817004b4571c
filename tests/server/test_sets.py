"""`GET /api/v1/sets` (issue 32 item 1), the embedded catalogue's extension: behind the token like every
endpoint, the document `iconcat.embedded.sets` builds, which the in-process catalogue reads too."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import httpx
import pytest

from iconcat.api import parse_sets
from iconcat.catalogue import NotOffered
from iconcat.catalogue.embedded import EmbeddedCatalogue
from iconcat.catalogue.kinds import demo_spec
from iconcat.demo.catalogue import default_catalogue
from iconcat.embedded.sets import sets_document
from tests.conftest import TEST_TOKEN
from tests.support.server import auth


def test_the_sets_want_the_token(catalogue) -> None:
    response = httpx.get(catalogue.base_url + "/api/v1/sets", headers=auth("not-the-token"))
    assert response.status_code == 401 and response.json()["error"]["code"] == "invalid_token"
    assert httpx.get(catalogue.base_url + "/api/v1/sets").status_code == 401


def test_the_sets_over_http_are_the_document_the_in_process_catalogue_reads(catalogue) -> None:
    response = httpx.get(catalogue.base_url + "/api/v1/sets", headers=auth(TEST_TOKEN))
    assert response.status_code == 200 and response.headers["content-type"] == "application/json"
    served = default_catalogue()
    assert response.json() == sets_document(served)
    assert [entry["name"] for entry in response.json()["data"]] == ["Blueprint", "Core UI", "Signal", "Studio"]

    async def listed() -> tuple:
        async with EmbeddedCatalogue(demo_spec(), served=served) as in_process:
            return await in_process.sets()

    assert asyncio.run(listed()) == parse_sets(response.json()).sets


def test_a_kind_that_does_not_list_its_sets_says_so_with_not_offered() -> None:
    spec = demo_spec()
    quiet = replace(spec, capabilities=replace(spec.capabilities, lists_sets=False))

    async def asked() -> None:
        async with EmbeddedCatalogue(quiet, served=default_catalogue()) as in_process:
            await in_process.sets()

    with pytest.raises(NotOffered, match="does not list its sets"):
        asyncio.run(asked())
