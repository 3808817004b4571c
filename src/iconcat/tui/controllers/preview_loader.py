"""Previews for many icons at once: fetched in priority order, at most six at a time, drawn in a thread.

One `PreviewLoader` serves every widget that shows pictures: the gallery's tiles, the list's
neighbours, the detail pane's members and its picture. Each of them says what it wants with
`want(visible, ahead, channel=...)`, which replaces that channel's wanted set. No preview is fetched
twice at once, whoever wants it, and no widget fetches one by itself: the six requests are all there is.

- Fetches start in priority order (the icons of channels wanted `first`, the detail's picture, then
  every channel's visible icons, then every channel's icons one screen ahead), with at most
  `max_in_flight` (6) requests to the service at any moment; those ahead
  start once every picture on screen is in, drawn and painted (a gallery's frame says so with
  `frame_drawn`; `PAINT_WAIT` if none comes): started before, they would only slow those down, as the
  fetches, the renders and the frames share one interpreter lock. Each fetch is
  an async Textual worker (group "previews") on the node the loader was given, started only when a
  slot is free: there is no queue of tasks waiting on a semaphore, so dropping a queued fetch costs
  nothing and a cancelled one never reaches the network.
- A fetch no longer wanted (a new search, a scroll) is cancelled: a queued one is dropped, one in
  flight has its worker cancelled (httpx closes its connection). A cancelled request keeps its slot
  until its worker has unwound, so the count of requests in flight never goes above the limit, not
  even for a moment.
- Results go into the shared `ThumbnailCache`: the bytes into `previews`, permanent failures (404, not
  an image) into `failures`. Passing failures (a timeout, a 503) are kept here for a while, so a
  failing service is not asked again on every scroll (`want_again` forgets them: a new search does).
  Finished fetches are announced with `PreviewLoader.Arrived(arrivals)` posted to the node.
- A channel that passes a `RenderSpec` also gets renders: decoding and drawing run in one long-lived
  thread worker (group "preview-renders"), woken as previews land and ending once none has come for
  `RENDER_LINGER`; it takes the waiting renders a batch at a time, and each render becomes a tuple of `Strip`s exactly
  `columns` x `rows` (a line-drawing widget concatenates them, with no Rich rendering per frame; our
  renderers' cells hand out their lines as they are, other renderables are laid out by a console). They
  are kept in `tiles`, the loader's own bounded LRU (the cache's `renders` holds 64: fewer than a
  screen of tiles on a large terminal), and announced with `PreviewLoader.Rendered(keys)`.
- Announcements are gathered: what arrives or is drawn while an announcement is on its way to the UI
  thread joins it, so a busy UI thread handles one `Arrived` and one `Rendered` for many pictures.
  Neither bubbles: the node handles them.

Only the UI thread changes the loader's state, but for the renders waiting (shared with the render
thread under a lock); the render thread reads the set of wanted renders (replaced whole, never
mutated), writes `tiles` and the render failures (locked LRUs) and posts messages.
"""

from __future__ import annotations

import asyncio
import io
import threading
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from time import monotonic
from typing import TYPE_CHECKING

from textual.message import Message
from textual.strip import Strip
from textual.worker import Worker, get_current_worker

from iconcat.failures import describe_failure
from iconcat.lru import BoundedLRU

from ..thumbnail_cache import PreviewFailure, RenderKey, ThumbnailCache
from ..true_pixels import draw as draw_true_pixels
from ..true_pixels import is_true_pixels
from .catalogue_link import PreviewUnavailable

if TYPE_CHECKING:  # pragma: no cover - typing only
    from rich.console import Console, RenderableType
    from textual.dom import DOMNode
    from textual.timer import Timer

    from iconcat.api import Icon

    from ..terminal_images import TerminalPictures

__all__ = [
    "MAX_IN_FLIGHT",
    "PreviewFetcher",
    "PreviewLoader",
    "RenderSpec",
    "TileRender",
]

PreviewFetcher = Callable[["Icon"], Awaitable[bytes]]
"""Fetches an icon's preview bytes, or raises `PreviewUnavailable` saying why (`CatalogueLink.fetch_preview`)."""

TileRender = tuple[Strip, ...]
"""A finished picture: `rows` strips, each exactly `columns` cells."""

