"""Settings from command-line flags, the environment, a project's file and the config file, in that order
of precedence (flag > environment > project file > user config file > default; docs/configuration.md).

| setting         | environment            | config key     | default                |
|-----------------|------------------------|----------------|------------------------|
| base URL        | `ICONCAT_BASE_URL`     | `base_url`     | none                   |
| token           | `ICONCAT_TOKEN`        | `token`        | none                   |
| Iconify's API   | `ICONCAT_ICONIFY`      | `iconify`      | none (`--iconify` alone: https://api.iconify.design) |
| download folder | `ICONCAT_DOWNLOAD_DIR` | `download_dir` | the current folder     |
| timeout (s)     | `ICONCAT_TIMEOUT`      | `timeout`      | 30                     |
| thumbnails      | `ICONCAT_THUMBNAILS`   | `thumbnails`   | `half`                 |
| view            | `ICONCAT_VIEW`         | `view`         | `gallery` (`list` when thumbnails is `text`) |
| group by name   | `ICONCAT_GROUP`        | `group`        | off                    |
| graphics        | `ICONCAT_GRAPHICS`     | `graphics`     | `auto`                 |
| file-name template | `ICONCAT_FILENAME`  | `filename`     | `{iconify}-{size}`, else `{name}-{style}-{set}-{size}` |
| icon sets from disk | `ICONCAT_FROM`     | `from`         | none (`--from PATH`, repeatable) |
| file format     | `ICONCAT_FORMAT`       | `format`       | none (`pick`, `download`: `--format`) |
| PNG size        | `ICONCAT_SIZE`         | `size`         | none (`pick`, `download`: `--size`) |
| colour          | `ICONCAT_COLOR`        | `color`        | black (sets from disk: `--color`) |

Icon sets from disk (`--from PATH`, `NAME=PATH`; see docs/sources.md): `ICONCAT_FROM` holds paths
joined by the platform's path separator (`:` on Linux and macOS), the config key `from` a list of
strings (one string is taken as a list of one).

Which catalogue the settings name (`Settings.kind`): the highest layer naming one wins (flag >
environment > project file > config file), and within one layer `base_url` beats `iconify` beats
`from`. So `iconcat` alone browses the configured catalogue when there is one, else the sets `from`
names, else the demo; `--from` wins over a configured base URL, and `ICONCAT_FROM` over the config
file's. Two kinds given as flags are refused by the choosing (`iconcat.catalogue.choose`).

The project file (`PROJECT_FILE_NAME`, `.iconcat.toml`) is the nearest in the current folder or a
parent, the walk stopping at the root and before the home folder (`find_project_file`). It may set only
`PROJECT_KEYS`, its relative paths (`download_dir`, `from`) relative to its own folder; `base_url` and
`token` in it stop the command (`NEVER_IN_PROJECT`: a cloned repository must never send a person's
token elsewhere), as an unknown key or a wrong type do: a `ConfigError`, one line naming the file.

The browser's download-folder dialog (ctrl+f) writes `download_dir` alone (`save_download_dir`: no
base URL needed); `iconcat login` and the connect screen write the base URL and token (`save_settings`),
or the connect screen Iconify's API (`save_iconify`: `iconify`, the base URL taken out, the token kept).

The config file is TOML at `platformdirs.user_config_dir("iconcat")/config.toml` (`$XDG_CONFIG_HOME/iconcat/`
on Linux), looked up at call time so a changed `XDG_CONFIG_HOME` is honoured. It is written atomically
(a temporary file in the same folder, then renamed) with mode 0600 in a folder of mode 0700: it holds
the token. A malformed file is a `ConfigError` naming the file and the line, never a traceback.

Decisions: surrounding whitespace is stripped from every value (a token pasted with its newline still
works); an empty value counts as unset; a switch (`group`) is a TOML boolean in a file (a quoted
word is accepted too), and true/false, yes/no, on/off or 1/0 (any case) in the environment; `size` is a
TOML integer in a file; the token's format is checked by the client, not here, so a broken token can
still be replaced with `iconcat login`. Unknown keys in the config file are ignored (a newer iconcat
may have written them), not in a project file. A file-name template (`filename`, see
`iconcat.disk.name_template`) is checked as it is loaded: an unknown field or a lone brace is a
`ConfigError` naming where it came from, the trouble and the fields there are. A value is checked only
when no layer above sets it: a broken one below is never reached.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from iconcat.choices import FILE_FORMATS, GRAPHICS, THUMBNAIL_MODES, VIEWS

# platformdirs, tomllib, tomli_w and tempfile are imported where they are used: reading the settings
# needs only tomllib and platformdirs, and none of them is needed to import this module.

__all__ = [
    "THUMBNAIL_MODES",
    "VIEWS",
    "KIND_SETTINGS",
    "LAYERS",
    "NEVER_IN_PROJECT",
    "PROJECT_FILE_NAME",
    "PROJECT_KEYS",
    "ConfigError",
    "Origin",
    "Settings",
    "config_path",
    "find_project_file",
    "iconify_url_problem",
    "load_settings",
    "read_project_file",
    "save_download_dir",
    "save_iconify",
    "save_settings",
]

DEFAULT_TIMEOUT = 30.0
MAX_SIZE = 100_000
"""The largest `size` (pixels), as `--size` takes."""

PROJECT_FILE_NAME = ".iconcat.toml"
"""A project's own settings, found in the current folder or a parent (`find_project_file`)."""
PROJECT_KEYS = ("download_dir", "filename", "format", "size", "color", "from", "iconify", "view", "group", "graphics")
"""What a project file may set; any other key is refused, so that a typo is said, not ignored."""
NEVER_IN_PROJECT = ("base_url", "token")
"""What a project file may never set: a cloned repository must not send a person's token elsewhere."""

