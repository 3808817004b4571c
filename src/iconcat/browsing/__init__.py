"""The rules of browsing the catalogue that the browser and the command line share. No Textual here.

Filters and their `key:value` words (`filters`), grouping by name (`grouping`), what the search box
and the status say (`search_state`, `status_line`), which results are stale (`stale_results`), what
`iconcat pick` saves (`picking`), a download's state (`download_jobs`), the choices remembered between
runs (`remembered`), the collector's policy while an answer arrives (`collector`), the files this
session wrote (`written_files`) and why a search found an icon, in words (`match_reasons`). Each is
plain Python over `iconcat.api`'s models, tested without an app; `iconcat.tui` draws them. Import
the module you need: this package's `__init__` imports nothing, so taking one rule loads no other
(docs/architecture.md draws the layers).
"""
