"""iconcat: browse an icon catalogue from the terminal."""

__version__ = "0.1.0"
