"""Turn Scryfall card data into the project's compact card facts: ``decks/card-facts.tsv.gz``.

Usage::

    python scripts/import_scryfall.py               # the snapshot in ../shared/reference/scryfall/
    python scripts/import_scryfall.py --source oracle-cards.json[.gz]
    python scripts/import_scryfall.py --download    # Scryfall's bulk-data API ("Oracle Cards")

The input is Scryfall's card format: a JSON list of card objects (a bulk "Oracle Cards" file,
or the trimmed snapshot with the same fields). For every card the output keeps only facts
derived from it, never its rules text: every face name (in ``Front // Back``), mana cost, mana
value, type line, power/toughness, colours, colour identity, and tags read from the Oracle
text: ``can_be_commander``, ``partner``, ``partner_with=Name``, ``partner_group=Name``,
``friends_forever``, ``choose_a_background``, ``doctors_companion``, ``companion``, ``ante``,
``any_number``, ``copy_limit=N``, ``companion_rule=...`` (the companion's deck-building
condition, as read), ``extra_turn`` and ``controls_turn`` (the kinds of card Team Commander's
rule 5.1 bans); where the source has them, ``commander=banned`` (or
``not_legal``, ``restricted``) from ``legalities`` and ``games=`` (``p`` paper, ``a`` Arena,
``m`` MTGO) from ``games``; and the behaviour tags the Horde and Swarm automation reads
(``you_may``, ``activated=…``, ``gy_cast_condition``, ``flashback=…``, ``etb=…``, ``lord=…``,
``mass_removal=…`` ...: :mod:`pyengine.card_text`), so a pasted deck plays its real cards.
``any_number``, ``copy_limit=N``, ``tutor``, ``mass_land_denial``, ``extra_turn`` (Commander
bracket criteria, :func:`pyengine.power.power_tags`); where the source has them,
``commander=banned`` (or ``not_legal``, ``restricted``) from ``legalities`` and ``games=``
(``p`` paper, ``a`` Arena, ``m`` MTGO) from ``games``. A source with Scryfall's ``game_changer``
field also rewrites ``decks/game-changers.txt`` (the committed file is the fallback).

Cards named by the shipped ban lists (``decks/banlists/``) but absent from the source (the
snapshot leaves out banned cards) are added with the facts ``decks/cards.tsv`` has for them, a
``Conspiracy`` type line for the Conspiracy category, or else the name alone and the tag
``no_facts``: the checker still sees the ban, and reports the identity as not checked.

The file is gzip-compressed TSV: ``# key: value`` lines (``source``, ``date``, ``cards``), the
header of ``decks/cards.tsv``, one card a line sorted by normalised name. It prints the file's
size and the source's date. Exit code 0 on success, 1 when the source cannot be read (the
committed file is then left as it was).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import urllib.request
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.banlists import BanList  # noqa: E402
from pyengine.card_text import behaviour_tags  # noqa: E402
from pyengine.cards import TSV_COLUMNS, CardDB, colors_of_cost, mana_value_of  # noqa: E402
from pyengine.legality import commander_tags, deck_building_tags, rule_ban_tags  # noqa: E402
from pyengine.names import normalize  # noqa: E402
from pyengine.power import power_tags  # noqa: E402
from pyengine.vocabulary import check_tags  # noqa: E402
from sitebuild import coverage  # noqa: E402

OUTPUT = ROOT / "decks" / "card-facts.tsv.gz"
BULK_API = "https://api.scryfall.com/bulk-data/oracle-cards"
USER_AGENT = "coop-magic-rules/1.0 (card-facts importer)"
#: Layouts that are not cards a deck can hold.
SKIP_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series", "planar", "scheme",
                "vanguard", "augment", "host"}
#: Faces after the first whose mana cost does not add to the card's mana value.
_SECOND_SPELL = re.compile(r"\b(Adventure|Omen)\b")
WUBRG = "WUBRG"
_GAMES = (("paper", "p"), ("arena", "a"), ("mtgo", "m"))


def _snapshot() -> Path | None:
    for base in (ROOT.parent, ROOT.parent.parent):
        found = sorted((base / "shared" / "reference" / "scryfall").glob("*.json.gz"))
        if found:
            return found[-1]
    return None


def _clean(text: Any) -> str:
    """A field value safe for a TSV cell: no tabs, no line ends, no ';' in tags."""
    return " ".join(str(text or "").split())


def _wubrg(letters: Iterable[str]) -> str:
    found = {str(letter).upper() for letter in letters}
    return "".join(letter for letter in WUBRG if letter in found)


def mana_value(card: Mapping[str, Any]) -> int:
    """The card's mana value: ``cmc`` where the source has it; else from the costs (a split
    card adds its halves, an adventure or a two-faced card counts its first face)."""
    cmc = card.get("cmc")
    if isinstance(cmc, (int, float)):
        return int(cmc)
    faces = [f for f in card.get("card_faces") or [] if isinstance(f, Mapping)]
    cost = card.get("mana_cost")
    if faces and (cost is None or "//" not in cost):
        return mana_value_of(str(faces[0].get("mana_cost") or ""))  # two-faced
    if faces and any(_SECOND_SPELL.search(str(f.get("type_line") or "")) for f in faces[1:]):
        return mana_value_of(str(faces[0].get("mana_cost") or ""))  # adventure, omen
    return mana_value_of(str(cost or ""))  # one face, or a split card: halves add up


def card_row(card: Mapping[str, Any]) -> tuple[str, str] | None:
    """(name, TSV row) for one Scryfall card object, or None for a non-card (token, ...)."""
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    if card.get("layout") in SKIP_LAYOUTS:
        return None
    faces = [f for f in card.get("card_faces") or [] if isinstance(f, Mapping)]
    front: Mapping[str, Any] = faces[0] if faces else card
    type_line = _clean(card.get("type_line") or " // ".join(
        _clean(f.get("type_line")) for f in faces))
    if type_line.startswith("Token") or not type_line:
        return None
    cost = card.get("mana_cost")
    if faces and not cost:
        cost = front.get("mana_cost") or ""
    elif faces and "//" in str(cost):
        cost = str(cost).split("//")[0].strip() if _SECOND_SPELL.search(type_line) else cost
    cost = _clean(cost)
    power = card.get("power") if card.get("power") is not None else front.get("power")
    toughness = card.get("toughness") if card.get("toughness") is not None \
        else front.get("toughness")
    colors = card.get("colors")
    if colors is None:
        colors = front.get("colors")
    colors_text = _wubrg(colors) if isinstance(colors, list) else colors_of_cost(cost)
    texts = [str(card.get("oracle_text") or "")] + [str(f.get("oracle_text") or "")
                                                    for f in faces]
    front_text = str(front.get("oracle_text") or card.get("oracle_text") or "")
    tags: list[str] = []
    if "Legendary" in type_line.split(" // ")[0].split(" — ")[0].split():
        tags.append("legendary")
    tags.extend(commander_tags(front_text))
    tags.extend(deck_building_tags("\n".join(texts)))
    tags.extend(rule_ban_tags("\n".join(texts)))  # kinds of card a rulebook bans (tc-5-1)
    tags.extend(card_behaviour(card, type_line, faces))
    # Commander bracket criteria (pyengine/power.py): tutor, mass_land_denial, extra_turn.
    tags.extend(power_tags("\n".join(texts), type_line))
    legalities = card.get("legalities")
    if isinstance(legalities, Mapping) and legalities.get("commander") not in (None, "legal"):
        tags.append(f"commander={legalities['commander']}")
    games = card.get("games")
    if isinstance(games, list):
        tags.append("games=" + "".join(letter for game, letter in _GAMES if game in games))
    tags = [_clean(t).replace(";", ",") for t in dict.fromkeys(tags)]
    check_tags(_clean(name), tags)  # every tag is a verb of the vocabulary (issue 39)
    row = "\t".join([
        _clean(name), cost, str(mana_value(card)), type_line, _clean(power), _clean(toughness),
        colors_text, _wubrg(card.get("color_identity") or []), "0", ";".join(tags),
    ])
    return _clean(name), row


def card_behaviour(card: Mapping[str, Any], type_line: str,
                   faces: list[Mapping[str, Any]]) -> list[str]:
    """The behaviour tags the Horde and Swarm automation reads, derived from the card's text
    (:func:`pyengine.card_text.behaviour_tags`): the front face's abilities (a split card's
    every half, since either can be cast); the text itself is not kept."""
    name = str(card.get("name") or "")
    text = str(card.get("oracle_text") or "")
    split = "//" in str(card.get("mana_cost") or "") and not _SECOND_SPELL.search(type_line)
    pairs = [(str(f.get("type_line") or ""), str(f.get("oracle_text") or "")) for f in faces]
    if not text and pairs:
        text = pairs[0][1]
    others = pairs[1:] if split else [p for p in pairs[1:] if "Aftermath" in p[1]]
    return behaviour_tags(text, type_line, name, others)


def banned_names(root: Path = ROOT) -> dict[str, str]:
    """Every card the shipped ban lists name, by normalised name -> (name, section)."""
    found: dict[str, str] = {}
    for path in sorted((root / "decks" / "banlists").glob("*.txt")):
        banlist = BanList.from_text(path.read_text(encoding="utf-8"), key=path.stem)
        for section in banlist.sections:
            for name in banlist.names(section):
                found.setdefault(normalize(name), f"{name}\t{section}")
    return found


def build(cards: list[Any], source: str, date: str, root: Path = ROOT) -> tuple[str, dict]:
    """The compact file's text, and counts for the summary."""
    rows: dict[str, str] = {}
    skipped = 0
    for card in cards:
        if not isinstance(card, Mapping):
            skipped += 1
            continue
        made = card_row(card)
        if made is None:
            skipped += 1
            continue
        name, row = made
        rows.setdefault(normalize(name), row)
    shipped = CardDB.from_tsv((root / "decks" / "cards.tsv").read_text(encoding="utf-8"))
    known = CardDB()
    for row in rows.values():
        known._add_row(row.split("\t", 1)[0], row)
    added = {"shipped facts": 0, "conspiracy": 0, "name only": 0}
    for name_section in banned_names(root).values():
        name, section = name_section.split("\t")
        if name in known or normalize(name) in rows:
            continue
        facts = shipped.get(name)
        if facts is not None and not facts.is_token:
            rows[normalize(facts.name)] = facts.to_tsv_row()
            added["shipped facts"] += 1
        elif section == "conspiracy":
            rows[normalize(name)] = "\t".join([name, "", "0", "Conspiracy", "", "", "", "", "0",
                                               ""])
            added["conspiracy"] += 1
        else:
            rows[normalize(name)] = "\t".join([name, "", "0", "", "", "", "", "", "0",
                                               "no_facts"])
            added["name only"] += 1
    header = [
        "# Card facts for pyengine, derived from Scryfall card data by "
        "scripts/import_scryfall.py (no rules text).",
        f"# source: {source}",
        f"# date: {date}",
        f"# cards: {len(rows)}",
        "\t".join(TSV_COLUMNS),
    ]
    body = [rows[key] for key in sorted(rows)]
    return "\n".join(header + body) + "\n", {"cards": len(rows), "skipped": skipped, **added}


