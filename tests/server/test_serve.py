"""`run_forever`: serves in the foreground, says where and with which token, stops cleanly on Ctrl-C or SIGTERM."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys

import httpx
import pytest

from iconcat.server.serve import run_forever

PROGRAM = (
    "from iconcat.server.serve import run_forever\n"
    "run_forever(host='127.0.0.1', port=0, token='serve-test', page_size=5)\n"
)


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_announces_serves_and_stops_cleanly(stop_signal: signal.Signals) -> None:
    process = subprocess.Popen(
        [sys.executable, "-u", "-c", PROGRAM],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        lines = []
        while not lines or not lines[-1].startswith("Press Ctrl-C"):
            line = process.stdout.readline()
            assert line, f"the server ended early: {process.stderr.read()}"
            lines.append(line.rstrip("\n"))
        url = lines[0].rsplit(" at ", 1)[1]
        assert url.startswith("http://127.0.0.1:")
        assert "Token: serve-test" in lines
        assert any(
            line.startswith("Try:   curl -H 'Authorization: Bearer serve-test'") and url in line for line in lines
        )
        response = httpx.get(
            url + "/api/v1/search", params={"name": "arrow"}, headers={"Authorization": "Bearer serve-test"}
        )
        assert response.status_code == 200
        assert len(response.json()["data"]) == 5 and response.json()["meta"]["moreResultsAvailable"] is True
        process.send_signal(stop_signal)
        out, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert out.strip().splitlines()[-1] == "Stopped."


def test_a_port_in_use_is_a_clear_oserror() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        announced: list[str] = []
        with pytest.raises(OSError) as caught:
            run_forever(port=port, announce=announced.append)
    message = str(caught.value)
    assert f"Port {port}" in message and "already in use" in message and "--port" in message
    assert not message.startswith("[Errno")
    assert announced == []


@pytest.mark.parametrize("options", [{"token": ""}, {"page_size": 0}, {"latency_ms": -1}])
def test_bad_options_are_refused_before_listening(options: dict) -> None:
    with pytest.raises(ValueError):
        run_forever(port=0, announce=lambda line: None, **options)