MAX_IN_FLIGHT = 6
"""Preview requests to the service at once, at most (what a browser allows per host)."""

RENDER_BATCH = 24
"""Renders the render thread takes at once: few enough that a scroll's new priorities apply within a batch or two."""

RENDER_LINGER = 0.05
"""Seconds the render thread waits for more work before it ends (previews land a few at a time)."""

TILE_ENTRIES = 1024
"""Tile renders kept, at most: several screens of the smallest tiles on a 200-column terminal."""

TILE_CELLS = 65_536
"""Total cells of the tile renders kept (some 300 bytes each as segments): several screens of large tiles."""

PASSING_FAILURES = 512
"""Passing fetch failures remembered (see the module docstring)."""

AHEAD_HOLD = 0.25
"""Seconds without progress on screen (a fetch started or ended, a picture drawn) after which the
fetches ahead stop waiting for the pictures on screen: a hanging preview must not hold them back."""

PAINT_WAIT = 0.1
"""Seconds the fetches ahead wait for the frame showing the last pictures on screen (`frame_drawn`)
before they start anyway."""


@dataclass(frozen=True)
class RenderSpec:
    """How a channel wants its pictures drawn: everything of a `RenderKey` but the icon."""

    columns: int
    rows: int
    background: tuple[int, int, int]
    mode: str = "half"
    """"half" or "quadrant" (`iconcat.imaging.render_cells`' modes)."""

    def key(self, icon_id: int) -> RenderKey:
        """The render key of `icon_id` drawn this way."""
        return RenderKey(icon_id, self.columns, self.rows, self.background, self.mode)


@dataclass(frozen=True)
class _Wanted:
    """One channel's wish: icons on screen, icons one screen ahead, and how to draw them (or not)."""

    visible: tuple[Icon, ...]
    ahead: tuple[Icon, ...]
    spec: RenderSpec | None
    first: bool = False
    """Its visible icons go before every other channel's (the detail pane's picture)."""


def _render_weight(tile: TileRender) -> int:
    return max(1, sum(strip.cell_length for strip in tile))


def _text_console(columns: int, rows: int) -> Console:
    """A private console for turning renders into strips (one per render batch: consoles are not shared)."""
    from rich.console import Console

    return Console(
        file=io.StringIO(),
        width=columns,
        height=rows,
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
        no_color=False,  # NO_COLOR is for the terminal Textual writes to; here colours are data
    )


def render_to_strips(renderable: RenderableType, columns: int, rows: int, console: Console | None = None) -> TileRender:
    """`renderable` as exactly `rows` strips of exactly `columns` cells (cropped or padded)."""
    console = console or _text_console(columns, rows)
    options = console.options.update_dimensions(columns, rows)
    lines = console.render_lines(renderable, options, pad=True)
    return tuple(Strip(line, columns) for line in lines[:rows])