LAYERS = ("flag", "environment", "project", "user", "default")
"""Where a setting can come from, the one that wins first."""
KIND_SETTINGS = (("base_url", "service", "--base-url"), ("iconify", "iconify", "--iconify"), ("from", "sets", "--from"))
"""The settings that name a catalogue's kind (key, kind, flag), in the order they win within one layer."""


_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


class ConfigError(Exception):
    """The settings cannot be read or written; the message says which file or value, and what to do."""


@dataclass(frozen=True)
class Origin:
    """Where a setting's value came from: its layer (one of `LAYERS`) and, in it, the flag, the variable
    or the file's path ("" for the default)."""

    layer: str
    where: str = ""

    def __str__(self) -> str:
        named = {"flag": "flag", "environment": "environment", "project": "project file", "user": "user file"}
        return f"{named[self.layer]} {self.where}" if self.layer in named else "default"


@dataclass(frozen=True)
class Settings:
    """Everything the commands need to reach the catalogue and save files."""

    base_url: str | None
    """The catalogue's base URL, or None when none is configured (the browser then uses the demo)."""
    token: str | None = field(repr=False)
    """The bearer token (never shown: excluded from repr)."""
    download_dir: Path = field(default_factory=Path.cwd)
    """Where downloads go: the configured folder, else the current folder."""
    timeout: float = DEFAULT_TIMEOUT
    """Deadline in seconds for each whole request."""
    thumbnails: str = THUMBNAIL_MODES[0]
    """How the browser draws pictures: one of `THUMBNAIL_MODES`."""
    view: str = VIEWS[0]
    """How the browser lays results out: one of `VIEWS` (the gallery needs pictures: with thumbnails
    "text" and no view chosen anywhere, the list)."""
    group: bool = False
    """Whether the browser starts with its results grouped by name (`g` toggles it)."""
    graphics: str = GRAPHICS[0]
    """Whether the terminal draws pictures in true pixels: one of `GRAPHICS` ("auto" asks it)."""
    filename: str | None = None
    """The file-name template saved files are named with (checked); None: the default for each icon
    (`iconcat.api.default_template`: `{iconify}-{size}` with an Iconify name, else `DEFAULT_TEMPLATE`)."""
    sources: tuple[str, ...] = ()
    """The icon sets from disk (`--from`, `ICONCAT_FROM`, config key `from`), as given: `PATH` or
    `NAME=PATH` (checked when they are opened, not here)."""
    sources_from_flag: bool = False
    """Whether `sources` came from `--from` on the command line (which wins over a base URL)."""
    chosen: frozenset[str] = field(default=frozenset(), compare=False)
    """Which of "thumbnails" and "view" a flag, the environment or a file set (the others are
    defaults): the browser's remembered choices yield to these, and win over defaults. A view of
    "list" that follows from thumbnails set to "text" counts as set."""
    iconify: str | None = None
    """Iconify's API to use (`--iconify [URL]`, `ICONCAT_ICONIFY`, key `iconify`): its URL, checked."""
    file_format: str | None = None
    """The format `pick` and `download` save when no `--format` says (`ICONCAT_FORMAT`, key `format`)."""
    size: int | None = None
    """The PNG size `pick` and `download` save when no `--size` says (`ICONCAT_SIZE`, key `size`)."""
    colour: str | None = None
    """The colour sets from disk are painted when no `--color` says (`ICONCAT_COLOR`, key `color`;
    checked as `--color` is, when used)."""
    origins: Mapping[str, Origin] = field(default_factory=dict, compare=False)
    """Where each setting came from, by its config key (`load_settings` fills it; empty for Settings made
    in code, whose catalogue settings count as the config file's, `--from`'s as a flag's)."""
    project_file: Path | None = None
    """The project file read (`.iconcat.toml`), or None."""

    def origin(self, key: str) -> Origin:
        """Where the setting `key` came from; for Settings made in code, as `origins` says."""
        if key in self.origins:
            return self.origins[key]
        if key == "from" and self.sources_from_flag:
            return Origin("flag", "--from")
        return Origin("user") if self._value_of(key) else Origin("default")

    def _value_of(self, key: str) -> Any:
        return {"base_url": self.base_url, "iconify": self.iconify, "from": self.sources}.get(key)

    @property
    def kind(self) -> str | None:
        """The kind of catalogue the settings name ("service", "iconify", "sets"), or None: the highest
        layer naming one wins (flag > environment > project file > config file), and within a layer
        `base_url` beats `iconify` beats `from` (`KIND_SETTINGS`)."""
        named = [
            (LAYERS.index(self.origin(key).layer), order, kind)
            for order, (key, kind, _flag) in enumerate(KIND_SETTINGS)
            if self._value_of(key)
        ]
        return min(named)[2] if named else None

    @property
    def kind_flags(self) -> tuple[str, ...]:
        """The flags given that name a catalogue's kind (`--base-url`, `--iconify`, `--from`): more than one
        is a usage error."""
        return tuple(
            flag for key, _kind, flag in KIND_SETTINGS if self._value_of(key) and self.origin(key).layer == "flag"
        )

    @property
    def local_sources(self) -> tuple[str, ...]:
        """The sets from disk to serve in-process, when they are the kind the settings name (`kind`):
        `--from`'s always; the environment's or a file's unless a base URL or an Iconify API is set as
        high or higher. Empty: none."""
        return self.sources if self.kind == "sets" else ()


