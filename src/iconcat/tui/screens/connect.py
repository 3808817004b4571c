"""Connect to a catalogue: its kind (a catalogue service, or Iconify's API), base URL, token (hidden),
download folder; test them, save them.

Iconify's API (issue 33) takes a URL alone (https://api.iconify.design, or a self-hosted one): the
token field is hidden, since no token is ever sent to it; "Test" opens it through the seam and lists
its sets; "Save" makes the config file name it (`iconcat.config.save_iconify`: `iconify`, the base URL
taken out, the token kept) and dismisses with its Connection.

Shown by ctrl+o, and by the app itself when the catalogue rejects the token. "Test" runs the api's one
connection check (`iconcat.api.check_connection`, as `iconcat login` does) and says what happened;
"Save" writes the config file (mode 0600, via `iconcat.config.save_settings`) and dismisses with the new
Connection, which the app switches to; on the demo catalogue with no base URL nor token typed, "Save"
saves the download folder alone (as ctrl+f does) and stays on the demo. The base URL is checked by the
client's own parser (`iconcat.api.parse_base_url`), so what the form accepts is exactly what the client
can use, and its sentence is what the form shows. Failures are shown as `iconcat.failures.describe_failure`
words them.

The api is imported inside the methods that use it: the browser defers loading the HTTP stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Static

from iconcat.catalogue.kinds import ICONIFY_DEFAULT_URL
from iconcat.failures import describe_failure
from iconcat.text import sanitize

from ..connection import Connection
from ..key_hints import KeyHints
from ..widgets.ordered_input import OrderedInput
from ..widgets.secret_input import SecretInput

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Secret

__all__ = ["ConnectScreen"]

_URL_LABEL = {False: "Base URL", True: "Iconify API URL"}
_URL_PLACEHOLDER = {False: "https://icons.example.com", True: ICONIFY_DEFAULT_URL}


@dataclass(frozen=True)
class _Form:
    """What the form holds; the token stays wrapped (its repr is masked)."""

    base_url: str
    token: Secret
    folder: str
    iconify: bool = False
    """Iconify's API (`base_url` its URL, no token), else a catalogue service."""


def _base_url_problem(value: str) -> str | None:
    """Why `value` is not a usable base URL (the client's parser's sentence), or None when it is.

    An empty field gets the form's own prompt: the parser's word for a missing base URL points at
    ICONCAT_BASE_URL and `iconcat login`, which is right on the command line and wrong in this form.
    """
    from iconcat.api import SettingsError, parse_base_url

    if not value:
        return "Enter the catalogue's base URL, e.g. https://icons.example.com"
    try:
        parse_base_url(value)
    except SettingsError as error:
        sentence = describe_failure(error)
        return f"{sentence[:1].upper()}{sentence[1:]}."
    return None


def _iconify_url_problem(value: str) -> str | None:
    """Why `value` is not an Iconify API's URL (`iconcat.config.iconify_url_problem`), or None."""
    from iconcat.config import iconify_url_problem

    problem = iconify_url_problem(value)
    return f"The Iconify API's URL {problem}." if problem else None


