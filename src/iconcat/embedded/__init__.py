"""What the embedded catalogue's two kinds share and both its faces answer with: references and
variants (`refs`), the search's `narrow` extension (`narrowing`), and a search's answer as the
interface shapes it, page by page (`answers`).

The demo (`iconcat.demo`) and the sets from disk (`iconcat.sources`) build their records from here;
the HTTP face (`iconcat.server.app`) and the in-process adapter (`iconcat.catalogue.embedded`) build
the same answer documents from here. Light: nothing of the demo's drawing code, no Starlette.
Imports nothing here.
"""
