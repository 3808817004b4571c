"""The `iconcat` command, run as a user would, against the embedded catalogue and a misbehaving server."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import TEST_TOKEN
from tests.support.cli import run_iconcat
from tests.support.fixtures import snapshot
from tests.support.misbehaving import MisbehavingServer, Reply


def test_search_json_is_shaped_like_the_api_and_normalised(configured):
    outcome = run_iconcat("search", "arrow", "--json", env=configured)
    assert outcome.status == 0, outcome.stderr
    document = json.loads(outcome.stdout)
    assert set(document) == {"data", "meta"}
    assert document["meta"]["moreResultsAvailable"] in (True, False)
    assert document["data"]
    for icon in document["data"]:
        assert set(icon) == {"id", "name", "category", "style", "series", "set", "thumbnail", "variants", "matched"}
        [why] = icon["matched"]  # the extension: one reason for the one word
        assert why["word"] == "arrow" and why["by"] in {"name", "tag", "synonym", "inside"}
        assert ("arrow" in icon["name"].lower()) is (why["by"] in {"name", "inside"})
        assert all(set(v) == {"id", "format", "size"} for v in icon["variants"])
    piped = subprocess.run([sys.executable, "-m", "json.tool"], input=outcome.stdout, capture_output=True, text=True)
    assert piped.returncode == 0


def test_search_table_lists_icons_with_their_variant_ids(configured):
    outcome = run_iconcat("search", "arrow left", env=configured)
    assert outcome.status == 0, outcome.stderr
    header, *rows = outcome.stdout.splitlines()
    assert header.split()[:5] == ["ID", "NAME", "STYLE", "SET", "VARIANTS"]
    assert rows and all("arrow" in row.lower() and "left" in row.lower() for row in rows)
    assert "png 512" in outcome.stdout
    assert outcome.stderr.strip().endswith(("icons", "icon")) or "more match" in outcome.stderr


def test_download_prints_the_path_and_a_second_run_never_clobbers(configured, tmp_path):
    variant_id = _first_png_variant(configured)
    first = run_iconcat("download", str(variant_id), "-o", str(tmp_path), env=configured)
    assert first.status == 0, first.stderr
    first_path = Path(first.stdout.splitlines()[-1])
    assert first_path.is_absolute() and first_path.parent == tmp_path
    with Image.open(first_path) as image:
        assert image.format == "PNG"
    original = first_path.read_bytes()
    # The same bytes again: no second copy; stdout still ends with the path, stderr says it was there.
    again = run_iconcat("download", str(variant_id), "-o", str(tmp_path), env=configured)
    assert again.status == 0, again.stderr
    assert Path(again.stdout.splitlines()[-1]) == first_path
    assert again.error_line == f"iconcat: already saved as {first_path} (the same bytes): nothing new written"
    assert sorted(p.name for p in tmp_path.iterdir()) == [first_path.name]
    # Other bytes at the name (the person's own file): never clobbered, the download gets `-1`.
    first_path.write_bytes(b"\x89PNG mine")
    second = run_iconcat("download", str(variant_id), "-o", str(tmp_path), env=configured)
    second_path = Path(second.stdout.splitlines()[-1])
    assert second.status == 0 and "already" not in second.stderr
    assert second_path.name == f"{first_path.stem}-1{first_path.suffix}"
    assert first_path.read_bytes() == b"\x89PNG mine" and second_path.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([first_path.name, second_path.name])
    # And that copy is found again at `-1` on the way to a free name: still no third file.
    third = run_iconcat("download", str(variant_id), "-o", str(tmp_path), env=configured)
    assert Path(third.stdout.splitlines()[-1]) == second_path and "already saved as" in third.stderr
    assert len(list(tmp_path.iterdir())) == 2


def test_download_overwrite_and_the_configured_folder(configured, tmp_path):
    variant_id = _first_png_variant(configured)
    env = {**configured, "ICONCAT_DOWNLOAD_DIR": str(tmp_path)}
    first = Path(run_iconcat("download", str(variant_id), env=env).stdout.splitlines()[-1])
    assert first.parent == tmp_path
    first.write_bytes(b"old")
    again = run_iconcat("download", str(variant_id), "--overwrite", env=env)
    assert Path(again.stdout.splitlines()[-1]) == first and first.read_bytes() != b"old"


def test_a_wrong_token_exits_3_with_one_line_and_no_token(catalogue):
    env = {"ICONCAT_BASE_URL": catalogue.base_url, "ICONCAT_TOKEN": TEST_TOKEN + "-not-this-one"}
    for args in (["search", "arrow"], ["download", "500001", "-o", "."]):
        outcome = run_iconcat(*args, env=env)
        assert outcome.status == 3
        assert outcome.stdout == ""
        assert outcome.error_line.startswith("iconcat: error: ")
        assert "rejected the token" in outcome.error_line and "iconcat login" in outcome.error_line


def test_an_unknown_variant_exits_4(configured, tmp_path):
    outcome = run_iconcat("download", "987654321", "-o", str(tmp_path), env=configured)
    assert outcome.status == 4
    assert "987654321" in outcome.error_line and "not found" in outcome.error_line
    assert list(tmp_path.iterdir()) == []


def test_no_catalogue_configured_exits_2_with_a_hint():
    outcome = run_iconcat("search", "arrow")
    assert outcome.status == 2
    assert "iconcat login" in outcome.error_line and "ICONCAT_BASE_URL" in outcome.error_line


def test_an_unreachable_service_exits_1():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    outcome = run_iconcat(
        "search",
        "arrow",
        "--timeout",
        "2",
        env={"ICONCAT_BASE_URL": f"http://127.0.0.1:{port}", "ICONCAT_TOKEN": TEST_TOKEN},
    )
    assert outcome.status == 1
    assert "nothing is listening" in outcome.error_line


@pytest.mark.parametrize(
    "args", [["download", "abc"], ["search", "x", "--timeout", "-1"], ["--nonsense"], ["download", "-5"]]
)
def test_usage_errors_exit_2(args, configured):
    outcome = run_iconcat(*args, env=configured)
    assert outcome.status == 2
    assert outcome.error_line.startswith("iconcat") and ": error: " in outcome.error_line
    assert "--help" in outcome.error_line


def test_a_download_the_server_cuts_short_leaves_the_folder_exactly_as_it_was(tmp_path):
    folder = tmp_path / "icons"
    folder.mkdir()
    (folder / "mine.png").write_bytes(b"my own file")
    png = b"\x89PNG\r\n\x1a\n" + b"\x01" * 500_000
    before = snapshot(tmp_path)
    with MisbehavingServer() as server:
        server.on("/api/v1/download", Reply.file(png, "image/png", filename="mine.png", cut_after=200_000))
        outcome = run_iconcat(
            "download", "7", "-o", str(folder), env={"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN}
        )
    assert outcome.status == 1
    assert outcome.stdout == ""
    assert "broke" in outcome.error_line
    assert snapshot(tmp_path) == before


def test_hostile_names_reach_the_terminal_inert(tmp_path):
    hostile = "\x1b]0;pwned\x07Arrow\x1b[2J \x9b31m\u202eLeft\n[@click=app.quit]\x1b]52;c;cGF3bmVk\x07"
    entry = {
        "id": 1,
        "name": hostile,
        "thumbnail": "",
        **{key: {"id": 1, "name": f"\x1b[31m{key}"} for key in ("category", "style", "series", "set")},
        "variants": [{"id": 2, "format": "png\x1b[5m", "size": 512}],
    }
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": [entry], "meta": {"moreResultsAvailable": False}}))
        env = {"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN}
        table = run_iconcat("search", "arrow", env=env)
        as_json = run_iconcat("search", "arrow", "--json", env=env)
    for outcome in (table, as_json):
        assert outcome.status == 0
        printed = outcome.stdout + outcome.stderr
        assert not any(ord(c) < 32 and c not in "\n" for c in printed), repr(printed)
        assert "\x9b" not in printed and "\u202e" not in printed
    assert "pwnedArrow" in table.stdout and "[@click=app.qu" in table.stdout
    assert json.loads(as_json.stdout)["data"][0]["name"] == hostile


def test_malformed_entries_are_reported_on_stderr(tmp_path):
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": ["junk", {"id": "x"}]}))
        outcome = run_iconcat("search", "arrow", env={"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN})
    assert outcome.status == 0
    assert "2 malformed entries" in outcome.stderr


def test_plain_http_to_a_non_loopback_address_warns(catalogue):
    port = catalogue.base_url.rsplit(":", 1)[1]
    outcome = run_iconcat(
        "search", "arrow", env={"ICONCAT_BASE_URL": f"http://0.0.0.0:{port}", "ICONCAT_TOKEN": TEST_TOKEN}
    )
    assert outcome.status == 0
    assert any(line.startswith("iconcat: warning:") and "unencrypted" in line for line in outcome.stderr.splitlines())


def test_ctrl_c_during_a_download_exits_130_and_leaves_nothing(tmp_path):
    png = b"\x89PNG\r\n\x1a\n" + b"\x01" * 100_000
    with MisbehavingServer() as server:
        # A download that never ends (the body dripped forever): the interrupt always finds it running,
        # however long a loaded machine takes to send it.
        endless = Reply.file(png, "image/png", filename="a.png", chunk_size=1000, delay=0.05, endless=True)
        server.on("/api/v1/download", endless)
        process = subprocess.Popen(
            [sys.executable, "-m", "iconcat.cli", "download", "7", "-o", str(tmp_path)],
            env={**os.environ, "ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 30
        while not any(tmp_path.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.02)  # wait until the temporary file exists: the download is under way
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert stdout == "" and "Traceback" not in stderr
    assert list(tmp_path.iterdir()) == []


def test_serve_runs_the_catalogue_until_interrupted(tmp_path):
    process = subprocess.Popen(
        [sys.executable, "-m", "iconcat.cli", "serve", "--port", "0", "--token", "demo-secret", "--page-size", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first_line = process.stdout.readline()
        url = next(word for word in first_line.split() if word.startswith("http://"))
        outcome = run_iconcat("search", "a", "--json", env={"ICONCAT_BASE_URL": url, "ICONCAT_TOKEN": "demo-secret"})
        document = json.loads(outcome.stdout)
        assert len(document["data"]) == 5 and document["meta"]["moreResultsAvailable"] is True
    finally:
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 0
    assert "Traceback" not in stderr


def test_serve_on_a_port_in_use_exits_1_with_one_line():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        outcome = run_iconcat("serve", "--port", str(busy.getsockname()[1]))
    assert outcome.status == 1
    assert "already in use" in outcome.error_line


def test_browse_hands_settings_query_and_demo_to_the_browser(monkeypatch, configured):
    import iconcat.tui
    from iconcat.cli import main
    from iconcat.disk.svg_output import OutputOptions

    calls = []
    monkeypatch.setattr(iconcat.tui, "run_browser", lambda settings, **options: calls.append((settings, options)) or 7)
    for name, value in configured.items():
        monkeypatch.setenv(name, value)
    assert main(["browse", "arrow", "--demo", "--timeout", "5", "--thumbnails", "quadrant"]) == 7
    assert main([]) == 7
    (settings, options), (default_settings, default_options) = calls
    # The catalogue chosen once, by the command line (`choose_catalogue`): --demo wins over the service.
    assert options.keys() == {"query", "choice", "output"} and options["query"] == "arrow"
    assert options["output"] == OutputOptions()  # nothing asked of the files saved
    assert options["choice"].spec.kind == "demo" and options["choice"].local is None
    assert default_options["query"] is None and default_options["choice"].kind == "service"
    assert default_options["choice"].base_url == configured["ICONCAT_BASE_URL"]
    assert settings.base_url == configured["ICONCAT_BASE_URL"] and settings.timeout == 5
    assert settings.thumbnails == "quadrant" and default_settings.thumbnails == "half"
    assert TEST_TOKEN not in repr(settings)


def _first_png_variant(env: dict[str, str]) -> int:
    document = json.loads(run_iconcat("search", "arrow left", "--json", env=env).stdout)
    return next(v["id"] for icon in document["data"] for v in icon["variants"] if v["format"] == "png")


def test_a_killed_download_leaves_a_temporary_file_that_the_next_run_removes(tmp_path):
    png = b"\x89PNG\r\n\x1a\n" + b"\x01" * 100_000 + b"\x00\x00\x00\x00IEND\xaeB`\x82"
    (tmp_path / "unrelated.part").write_bytes(b"not ours")
    with MisbehavingServer() as server:
        env = {**os.environ, "ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN}
        endless = Reply.file(png, "image/png", filename="a.png", chunk_size=1000, delay=0.05, endless=True)
        server.on("/api/v1/download", endless)  # (never done: the kill always finds it running)
        process = subprocess.Popen([sys.executable, "-m", "iconcat.cli", "download", "7", "-o", str(tmp_path)], env=env)
        deadline = time.monotonic() + 30
        while not list(tmp_path.glob(".iconcat-*.part")) and time.monotonic() < deadline:
            time.sleep(0.02)
        process.kill()  # SIGKILL: no chance to clean up
        process.wait()
        assert len(list(tmp_path.glob(".iconcat-*.part"))) == 1
        server.on("/api/v1/download", Reply.file(png, "image/png", filename="a.png"))
        outcome = run_iconcat(
            "download", "7", "-o", str(tmp_path), env={"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN}
        )
    assert outcome.status == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.png", "unrelated.part"]


def test_a_search_longer_than_the_demo_accepts_is_refused_before_sending_with_2():
    outcome = run_iconcat("search", "a" * 201, "--demo")
    assert outcome.status == 2
    assert "201 characters long, and the catalogue accepts at most 200: shorten it" in outcome.error_line


def test_a_search_the_catalogue_refuses_says_its_words_and_exits_2(configured):
    outcome = run_iconcat("search", "a" * 201, env=configured)
    assert outcome.status == 2
    assert "refused the search (HTTP 400): it said “'name' must be at most 200 characters.”" in outcome.error_line
    assert "try again" not in outcome.error_line