def config_path() -> Path:
    """Where the config file lives (it may not exist)."""
    import platformdirs

    return Path(platformdirs.user_config_dir("iconcat", appauthor=False)) / "config.toml"


def _read_file(path: Path, *, what: str = "config file") -> dict[str, Any]:
    """The TOML document at `path` ({} when there is none); `what` names it in a message ("config file",
    "project file"), with the way out for each."""
    remedy = "then run `iconcat login`" if what == "config file" else "or delete it"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except UnicodeDecodeError:
        raise ConfigError(f"the {what} {path} is not UTF-8 text: fix or delete it, {remedy}") from None
    except OSError as error:
        raise ConfigError(f"cannot read the {what} {path}: {error.strerror}") from None
    import tomllib  # only once there is a file to parse

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        # tomllib's message ends "(at line N, column M)": the place, never a value from the file.
        if what == "config file":
            remedy = "fix that line, or delete the file and run `iconcat login`"
        else:
            remedy = "fix that line"
        raise ConfigError(f"the {what} {path} is not valid TOML: {error}; {remedy}") from None


def _timeout(value: Any, origin: str) -> float | None:
    if value is None or value == "":
        return None
    try:
        number = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        number = math.nan
    if not 0 < number < math.inf:
        raise ConfigError(f"the timeout from {origin} must be a positive number of seconds")
    return number


