"""The browser's controllers: each an object the app or the screen holds to own one job's state and
drive widgets from outside them, so that the screen routes a key or a message to it and keeps no
state of its own for that job (the naming rule, docs/architecture.md).

One class a module, the module named after its class in snake case (`BagController` in
`bag_controller`, `SearchRunner` in `search_runner`, `CatalogueLink` in `catalogue_link`); the class
named for its role: a `…Controller` answers the screen's keys for one part of it (the bag, copying,
downloads, the memory, the pictures, the results), the others name what they do (`SearchRunner`,
`PageFollower`, `PreviewLoader`, `MemoryWriter`, `StaleGuard`, `CatalogueLink`, `LocalBuild`,
`FirstSearch`, `FolderChoice`, `Arrangement`, `Selection`, `BagNotices`), and a message they share
is theirs too (`SearchNews`). Import the module you need: this package's `__init__` imports nothing.
"""
