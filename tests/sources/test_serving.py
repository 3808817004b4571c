"""The glue from `--from` arguments to a served catalogue (`serving.open_sources`), what the header calls
the sets, and the index build's progress on a terminal (`local_sets.TerminalProgress`)."""

from __future__ import annotations

import io
import os
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from iconcat.catalogue.local_sets import DEFAULT_COLUMNS, TerminalProgress, line_width
from iconcat.sources.index import INDEX_FILE, BuildProgress
from iconcat.sources.serving import SourceError, cache_folder, open_sources, sources_title
from tests.support.iconsets import iconify_package, iconify_set, write_json


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def package(folder: Path, prefix: str, name: str) -> str:
    iconify_package(folder / prefix, iconify_set(prefix, {"arrow-up": {}, "home": {}}), info={"name": name})
    return str(folder / prefix)


def test_the_index_goes_in_iconcat_cache_dir_else_the_user_cache_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cache_folder() == Path(os.environ["XDG_CACHE_HOME"]) / "iconcat" / "sources"
    monkeypatch.setenv("ICONCAT_CACHE_DIR", str(tmp_path / "here"))
    catalogue = open_sources([package(tmp_path, "tabler", "Tabler Icons")])
    assert (tmp_path / "here" / INDEX_FILE).is_file() and len(catalogue) == 2


def test_the_header_names_a_few_short_sets_and_counts_the_others(tmp_path: Path) -> None:
    two = [package(tmp_path, "tabler", "Tabler Icons"), package(tmp_path, "ph", "Phosphor")]
    assert sources_title(open_sources(two, folder=tmp_path / "cache")) == "Phosphor, Tabler Icons"
    three = [*two, package(tmp_path, "mdi", "Material Design Icons")]
    assert sources_title(open_sources(three, folder=tmp_path / "cache")) == "3 icon sets"


def test_one_unreadable_set_is_a_warning_and_an_argument_of_only_unreadable_sets_an_error(tmp_path: Path) -> None:
    json_folder = tmp_path / "json"
    write_json(json_folder / "good.json", iconify_set("good", {"a": {}}, info={"name": "Good"}))
    write_json(json_folder / "bad.json", {"prefix": "bad"})
    write_json(tmp_path / "collections.json", {})
    said: list[str] = []
    catalogue = open_sources([str(tmp_path)], folder=tmp_path / "cache", warn=said.append)
    assert sources_title(catalogue) == "Good"
    assert len(said) == 1 and said[0].startswith(str(json_folder / "bad.json")) and said[0].endswith(": skipped")
    with pytest.raises(SourceError, match="nothing else to serve there"):
        open_sources([str(json_folder / "bad.json")], folder=tmp_path / "cache", warn=said.append)


def test_the_bar_is_redrawn_in_place_cut_to_the_terminal_and_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    terminal = Terminal()
    progress = TerminalProgress(terminal)
    progress(BuildProgress(0, 243, 0, 0.0, None))
    progress(BuildProgress(243, 243, 381_398, 18_000.0, 0.0))
    drawn = [line for line in terminal.getvalue().split("\r\x1b[K") if line]
    assert drawn[0].startswith("Indexing icon sets ") and "0/243 sets" in drawn[0]
    assert "243/243 sets · 18,000 icons/s · prepari" in drawn[-1]  # cut: "preparing the search" went past
    assert all(len(line) < 80 for line in drawn)  # (no terminal size to ask, no COLUMNS: 80 columns)
    progress.close(finished=True)
    cleared, _, final = terminal.getvalue().rpartition("\r\x1b[K")
    assert cleared and final.startswith("iconcat: indexed 243 icon sets (381,398 icons) in ") and final.endswith(" s\n")


def test_once_closed_the_bar_is_not_drawn_again_by_a_build_winding_down() -> None:
    """`search --from` builds in a worker thread: after Ctrl-C the command closes the bar while the build
    still reports on its way to stopping, and a late report must not draw the bar again below the prompt."""
    terminal = Terminal()
    progress = TerminalProgress(terminal)
    progress(BuildProgress(40, 207, 12_000, 7_000.0, 15.0))
    progress.close(finished=False)
    closed = terminal.getvalue()
    assert closed.endswith("\r\x1b[K")
    progress(BuildProgress(41, 207, 12_500, 3_700.0, 35.0))
    progress(BuildProgress(207, 207, 90_000, 7_000.0, 0.0))
    assert terminal.getvalue() == closed