def _choice(value: str | None, choices: tuple[str, ...], setting: str, origin: str) -> str | None:
    if value is None or not value.strip():
        return None
    chosen = value.strip().casefold()
    if chosen not in choices:
        raise ConfigError(f"the {setting} setting from {origin} must be one of {', '.join(choices)}")
    return chosen


def _template(value: str | None, origin: str) -> str | None:
    """`value` as a checked file-name template; None when unset or empty."""
    if value is None or not value.strip():
        return None
    from iconcat.disk.name_template import TemplateError, check_template  # light: no Pillow, no httpx

    problem: str | None = None
    try:
        return check_template(value)
    except TemplateError as error:
        problem = str(error)
    raise ConfigError(f"the filename setting from {origin}: {problem}")


def _switch(value: Any, setting: str, origin: str) -> bool | None:
    """`value` as on or off (a bool, or words such as "true" and "off"); None when unset or empty."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().casefold()
        if not word:
            return None
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
    raise ConfigError(f"the {setting} setting from {origin} must be true or false")


def load_settings(
    *,
    base_url: str | None = None,
    timeout: float | None = None,
    download_dir: str | Path | None = None,
    thumbnails: str | None = None,
    view: str | None = None,
    group: bool | None = None,
    graphics: str | None = None,
    filename: str | None = None,
    sources: Sequence[str] | None = None,
    iconify: str | None = None,
) -> Settings:
    """Settings with precedence flag (these arguments) > environment > project file > config file >
    default; each setting's origin is kept (`Settings.origins`)."""
    user_path = config_path()
    project_path = find_project_file()
    layers = _Layers(
        os.environ,
        (project_path, read_project_file(project_path)) if project_path is not None else None,
        (user_path, _read_file(user_path)),
    )
    chosen_timeout = layers.first("timeout", "ICONCAT_TIMEOUT", timeout, "--timeout", _timeout_value)
    given_thumbnails = layers.first(
        "thumbnails", "ICONCAT_THUMBNAILS", thumbnails, "--thumbnails", _choice_of(THUMBNAIL_MODES)
    )
    chosen_thumbnails = given_thumbnails or THUMBNAIL_MODES[0]
    # The gallery is tiles of pictures: with pictures off and no view asked for, the list is the default.
    given_view = layers.first("view", "ICONCAT_VIEW", view, "--view", _choice_of(VIEWS))
    chosen_view = given_view or ("list" if chosen_thumbnails == "text" else VIEWS[0])
    chosen = {"thumbnails"} if given_thumbnails else set()
    if given_view or given_thumbnails == "text":
        chosen.add("view")
    folder = layers.first("download_dir", "ICONCAT_DOWNLOAD_DIR", download_dir, "--output", _folder_value)
    given_sources = tuple(text.strip() for text in sources or () if text.strip())
    chosen_sources = layers.first("from", "ICONCAT_FROM", given_sources or None, "--from", _sources_value) or ()
    return Settings(
        base_url=layers.first("base_url", "ICONCAT_BASE_URL", base_url, "--base-url", _text_value),
        token=layers.first("token", "ICONCAT_TOKEN", None, "", _text_value),
        download_dir=folder if folder is not None else Path.cwd(),
        timeout=chosen_timeout or DEFAULT_TIMEOUT,
        thumbnails=chosen_thumbnails,
        view=chosen_view,
        group=bool(layers.first("group", "ICONCAT_GROUP", group, "--group", _switch_value)),
        graphics=layers.first("graphics", "ICONCAT_GRAPHICS", graphics, "--graphics", _choice_of(GRAPHICS))
        or GRAPHICS[0],
        filename=layers.first("filename", "ICONCAT_FILENAME", filename, "--name", _template_value),
        sources=chosen_sources,
        sources_from_flag=bool(given_sources),
        chosen=frozenset(chosen),
        iconify=layers.first("iconify", "ICONCAT_ICONIFY", iconify, "--iconify", _iconify_value),
        file_format=layers.first("format", "ICONCAT_FORMAT", None, "--format", _choice_of(FILE_FORMATS)),
        size=layers.first("size", "ICONCAT_SIZE", None, "--size", _size_value),
        colour=layers.first("color", "ICONCAT_COLOR", None, "--color", _text_value),
        origins=dict(layers.origins),
        project_file=project_path,
    )


