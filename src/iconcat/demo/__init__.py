"""The demo catalogue (`--demo`, `iconcat serve`): generated glyphs drawn on a 24 × 24 grid (`glyphs`,
`geometry`, `generated`), painted in styles and sets (`styles`, `sets`), rendered to PNG, SVG and EPS
(`render`), and held as a catalogue (`catalogue`, searched by `iconcat.embedded.search`).

Imports nothing here: the drawing code takes a quarter of a second to import, which a command that
serves icon sets from disk never needs. Served over HTTP by `iconcat.server`, in-process by
`iconcat.catalogue.embedded`; it knows neither.
"""
