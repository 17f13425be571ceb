"""pyengine/data_age.py: the card data's date in the CLI and on the pages, flagged after 60
days (issue 37, point 2)."""

from __future__ import annotations

import datetime
import json

from pyengine import files
from pyengine.cli import main
from pyengine.data_age import MAX_AGE_DAYS, age_days, date_line, is_stale

TODAY = datetime.date(2026, 12, 6)


def test_sixty_days_is_fresh_and_sixty_one_is_flagged():
    assert MAX_AGE_DAYS == 60
    assert date_line("2026-10-07", TODAY) == "Card data of 2026-10-07."
    assert date_line("2026-10-06", TODAY) == ("Card data from 2026-10-06: cards printed since "
                                              "then are not known yet.")
    assert age_days("2026-10-06", TODAY) == 61 and is_stale("2026-10-06", TODAY)
    assert date_line("", TODAY) == "" and age_days("unknown", TODAY) is None
    assert not is_stale("unknown", TODAY)


def test_the_command_line_says_the_date_and_flags_old_data(tmp_path, capsys):
    """The check command prints the card data's line (flagged when old) and the Game
    Changers list's date; --json carries the age in days."""
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Krenko, Mob Boss *CMDR*\n99 Mountain\n", encoding="utf-8")
    main(["check", str(deck), "--format", "commander-horde"])
    out = capsys.readouterr().out
    date = files.load_card_facts().meta["date"]
    assert f"({date_line(date, datetime.date.today())})" in out
    assert "(Game Changers list of 2026-02-09)" in out
    main(["check", str(deck), "--format", "commander-horde", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["card_data"]["age_days"] == age_days(date, datetime.date.today())
