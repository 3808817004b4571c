"""Icon sets from disk (`--from PATH`): IconifyJSON files and folders of SVG files, read into records
(`records`), indexed in SQLite and served through the catalogue's interface.

Imports nothing here: a command that only reads a set does not load the index or the rasteriser.
"""