class ConnectScreen(ModalScreen["Connection | None"]):
    """Edit the connection; dismisses with the saved Connection, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="connect-cancel", tooltip="Close without saving"),
        Binding("ctrl+t", "test", "Test", id="connect-test", tooltip="Try one search with these settings"),
        Binding("ctrl+s", "save", "Save", id="connect-save", tooltip="Save these settings and reconnect"),
    ]

    def __init__(self, current: Connection, *, reason: str = "", focus_token: bool = False) -> None:
        super().__init__()
        self.current = current
        self.reason = reason
        self.focus_token = focus_token
        """Start in the token field (the catalogue rejected the token; keys typed meanwhile land there)."""

    def compose(self) -> ComposeResult:
        current = self.current
        with VerticalScroll(id="connect-dialog"):
            yield Static(Content("Connect to a catalogue"), id="connect-title", markup=False)
            yield Static(
                Content(self.reason), id="connect-reason", classes="-shown" if self.reason else "", markup=False
            )
            iconify = current.spec.kind == "iconify"
            with RadioSet(id="connect-kind"):
                yield RadioButton(Content("A catalogue service"), value=not iconify, id="connect-kind-service")
                yield RadioButton(Content("Iconify's API (no token)"), value=iconify, id="connect-kind-iconify")
            yield Label(Content(_URL_LABEL[iconify]), id="connect-base-url-label")
            yield OrderedInput(
                current.base_url if current.spec.kind in ("service", "iconify") else "",
                placeholder=_URL_PLACEHOLDER[iconify],
                enter_moves_on=True,
                id="connect-base-url",
            )
            yield Label(Content("Token"), id="connect-token-label", classes="-hidden" if iconify else "")
            yield SecretInput(
                "" if current.is_demo else current.token,
                placeholder="your access token",
                enter_moves_on=True,
                id="connect-token",
                classes="-hidden" if iconify else "",
            )
            yield Label(Content("Download folder"))
            yield OrderedInput(str(current.download_dir), enter_moves_on=True, id="connect-folder")
            yield Static("", id="connect-result", markup=False)
            with Horizontal(id="connect-buttons"):
                yield Button(Content("Test"), id="connect-test-button")
                yield Button(Content("Save"), id="connect-save-button", variant="primary")
                yield Button(Content("Cancel"), id="connect-cancel-button")
            yield KeyHints("ctrl+t test", "ctrl+s save", "esc cancel", id="connect-keys")

    @property
    def iconify_chosen(self) -> bool:
        """Whether the form is for Iconify's API (its radio button pressed), not a catalogue service."""
        return self.query_one("#connect-kind-iconify", RadioButton).value

    @on(RadioSet.Changed, "#connect-kind")
    def _kind_changed(self) -> None:
        """The fields the kind takes: Iconify's API a URL alone (its own filled in when the field is
        empty or holds the other kind's), a service a base URL and a token."""
        iconify = self.iconify_chosen
        self.query_one("#connect-base-url-label", Label).update(Content(_URL_LABEL[iconify]))
        url = self.query_one("#connect-base-url", Input)
        url.placeholder = _URL_PLACEHOLDER[iconify]
        if iconify and not url.value.strip():
            url.value = ICONIFY_DEFAULT_URL
        elif not iconify and url.value.strip().rstrip("/") == ICONIFY_DEFAULT_URL:
            url.value = ""
        for widget in self.query("#connect-token-label, #connect-token"):
            widget.set_class(iconify, "-hidden")
        self._say("", "")

    def on_mount(self) -> None:
        fields = list(self.query(Input))
        if not fields:
            # Pushed as the app closes (the catalogue opens in a worker: its refusal can come as the
            # person quits): the form was never composed and there is nothing to focus.
            return
        if self.focus_token:
            self.query_one("#connect-token", Input).focus()
            return
        next((field for field in fields if not field.value), fields[0]).focus()

    # The token never sits in a plain local variable here: Textual's crash report prints locals.
    def _values(self) -> _Form:
        return _Form(
            base_url=self.query_one("#connect-base-url", Input).value.strip().rstrip("/"),
            token=self.query_one("#connect-token", SecretInput).secret,
            folder=self.query_one("#connect-folder", Input).value.strip(),
            iconify=self.iconify_chosen,
        )

    def _problem(self, form: _Form) -> str | None:
        if form.iconify:
            return _iconify_url_problem(form.base_url)
        problem = _base_url_problem(form.base_url)
        if problem is None and not form.token:
            problem = "Enter the access token your catalogue account gave you."
        return problem

    def _say(self, text: str, kind: str) -> None:
        result = self.query_one("#connect-result", Static)
        result.update(Content(sanitize(text, max_length=300)))
        for name in ("ok", "error", "busy"):
            result.set_class(name == kind, f"-{name}")

    @on(Button.Pressed, "#connect-test-button")
    def _test_pressed(self) -> None:
        self.action_test()

    @on(Button.Pressed, "#connect-save-button")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#connect-cancel-button")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    def action_test(self) -> None:
        """Try one search with the values in the form (a temporary client; nothing is saved)."""
        form = self._values()
        problem = self._problem(form)
        if problem:
            self._say(problem, "error")
            return
        self._say("Testing…", "busy")
        # The method and its form, not a coroutine made now: a second "Test" cancels this worker before
        # it ran, and a coroutine made ahead would then be dropped never awaited.
        self.run_worker(
            partial(self._test, form),  # type: ignore[arg-type]  # Textual types work as returning Never
            group="connect-test",
            exclusive=True,
            exit_on_error=False,
            description="test the connection",
        )

    async def _test(self, form: _Form) -> None:
        if form.iconify:
            await self._test_iconify(form.base_url)
            return
        from iconcat.api import check_connection

        try:
            check = await check_connection(form.base_url, form.token, self.current.timeout)
        except Exception as error:  # noqa: BLE001 - any failure is shown, never a traceback
            self._say(f"Not working: {describe_failure(error)}", "error")
        else:
            self._say(check.summary, "ok")

    async def _test_iconify(self, url: str) -> None:
        """Open Iconify's API at `url` through the seam and list its sets: what "Test" says of it."""
        from iconcat.catalogue import CatalogueChoice, open_catalogue
        from iconcat.catalogue.kinds import KINDS

        choice = CatalogueChoice.iconify(url, timeout=self.current.timeout)
        if choice.kind not in KINDS:
            self._say("Iconify's API cannot be opened by this build of iconcat.", "error")
            return
        try:
            async with open_catalogue(choice) as catalogue:
                await catalogue.open()
                sets = await catalogue.sets()
        except Exception as error:  # noqa: BLE001 - any failure is shown, never a traceback
            self._say(f"Not working: {describe_failure(error)}", "error")
        else:
            self._say(f"{choice.spec.label} answered: {len(sets):,} icon sets.", "ok")

    def action_save(self) -> None:
        """Save the settings to the config file and dismiss with the new connection."""
        from iconcat.config import save_settings

        form = self._values()
        if self.current.is_demo and not form.iconify and not form.base_url and not form.token and form.folder:
            self._save_folder_alone(form.folder)
            return
        problem = self._problem(form)
        if problem:
            self._say(problem, "error")
            return
        folder = Path(form.folder).expanduser() if form.folder else self.current.download_dir
        # Under `pick -o DIR` the folder is the pick's own: used, never written to the config file.
        choice = getattr(self.app, "folder_choice", None)
        run_only = bool(getattr(choice, "for_this_run_only", False))
        if form.iconify:
            self._save_iconify(form.base_url, folder, run_only)
            return
        try:
            saved_to = save_settings(
                base_url=form.base_url, token=form.token.reveal(), download_dir=None if run_only else folder
            )
        except Exception as error:  # noqa: BLE001 - a message, never a crash report (it would list the token)
            self._say(f"Could not save: {describe_failure(error)}", "error")
            return
        saved = f"Saved to {saved_to}" + (" (the folder is this pick's only: not saved)" if run_only else "")
        self.app.notify(sanitize(saved, max_length=None), title="Connection saved", markup=False)
        self.dismiss(
            Connection.service(
                form.base_url,
                form.token.reveal(),
                folder,
                timeout=self.current.timeout,
                filename_template=self.current.filename_template,
            )
        )

    def _save_iconify(self, url: str, folder: Path, run_only: bool) -> None:
        """Save Iconify's API at `url` as the config file's catalogue and dismiss with its Connection."""
        from iconcat.catalogue import CatalogueChoice
        from iconcat.config import save_iconify

        try:
            saved_to = save_iconify(url=url, download_dir=None if run_only else folder)
        except Exception as error:  # noqa: BLE001 - a message, never a crash report
            self._say(f"Could not save: {describe_failure(error)}", "error")
            return
        saved = f"Saved to {saved_to}" + (" (the folder is this pick's only: not saved)" if run_only else "")
        self.app.notify(sanitize(saved, max_length=None), title="Iconify's API saved", markup=False)
        self.dismiss(
            Connection.chosen(
                CatalogueChoice.iconify(url, timeout=self.current.timeout),
                folder,
                filename_template=self.current.filename_template,
            )
        )

    def _save_folder_alone(self, text: str) -> None:
        """The demo catalogue, no base URL nor token typed: Save keeps the demo and saves the folder (as
        ctrl+f does: made if missing, checked writable, written to the config file alone)."""
        from iconcat.disk.folders import FolderProblem, ready_folder

        try:
            folder = ready_folder(text)  # (a mkdir and one empty file: as quick as the save itself)
        except FolderProblem as error:
            self._say(str(error), "error")
            return
        use = getattr(self.app, "use_download_folder", None)
        if use is not None:
            use(folder)
        self.dismiss(None)

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
