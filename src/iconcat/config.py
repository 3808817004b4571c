"""Settings from command-line flags, the environment and the config file, in that order of precedence.

| setting         | environment            | config key     | default                |
|-----------------|------------------------|----------------|------------------------|
| base URL        | `ICONCAT_BASE_URL`     | `base_url`     | none                   |
| token           | `ICONCAT_TOKEN`        | `token`        | none                   |
| download folder | `ICONCAT_DOWNLOAD_DIR` | `download_dir` | the current folder     |
| timeout (s)     | `ICONCAT_TIMEOUT`      | `timeout`      | 30                     |
| thumbnails      | `ICONCAT_THUMBNAILS`   | `thumbnails`   | `half`                 |
| view            | `ICONCAT_VIEW`         | `view`         | `gallery` (`list` when thumbnails is `text`) |
| group by name   | `ICONCAT_GROUP`        | `group`        | off                    |
| graphics        | `ICONCAT_GRAPHICS`     | `graphics`     | `auto`                 |
| file-name template | `ICONCAT_FILENAME`  | `filename`     | `{iconify}-{size}`, else `{name}-{style}-{set}-{size}` |
| icon sets from disk | `ICONCAT_FROM`     | `from`         | none (`--from PATH`, repeatable) |

Icon sets from disk (`--from PATH`, `NAME=PATH`; see docs/sources.md): `ICONCAT_FROM` holds paths
joined by the platform's path separator (`:` on Linux and macOS), the config key `from` a list of
strings (one string is taken as a list of one). As everywhere, the flag wins over the environment,
which wins over the file; and a base URL, when set (flag, environment or file), wins over `from` set in
the environment or the file, but not over `--from` on the command line: `iconcat` alone browses the
configured catalogue when there is one, else the sets `from` names, else the demo (`Settings.local_sources`).

The browser's download-folder dialog (ctrl+f) writes `download_dir` alone (`save_download_dir`: no
base URL needed); `iconcat login` and the connect screen write the base URL and token (`save_settings`).

The file is TOML at `platformdirs.user_config_dir("iconcat")/config.toml` (`$XDG_CONFIG_HOME/iconcat/`
on Linux), looked up at call time so a changed `XDG_CONFIG_HOME` is honoured. It is written atomically
(a temporary file in the same folder, then renamed) with mode 0600 in a folder of mode 0700: it holds
the token. A malformed file is a `ConfigError` naming the file and the line, never a traceback.

Decisions: surrounding whitespace is stripped from every value (a token pasted with its newline still
works); an empty value counts as unset; a switch (`group`) is a TOML boolean in the file (a quoted
word is accepted too), and true/false, yes/no, on/off or 1/0 (any case) in the environment; the
token's format is checked by the client, not here, so a broken token can still be replaced with
`iconcat login`. Unknown keys in the file are ignored (a newer
iconcat may have written them). A file-name template (`filename`, see `iconcat.disk.name_template`) is
checked as it is loaded: an unknown field or a lone brace is a `ConfigError` naming where it came from,
the trouble and the fields there are.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from iconcat.choices import GRAPHICS, THUMBNAIL_MODES, VIEWS

# platformdirs, tomllib, tomli_w and tempfile are imported where they are used: reading the settings
# needs only tomllib and platformdirs, and none of them is needed to import this module.

__all__ = [
    "THUMBNAIL_MODES",
    "VIEWS",
    "ConfigError",
    "Settings",
    "config_path",
    "load_settings",
    "save_download_dir",
    "save_settings",
]

DEFAULT_TIMEOUT = 30.0


_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


class ConfigError(Exception):
    """The settings cannot be read or written; the message says which file or value, and what to do."""


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
    """Which of "thumbnails" and "view" a flag, the environment or the config file set (the others
    are defaults): the browser's remembered choices yield to these, and win over defaults. A view of
    "list" that follows from thumbnails set to "text" counts as set."""

    @property
    def local_sources(self) -> tuple[str, ...]:
        """The sets from disk to serve in-process: `--from`'s always; the environment's or the config
        file's only when no base URL is set (a configured catalogue wins over them). Empty: none."""
        return self.sources if self.sources_from_flag or not self.base_url else ()


def config_path() -> Path:
    """Where the config file lives (it may not exist)."""
    import platformdirs

    return Path(platformdirs.user_config_dir("iconcat", appauthor=False)) / "config.toml"


