"""Which catalogue the browser talks to (its `CatalogueSpec`, from `iconcat.catalogue`), and where files go."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.catalogue import CatalogueChoice, CatalogueSpec
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.disk.svg_output import OutputOptions

__all__ = ["Connection"]


def _no_options() -> OutputOptions:
    from iconcat.disk.svg_output import OutputOptions

    return OutputOptions()


@dataclass(frozen=True)
class Connection:
    """A catalogue to browse: what it is (its spec), what opening it takes, and where downloads go."""

    spec: CatalogueSpec
    """What the catalogue is and can do: its kind, its name in the header, its memory key, the bag's
    default, its query limit (`iconcat.catalogue.CatalogueSpec`)."""
    download_dir: Path
    """The folder downloaded files are saved into."""
    base_url: str = ""
    """The service's base URL, e.g. `https://icons.example.com` ("" for the demo and sets from disk:
    they are answered in-process and have no address)."""
    token: str = field(default="", repr=False)
    """The service's bearer token; never shown, never in a repr."""
    timeout: float = 30.0
    """Deadline in seconds for each whole request (the service's)."""
    local: LocalSets | None = None
    """The sets from disk and their colour (sets from disk only)."""
    served_sets: frozenset[int] | None = None
    """The ids of the sets from disk served (an icon's `set.id`), once their index is open; None: not
    known (not sets from disk, or not read yet), and then every remembered icon is taken as served.
    Remembered icons of every set from disk share one memory (`memory_key`): this tells the ones this
    run cannot ask for (`iconcat.browsing.remembered.not_served`)."""
    filename_template: str | None = None
    """The file-name template saved files are named with (the `filename` setting, checked); None: each
    icon's default (`iconcat.api.default_template`)."""
    output: OutputOptions = field(default_factory=lambda: _no_options())
    """What is asked of every file saved (`--color`, `--format svg --size N`, `--no-attribution`:
    `iconcat.disk.svg_output.OutputOptions`)."""

    @classmethod
    def service(
        cls,
        base_url: str,
        token: str,
        download_dir: Path,
        *,
        timeout: float = 30.0,
        filename_template: str | None = None,
    ) -> Connection:
        """The seed's service at `base_url` (what the connect screen saves), reached over HTTP."""
        from iconcat.catalogue.kinds import service_spec

        return cls(
            service_spec(base_url),
            download_dir,
            base_url=base_url,
            token=token,
            timeout=timeout,
            filename_template=filename_template,
        )

    @classmethod
    def chosen(cls, choice: CatalogueChoice, download_dir: Path, *, filename_template: str | None = None) -> Connection:
        """The catalogue `choice` names (`iconcat.catalogue.choose_catalogue`), saving into `download_dir`."""
        return cls(
            choice.spec,
            download_dir,
            base_url=choice.base_url or "",
            token=choice.token,
            timeout=choice.timeout,
            local=choice.local,
            filename_template=filename_template,
        )

    @property
    def choice(self) -> CatalogueChoice:
        """What opening this catalogue takes, as the seam's `open_catalogue` reads it."""
        from iconcat.catalogue import CatalogueChoice

        return CatalogueChoice(
            self.spec, base_url=self.base_url or None, token=self.token, timeout=self.timeout, local=self.local
        )

    @property
    def label(self) -> str:
        """Short name for the header: "demo catalogue", the sets from disk served, or the service's host
        (and port)."""
        return self.spec.label

    @property
    def memory_key(self) -> str:
        """What the browser's memories are kept under: "demo", "local" (every set from disk: their ids are
        stable whatever is served beside them), else the base URL."""
        return self.spec.memory_key

    @property
    def is_demo(self) -> bool:
        """The embedded catalogue (the demo, or sets from disk), answered in-process: no base URL nor
        token to show or ask for."""
        return self.spec.kind != "service"
