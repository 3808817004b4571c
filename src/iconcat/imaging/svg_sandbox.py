"""The inside of the SVG rasteriser's worker process: make an untrusted SVG safe, then render it with resvg.

`iconcat.imaging.svg_raster` (the parent's side) starts this file as a program of its own (by path, so
the child imports neither iconcat nor Pillow: it starts in tens of milliseconds, not hundreds) and
talks to it over its standard input and output. Tests and benchmarks import it as a module to call
`prepare` and `render` in-process. It imports the standard library and one binding of Rust's resvg
(`BINDINGS`) only, and nothing of iconcat, so that it runs by path.

Sanitising (`sanitise`): an SVG from a folder or a remote catalogue is untrusted, and resvg (through
svg2png-py 1.1, as through resvg-py 0.5) reads files an SVG points at: an absolute-path `href` even
when its resource folder is an empty one, a relative one against the working folder when none is set,
`feImage`'s too. So before the renderer sees the document:

- Any DOCTYPE is cut out before the XML is parsed (its entities are never declared, so never expanded:
  no billion laughs, no external entity; a reference to one is then a parse error, and the picture
  fails). Processing instructions and comments go (the re-serialised tree drops them).
- Every `href` (any namespace: `href`, `xlink:href`) that does not point inside the document (`#…`) is
  removed; `<image>` keeps a `data:` source only for raster formats (PNG, JPEG, GIF, WebP: an SVG
  inside a data URL could point outside in turn); an `<image>` without a source left is removed.
- CSS: `url(…)` other than `url(#…)` becomes `none`, in `<style>` elements and in every attribute (a
  `fill="url(/x.svg#p)"` too); `@import` rules are removed; CSS with a backslash (an escape can spell
  `url` or `@import` in ways no pattern catches) or a `url(` left over is dropped whole.
- `<script>`, `<foreignObject>` and event attributes (`onload`…) are removed (resvg runs no script;
  they go so nothing downstream ever could), and so is `xml:base`.
- No system font is loaded (an empty `FontDatabase`): resvg would read every installed font file for a
  document with `<text>` (150 ms cold), and draw it differently on every machine. Icon sets draw their
  letters as paths; a `<text>` element draws nothing.

Painting (`prepare`): the icon's root `<svg>` is sized to a square canvas of the size asked, with
`color` set there unless the icon sets its own (so `currentColor` is that colour, and colours the icon
sets itself are kept); `preserveAspectRatio` is forced to centre and fit, so a non-square icon keeps its
proportions, centred on a transparent square. (A root changed in place, not a nested `<svg>`: resvg
draws a nested one through a clipped layer, about half as fast.) An icon without a viewBox takes one
from its width and height; with neither, it cannot be sized and fails.

The wire (`serve`): a request is `struct REQUEST` (size, colour length, SVG length) then the colour and
the SVG, UTF-8; an answer is one status byte (`OK` or `FAILED`), a length, then the PNG or a sentence.
Any failure, a Rust panic included (`PanicException` is a `BaseException`), is answered as `FAILED`.
"""

from __future__ import annotations

import os
import re
import struct
import sys
import xml.etree.ElementTree as ElementTree
from typing import Any
from xml.parsers import expat

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
XML_NS = "http://www.w3.org/XML/1998/namespace"

REQUEST = struct.Struct(">IHI")
"""size (pixels), colour length, SVG length (bytes)."""
ANSWER = struct.Struct(">cI")
"""status, payload length."""
OK = b"K"
FAILED = b"E"
READY = b"R"
"""Written once, before the first request is read: the worker started and resvg loaded (the parent's
deadline for a picture starts from there, not from the interpreter's start)."""

MAX_SIZE = 4096
"""The largest canvas side asked for (pixels)."""

