"""The browser's modal screens: one module each."""

from .bag import BagScreen
from .bag_export import BagExportScreen
from .confirm_mark_all import ConfirmMarkAll
from .confirm_quit import ConfirmQuit
from .connect import ConnectScreen
from .download_folder import DownloadFolderScreen
from .help import HelpScreen
from .sets import SetsScreen
from .variant_picker import VariantPicker

__all__ = [
    "BagExportScreen",
    "BagScreen",
    "ConfirmMarkAll",
    "ConfirmQuit",
    "ConnectScreen",
    "DownloadFolderScreen",
    "HelpScreen",
    "SetsScreen",
    "VariantPicker",
]
