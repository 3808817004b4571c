"""Every endpoint wants `Authorization: Bearer <token>`; anything else is a 401 with a JSON body."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import TEST_TOKEN

ENDPOINTS = [
    "/api/v1/search?name=arrow",
    "/api/v1/download?id=500001",
    "/private/bundle_icons/1001/small",
    "/api/v1/sets",
]

BAD_HEADERS = {
    "no header": {},
    "basic scheme": {"Authorization": "Basic dXNlcjpwYXNz"},
    "token without scheme": {"Authorization": TEST_TOKEN},
    "bearer without token": {"Authorization": "Bearer"},
    "other scheme with the token": {"Authorization": f"Token {TEST_TOKEN}"},
    "wrong token": {"Authorization": "Bearer not-the-token"},
    "token prefix": {"Authorization": f"Bearer {TEST_TOKEN[:-1]}"},
    "token with extra": {"Authorization": f"Bearer {TEST_TOKEN}x"},
    "token in other case": {"Authorization": f"Bearer {TEST_TOKEN.upper()}"},
}


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("case", BAD_HEADERS)
def test_rejected_without_the_right_bearer_token(catalogue, path: str, case: str) -> None:
    response = httpx.get(catalogue.base_url + path, headers=BAD_HEADERS[case])
    assert response.status_code == 401
    assert response.headers["content-type"] == "application/json"
    assert response.headers["www-authenticate"].startswith("Bearer ")
    error = response.json()["error"]
    assert error["code"] in {"unauthorized", "invalid_token"}
    assert error["message"]
    # The reply never echoes what was sent as a token.
    assert "not-the-token" not in response.text and TEST_TOKEN not in response.text


def test_wrong_token_says_invalid_token(catalogue) -> None:
    response = httpx.get(catalogue.base_url + ENDPOINTS[0], headers={"Authorization": "Bearer nope"})
    assert response.json()["error"]["code"] == "invalid_token"
    assert 'error="invalid_token"' in response.headers["www-authenticate"]


@pytest.mark.parametrize("path", ENDPOINTS)
def test_accepted_with_the_token(catalogue, path: str) -> None:
    response = httpx.get(catalogue.base_url + path, headers={"Authorization": f"Bearer {TEST_TOKEN}"})
    assert response.status_code == 200


def test_scheme_name_is_case_insensitive(catalogue) -> None:
    # RFC 9110: the auth scheme is case-insensitive (the token is not).
    response = httpx.get(catalogue.base_url + ENDPOINTS[0], headers={"Authorization": f"bearer {TEST_TOKEN}"})
    assert response.status_code == 200


def test_unknown_paths_need_the_token_too(catalogue) -> None:
    stranger = httpx.get(catalogue.base_url + "/api/v2/secret")
    assert stranger.status_code == 401
    member = httpx.get(catalogue.base_url + "/api/v2/secret", headers={"Authorization": f"Bearer {TEST_TOKEN}"})
    assert member.status_code == 404
    assert member.json()["error"]["code"] == "not_found"


def test_only_get_is_allowed(catalogue) -> None:
    response = httpx.post(
        catalogue.base_url + "/api/v1/search?name=a", headers={"Authorization": f"Bearer {TEST_TOKEN}"}
    )
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert "GET" in response.headers["allow"]