def _read_file(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except UnicodeDecodeError:
        raise ConfigError(
            f"the config file {path} is not UTF-8 text: fix or delete it, then run `iconcat login`"
        ) from None
    except OSError as error:
        raise ConfigError(f"cannot read the config file {path}: {error.strerror}") from None
    import tomllib  # only once there is a file to parse

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        # tomllib's message ends "(at line N, column M)": the place, never a value from the file.
        raise ConfigError(
            f"the config file {path} is not valid TOML: {error}; fix that line, or delete the file and run "
            "`iconcat login`"
        ) from None


def _text(value: Any, key: str, path: Path) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ConfigError(f"`{key}` in the config file {path} must be a quoted string")
    return value.strip() or None


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


def _first_choice(
    flag: str | None, env_name: str, stored: dict[str, Any], key: str, choices: tuple[str, ...], path: Path
) -> str | None:
    """The first source that sets `key` (flag > environment > file), checked against `choices`."""
    return (
        _choice(flag, choices, key, f"--{key}")
        or _choice(os.environ.get(env_name), choices, key, env_name)
        or _choice(_text(stored.get(key), key, path), choices, key, f"the config file {path}")
    )


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


def _first_switch(flag: bool | None, env_name: str, stored: dict[str, Any], key: str, path: Path) -> bool | None:
    """The first source that sets the switch `key` (flag > environment > file); None when none does.

    Not an `or` chain, as `_first_choice` is: off (False) set by a flag must win over on in the file.
    """
    for value, origin in (
        (flag, f"--{key}"),
        (os.environ.get(env_name), env_name),
        (stored.get(key), f"the config file {path}"),
    ):
        chosen = _switch(value, key, origin)
        if chosen is not None:
            return chosen
    return None


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
) -> Settings:
    """Settings with precedence flag (these arguments) > environment > config file > default."""
    path = config_path()
    stored = _read_file(path)
    environ = os.environ

    def pick(flag: Any, env_name: str, key: str) -> str | None:
        if flag is not None and str(flag).strip():
            return str(flag).strip()
        env_value = environ.get(env_name, "").strip()
        if env_value:
            return env_value
        return _text(stored.get(key), key, path)

    chosen_timeout = (
        _timeout(timeout, "--timeout")
        or _timeout(environ.get("ICONCAT_TIMEOUT", "").strip(), "ICONCAT_TIMEOUT")
        or _timeout(stored.get("timeout"), f"the config file {path}")
        or DEFAULT_TIMEOUT
    )
    given_thumbnails = _first_choice(thumbnails, "ICONCAT_THUMBNAILS", stored, "thumbnails", THUMBNAIL_MODES, path)
    chosen_thumbnails = given_thumbnails or THUMBNAIL_MODES[0]
    # The gallery is tiles of pictures: with pictures off and no view asked for, the list is the default.
    given_view = _first_choice(view, "ICONCAT_VIEW", stored, "view", VIEWS, path)
    chosen_view = given_view or ("list" if chosen_thumbnails == "text" else VIEWS[0])
    chosen = {"thumbnails"} if given_thumbnails else set()
    if given_view or given_thumbnails == "text":
        chosen.add("view")
    folder = pick(download_dir, "ICONCAT_DOWNLOAD_DIR", "download_dir")
    given_sources = tuple(text.strip() for text in sources or () if text.strip())
    chosen_sources = given_sources or _sources(environ.get("ICONCAT_FROM", ""), stored.get("from"), path)
    return Settings(
        base_url=pick(base_url, "ICONCAT_BASE_URL", "base_url"),
        token=pick(None, "ICONCAT_TOKEN", "token"),
        download_dir=Path(folder).expanduser() if folder else Path.cwd(),
        timeout=chosen_timeout,
        thumbnails=chosen_thumbnails,
        view=chosen_view,
        group=bool(_first_switch(group, "ICONCAT_GROUP", stored, "group", path)),
        graphics=_first_choice(graphics, "ICONCAT_GRAPHICS", stored, "graphics", GRAPHICS, path) or GRAPHICS[0],
        filename=(
            _template(filename, "--name")
            or _template(environ.get("ICONCAT_FILENAME"), "ICONCAT_FILENAME")
            or _template(_text(stored.get("filename"), "filename", path), f"the config file {path}")
        ),
        sources=chosen_sources,
        sources_from_flag=bool(given_sources),
        chosen=frozenset(chosen),
    )


def _sources(env_value: str, stored: Any, path: Path) -> tuple[str, ...]:
    """`ICONCAT_FROM` (paths joined by `os.pathsep`) when set, else the config file's `from`."""
    if env_value.strip():
        return tuple(part.strip() for part in env_value.split(os.pathsep) if part.strip())
    if stored is None:
        return ()
    values = [stored] if isinstance(stored, str) else stored
    if not isinstance(values, list) or not all(isinstance(value, str) for value in values):
        raise ConfigError(
            f'in the config file {path}, from must be a list of paths, like from = ["node_modules/@iconify/json"]'
        )
    return tuple(value.strip() for value in values if value.strip())


def save_settings(*, base_url: str, token: str, download_dir: str | Path | None = None) -> Path:
    """Store the base URL and token (and a download folder) in the config file; return its path.

    Other keys already in the file are kept. The folder is made 0700, the file 0600, and the file is
    replaced atomically, so a crash leaves either the old file or the new one.
    """
    updates: dict[str, Any] = {"base_url": base_url.strip(), "token": token.strip()}
    if download_dir is not None:
        updates["download_dir"] = str(download_dir)
    return _update_file(updates)


def save_download_dir(download_dir: str | Path) -> Path:
    """Store the download folder alone in the config file (no base URL needed: the demo catalogue's
    browser saves one too); return the file's path. As `save_settings`: other keys kept, 0600 in 0700,
    replaced atomically. (`ICONCAT_DOWNLOAD_DIR`, when set, still wins at the next start.)

    A config file that cannot be read is left alone (ConfigError): replacing it to save a folder would
    lose the base URL and token it may hold, and nobody asked for that here."""
    return _update_file({"download_dir": str(download_dir)}, replace_broken=False)


def _update_file(updates: dict[str, Any], *, replace_broken: bool = True) -> Path:
    """The config file with `updates` over the keys it holds, written safely; its path. A file that
    cannot be read is replaced when `replace_broken` (saving a connection: the way out the error message
    gives), else its ConfigError is raised."""
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