@dataclass(frozen=True)
class _Place:
    """Where a value is read from: its origin, how a message names it, and the project file's folder
    (its relative paths are relative to it; None elsewhere)."""

    origin: Origin
    named: str
    folder: Path | None = None

    @property
    def from_file(self) -> bool:
        return self.origin.layer in ("project", "user")


class _Layers:
    """The layers a setting is looked up in, highest first, and the origin of each setting found."""

    def __init__(
        self,
        environ: Mapping[str, str],
        project: tuple[Path, dict[str, Any]] | None,
        user: tuple[Path, dict[str, Any]],
    ) -> None:
        self.environ = environ
        self.project = project
        self.user = user
        self.origins: dict[str, Origin] = {}

    def first(
        self, key: str, env_name: str, flag: Any, flag_name: str, parse: Callable[[Any, str, _Place], Any]
    ) -> Any:
        """The first layer's value of `key` (flag, `env_name`, the project file, the config file), parsed
        by `parse` (None: unset there, so the next layer is asked); its origin kept. None: set nowhere.
        A value is parsed only when no layer above set the setting: a broken one below is never reached."""
        candidates: list[tuple[Any, _Place]] = [
            (flag, _Place(Origin("flag", flag_name), flag_name)),
            (self.environ.get(env_name), _Place(Origin("environment", env_name), env_name)),
        ]
        if self.project is not None:
            path, stored = self.project
            place = _Place(Origin("project", str(path)), f"the project file {path}", folder=path.parent)
            candidates.append((stored.get(key), place))
        path, stored = self.user
        candidates.append((stored.get(key), _Place(Origin("user", str(path)), f"the config file {path}")))
        for value, place in candidates:
            if value is None:
                continue
            parsed = parse(value, key, place)
            if parsed is not None and parsed != ():
                self.origins[key] = place.origin
                return parsed
        self.origins[key] = Origin("default")
        return None


def _text_value(value: Any, key: str, place: _Place) -> str | None:
    if place.from_file and not isinstance(value, str):
        raise ConfigError(f"`{key}` in {place.named} must be a quoted string")
    return str(value).strip() or None


def _timeout_value(value: Any, key: str, place: _Place) -> float | None:
    return _timeout(value.strip() if isinstance(value, str) else value, place.named)


def _choice_of(choices: tuple[str, ...]) -> Callable[[Any, str, _Place], str | None]:
    def parse(value: Any, key: str, place: _Place) -> str | None:
        return _choice(_text_value(value, key, place), choices, key, place.named)

    return parse


def _switch_value(value: Any, key: str, place: _Place) -> bool | None:
    return _switch(value, key, place.named)


def _template_value(value: Any, key: str, place: _Place) -> str | None:
    return _template(_text_value(value, key, place), place.named)


