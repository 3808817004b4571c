"""The browser against a hostile service: where its token goes, broken tokens, lying and huge answers,
hostile icon names turned into file names, a service that hangs, Retry-After seen by the browser.

In-process (Textual's pilot) where the widget state is the thing to check; on a pseudo-terminal where the
point is that the real app stays responsive.
"""

from __future__ import annotations

from iconcat.browsing.download_jobs import DownloadStatus
from iconcat.browsing.search_state import SearchPhase
from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList, Thumbnail
from tests.conftest import TEST_TOKEN
from tests.support.fixtures import snapshot
from tests.support.hostile import PICKER_SHOWN, PNG_FILE, SVG_FILE, hostile_env, icon_entry, png_bytes
from tests.support.misbehaving import Reply
from tests.support.pty import DOWN, ESCAPE, PtyProcess
from tests.support.tui import wait_until

SIZE = (120, 36)


def _app(server, download_dir, token: str = TEST_TOKEN, query: str = "zz", timeout: float = 30.0) -> IconcatApp:
    # The list view: these walk rows and watch the detail pane (the gallery has its own hostile tests).
    return IconcatApp(
        Connection.service(server.base_url, token, download_dir, timeout=timeout), query=query, view="list"
    )


async def test_the_browser_sends_the_token_to_no_other_origin_for_previews(server, other_server, download_dir):
    other_server.on("/t.png", Reply.file(png_bytes(), "image/png"))
    base_host = server.base_url.removeprefix("http://")
    addresses = [
        other_server.url("/t.png"),  # another port: another origin
        other_server.url("/t.png").removeprefix("http:"),  # scheme-relative
        f"http://{base_host}@127.0.0.1:{other_server.port}/t.png",  # userinfo naming the base
        f"http://user:{TEST_TOKEN}@127.0.0.1:{other_server.port}/t.png",  # credentials planted in the URL
    ]
    entries = [icon_entry(n + 1, f"zz {n}", address) for n, address in enumerate(addresses)]
    server.on("/api/v1/search", Reply.json({"data": entries, "meta": {"moreResultsAvailable": False}}))
    app = _app(server, download_dir)
    async with app.run_test(size=SIZE) as pilot:
        results = app.query_one(ResultsList)
        await wait_until(pilot, lambda: len(results.icons) == len(entries), "the results")
        results.focus()
        thumbnail = app.query_one(Thumbnail)
        for index, icon in enumerate(results.icons):
            results.highlighted = index
            await wait_until(
                pilot,
                lambda: thumbnail.icon is not None and thumbnail.icon.id == icon.id and thumbnail.status == "shown",
                f"the preview of {icon.name!r}",
            )
    assert len(other_server.requests) == len(addresses)
    assert all(request.header("authorization") is None for request in other_server.requests)
    assert [request.path for request in server.requests] == ["/api/v1/search"], "nothing else went to the base"


async def test_a_token_with_control_characters_is_refused_and_never_shown(server, download_dir):
    bad = TEST_TOKEN + "\x1b]52;c;cGF3bmVk\x07"
    app = _app(server, download_dir, token=bad)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "token" in app.browser.search_state.message, "the refusal explained")
        assert app.browser.search_state.phase in (SearchPhase.FAILED, SearchPhase.NOT_CONFIGURED)
        message = app.browser.search_state.explanation
        shown = app.export_screenshot()
        assert app.is_running
    assert "token" in message and TEST_TOKEN not in message
    assert TEST_TOKEN not in shown
    assert server.requests == [], "nothing was sent with a broken token"


async def test_ten_thousand_results_with_malformed_ones_and_a_lying_more_flag(server, download_dir):
    entries = [icon_entry(n, f"zz icon {n}", server.url("/t.png")) for n in range(1, 10_001)]
    entries[5] = {"id": "six", "name": 6}
    entries[7] = "junk"
    server.on("/api/v1/search", Reply.json({"data": entries, "meta": {"moreResultsAvailable": "true"}}))
    app = _app(server, download_dir)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(
            pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "the results", timeout=30
        )
        results = app.query_one(ResultsList)
        assert len(results.icons) == 9_998
        status = app.browser.search_state.status
        results.focus()
        await pilot.press("end")
        await wait_until(pilot, lambda: results.highlighted == 9_997, "the last row highlighted")
        assert app.is_running
    assert status.startswith("9,998 icons") and "2 unreadable left out" in status
    assert "more results" not in status, 'a "true" string is not a boolean: no claim of more results'


HOSTILE_FILE_NAMES = [
    "../../etc/passwd",
    "/etc/cron.d/evil",
    "..\\..\\evil",
    "CON",
    "\u202egnp.exe",
    ".bashrc",
    "x" * 300,
    "[@click=app.quit]x[/]",
    "\x1b]52;c;cGF3bmVk\x07",
    "\x00\x00",
]