class PreviewLoader:
    """Fetches previews for what the widgets want, six at a time, and draws them (see the module docstring)."""

    class Arrived(Message, bubble=False):
        """Fetches finished: each icon's bytes are in the cache, or its failure says why there are none.

        `arrivals`: (icon id, failure or None) in the order they finished; all that finished since the
        last `Arrived` (announcements are gathered: see the module docstring)."""

        def __init__(self, arrivals: tuple[tuple[int, PreviewFailure | None], ...]) -> None:
            super().__init__()
            self.arrivals = arrivals

        @property
        def icon_ids(self) -> tuple[int, ...]:
            """The icons whose fetch finished."""
            return tuple(icon_id for icon_id, _failure in self.arrivals)

    class Rendered(Message, bubble=False):
        """`keys` were drawn: their strips are in `PreviewLoader.tiles` (or failed: see `tile_failure`);
        all drawn since the last `Rendered`."""

        def __init__(self, keys: tuple[RenderKey, ...]) -> None:
            super().__init__()
            self.keys = keys

        @property
        def icon_ids(self) -> tuple[int, ...]:
            """The icons drawn (in the order drawn)."""
            return tuple(key.icon_id for key in self.keys)

    def __init__(
        self,
        node: DOMNode,
        cache: ThumbnailCache,
        fetch_preview: PreviewFetcher,
        *,
        max_in_flight: int = MAX_IN_FLIGHT,
        tile_entries: int = TILE_ENTRIES,
        tile_cells: int = TILE_CELLS,
        pictures: TerminalPictures | None = None,
    ) -> None:
        if max_in_flight < 1:
            raise ValueError("max_in_flight must be at least 1")
        self.node = node
        """Runs the workers and receives the messages (the app, usually)."""
        self.cache = cache
        """Preview bytes and permanent failures, shared with the detail pane."""
        self.fetch_preview = fetch_preview
        """How one preview is fetched (the app's `CatalogueLink.fetch_preview`)."""
        self.max_in_flight = max_in_flight
        """Requests to the service at once, at most."""
        self.pictures = pictures
        """The terminal's true-pixel pictures (kitty renders are transmitted through it), if any."""
        self.tiles: BoundedLRU[TileRender] = BoundedLRU(tile_entries, max_weight=tile_cells, weigh=_render_weight)
        """RenderKey -> the picture as strips (written by the render thread: the LRU is locked)."""
        self.started = 0
        """Fetches started so far (for tests and benchmarks)."""
        self.cancelled = 0
        """Fetches cancelled while in flight so far."""
        self.dropped = 0
        """Queued fetches dropped before they started, so far."""
        self.most_in_flight = 0
        """The most fetches ever in flight at once (never above `max_in_flight`)."""
        self._channels: dict[str, _Wanted] = {}
        self._queue: deque[Icon] = deque()
        self._in_flight: dict[int, Worker[None]] = {}
        self._running: set[int] = set()  # fetches whose coroutine has started (a request may be out)
        self._cancelling: set[int] = set()  # in flight, cancelled by us, not yet unwound
        self._passing: BoundedLRU[PreviewFailure] = BoundedLRU(PASSING_FAILURES)
        self._specs: dict[int, tuple[RenderSpec, ...]] = {}
        self._visible: frozenset[int] = frozenset()  # icons some channel has on screen
        self._ahead_waiting = False  # fetches ahead wait for pictures on screen being drawn (`_render_ready`)
        self._visible_progress = 0.0  # when a fetch or a render of a picture on screen last started or ended
        self._hold_timer: Timer | None = None
        self._render_wanted: frozenset[RenderKey] = frozenset()
        self._pending_renders: OrderedDict[RenderKey, bytes] = OrderedDict()  # guarded by `_render_ready`
        self._render_ready = threading.Condition()
        self._rendering: frozenset[RenderKey] = frozenset()  # the running batch's keys
        self._render_failures: BoundedLRU[PreviewFailure] = BoundedLRU(PASSING_FAILURES)
        self._render_worker: Worker[None] | None = None
        self._closed = False
        self._news_lock = threading.Lock()
        self._news_arrived: list[tuple[int, PreviewFailure | None]] = []  # guarded by `_news_lock`
        self._news_rendered: list[RenderKey] = []  # guarded by `_news_lock`
        self._news_due = False  # an `_announce` is on its way to the UI thread
        self._unpainted = False  # a picture on screen (or its failure) was announced, and no frame has followed yet
        self._paint_waiting = False  # fetches ahead wait for `frame_drawn`
        self._paint_timer: Timer | None = None
        self.announcements = 0
        """`Arrived` and `Rendered` messages posted so far (for tests and benchmarks)."""

    # ----------------------------------------------------------------- what the widgets ask

    def want(
        self,
        visible: Sequence[Icon],
        ahead: Sequence[Icon] = (),
        *,
        spec: RenderSpec | None = None,
        channel: str = "gallery",
        first: bool = False,
    ) -> None:
        """Replace `channel`'s wanted icons: `visible` first, then `ahead`; draw them as `spec` (None: fetch only).

        `first`: `visible` goes before every other channel's (the one picture a person is looking at).
        Fetches and renders no channel wants any more are cancelled; cached previews cost no request.
        """
        self._channels[channel] = _Wanted(tuple(visible), tuple(ahead), spec, first)
        self._plan()

    def forget(self, channel: str) -> None:
        """`channel` wants nothing any more (a widget hidden or gone)."""
        if self._channels.pop(channel, None) is not None:
            self._plan()

    def want_again(self) -> None:
        """Ask again for previews that failed in passing (timeouts, 503s): a new search does this."""
        self._passing.clear()
        self._render_failures.clear()
        self._plan()

    def reset(self) -> None:
        """Cancel everything and forget what was drawn (another catalogue; the caller clears the cache)."""
        self._channels.clear()
        self._plan()
        with self._render_ready:
            if self._render_worker is not None:
                self._render_worker.cancel()  # the thread stops before its next picture
                self._render_ready.notify()
        self.tiles.clear()
        self._passing.clear()
        self._render_failures.clear()

    def close(self) -> None:
        """Start nothing more, and cancel what runs (the node is going away)."""
        self._closed = True
        self.reset()

    # ----------------------------------------------------------------- what the widgets read

    def tile(self, key: RenderKey) -> TileRender | None:
        """The finished render for `key`, if drawn and still kept (true pixels: and still in the terminal)."""
        if not self._still_shown(key):
            return None
        return self.tiles.get(key)

    def _still_shown(self, key: RenderKey) -> bool:
        """False for a kitty render whose image the terminal no longer holds (evicted: draw it again)."""
        return key.mode != "kitty" or (self.pictures is not None and self.pictures.is_live(key))

    def failure(self, icon_id: int) -> PreviewFailure | None:
        """Why `icon_id` has no picture (permanent or passing), or None while it may still come."""
        return self.cache.failures.get(icon_id) or self._passing.get(icon_id)

    def tile_failure(self, key: RenderKey) -> PreviewFailure | None:
        """Why `key` could not be drawn (`failure` for its icon, or a render that failed), or None."""
        return self.failure(key.icon_id) or self._render_failures.get(key)

    def is_loading(self, icon_id: int) -> bool:
        """True while `icon_id`'s preview is queued or being fetched."""
        return icon_id in self._in_flight or any(icon.id == icon_id for icon in self._queue)

    @property
    def in_flight(self) -> int:
        """Fetches in flight now (cancelled ones included until they have unwound)."""
        return len(self._in_flight)

    @property
    def queued(self) -> int:
        """Fetches waiting for a free slot."""
        return len(self._queue)

    @property
    def queue(self) -> tuple[int, ...]:
        """The icons whose fetches wait for a free slot, in the order they will start."""
        return tuple(icon.id for icon in self._queue)

    @property
    def idle(self) -> bool:
        """Nothing queued, fetched or drawn right now."""
        return not self._in_flight and not self._queue and not self._pending_renders and self._render_worker is None

    # ----------------------------------------------------------------- planning

    def _plan(self) -> None:
        """Recompute the queue and the wanted renders from every channel, cancelling what is not wanted."""
        order: list[Icon] = []
        seen: set[int] = set()
        specs: dict[int, list[RenderSpec]] = {}
        channels = sorted(self._channels.values(), key=lambda wanted: not wanted.first)  # (a stable sort)
        for part in ("visible", "ahead"):
            for wanted in channels:
                for icon in wanted.visible if part == "visible" else wanted.ahead:
                    if wanted.spec is not None:
                        icon_specs = specs.setdefault(icon.id, [])
                        if wanted.spec not in icon_specs:
                            icon_specs.append(wanted.spec)
                    if icon.id not in seen:
                        seen.add(icon.id)
                        order.append(icon)
            if part == "visible":
                self._visible = frozenset(seen)
        self._specs = {icon_id: tuple(icon_specs) for icon_id, icon_specs in specs.items()}
        self._render_wanted = frozenset(
            spec.key(icon_id) for icon_id, icon_specs in self._specs.items() for spec in icon_specs
        )

        for icon_id, worker in list(self._in_flight.items()):
            if icon_id not in seen and icon_id not in self._cancelling:
                self._cancel(icon_id, worker)
        queued_before = {icon.id for icon in self._queue}
        self.dropped += len(queued_before - seen)

        with self._render_ready:
            for key in [key for key in self._pending_renders if key not in self._render_wanted]:
                del self._pending_renders[key]

        queue: deque[Icon] = deque()
        for icon in order:
            if self.failure(icon.id) is not None:
                continue
            keys = [spec.key(icon.id) for spec in self._specs.get(icon.id, ())]
            missing = [key for key in keys if self._needs_render(key)]
            if keys and not missing:
                continue  # drawn already: no bytes needed
            if icon.id in self._in_flight and icon.id not in self._cancelling:
                continue  # on its way; it is drawn when it lands
            data = self.cache.previews.get(icon.id)
            if data is not None:
                with self._render_ready:
                    for key in missing:
                        self._pending_renders.setdefault(key, data)
                continue
            queue.append(icon)
        self._queue = queue
        self._pump()
        self._pump_renders()

    def _needs_render(self, key: RenderKey) -> bool:
        drawn = key in self.tiles and self._still_shown(key)
        return not drawn and key not in self._rendering and key not in self._render_failures

    def _cancel(self, icon_id: int, worker: Worker[None]) -> None:
        worker.cancel()
        if icon_id in self._running:
            # Its request may be out: the slot stays taken until the worker has unwound (see `_fetch`).
            self._cancelling.add(icon_id)
            self.cancelled += 1
        else:
            # Cancelled before its coroutine ran: it never will, and it sent nothing.
            del self._in_flight[icon_id]
            self.dropped += 1

    def _pump(self) -> None:
        """Start queued fetches while slots are free."""
        if self._closed or not self.node.is_running:
            return
        visible = self._visible
        while self._queue and len(self._in_flight) < self.max_in_flight:
            if self._queue[0].id not in visible and self._visible_outstanding():
                # Ahead of the screen, while a picture on screen is still coming: it waits. On one core
                # (and one GIL) an early start only takes time from what is on screen; the slots fill
                # again as soon as the last one on screen is in and drawn (or has hung for AHEAD_HOLD).
                if self._hold_timer is None:
                    self._hold_timer = self.node.set_timer(AHEAD_HOLD, self._hold_over)
                break
            if self._queue[0].id not in visible and self._unpainted:
                # Every picture on screen is drawn, but the last ones are not painted yet: the fetches
                # ahead start after the frame that shows them (started before, they would delay it).
                if not self._paint_waiting:
                    self._paint_waiting = True
                    self._paint_timer = self.node.set_timer(PAINT_WAIT, self._paint_over)
                break
            icon = self._queue.popleft()
            if icon.id in self._in_flight:
                continue  # still unwinding a cancelled fetch of it; `_fetch` queues it again when it is wanted
            self.started += 1
            if icon.id in visible:
                self._visible_progress = monotonic()
            self._in_flight[icon.id] = self.node.run_worker(
                # A callable, not a coroutine: a worker cancelled before it starts leaves nothing to leak.
                partial(self._fetch, icon),
                group="previews",
                exit_on_error=False,
                description=f"fetch preview of icon {icon.id}",
            )
            self.most_in_flight = max(self.most_in_flight, len(self._in_flight))

    def frame_drawn(self) -> None:
        """A widget drew its pictures on screen into a frame, with none of them waiting to be repainted
        (the gallery calls this from `render_lines`): the fetches ahead held for it may start."""
        with self._news_lock:
            if self._news_due:  # drawn in the render thread meanwhile, not announced yet: a later frame
                return
            self._unpainted = False
        if self._paint_waiting:
            self._paint_waiting = False
            if self._paint_timer is not None:
                self._paint_timer.stop()
                self._paint_timer = None
            self.node.call_later(self._pump)  # after this frame is written

    def _paint_over(self) -> None:
        """No frame came to say the pictures on screen are painted (no gallery drew them): start anyway."""
        self._paint_timer = None
        self._paint_waiting = False
        self._unpainted = False
        self._pump()

    def _hold_over(self) -> None:
        self._hold_timer = None
        self._pump()

    def _visible_outstanding(self) -> bool:
        """True while a picture some channel has on screen is still being fetched or drawn, and some
        progress was made on them lately (`AHEAD_HOLD`). When only drawing is left, the render thread
        calls `_pump` once none is (`_ahead_waiting`)."""
        if monotonic() - self._visible_progress >= AHEAD_HOLD:
            return False
        visible = self._visible
        if any(icon_id in visible and icon_id not in self._cancelling for icon_id in self._in_flight):
            return True
        with self._render_ready:
            drawing = any(key.icon_id in visible for key in (*self._pending_renders, *self._rendering))
            self._ahead_waiting = drawing
        return drawing

    # ----------------------------------------------------------------- fetching (async workers)

    async def _fetch(self, icon: Icon) -> None:
        """Fetch one preview and store it; runs in a worker of its own, on the UI's event loop."""
        worker = get_current_worker()
        self._running.add(icon.id)
        cancelled_by_us = False
        shutting_down = False
        try:
            data = await self.fetch_preview(icon)
        except PreviewUnavailable as problem:
            self._failed(icon, problem.failure, permanent=problem.permanent)
        except asyncio.CancelledError:
            # Cancelled by `_plan` (no longer wanted), or by Textual because the node is closing.
            cancelled_by_us = icon.id in self._cancelling
            shutting_down = not cancelled_by_us
            raise
        except Exception as error:  # noqa: BLE001 - a preview failure must never take the app down
            self._failed(icon, PreviewFailure(describe_failure(error, max_length=80), missing=False), permanent=False)
        else:
            self._arrived(icon, data)
        finally:
            if icon.id in self._visible:
                self._visible_progress = monotonic()
            if self._in_flight.get(icon.id) is worker:
                del self._in_flight[icon.id]
                self._running.discard(icon.id)
                self._cancelling.discard(icon.id)
            if cancelled_by_us:
                self._plan()  # the slot is free now; the icon itself may be wanted again meanwhile
            elif not shutting_down:
                self._pump()

    def _arrived(self, icon: Icon, data: bytes) -> None:
        self.cache.previews.put(icon.id, data)
        self._tell(arrived=(icon.id, None))
        with self._render_ready:
            for spec in self._specs.get(icon.id, ()):
                key = spec.key(icon.id)
                if self._needs_render(key):
                    self._pending_renders.setdefault(key, data)
        self._pump_renders()

    def _failed(self, icon: Icon, failure: PreviewFailure, *, permanent: bool) -> None:
        if permanent:
            self.cache.failures.put(icon.id, failure)
        else:
            self._passing.put(icon.id, failure)
        self._tell(arrived=(icon.id, failure))

    # ----------------------------------------------------------------- announcing (gathered)

    def _tell(
        self, *, arrived: tuple[int, PreviewFailure | None] | None = None, rendered: RenderKey | None = None
    ) -> None:
        """Announce a fetch finished or a render done, with whatever else comes before the UI thread gets to it.

        Called from the UI thread (fetches) and the render thread (renders): the news wait in lists, and
        one `_announce` (a callback on the node, thread-safe to post) turns all that came meanwhile into
        one `Arrived` and one `Rendered` message. A busy UI thread then handles one message for many
        pictures, not one per picture."""
        with self._news_lock:
            visible = self._visible
            if arrived is not None:
                self._news_arrived.append(arrived)
                if arrived[1] is not None and arrived[0] in visible:  # "no preview" on screen
                    self._unpainted = True
            if rendered is not None:
                self._news_rendered.append(rendered)
                if rendered.icon_id in visible:
                    self._unpainted = True
            if self._news_due:
                return
            self._news_due = True
        if not self.node.call_later(self._announce):
            with self._news_lock:  # the node is closing: nobody to tell
                self._news_due = False

    def _announce(self) -> None:
        """Post what arrived and what was drawn since the last announcement (on the UI thread)."""
        with self._news_lock:
            arrived, self._news_arrived = tuple(self._news_arrived), []
            rendered, self._news_rendered = tuple(self._news_rendered), []
            self._news_due = False
        if arrived:
            self.announcements += 1
            self.node.post_message(self.Arrived(arrived))
        if rendered:
            self.announcements += 1
            self.node.post_message(self.Rendered(rendered))

    # ----------------------------------------------------------------- drawing (thread workers)

    def _pump_renders(self) -> None:
        """Wake the render thread for waiting renders, or start it (one render thread at a time)."""
        with self._render_ready:
            if not self._pending_renders or self._closed or not self.node.is_running:
                return
            if self._render_worker is not None:
                self._render_ready.notify()  # it takes them when it is done with the renders in hand
                return
            self._render_worker = self.node.run_worker(
                self._render_loop,
                thread=True,
                group="preview-renders",
                exit_on_error=False,
                description="draw previews",
            )

    def _render_loop(self) -> None:
        """Draw waiting renders, a batch at a time, until none comes for a while; runs in a thread."""
        worker = get_current_worker()
        try:
            while True:
                with self._render_ready:
                    if not self._pending_renders and not self._stopping(worker):
                        self._render_ready.wait(RENDER_LINGER)
                    if self._stopping(worker) or not self._pending_renders:
                        self._render_ended(worker)
                        return
                    jobs: list[tuple[RenderKey, bytes]] = []
                    while self._pending_renders and len(jobs) < RENDER_BATCH:
                        jobs.append(self._pending_renders.popitem(last=False))
                    self._rendering = frozenset(key for key, _data in jobs)
                self._render_batch(worker, jobs)
                with self._render_ready:
                    self._rendering = frozenset()
                    visible = self._visible
                    if any(key.icon_id in visible for key, _data in jobs):
                        self._visible_progress = monotonic()
                    wake = self._ahead_waiting and not any(key.icon_id in visible for key in self._pending_renders)
                    if wake:
                        self._ahead_waiting = False
                if wake:  # the last picture on screen is drawn: the fetches ahead may start (after its frame)
                    self.node.call_later(self._pump)
        finally:
            with self._render_ready:
                self._render_ended(worker)
                more = bool(self._pending_renders) and not self._closed
            if more:  # wanted while this thread was stopping: another one takes them
                self.node.call_later(self._pump_renders)

    def _render_ended(self, worker: Worker[None]) -> None:
        """The render thread of `worker` is ending (called with `_render_ready` held)."""
        if self._render_worker is worker:
            self._render_worker = None
            self._rendering = frozenset()

    def _render_batch(self, worker: Worker[None], jobs: list[tuple[RenderKey, bytes]]) -> None:
        """Decode and draw `jobs` in order; runs in the render thread, touches no widget, posts what it drew."""
        from iconcat.imaging import ThumbnailError, decode_thumbnail, render_cells

        console: Console | None = None
        colours = self.pictures.colours if self.pictures is not None else "truecolor"  # blocks: 256 colours or 24 bits
        for key, data in jobs:
            if self._stopping(worker):
                return
            if key not in self._render_wanted:  # scrolled past while it waited
                continue
            try:
                image = decode_thumbnail(data)
                if is_true_pixels(key.mode) and self.pictures is not None:
                    strips = draw_true_pixels(image, key, self.pictures)  # kitty: sent to the terminal here, once
                else:
                    cells = render_cells(image, key.columns, key.rows, key.background, mode=key.mode, colours=colours)
                    lines = cells.lines()
                    if lines is not None:  # laid out already: what a console would make of them
                        strips = tuple(Strip(line, key.columns) for line in lines)
                    else:
                        if console is None:
                            console = _text_console(key.columns, key.rows)
                        strips = render_to_strips(cells, key.columns, key.rows, console)
            except ThumbnailError as error:
                if self._stopping(worker):
                    return
                failure = PreviewFailure(describe_failure(error, max_length=80), missing=False)
                self._render_failed(key, failure, permanent=True)
                continue
            except Exception as error:  # noqa: BLE001 - one bad picture must not stop the others
                if self._stopping(worker):
                    return
                failure = PreviewFailure(describe_failure(error, max_length=80), missing=False)
                self._render_failed(key, failure, permanent=False)
                continue
            if self._stopping(worker):  # `reset`: these icons may belong to another catalogue now
                return
            self.tiles.put(key, strips)
            self._tell(rendered=key)

    def _stopping(self, worker: Worker[None]) -> bool:
        """True when a render batch must stop (its worker cancelled by `reset`, or the loader closed)."""
        return worker.is_cancelled or self._closed

    def _render_failed(self, key: RenderKey, failure: PreviewFailure, *, permanent: bool) -> None:
        # From the render thread: both failure stores are locked LRUs, and posting is thread-safe.
        if permanent:  # the bytes are not a picture we can draw: no size will do better
            self.cache.failures.put(key.icon_id, failure)
        else:
            self._render_failures.put(key, failure)
        self._tell(rendered=key)
