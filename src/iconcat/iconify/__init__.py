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

Imports nothing here: a caller that needs the name rule loads the name rule.
"""
