"""A password field that never shows its value: not on screen, not in its messages' reprs.

Textual writes every message to its log file (TEXTUAL_LOG, what people attach to bug reports) and
prints local variables in its crash report. `Input.Changed`/`Submitted`/`Blurred` are dataclasses whose
repr includes `value`: for the token field that would be the token. This field's messages are
subclasses (so `@on(Input.Changed)` handlers still match) whose reprs leave the value out, and its value
is handed out wrapped in the client's own `iconcat.api.Secret` (one wrapper for the token everywhere).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import rich.repr
from textual.widgets import Input

from .ordered_input import OrderedInput

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Secret

__all__ = ["SecretInput"]


def _masked(name: str) -> str:
    return f"{name}(value='********')"


class SecretInput(OrderedInput):
    """An Input with `password=True` whose messages never carry a readable value in their repr."""

    class Changed(Input.Changed):
        """The value changed (repr masked)."""

        def __repr__(self) -> str:
            return _masked("SecretInput.Changed")

        def __rich_repr__(self) -> rich.repr.Result:
            yield "value", "********"

    class Submitted(Input.Submitted):
        """Enter was pressed (repr masked)."""

        def __repr__(self) -> str:
            return _masked("SecretInput.Submitted")

        def __rich_repr__(self) -> rich.repr.Result:
            yield "value", "********"

    class Blurred(Input.Blurred):
        """The field lost focus (repr masked)."""

        def __repr__(self) -> str:
            return _masked("SecretInput.Blurred")

        def __rich_repr__(self) -> rich.repr.Result:
            yield "value", "********"

    def __init__(self, value: str | None = None, **options: object) -> None:
        super().__init__(value, password=True, **options)  # type: ignore[arg-type]

    @property
    def secret(self) -> Secret:
        """The value, stripped and wrapped so that it does not show in reprs and crash reports."""
        # Imported here: the catalogue client loads httpx, which the browser defers until it connects.
        from iconcat.api import Secret

        return Secret(self.value.strip())
