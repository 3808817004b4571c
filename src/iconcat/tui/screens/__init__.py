"""The browser's modal screens: one module each."""

from .confirm_quit import ConfirmQuit
from .connect import ConnectScreen
from .help import HelpScreen
from .variant_picker import VariantPicker

__all__ = ["ConfirmQuit", "ConnectScreen", "HelpScreen", "VariantPicker"]