REMOVED_ELEMENTS = frozenset({"script", "foreignObject"})
RASTER_DATA_URL = re.compile(r"data:image/(png|jpeg|jpg|gif|webp)[;,]", re.IGNORECASE)
CSS_URL = re.compile(r"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)""", re.IGNORECASE)
CSS_IMPORT = re.compile(r"@import\b[^;]*;?", re.IGNORECASE)
CSS_COMMENT = re.compile(r"/\*.*?(\*/|$)", re.DOTALL)
NUMBER = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px)?\s*$")
DOCTYPE = b"<!DOCTYPE"
OWN_COLOUR = re.compile(r"(^|[;\s])color\s*:", re.IGNORECASE)
XML_DECLARATION = re.compile(rb"^\s*<\?xml\b[^>]*\?>")


class SvgRejected(ValueError):
    """The SVG cannot be made safe or sized (a sentence for a person)."""


def _local(name: str) -> str:
    """An element's or attribute's name without its namespace."""
    return name.rsplit("}", 1)[-1]


def _doctype_span(data: bytes) -> tuple[int, int] | None:
    """Where the DOCTYPE declaration is in `data` (byte offsets), found by expat, which stops at its end
    (so nothing of the document, and no entity, is ever expanded); None when there is none."""

    class _Found(Exception):
        pass

    parser = expat.ParserCreate()
    span: list[int] = []

    def start(*_args: Any) -> None:
        span.append(parser.CurrentByteIndex)

    def end() -> None:
        span.append(parser.CurrentByteIndex)
        raise _Found

    def root(*_args: Any) -> None:
        raise _Found  # the root element: there was no DOCTYPE before it

    parser.StartDoctypeDeclHandler = start
    parser.EndDoctypeDeclHandler = end
    parser.StartElementHandler = root
    try:
        parser.Parse(data, True)
    except _Found:
        pass
    except expat.ExpatError as error:
        raise SvgRejected(f"the SVG is not well-formed XML ({error})") from None
    if len(span) != 2:
        return None
    # expat reports the declaration's start once it has read its name and ids: look back for its opening.
    begin = data.rfind(DOCTYPE, 0, span[0] + 1)
    close = data.find(b">", span[1])
    if begin < 0 or close < 0:
        raise SvgRejected("the SVG's DOCTYPE could not be cut out")
    return (begin, close + 1)


def _parse(text: str) -> ElementTree.Element:
    """The document's tree, with any DOCTYPE cut out first."""
    # The text is decoded already, so a declared encoding would no longer be true of its UTF-8 bytes.
    data = XML_DECLARATION.sub(b"", text.lstrip("\ufeff").encode("utf-8"), count=1)
    if DOCTYPE in data:
        span = _doctype_span(data)
        if span is not None:
            data = data[: span[0]] + data[span[1] :]
    # With the DOCTYPE gone no entity is declared: a reference to one is an "undefined entity" error.
    parser = ElementTree.XMLParser()
    try:
        parser.feed(data)
        return parser.close()
    except ElementTree.ParseError as error:
        raise SvgRejected(f"the SVG is not well-formed XML ({error})") from None


def _clean_css(css: str) -> str | None:
    """`css` without `@import` and outside `url()`s; None when it cannot be made safe (dropped whole)."""
    if "\\" in css:
        return None
    css = CSS_COMMENT.sub(" ", css)
    css = CSS_IMPORT.sub("", css)

    def keep_inside(match: re.Match[str]) -> str:
        target = next((group for group in match.groups() if group is not None), "")
        return f"url({target})" if target.startswith("#") and "(" not in target else "none"

    cleaned = CSS_URL.sub(keep_inside, css)
    leftover = CSS_URL.sub("", cleaned)
    if "url(" in leftover.lower() or "@import" in leftover.lower():
        return None
    return cleaned


