"""IconifyJSON's rules, once, for every catalogue that serves Iconify's icons: the sets read from disk
(`iconcat.sources.iconify`) and, next, Iconify's own API. Plain data in, plain data out: no
files, no HTTP, no Textual, nothing of the server, the client, the seam or the front ends
(`tests/test_layering.py`).

- `names`: an Iconify name (`prefix:name`) told and split, the names of a set that are not Iconify
  names, and a name in words ("arrow-up-circle" → "Arrow Up Circle").
- `ids`: an icon's and its variants' ids from its `prefix:name` (stable whatever else is served).
- `sets`: a set's own words (`info`: name, series, licence, author) and each icon's first category.
- `styles`: an icon's style from the set's themes (`prefixes`/`suffixes`), else a well-known suffix.
- `svg`: an icon's box and transformations, and the whole SVG document `@iconify/utils` would build.
- `aliases`: which aliases lead search to an icon and which draw a glyph of their own.
- `icons`: one IconifyJSON document read into icons with all of the above (the hot path: 390,000
  icons for `@iconify/json`), made by the caller's own constructor.
- `tags`: the icon packages' own tags (and categories, for sets without their own) by Iconify name,
  from the data shipped in `data/` (read on first use).

Imports nothing else here: a caller that needs the name rule loads the name rule. `tags` is exported
(`icon_tags`, `icon_category`, their versions): its import reads no data.
"""

from .tags import categories_version, categorised_prefixes, icon_category, icon_tags, tags_version

__all__ = ["categorised_prefixes", "categories_version", "icon_category", "icon_tags", "tags_version"]