async def test_hostile_icon_names_become_safe_file_names_inside_the_download_folder(server, download_dir):
    entries = [
        icon_entry(
            n + 1,
            name,
            "",
            variants=[
                {"id": (n + 1) * 10, "format": "png", "size": 512},
                {"id": (n + 1) * 10 + 1, "format": "../svg", "size": None},
            ],
        )
        for n, name in enumerate(HOSTILE_FILE_NAMES)
    ]
    server.on("/api/v1/search", Reply.json({"data": entries}))
    server.on(
        "/api/v1/download",
        lambda request: (
            Reply.file(SVG_FILE, "image/svg+xml")
            if request.query["id"][0].endswith("1")
            else Reply.file(PNG_FILE, "image/png")
        ),
    )
    before = snapshot(download_dir.parent)
    app = _app(server, download_dir, query="a")
    async with app.run_test(size=SIZE) as pilot:
        results = app.query_one(ResultsList)
        await wait_until(pilot, lambda: len(results.icons) == len(entries), "the results")
        jobs = [app.start_download(icon, variant) for icon in results.icons for variant in icon.variants]
        await wait_until(pilot, lambda: all(job.status.finished for job in jobs), "every download", timeout=30)
        assert [job.status for job in jobs] == [DownloadStatus.DONE] * len(jobs), [job.error for job in jobs]
        saved = [job.saved_path for job in jobs]
    for path in saved:
        assert path.parent == download_dir, path
        assert not path.name.startswith(".") and "/" not in path.name and "\\" not in path.name
        assert path.name.isprintable() and len(path.name.encode()) <= 120
        assert path.name.split(".")[0].upper() not in {"CON", "PRN", "AUX", "NUL"}
    after = snapshot(download_dir.parent)
    assert set(after) - set(before) == {f"downloads/{path.name}" for path in saved}
    assert len(set(saved)) == len(saved)


def test_a_hanging_service_leaves_the_browser_responsive_and_quittable(server, download_dir):
    """The search hangs far beyond the deadline: the app says so at the deadline, keys still work, q quits."""
    server.on("/api/v1/search", Reply.json({"data": []}, hang=60))
    env = {**hostile_env(server, download_dir), "ICONCAT_TIMEOUT": "2"}
    with PtyProcess.iconcat("browse", "zz", env=env, columns=140, rows=40) as terminal:
        terminal.wait_for("within 2 s", "the deadline explained")
        terminal.send(DOWN)  # out of the search box
        terminal.settle()
        terminal.send("\x12")  # ctrl+r: search again, which hangs again
        terminal.settle()
        terminal.send("?")  # the help screen answers at once while the request hangs
        terminal.wait_for(PICKER_SHOWN, "the help screen")
        terminal.send(ESCAPE)
        terminal.settle()
        terminal.send("q")
        status = terminal.finish(timeout=20)
    assert status == 0, terminal.visible[-2000:]
    assert "Traceback" not in terminal.text and TEST_TOKEN not in terminal.text


async def test_the_browser_waits_out_a_short_retry_after_and_explains_a_long_one(server, download_dir):
    """503 with Retry-After: 1 then an answer: results. Then 429 asking for an hour: said, with when."""
    entries = [icon_entry(1, "zz after", "")]
    server.on(
        "/api/v1/search",
        Reply(status=503, headers=[("Retry-After", "1")]),
        Reply.json({"data": entries, "meta": {"moreResultsAvailable": False}}),
        Reply(status=429, headers=[("Retry-After", "3600")]),
    )
    app = _app(server, download_dir, query="")
    async with app.run_test(size=SIZE) as pilot:
        app.browser.start_search("zz", immediate=True)  # as Enter in the search box does
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results after the wait")
        assert [icon.name for icon in app.query_one(ResultsList).icons] == ["zz after"]
        assert len(server.requests) == 2
        app.browser.start_search("zz again", immediate=True)
        await wait_until(
            pilot,
            lambda: (
                app.browser.search_state.query == "zz again"
                and app.browser.search_state.phase is not SearchPhase.SEARCHING
            ),
            "the rate-limited search",
        )
        message = app.browser.search_state.explanation
        assert app.is_running
    assert "try again after" in message
    assert len(server.requests) == 3, "the hour was not waited, nor retried"


async def test_browse_with_a_query_on_a_slow_service_searches_once(server, download_dir):
    """Counted where it is decided (the search workers started), not on the server: whether the first
    request leaves before it is cancelled depends on timing; that a second search starts does not."""
    server.on("/api/v1/search", Reply.json({"data": [icon_entry(1, "zz slow", "")]}, hang=5.0))
    app = _app(server, download_dir, query="zz")
    searches: list[str] = []
    real_run_worker = app.browser.run_worker

    def recording_run_worker(work, *args, **options):
        if options.get("group") == "search":
            searches.append(options.get("description", ""))
        return real_run_worker(work, *args, **options)

    app.browser.run_worker = recording_run_worker
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: searches, "the first search")
        await pilot.pause(1.0)  # five times the search box's debounce: any second search has started by now
    assert len(searches) == 1, searches
