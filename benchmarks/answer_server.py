"""A stand-in catalogue that answers with as many icons as asked: N icons made from the demo's own.

The demo catalogue holds 1,802 icons, and no word matches more than a thousand of them: too few for
answers of 5,000 or 10,000 results, or for browsing 2,000. This server answers any search with
`N` icons when the query's last word is the number N (`many 5000`), made from a sample of the real
catalogue's entries (new ids, names numbered, each with the preview of the entry it copies), as one
page; `many N pages P` answers the same N icons P to a page, each page's `meta.next` asking for the
next (with `meta.total`, as the embedded catalogue says it). Every request needs the bearer token;
previews are served too (`/private/bundle_icons/<id>/small`).

Used by benchmarks/tui.py and benchmarks/stall.py as a child process (so it never shares the measured
interpreter):

    server, base_url = start_answer_server(real_base_url, token)
    ...
    server.terminate()
"""

from __future__ import annotations

import base64
import contextlib
import json
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

__all__ = ["start_answer_server"]

FIRST_ID = 10_000_000


def start_answer_server(real_base_url: str, token: str, sample: int = 200) -> tuple[subprocess.Popen, str]:
    """Copy `sample` entries (and their previews) from the catalogue at `real_base_url`, then serve
    answers of any size from them in a child process; returns it and its base URL."""
    headers = {"Authorization": f"Bearer {token}"}

    def get(url: str) -> bytes:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as response:
            return bytes(response.read())

    entries: list[dict] = []
    for word in ("a", "e", "o", "i"):  # several words: enough distinct entries for the sample
        query = urllib.parse.urlencode({"name": word})
        entries += json.loads(get(f"{real_base_url}/api/v1/search?{query}"))["data"]
    unique = list({entry["id"]: entry for entry in entries}.values())[:sample]
    previews = [base64.b64encode(get(entry["thumbnail"])).decode() for entry in unique]
    spec = Path(tempfile.mkdtemp(prefix="iconcat-answers-")) / "spec.json"
    spec.write_text(json.dumps({"token": token, "entries": unique, "previews": previews}))
    process = subprocess.Popen(
        [sys.executable, __file__, str(spec)], stdout=subprocess.PIPE, text=True, stderr=subprocess.DEVNULL
    )
    assert process.stdout is not None
    port = int(process.stdout.readline())
    return process, f"http://127.0.0.1:{port}"


def serve(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text())
    token, entries = spec["token"], spec["entries"]
    previews = [base64.b64decode(preview) for preview in spec["previews"]]
    bodies: dict[tuple[str, str], bytes] = {}
    lock = threading.Lock()

    made: dict[tuple[str, str], list[dict]] = {}

    def paged(name: str, host: str, page: int) -> bytes:
        """Page `page` of `many N pages P`: P icons of the N, with `meta.next` and `meta.total`."""
        words = name.split()
        count, size = int(words[-3]), int(words[-1])
        with lock:
            body = bodies.get((name, host, page))
            if body is None:
                icons = made.get((name, host))
                if icons is None:
                    json.loads(answer(" ".join(words[:-2]), host, keep=False))  # (made below, kept)
                    icons = made[(name, host)] = made.pop((" ".join(words[:-2]), host))
                chunk = icons[(page - 1) * size : page * size]
                more = page * size < count
                meta: dict[str, object] = {"moreResultsAvailable": more, "total": count}
                if more:
                    query = urllib.parse.urlencode({"name": name, "page": page + 1})
                    meta["next"] = f"http://{host}/api/v1/search?{query}"
                body = bodies[(name, host, page)] = json.dumps(
                    {"data": chunk, "meta": meta}, separators=(",", ":")
                ).encode()
        return body

    def answer(name: str, host: str, keep: bool = True) -> bytes:
        words = name.split()
        count = int(words[-1]) if words and words[-1].isdigit() else len(entries)
        with lock if keep else contextlib.nullcontext():
            body = bodies.get((name, host))
            if body is None:
                icons = []
                for index in range(count):
                    entry = dict(entries[index % len(entries)])
                    icon_id = FIRST_ID + index
                    entry["id"] = icon_id
                    entry["name"] = f"{entry['name']} {index}"
                    entry["thumbnail"] = f"http://{host}/private/bundle_icons/{icon_id}/small"
                    entry["variants"] = [
                        {**variant, "id": 2 * FIRST_ID + index * 8 + number}
                        for number, variant in enumerate(entry["variants"])
                    ]
                    icons.append(entry)
                if not keep:  # (for `paged`: the icons, not the body)
                    made[(name, host)] = icons
                    return b"{}"
                document = {"data": icons, "meta": {"moreResultsAvailable": False}}
                body = bodies[(name, host)] = json.dumps(document, separators=(",", ":")).encode()
        return body

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as the real catalogue

        def log_message(self, format: str, *args: object) -> None:
            pass

        def reply(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            if self.headers.get("Authorization") != f"Bearer {token}":
                self.reply(401, b'{"error": "unauthorized"}', "application/json")
                return
            url = urllib.parse.urlsplit(self.path)
            if url.path == "/api/v1/search":
                parameters = urllib.parse.parse_qs(url.query)
                name, host = parameters.get("name", [""])[0], self.headers.get("Host", "127.0.0.1")
                words = name.split()
                if len(words) >= 3 and words[-2] == "pages" and words[-1].isdigit() and words[-3].isdigit():
                    page = int(parameters.get("page", ["1"])[0])
                    self.reply(200, paged(name, host, page), "application/json")
                else:
                    self.reply(200, answer(name, host), "application/json")
                return
            parts = url.path.strip("/").split("/")
            if len(parts) == 4 and parts[:2] == ["private", "bundle_icons"] and parts[2].isdigit():
                preview = previews[(int(parts[2]) - FIRST_ID) % len(previews)]
                self.reply(200, preview, "image/png")
                return
            self.reply(404, b'{"error": "not found"}', "application/json")

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    serve(sys.argv[1])