def _clean(element: ElementTree.Element) -> None:
    """Sanitise `element` and everything under it, in place (see the module's docstring)."""
    for child in list(element):
        if not isinstance(child.tag, str) or _local(child.tag) in REMOVED_ELEMENTS:
            element.remove(child)
            continue
        _clean(child)
        if _local(child.tag) == "image" and not any(_local(name) == "href" for name in child.attrib):
            element.remove(child)
    tag = _local(element.tag)
    for name, value in list(element.attrib.items()):
        local = _local(name)
        if local.lower().startswith("on") or name == f"{{{XML_NS}}}base":
            del element.attrib[name]
        elif local == "href":
            target = value.strip()
            inside = target.startswith("#") or (tag == "image" and RASTER_DATA_URL.match(target) is not None)
            if not inside:
                del element.attrib[name]
        elif "url(" in value.lower() or "@import" in value.lower() or (local == "style" and "\\" in value):
            cleaned = _clean_css(value)
            if cleaned is None:
                del element.attrib[name]
            else:
                element.attrib[name] = cleaned
    if tag == "style":
        cleaned = _clean_css(element.text or "")
        element.text = cleaned or ""
        for child in list(element):
            element.remove(child)


def sanitise(text: str) -> ElementTree.Element:
    """The root of `text`'s SVG document made safe to render (see the module's docstring).

    Raises `SvgRejected` when it is not well-formed XML, declares entities, or is not an `<svg>`."""
    root = _parse(text)
    if _local(root.tag) != "svg":
        raise SvgRejected(f"the document is a <{_local(root.tag)}>, not an <svg>")
    holder = ElementTree.Element("holder")
    holder.append(root)
    _clean(holder)
    return root


def _length(value: str | None) -> float | None:
    """A plain length in user units (`24`, `24px`), or None (a percentage, an em, nothing)."""
    if value is None:
        return None
    match = NUMBER.match(value)
    return float(match.group(1)) if match else None


def _view_box(root: ElementTree.Element) -> str:
    box = root.get("viewBox")
    if box is not None:
        numbers = box.replace(",", " ").split()
        sizes = [_length(number) for number in numbers[2:]]
        if len(numbers) == 4 and all(size is not None and size > 0 for size in sizes):
            return " ".join(numbers)
    width, height = _length(root.get("width")), _length(root.get("height"))
    if width and height:
        return f"0 0 {width:g} {height:g}"
    raise SvgRejected("the SVG has no viewBox, nor a width and height to size it by")


def prepare(text: str, size: int, colour: str = "black") -> str:
    """`text` sanitised, painted (`currentColor` is `colour`) and centred on a square `size`-pixel canvas:
    the document handed to resvg."""
    if type(size) is not int or not 1 <= size <= MAX_SIZE:
        raise SvgRejected(f"a size is a whole number of pixels from 1 to {MAX_SIZE}")
    root = sanitise(text)
    root.set("viewBox", _view_box(root))
    for name in ("x", "y", "width", "height"):
        root.attrib.pop(name, None)
    root.set("width", str(size))
    root.set("height", str(size))
    root.set("preserveAspectRatio", "xMidYMid meet")
    if "color" not in root.attrib and not OWN_COLOUR.search(root.get("style", "")):
        root.set("color", colour)
    # Plain prefixes for resvg's eyes (a global of ElementTree's; this file's own process is the worker).
    ElementTree.register_namespace("", SVG_NS)
    ElementTree.register_namespace("xlink", XLINK_NS)
    return ElementTree.tostring(root, encoding="unicode")


BINDINGS = ("svg2png_py", "resvg_py")
"""The Python bindings of Rust's resvg this worker can draw with, the preferred first. svg2png-py (the
`fast-svg` extra) gives the same pixels and PNG bytes as resvg-py 0.5 four times faster (resvg-py spends
18 ms encoding even an empty 512 px canvas), but has wheels for fewer platforms (x86-64 Linux with glibc
2.34+, Apple silicon, 64-bit Windows), so resvg-py, with a wheel for every platform, is the one every
install has."""

_fonts: Any = None
"""svg2png_py's font database: an empty one (no font file is ever read), made once per process."""


def _svg2png(document: str, resources: str | None) -> bytes:
    global _fonts
    import svg2png_py

    if _fonts is None:
        _fonts = svg2png_py.FontDatabase()
    options = svg2png_py.RenderOptions(resources_dir=resources)
    png: bytes = svg2png_py.svg_to_png(document, _fonts, options=options)
    return png


def _resvg_py(document: str, resources: str | None) -> bytes:
    import resvg_py

    return bytes(resvg_py.svg_to_bytes(svg_string=document, resources_dir=resources, skip_system_fonts=True))


