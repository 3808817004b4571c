"""`iconcat.disk.folders`: the download folder a person types, made ready or refused with a reason, and its
completion (issue 21, item 2). Tests run as root, whom permission bits never stop: the folders that
cannot be used here are under a regular file, or are one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from iconcat.disk.folders import FolderProblem, complete_folder, ready_folder


def test_a_missing_folder_is_made_with_its_parents_and_a_relative_one_is_taken_from_the_base(tmp_path: Path):
    assert ready_folder("icons/ui/", base=tmp_path) == tmp_path / "icons" / "ui"
    assert (tmp_path / "icons" / "ui").is_dir()
    assert list((tmp_path / "icons" / "ui").iterdir()) == [], "the check leaves nothing behind"
    assert ready_folder(f"  {tmp_path}/icons/../icons/ui  ") == tmp_path / "icons" / "ui"


def test_home_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert ready_folder("~/Pictures/icons") == tmp_path / "Pictures" / "icons"
    assert complete_folder("~/Pic") == "~/Pictures/"


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("{file}/icons", "Cannot make {file}/icons: {file} is a file."),
        ("{file}/a/b", "Cannot make {file}/a/b: {file} is a file."),
        ("{file}", "{file} is a file, not a folder."),
        ("   ", "Type a folder, e.g. ~/icons."),
    ],
)
def test_a_folder_that_cannot_be_used_says_why(tmp_path: Path, typed: str, reason: str):
    file = tmp_path / "notes.txt"
    file.write_text("in the way")
    with pytest.raises(FolderProblem) as raised:
        ready_folder(typed.format(file=file))
    assert str(raised.value) == reason.format(file=file)
    assert file.read_text() == "in the way"


def test_completion_offers_the_first_folder_so_named_never_a_file_nor_a_hidden_one_unasked(tmp_path: Path):
    for name in ("brand-b", "brand-a", ".brand-hidden", ".cache"):
        (tmp_path / name).mkdir()
    (tmp_path / "brand-0.txt").write_text("a file")
    os.symlink(tmp_path / "brand-a", tmp_path / "brand-link")
    base = f"{tmp_path}{os.sep}"
    assert complete_folder(f"{base}bra") == f"{base}brand-a/"
    assert complete_folder(f"{base}brand-b") is None  # typed whole: nothing to add
    assert complete_folder(f"{base}brand-l") == f"{base}brand-link/"
    assert complete_folder(f"{base}.ca") == f"{base}.cache/"
    assert complete_folder(f"{base}") is None and complete_folder("") is None
    assert complete_folder(f"{base}zz") is None
    assert complete_folder(f"{base}brand-0.txt/x") is None  # not a folder to look in
