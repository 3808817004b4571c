"""The browser's widgets: one module each."""

from .detail_pane import DetailPane
from .downloads_panel import DownloadRow, DownloadsPanel
from .facet_panel import FacetPanel
from .gallery import Gallery
from .messages import IconChosen, IconHighlighted, LastPassed
from .results_area import ResultsArea
from .results_list import IconRow, ResultsList
from .search_bar import SearchBar, SearchInput
from .steady_footer import SteadyFooter
from .thumbnail import Thumbnail

__all__ = [
    "DetailPane",
    "DownloadRow",
    "DownloadsPanel",
    "FacetPanel",
    "Gallery",
    "IconChosen",
    "IconHighlighted",
    "IconRow",
    "LastPassed",
    "ResultsArea",
    "ResultsList",
    "SearchBar",
    "SearchInput",
    "SteadyFooter",
    "Thumbnail",
]