def _folder_value(value: Any, key: str, place: _Place) -> Path | None:
    text = _text_value(value, key, place)
    if text is None:
        return None
    folder = Path(text).expanduser()
    return place.folder / folder if place.folder is not None else folder


def _iconify_value(value: Any, key: str, place: _Place) -> str | None:
    text = _text_value(value, key, place)
    if text is None:
        return None
    problem = iconify_url_problem(text)
    if problem:
        raise ConfigError(f"the iconify setting from {place.named} {problem}")
    return text.rstrip("/")


def iconify_url_problem(url: str) -> str | None:
    """Why `url` is no Iconify API's address (an http:// or https:// URL with a host), in words that
    follow its name ("must be …"); None when it is one."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url.strip())
        scheme, host = parts.scheme.lower(), parts.hostname
    except ValueError:  # (a malformed port or IPv6 literal)
        scheme, host = "", None
    if scheme not in ("http", "https"):
        return "must be an http:// or https:// URL, like https://api.iconify.design"
    if not host:
        return "must name a host, like https://api.iconify.design"
    return None


def _size_value(value: Any, key: str, place: _Place) -> int | None:
    number = 0
    if isinstance(value, str):
        if not value.strip():
            return None
        with suppress(ValueError):
            number = int(value.strip())
    elif isinstance(value, int) and not isinstance(value, bool):
        number = value
    if not 1 <= number <= MAX_SIZE:
        raise ConfigError(
            f"the size setting from {place.named} must be a whole number of pixels from 1 to {MAX_SIZE:,}"
        )
    return number


def _sources_value(value: Any, key: str, place: _Place) -> tuple[str, ...]:
    """`--from`'s paths; `ICONCAT_FROM`'s (joined by `os.pathsep`); a file's `from` (a list of strings, one
    string a list of one), a project file's relative to its folder."""
    if place.origin.layer == "flag":
        return tuple(value)
    if place.origin.layer == "environment":
        return tuple(part.strip() for part in str(value).split(os.pathsep) if part.strip())
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not all(isinstance(item, str) for item in values):
        raise ConfigError(f'in {place.named}, from must be a list of paths, like from = ["node_modules/@iconify/json"]')
    given = tuple(item.strip() for item in values if item.strip())
    return tuple(_beside(place.folder, item) for item in given) if place.folder is not None else given


def _beside(folder: Path, argument: str) -> str:
    """A project file's `from` entry (`PATH` or `NAME=PATH`, as `iconcat.sources.discover` reads it) with
    its path made relative to `folder`, the file's own."""
    name, equals, rest = argument.partition("=")
    as_path = folder / Path(argument).expanduser()
    if equals and not as_path.exists() and "/" not in name and os.sep not in name:
        return f"{name}={folder / Path(rest).expanduser()}"
    return str(as_path)


# ---------------------------------------------------------------------------------------- the project file


def find_project_file(start: Path | None = None) -> Path | None:
    """The `.iconcat.toml` in `start` (default: the current folder) or its nearest parent holding one; None.

    The walk stops at the filesystem's root, and before the home folder: `~/.iconcat.toml` and whatever
    lies above home are never read (a person's own settings are the config file's, and a folder above
    home is someone else's). One `stat` a folder, no import: cheap enough for every command."""
    try:
        folder = start if start is not None else Path(os.getcwd())
    except OSError:  # the current folder was removed: there is no project to be in
        return None
    home = os.path.expanduser("~")
    homes = {Path(home), Path(os.path.realpath(home))}  # (the current folder is the resolved path)
    while folder not in homes:
        candidate = folder / PROJECT_FILE_NAME
        if candidate.is_file():
            return candidate
        if folder.parent == folder:
            return None
        folder = folder.parent
    return None


