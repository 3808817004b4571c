"""The values options and settings may take: the choices of `--thumbnails`, `--view`, `--graphics` and
`pick --format`, `--as` (the parser builds each option's help from them, so that its help names every value),
and the URL `--iconify` alone opens.

Apart from `iconcat.config` (which re-exports them) so that building the command line's parser, and
so `iconcat --help`, imports nothing else: reading settings needs dataclasses, pathlib and more, and
`--help` must start in a few times what Python itself takes.
"""

from __future__ import annotations

__all__ = ["FILE_FORMATS", "GRAPHICS", "ICONIFY_URL", "SNIPPET_FILE_KINDS", "SNIPPET_KINDS", "THUMBNAIL_MODES", "VIEWS"]

THUMBNAIL_MODES = ("half", "quadrant", "text")
"""How the browser draws pictures: half blocks, quadrant blocks (sharper), or text only (no pictures,
no preview requests). The first two are `iconcat.imaging.MODES`' picture modes (a test keeps them
in step); named here so reading settings does not load the imaging stack."""


VIEWS = ("gallery", "list")
"""How the browser lays results out: tiles of pictures, or a text list."""

GRAPHICS = ("auto", "kitty", "sixel", "blocks")
"""Whether pictures are drawn in true pixels by the terminal: `auto` asks the terminal (kitty graphics
where it draws them, else sixel where it has it, else blocks), or one of them forced."""

FILE_FORMATS = ("png", "svg", "eps")
"""The formats of a variant's file, as the catalogue names them: what `iconcat pick --format` takes."""

SNIPPET_KINDS = ("svg", "data-url", "jsx", "tsx", "vue", "svelte", "css", "iconify", "unocss", "tailwind")
"""What `iconcat pick --as` prints an icon as (`iconcat.snippets`, which re-exports it as `KINDS`)."""
SNIPPET_FILE_KINDS = ("svg", "jsx", "tsx", "vue", "svelte", "css")
"""The snippets `iconcat download --as` writes as files (the others are a line, not a file)."""
ICONIFY_URL = "https://api.iconify.design"
"""Iconify's public API, what `--iconify` alone opens (`iconcat.catalogue.kinds.ICONIFY_DEFAULT_URL`,
written out here so that the parser imports no catalogue: tests/cli/test_iconify_option.py keeps them equal)."""
