"""How old the card data is, in the words every page and the command line use (issue 37).

Pure functions: the caller gives today's date (the command line and the browser read their
clock; tests pass one).
"""

from __future__ import annotations

import datetime

__all__ = ["MAX_AGE_DAYS", "age_days", "date_line", "is_stale"]

#: Card data older than this is flagged: new sets come out every few weeks.
MAX_AGE_DAYS = 60


def age_days(date: str, today: datetime.date) -> int | None:
    """Days from the card data's ``date`` (``YYYY-MM-DD``) to ``today``; None if unknown."""
    try:
        made = datetime.date.fromisoformat(date.strip()[:10])
    except ValueError:
        return None
    return (today - made).days


def is_stale(date: str, today: datetime.date) -> bool:
    days = age_days(date, today)
    return days is not None and days > MAX_AGE_DAYS


def date_line(date: str, today: datetime.date) -> str:
    """"Card data of DATE." or, when it is older than :data:`MAX_AGE_DAYS` days, the
    flag: "Card data from DATE: cards printed since then are not known yet." ("" for no
    date)."""
    if not date:
        return ""
    if is_stale(date, today):
        return f"Card data from {date}: cards printed since then are not known yet."
    return f"Card data of {date}."
