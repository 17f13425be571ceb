"""Loading decks/ from disk: the default root, another root, and clear errors for bad files."""

from __future__ import annotations

import json
import os
import shutil
import threading
import zipfile
from pathlib import Path

import pytest

from pyengine import files
from pyengine.decklist import Decklist

from .conftest import ROOT


def test_default_root_is_decks_beside_the_package():
    """data_root() is the decks/ folder next to pyengine/ (so it also works in the unpacked
    browser zip)."""
    assert files.data_root() == ROOT / "decks"
    assert files.data_root("/some/where").as_posix() == "/some/where"


def test_environment_variable_overrides_root(monkeypatch, tmp_path):
    """PYENGINE_DECKS points the loaders at another folder."""
    monkeypatch.setenv(files.ENV_VAR, str(tmp_path))
    assert files.data_root() == tmp_path


def test_load_everything_from_the_repository():
    """The card database, index, every deck and every ban list load."""
    db = files.load_card_db()
    assert "Zombie" in db
    index = files.load_deck_index()
    for deck in index:
        assert isinstance(files.load_deck(deck["id"]), Decklist)
    assert files.load_banlist("commander.txt").as_of == "2026-02-09"


def test_unpacked_zip_layout(tmp_path):
    """A zip holding pyengine/ and decks/ at its top level, unpacked, finds its own decks/."""
    archive = tmp_path / "engine.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for folder in ("pyengine", "decks"):
            for path in sorted((ROOT / folder).rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts:
                    zf.write(path, path.relative_to(ROOT).as_posix())
    target = tmp_path / "unpacked"
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(target)
    import subprocess
    import sys

    code = (
        "from pyengine import files;"
        "print(files.data_root());"
        "print(files.load_deck('swarm-sample').count())"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=target,
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "", "PYTHONPATH": str(target)},
    )
    root, count = result.stdout.split()
    assert root == str(target / "decks")
    assert count == "100"


def test_unknown_deck_and_missing_files(tmp_path):
    """An unknown deck id, a missing file and a bad ban-list name raise DataFileError naming the
    problem."""
    with pytest.raises(files.DataFileError, match="unknown deck 'nope'"):
        files.load_deck("nope")
    with pytest.raises(files.DataFileError, match="no such file"):
        files.load_card_db(tmp_path)
    with pytest.raises(files.DataFileError, match="not a ban-list name"):
        files.load_banlist("../index")
    with pytest.raises(files.DataFileError, match="no such file"):
        files.read_deck_file(tmp_path / "missing.txt")


def test_bad_data_files_are_reported(tmp_path):
    """Invalid JSON, a broken cards.tsv, non-UTF-8 text and an include loop are reported."""
    (tmp_path / "index.json").write_text("[{", encoding="utf-8")
    with pytest.raises(files.DataFileError, match="not valid JSON"):
        files.load_deck_index(tmp_path)
    (tmp_path / "index.json").write_text(json.dumps({"id": 1}), encoding="utf-8")
    with pytest.raises(files.DataFileError, match="expected a list"):
        files.load_deck_index(tmp_path)
    (tmp_path / "cards.tsv").write_text("wrong header\n", encoding="utf-8")
    with pytest.raises(files.DataFileError, match="cards.tsv"):
        files.load_card_db(tmp_path)
    (tmp_path / "deck.txt").write_bytes(b"1 Caf\xe9\n")
    with pytest.raises(files.DataFileError, match="not UTF-8"):
        files.read_deck_file(tmp_path / "deck.txt")
    (tmp_path / "banlists").mkdir()
    (tmp_path / "banlists" / "a.txt").write_text("# include: b\n[x]\nA\n", encoding="utf-8")
    (tmp_path / "banlists" / "b.txt").write_text("# include: a\n[x]\nB\n", encoding="utf-8")
    with pytest.raises(files.DataFileError, match="includes itself"):
        files.load_banlist("a", tmp_path)


def test_load_deck_from_another_root(tmp_path):
    """Every loader reads from a given root; a deck without a name header takes its title."""
    shutil.copytree(ROOT / "decks", tmp_path / "decks")
    (tmp_path / "decks" / "swarm" / "sample-swarm.txt").write_text("3 Zombie\n", encoding="utf-8")
    deck = files.load_deck("swarm-sample", tmp_path / "decks")
    assert deck.count() == 3
    assert deck.name == "Sample Swarm — Undead Tide"


def _fifo(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def within(seconds: float, step) -> None:
    """Run ``step()`` in a daemon thread; fail if it has not returned after ``seconds`` (a read
    that blocks on a FIFO or runs on through /dev/zero fails instead of hanging the suite)."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            step()
        except BaseException as error:  # reported in the test's own thread
            failure.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still reading after {seconds} s"
    if failure:
        raise failure[0]


def test_read_limited_refuses_what_is_not_a_regular_file(tmp_path):
    """Devices, FIFOs (with no writer: reading would block), folders and links to a device are
    refused before a byte is read (each under a time limit); a regular file is read whole."""
    fifo = _fifo(tmp_path)
    link = tmp_path / "zero-link"
    link.symlink_to("/dev/zero")
    for path, words in ((Path("/dev/zero"), "a device"), (link, "a device"),
                        (fifo, "a FIFO"), (tmp_path, "a folder")):
        with pytest.raises(files.NotAFileError, match=words):
            within(20, lambda path=path: files.read_limited(path))
    plain = tmp_path / "deck.txt"
    plain.write_bytes(b"4 Island\n")
    assert files.read_limited(plain) == b"4 Island\n"
    with pytest.raises(FileNotFoundError):
        files.read_limited(tmp_path / "missing.txt")


def test_read_limited_reads_at_most_its_limit(tmp_path):
    """A file one byte over the limit is refused; one at the limit is read."""
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 1001)
    with pytest.raises(files.TooLargeError, match="over 1,000 bytes"):
        files.read_limited(path, 1000)
    assert len(files.read_limited(path, 1001)) == 1001
    with pytest.raises(files.DataFileError, match="is a device"):
        files.read_deck_file("/dev/zero")


def test_the_printed_names_map_is_read_when_present(tmp_path):
    """hs-11-5: decks/printed-names.tsv.gz is read when the importer made it (gzipped or
    not), None when absent; a broken one names the file and its line."""
    import gzip

    assert files.load_printed_names(tmp_path) is None
    text = (Path(__file__).parent / "data" / "printed-names.tsv").read_text("utf-8")
    (tmp_path / files.PRINTED_NAMES).write_bytes(gzip.compress(text.encode("utf-8")))
    printed = files.load_printed_names(tmp_path)
    assert printed is not None and printed.lookup("Gebirge").name == "Mountain"
    (tmp_path / files.PRINTED_NAMES).write_bytes(gzip.compress(b"not the map\n"))
    with pytest.raises(files.DataFileError, match="line 1"):
        files.load_printed_names(tmp_path)