_DRAW = {"svg2png_py": _svg2png, "resvg_py": _resvg_py}


def available_bindings() -> list[str]:
    """The `BINDINGS` installed here, the preferred first."""
    import importlib.util

    return [name for name in BINDINGS if importlib.util.find_spec(name) is not None]


_chosen: str | None = None


def binding() -> str:
    """The binding `render` uses when not told: the first of `BINDINGS` installed (chosen once)."""
    global _chosen
    if _chosen is None:
        found = available_bindings()
        if not found:
            raise ImportError("neither svg2png-py nor resvg-py is installed")
        _chosen = found[0]
    return _chosen


def render(document: str, resources: str | None = None, *, using: str | None = None) -> bytes:
    """`document` (from `prepare`) as PNG bytes, by resvg through `using` (a name of `BINDINGS`; None:
    `binding()`); `resources`: the folder relative paths would be read from (an empty one: none is left
    after sanitising, this is a second fence)."""
    return _DRAW[using or binding()](document, resources)


def rasterise_here(
    text: str, size: int, colour: str = "black", resources: str | None = None, *, using: str | None = None
) -> bytes:
    """Sanitise, paint and render in this process (what the worker does for each request)."""
    return render(prepare(text, size, colour), resources, using=using)


# The worker process.


def _read_exactly(fd: int, count: int) -> bytes | None:
    """`count` bytes from `fd`, or None at the end of input (the parent has gone or let go of us)."""
    chunks: list[bytes] = []
    while count:
        chunk = os.read(fd, min(count, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _answer(request: bytes, size: int, colour: str, resources: str) -> tuple[bytes, bytes]:
    try:
        return OK, rasterise_here(request.decode("utf-8"), size, colour, resources)
    except SvgRejected as error:
        return FAILED, str(error).encode("utf-8")
    except UnicodeDecodeError:
        return FAILED, b"the SVG is not UTF-8 text"
    except RecursionError:
        return FAILED, b"the SVG nests its elements too deeply to be drawn"
    except BaseException as error:  # noqa: BLE001 - a Rust panic is a BaseException (PanicException)
        # What resvg says is for a developer; the person gets one plain sentence.
        reason = type(error).__name__
        return FAILED, f"the SVG could not be drawn ({reason})".encode()


def serve(read_fd: int, write_fd: int, resources: str) -> None:
    """Answer requests from `read_fd` on `write_fd` until the input ends."""
    while True:
        header = _read_exactly(read_fd, REQUEST.size)
        if header is None:
            return
        size, colour_length, svg_length = REQUEST.unpack(header)
        body = _read_exactly(read_fd, colour_length + svg_length)
        if body is None:
            return
        colour = body[:colour_length].decode("utf-8", "replace")
        status, payload = _answer(body[colour_length:], size, colour, resources)
        _write_all(write_fd, ANSWER.pack(status, len(payload)) + payload)


def _limit_memory(megabytes: int) -> None:
    """At most `megabytes` of address space: a picture that would take more ends this process (the
    parent starts another), not the machine's memory."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return
    limit = megabytes * 1024 * 1024
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ValueError, OSError):  # pragma: no cover - a lower hard limit already
        pass


def main(argv: list[str]) -> None:
    """The worker: `svg_sandbox.py RESOURCES MEGABYTES`, the protocol on standard input and output."""
    resources, megabytes = argv[0], int(argv[1])
    # The protocol keeps its own copies of stdin and stdout; fds 1 and 2 go nowhere, so nothing else
    # written there (a Rust panic's message) can corrupt an answer or reach the terminal's screen.
    read_fd, write_fd = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.chdir(resources)
    render("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>")  # resvg loaded before the first request
    _limit_memory(megabytes)
    _write_all(write_fd, READY)
    try:
        serve(read_fd, write_fd, resources)
    finally:
        os.chdir("/")
        try:
            os.rmdir(resources)  # (the parent removes it too; this covers a parent that was killed)
        except OSError:
            pass


if __name__ == "__main__":
    main(sys.argv[1:])
