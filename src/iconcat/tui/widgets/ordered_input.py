"""A text field whose own key bindings take effect in the order the keys came.

Textual's `Input` inserts a printable key in its `_on_key` at once, but runs a bound key (Backspace,
the arrows, Ctrl+W, Enter…) only once the key's event has bubbled up through every ancestor to the
app. Keys that arrive in one read from the terminal (a fast typist over SSH, a macro, `tmux
send-keys`) are then applied out of order: "arrow", five Backspaces and "star" gave "arro", the
letters typed before the Backspaces ran (Textual issue #6605; the same fix is proposed upstream in
Textual PR #6631). Drop this class once Textual keeps the order itself.

Only the field's own keys are kept in order. A key bound higher up (Tab to the next field, ctrl+s on
the connect screen) and a focus change made through a message still let the letters behind them in
first (the search box's Enter moves to the results at once for that reason).
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

__all__ = ["OrderedInput"]


class OrderedInput(Input):
    """An `Input` that runs its own bindings in `_on_key`, where its letters are typed.

    What runs is what the app would have run: the focused field is the first namespace of the binding
    chain (its bindings as the app sees them, keymap applied), and priority bindings were checked by
    the app before the key reached the field. A key the field does not bind, or whose action it
    refuses, goes on as before. A key that reaches the field after the focus has left it is handed
    back to the app.
    """

    async def _on_key(self, event: events.Key) -> None:
        if self.app.focused is not self:
            # The app handed this key over while the field had the focus, and a key before it in the
            # same read moved the focus on (↓ to the results): it is the new focus's key now ("↓q"
            # quits, it does not type "q" here). Handed to the app again, it goes where the focus is.
            event.stop()
            event.prevent_default()
            self.app.post_message(events.Key(event.key, event.character))
            return
        chain = self.screen._modal_binding_chain
        if chain and chain[0][0] is self:
            for binding in chain[0][1].key_to_bindings.get(event.key, ()):
                if binding.priority:
                    continue
                self._restart_blink()  # (as `Input._on_key` does first: the cursor shows as it moves)
                if await self.app.run_action(binding.action, self):
                    event.stop()
                    event.prevent_default()
                    return
        await super()._on_key(event)