def read_project_file(path: Path) -> dict[str, Any]:
    """The settings of the project file at `path`, its keys checked: `ConfigError` for a key it may not
    set (`base_url` and `token`: a cloned repository must never send your token elsewhere), an unknown
    key, or a file that is no TOML."""
    stored = _read_file(path, what="project file")
    for key in stored:
        shown = _shown_key(key)
        if key in NEVER_IN_PROJECT:
            raise ConfigError(
                f"the project file {path} sets `{shown}`, which only your own config file or "
                f"ICONCAT_{key.upper()} may set (a project must never send your token elsewhere): remove that line"
            )
        if key not in PROJECT_KEYS:
            raise ConfigError(
                f"the project file {path} has an unknown key `{shown}`: it may set {', '.join(PROJECT_KEYS)}"
            )
    return stored


def _shown_key(key: str) -> str:
    """A key read from a file, as a message may show it (sanitised: the file is anyone's)."""
    from iconcat.text import sanitize

    return sanitize(key, max_length=40)


def save_settings(*, base_url: str, token: str, download_dir: str | Path | None = None) -> Path:
    """Store the base URL and token (and a download folder) in the config file; return its path.

    Other keys already in the file are kept. The folder is made 0700, the file 0600, and the file is
    replaced atomically, so a crash leaves either the old file or the new one.
    """
    updates: dict[str, Any] = {"base_url": base_url.strip(), "token": token.strip()}
    if download_dir is not None:
        updates["download_dir"] = str(download_dir)
    return _update_file(updates)


def save_iconify(*, url: str, download_dir: str | Path | None = None) -> Path:
    """Make the config file name Iconify's API at `url` (and a download folder); return its path.

    Its `base_url` is taken out: in one file a base URL wins over `iconify`, so keeping it would keep
    the service. The token is kept (it is never sent to Iconify's API), so going back to the service
    takes its base URL alone. As `save_settings`: other keys kept, 0600 in 0700, replaced atomically."""
    updates: dict[str, Any] = {"iconify": url.strip().rstrip("/")}
    if download_dir is not None:
        updates["download_dir"] = str(download_dir)
    return _update_file(updates, removed=("base_url",))


def save_download_dir(download_dir: str | Path) -> Path:
    """Store the download folder alone in the config file (no base URL needed: the demo catalogue's
    browser saves one too); return the file's path. As `save_settings`: other keys kept, 0600 in 0700,
    replaced atomically. (`ICONCAT_DOWNLOAD_DIR`, when set, still wins at the next start.)

    A config file that cannot be read is left alone (ConfigError): replacing it to save a folder would
    lose the base URL and token it may hold, and nobody asked for that here."""
    return _update_file({"download_dir": str(download_dir)}, replace_broken=False)


def _update_file(updates: dict[str, Any], *, replace_broken: bool = True, removed: Sequence[str] = ()) -> Path:
    """The config file with `updates` over the keys it holds (and the keys `removed` taken out), written
    safely; its path. A file that cannot be read is replaced when `replace_broken` (saving a connection:
    the way out the error message gives), else its ConfigError is raised."""
    import tempfile

    import tomli_w

    path = config_path()
    try:
        existing = _read_file(path)
    except ConfigError:
        if not replace_broken:
            raise
        existing = {}  # a broken file is being replaced: that is the way out the error message gives
    existing.update(updates)
    for key in removed:
        existing.pop(key, None)
    folder = path.parent
    problem: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(folder, 0o700)
        descriptor, temporary = tempfile.mkstemp(prefix=".config-", suffix=".toml", dir=folder)  # mode 0600
        try:
            with os.fdopen(descriptor, "wb") as handle:
                tomli_w.dump(existing, handle)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temporary, 0o600)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        problem = f"cannot write the config file {path}: {error.strerror or error}"
    except (ValueError, TypeError):
        # A value TOML or UTF-8 cannot hold (a lone surrogate pasted into the token field…).
        problem = (
            f"cannot write the config file {path}: a value holds characters that cannot be stored; "
            "check what was pasted (the token is not shown here)"
        )
    if problem is not None:
        # Raised outside the handler: no chained exception (UnicodeEncodeError quotes the value, the
        # token) rides along into a traceback or a crash report.
        raise ConfigError(problem)
    return path
