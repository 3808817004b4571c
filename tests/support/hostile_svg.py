"""Hostile SVG documents for the rasteriser's tests, and secrets on disk for them to reach for.

`Secrets.plant(folder)` writes a red PNG, a green SVG and a blue-painting stylesheet; `hostile_cases`
builds SVGs that point at them in every way resvg-py 0.5.0 (or a future renderer) might follow. A
picture drawn from any of them must hold none of those colours, and the document handed to the
renderer must not hold the secrets' names.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

SECRET_RED = (255, 0, 0, 255)
SECRET_GREEN = (0, 255, 0, 255)
SECRET_BLUE = (0, 0, 255, 255)
SECRET_COLOURS = (SECRET_RED, SECRET_GREEN, SECRET_BLUE)

OPEN = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" '
    'width="10" height="10">'
)
CLOSE = "</svg>"


@dataclass(frozen=True)
class Secrets:
    """Files an SVG must never read."""

    png: Path
    svg: Path
    css: Path
    text: Path

    @classmethod
    def plant(cls, folder: Path) -> Secrets:
        png, svg, css, text = (
            folder / "secret.png",
            folder / "secret.svg",
            folder / "secret.css",
            folder / "secret.txt",
        )
        Image.new("RGBA", (8, 8), SECRET_RED).save(png)
        svg.write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><defs><pattern id="p" width="8" height="8" '
            'patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#00ff00"/></pattern></defs>'
            '<rect id="r" width="8" height="8" fill="#00ff00"/></svg>',
            encoding="utf-8",
        )
        css.write_text("rect { fill: #0000ff !important }", encoding="utf-8")
        text.write_text("hunter2", encoding="utf-8")
        return cls(png, svg, css, text)


def hostile_cases(secrets: Secrets) -> dict[str, str]:
    """Name -> an SVG reaching for one of `secrets` (by absolute path, file: URL or data URL)."""
    png, svg, css = secrets.png, secrets.svg, secrets.css
    nested = base64.b64encode(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="{png}" width="10" height="10"/>'
        "</svg>".encode()
    ).decode()
    whole = 'width="10" height="10"'
    return {
        "image href, absolute path": f'{OPEN}<image href="{png}" {whole}/>{CLOSE}',
        "image xlink:href, absolute path": f'{OPEN}<image xlink:href="{png}" {whole}/>{CLOSE}',
        "image, file: URL": f'{OPEN}<image href="file://{png}" {whole}/>{CLOSE}',
        "image, http: URL": f'{OPEN}<image href="http://127.0.0.1:9/secret.png" {whole}/>{CLOSE}',
        "image of an SVG file": f'{OPEN}<image href="{svg}" {whole}/>{CLOSE}',
        "image, an SVG data URL pointing out": f'{OPEN}<image href="data:image/svg+xml;base64,{nested}" {whole}/>'
        f"{CLOSE}",
        "feImage": f'{OPEN}<filter id="f"><feImage href="{png}"/></filter><rect {whole} filter="url(#f)"/>{CLOSE}',
        "use of another file": f'{OPEN}<use href="{svg}#r"/>{CLOSE}',
        "fill url() of another file": f'{OPEN}<rect {whole} fill="url({svg}#p)"/>{CLOSE}',
        "style attribute url()": f"{OPEN}<rect {whole} style=\"fill: URL( '{svg}#p' )\"/>{CLOSE}",
        "style element url()": f"{OPEN}<style>rect {{ fill: url({svg}#p) }}</style><rect {whole}/>{CLOSE}",
        "CSS @import": f'{OPEN}<style>@import url("{css}");</style><rect {whole} fill="none"/>{CLOSE}',
        "CSS @import, plain string": f'{OPEN}<style>@import "{css}";</style><rect {whole} fill="none"/>{CLOSE}',
        "xml-stylesheet processing instruction": f'<?xml-stylesheet href="{css}"?>{OPEN}<rect {whole}/>{CLOSE}',
        "CSS with an escape": f"{OPEN}<style>rect {{ fill: u\\72l({svg}#p) }}</style><rect {whole}/>{CLOSE}",
    }


def fan_out(levels: int, width: int = 10) -> str:
    """An SVG of width**levels paths by nested <use>: long to draw (`fan_out(5)`: 100,000 paths, 1.2 s
    and more even with svg2png-py, within reach of the rasteriser's 2 s on a fast machine: tests give
    the rasteriser a deadline far below that). Well-formed, sized: a reader serves it."""
    parts = [f'{OPEN}<defs><path id="u0" d="M1 1h8v8z"/>']
    for level in range(1, levels + 1):
        parts.append(f'<g id="u{level}">' + f'<use href="#u{level - 1}"/>' * width + "</g>")
    parts.append(f'</defs><use href="#u{levels}"/>{CLOSE}')
    return "".join(parts)


def nested_too_deeply(depth: int = 5000) -> str:
    """Well-formed XML (a reader serves it) that the rasteriser refuses: it nests past what it walks."""
    return f"{OPEN}{'<g>' * depth}<rect width='5' height='5'/>{'</g>' * depth}{CLOSE}"


def pixels(png: bytes) -> Image.Image:
    """The PNG's RGBA pixels (asserting it is one)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGBA")


def colours(png: bytes) -> set[tuple[int, int, int, int]]:
    """Every colour in the PNG."""
    return {colour for _count, colour in pixels(png).getcolors(1 << 20) or []}