def test_no_bar_where_no_terminal_reads_one_line_at_the_end_and_none_when_nothing_was_built() -> None:
    log = io.StringIO()
    progress = TerminalProgress(log)
    progress(BuildProgress(0, 2, 0, 0.0, None))
    progress(BuildProgress(2, 2, 10, 100.0, 0.0))
    progress.close(finished=True)
    assert log.getvalue().startswith("iconcat: indexed 2 icon sets (10 icons) in ") and log.getvalue().count("\n") == 1
    quiet = io.StringIO()
    TerminalProgress(quiet).close(finished=True)
    assert quiet.getvalue() == ""


def test_a_folder_named_relatively_absolutely_or_through_a_link_shares_one_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "proj"
    package(project / "node_modules" / "@iconify-json", "tabler", "Tabler Icons")
    (tmp_path / "linked").symlink_to(project, target_is_directory=True)
    monkeypatch.chdir(project)
    cache = tmp_path / "cache"
    builds: list[str] = []
    for spelling in ("node_modules", str(project / "node_modules"), str(tmp_path / "linked" / "node_modules"), "."):
        reads: list[BuildProgress] = []
        catalogue = open_sources([spelling], folder=cache, progress=reads.append)
        assert len(catalogue) == 2
        catalogue.index.close()
        builds.extend(spelling for _ in reads[:1])
    assert builds == ["node_modules"], "only the first spelling reads the set; the others find it indexed"
    with closing(sqlite3.connect(cache / INDEX_FILE)) as database:
        assert database.execute("SELECT count(*) FROM searches").fetchone() == (1,), "one search for all"


def test_a_terminal_of_0_columns_has_no_width_known_so_columns_or_80_cut_the_bar() -> None:
    assert line_width(132, "40") == 132, "the terminal's own size first"
    assert line_width(0, "40") == 40 and line_width(0, " 40 ") == 40
    for unknown in (None, "", "0", "-3", "wide"):
        assert line_width(0, unknown) == DEFAULT_COLUMNS == 80


def test_an_index_of_an_older_schema_is_built_again_and_says_why_on_stderr_and_in_the_header(tmp_path: Path) -> None:
    from iconcat.sources.index import SCHEMA_VERSION, WHY_ANEW, open_index
    from iconcat.tui.controllers.local_build import header_progress
    from tests.support.source_units import FakeUnit, icon

    units = [FakeUnit("tabler", [icon("trash"), icon("home")])]
    open_index(tmp_path, units).close()
    with closing(sqlite3.connect(tmp_path / INDEX_FILE)) as older:  # as an iconcat of the schema before left it
        older.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
        older.commit()
    told: list[BuildProgress] = []
    open_index(tmp_path, units, progress=told.append).close()
    assert told and {report.anew for report in told} == {WHY_ANEW[SCHEMA_VERSION]}, "every report says why"
    assert "again (" + WHY_ANEW[SCHEMA_VERSION] + ")" in header_progress(told[0])
    log = io.StringIO()
    progress = TerminalProgress(log)
    for report in told:
        progress(report)
    progress.close(finished=True)
    lines = log.getvalue().splitlines()
    assert lines[0] == f"iconcat: every icon set is read again: {WHY_ANEW[SCHEMA_VERSION]}"  # once, first
    assert len(lines) == 2 and lines[1].startswith("iconcat: indexed 1 icon set ")
    # Built anew once; the next start reads nothing and says nothing of it, nor does a new index.
    again: list[BuildProgress] = []
    open_index(tmp_path, units, progress=again.append).close()
    fresh: list[BuildProgress] = []
    open_index(tmp_path / "new", units, progress=fresh.append).close()
    assert again == [] and fresh and all(report.anew == "" for report in fresh)
    assert "again" not in header_progress(fresh[0])
