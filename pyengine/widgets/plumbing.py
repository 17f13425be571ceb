"""Form and storage plumbing every widget shares, written once. Pure, standard library only.

* :func:`sentence`: an error (an exception's text) as the page shows it.
* :data:`DAMAGED` and :func:`restore`: what a broken save raises, and the one wrapper that
  turns it into "the save is damaged".
* :func:`saved_state`: a widget's stored state, refused unless it is this widget's own.
* :func:`shipped_deck`: the text of a shipped deck by id, refused if the page does not list it.
* :func:`whole_number`: a whole number from a form field, within bounds.
* :func:`names`: names from a comma- or line-separated field.
* :func:`guard_paste`: :func:`pyengine.widgets.paste_too_big` as an exception.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping
from typing import Any

from .. import safejson
from ..game import ActionError, GameError
from . import paste_too_big

#: What restoring a save that is not what it claims (wrong shapes, too deep) raises; a page
#: reports each as "damaged", never as a crash.
DAMAGED: tuple[type[BaseException], ...] = (KeyError, TypeError, AttributeError, IndexError,
                                            RecursionError)

#: Ends a sentence already has.
ENDINGS = (".", "!", "?")


def sentence(text: str, *, empty: str = "", endings: tuple[str, ...] = ENDINGS) -> str:
    """``text`` as a sentence: trimmed, first letter upper case, a full stop unless it ends in
    one of ``endings``; ``empty`` when there is no text."""
    text = text.strip()
    if not text:
        return empty
    text = text[0].upper() + text[1:]
    return text if text.endswith(endings) else text + "."


def restore(read: Callable[[str], Any], saved: str) -> Any:
    """``read(saved)``; a save whose shape breaks it (:data:`DAMAGED`) raises
    ``ValueError("the save is damaged")`` (:mod:`.saves` then keeps it aside)."""
    try:
        return read(saved)
    except DAMAGED:
        raise ValueError("the save is damaged") from None


def saved_state(saved: str, versions: Container[Any], not_ours: str, *,
                missing: Any = None) -> dict[str, Any]:
    """The object a widget stored (safe JSON); ``ValueError`` ``not_ours`` unless it is an
    object whose ``"v"`` (``missing`` when absent) is one of ``versions``."""
    data = safejson.loads(saved, what="the save")
    if not isinstance(data, dict) or data.get("v", missing) not in versions:
        raise ValueError(not_ours)
    return data


def shipped_deck(env: Any, deck_id: str, *, decks: Iterable[dict[str, Any]] | None = None,
                 kind: str = "", error: type[Exception] = GameError) -> str:
    """The text of the shipped deck ``deck_id`` (one of ``decks``, default ``env.decks``);
    ``error`` "there is no shipped {kind }deck called …" for any other id."""
    known = {deck["id"] for deck in (env.decks if decks is None else decks)}
    if deck_id not in known:
        raise error(f"there is no shipped {kind + ' ' if kind else ''}deck called {deck_id!r}")
    text: str = env.read_deck(deck_id)
    return text


def whole_number(value: Any, label: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``; ``ActionError`` naming ``label``
    otherwise."""
    try:
        number = int(str(value).strip())
    except ValueError:
        raise ActionError(f"{label} must be a whole number") from None
    if not low <= number <= high:
        raise ActionError(f"{label} must be {low} to {high}")
    return number


def names(text: str, limit: int = 30, longest: int = 80) -> list[str]:
    """Names from a comma- or line-separated field, trimmed, each at most ``longest`` long, at
    most ``limit`` of them."""
    parts = [p.strip()[:longest] for p in str(text).replace("\n", ",").split(",")]
    return [p for p in parts if p][:limit]


def token_size(form: Mapping[str, str]) -> dict[str, int]:
    """A token's power and toughness as typed (``token-power``, ``token-toughness``; each left
    out when blank), whole numbers from 0 to 99."""
    size: dict[str, int] = {}
    for key, field_name in (("power", "token-power"), ("toughness", "token-toughness")):
        value = form[field_name].strip()
        if value:
            size[key] = whole_number(value, f"The token's {key}", 0, 99)
    return size


def guard_paste(*texts: str, error: type[Exception] = ActionError) -> None:
    """Raise ``error`` with :func:`~pyengine.widgets.paste_too_big`'s message if any of
    ``texts`` is beyond what a page reads."""
    for text in texts:
        too_big = paste_too_big(text)
        if too_big:
            raise error(too_big)


def ordinal(n: int) -> str:
    """``n`` as an English ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
