"""A text field whose key bindings take effect in the order the keys came.

Textual's `Input` inserts a printable key in its `_on_key` at once, but runs a bound key (Backspace,
the arrows, Ctrl+W, Enter, Tab…) only once the key's event has bubbled up through every ancestor to
the app. Keys that arrive in one read from the terminal (a fast typist over SSH, a macro, `tmux
send-keys`) are then applied out of order: "arrow", five Backspaces and "star" gave "arro", the
letters typed before the Backspaces ran (Textual issue #6605; the same fix is proposed upstream in
Textual PR #6631); an address, Tab and "bad" on the connect screen typed "bad" into the address. Drop
this class once Textual keeps the order itself.

Every binding the key would reach is run here, the field's own and those above it (Tab to the next
field, ctrl+s on the connect screen), so the letters behind it land where the focus went. A focus
change made through a message still lets the letters behind it in first: a field that moves on when
Enter is pressed says so (`enter_moves_on`) instead of waiting for its `Submitted` message.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

__all__ = ["OrderedInput"]


class OrderedInput(Input):
    """An `Input` that runs the bindings of its key in `_on_key`, where its letters are typed.

    What runs is what the app would have run: the binding chain from the focused field up to the
    screen (the app, under no dialog), keymap applied, each refusing action passing the key on; priority
    bindings were checked by the app before the key reached the field. A key no binding takes goes on as
    before. A key that reaches the field after the focus has left it is handed back to the app.
    """

    def __init__(self, value: str | None = None, *, enter_moves_on: bool = False, **options: object) -> None:
        super().__init__(value, **options)  # type: ignore[arg-type]
        self.enter_moves_on = enter_moves_on
        """Enter moves the focus to the next field at once (a form's fields), then says `Submitted`."""

    async def _on_key(self, event: events.Key) -> None:
        if self.app.focused is not self:
            # The app handed this key over while the field had the focus, and a key before it in the
            # same read moved the focus on (↓ to the results, Tab to the next field): it is the new
            # focus's key now ("↓q" quits, it does not type "q" here). Handed to the app again, it goes
            # where the focus is.
            event.stop()
            event.prevent_default()
            self.app.post_message(events.Key(event.key, event.character))
            return
        chain = self.screen._modal_binding_chain
        if chain and chain[0][0] is self:
            for namespace, bindings in chain:
                for binding in bindings.key_to_bindings.get(event.key, ()):
                    if binding.priority:
                        continue
                    if namespace is self:
                        self._restart_blink()  # (as `Input._on_key` does first: the cursor shows as it moves)
                    if await self.app.run_action(binding.action, namespace):
                        event.stop()
                        event.prevent_default()
                        return
        await super()._on_key(event)

    async def action_submit(self) -> None:
        """Say `Submitted`; with `enter_moves_on`, first move to the next field, before the next key is read."""
        if self.enter_moves_on:
            self.screen.focus_next()
        await super().action_submit()
