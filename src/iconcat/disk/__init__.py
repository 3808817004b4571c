"""The disk side both front ends save through. No Textual here.

- `downloads`: a file whole or not at all (a safe name, the bytes checked against their format, an
  atomic publish, a killed run's leftovers removed); it knows bytes and files, not the client.
- `saving`: what to save of an icon (its variants, smaller PNGs) and saving it.
- `batch`: the bag's "download all" (4 at a time, progress, cancel, retry), over `saving`.
- `name_template`: file-name templates (grammar, checks, filling).
- `folders`: a typed download folder made ready; `opener`: a saved file opened with the platform's
  opener.

Layers: `downloads`, `name_template`, `folders` and `opener` sit below the client (`iconcat.api`
saves through `downloads` and names files with `name_template`); `saving` and `batch` save through
any catalogue (`iconcat.catalogue.VariantFiles`), so they stand on the seam (`tests/test_layering.py`).
Import the module you need: this package's `__init__` imports nothing, so the client importing
`downloads` loads neither `saving` nor the seam.
"""