def scryfall_banned(cards: list[Any]) -> list[str]:
    """Names Scryfall's ``legalities`` mark banned in Commander (empty for the snapshot)."""
    return sorted(
        str(card.get("name")) for card in cards
        if isinstance(card, Mapping) and isinstance(card.get("legalities"), Mapping)
        and card["legalities"].get("commander") == "banned"
    )


GAME_CHANGERS = ROOT / "decks" / "game-changers.txt"


def game_changers_text(cards: list[Any], source: str, date: str) -> str | None:
    """The Game Changers file from Scryfall's ``game_changer`` field, or None when the source
    has no such field (the trimmed snapshot): the committed file is then kept."""
    if not any(isinstance(c, Mapping) and "game_changer" in c for c in cards):
        return None
    names = sorted({str(c["name"]) for c in cards if isinstance(c, Mapping)
                    and c.get("game_changer") is True}, key=str.casefold)
    header = ["# name: Game Changers (Commander Brackets)",
              f"# source: the game_changer field of {source}",
              f"# date: {date}",
              "# note: written by scripts/import_scryfall.py; one card name a line, sorted."]
    return "\n".join(header + names) + "\n"


def _fetch_json(url: str) -> Any:
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT,
                                                   "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:  # noqa: S310 - https only
        data = response.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return json.loads(data.decode("utf-8"))


def download() -> tuple[list[Any], str, str]:
    """Scryfall's current "Oracle Cards" bulk file: (cards, source, date)."""
    info = _fetch_json(BULK_API)
    uri = info.get("download_uri") if isinstance(info, Mapping) else None
    if not isinstance(uri, str) or not uri.startswith("https://"):
        raise ValueError("the bulk-data answer has no https download_uri")
    cards = _fetch_json(uri)
    date = str(info.get("updated_at") or "")[:10]
    return cards, f"Scryfall bulk data 'Oracle Cards' ({BULK_API})", date


def read_source(path: Path) -> tuple[list[Any], str, str]:
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    cards = json.loads(data.decode("utf-8-sig"))
    if isinstance(cards, Mapping) and isinstance(cards.get("data"), list):
        cards = cards["data"]
    if not isinstance(cards, list):
        raise ValueError("expected a JSON list of Scryfall card objects")
    match = re.search(r"\d{4}-\d{2}-\d{2}", path.name)
    return cards, f"{path.name} (Scryfall card format)", match.group(0) if match else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="Scryfall JSON (.json or .json.gz)")
    parser.add_argument("--download", action="store_true",
                        help="fetch Scryfall's current Oracle Cards bulk file")
    parser.add_argument("--date", help="the source's date, when its file name has none")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    try:
        if args.download:
            cards, source, date = download()
        else:
            path = args.source or _snapshot()
            if path is None:
                print("import_scryfall: no source given and no snapshot found", file=sys.stderr)
                return 1
            cards, source, date = read_source(path)
    except (OSError, ValueError) as error:
        print(f"import_scryfall: the source could not be read ({error}); "
              f"{args.output} was left as it was", file=sys.stderr)
        return 1
    date = args.date or date or "unknown"
    text, counts = build(cards, source, date)
    CardDB.from_compact(text).check_rows()  # every row reads back
    data = gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)
    args.output.write_bytes(data)
    print(f"{args.output.relative_to(ROOT) if args.output.is_relative_to(ROOT) else args.output}:"
          f" {counts['cards']} cards, {len(data):,} bytes gzip ({len(text.encode()):,} bytes "
          f"as text); source {source}, dated {date}")
    print(f"  skipped {counts['skipped']} non-card objects; ban-list cards the source lacks: "
          f"{counts['shipped facts']} from decks/cards.tsv, {counts['conspiracy']} Conspiracy, "
          f"{counts['name only']} by name only")
    if args.output == OUTPUT:  # how much of the pool the vocabulary reads (issue 39)
        figures = coverage.compute(cards)
        coverage.write(figures, source)
        print(f"  {coverage.FIGURES.relative_to(ROOT)}: {figures['cards']} creatures, instants "
              f"and sorceries; {figures['unread']} with a line no verb reads")
    changers = game_changers_text(cards, source, date)
    if changers is not None and args.output == OUTPUT:
        GAME_CHANGERS.write_text(changers, encoding="utf-8")
        print(f"  {GAME_CHANGERS.relative_to(ROOT)}: {changers.count(chr(10)) - 4} Game Changers "
              "from the source's game_changer field")
    banned = scryfall_banned(cards)
    if banned:
        shipped = {normalize(n.split('\t')[0]) for n in banned_names().values()}
        new = [n for n in banned if normalize(n) not in shipped]
        print(f"  Scryfall marks {len(banned)} cards banned in Commander"
              + (f"; not on the shipped lists: {', '.join(new)}" if new else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
