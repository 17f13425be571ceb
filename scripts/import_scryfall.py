"""Turn Scryfall card data into the project's compact card facts: ``decks/card-facts.tsv.gz``.

Usage::

    python scripts/import_scryfall.py               # the snapshot in ../shared/reference/scryfall/
    python scripts/import_scryfall.py --source oracle-cards.jsonl.gz [--all-cards all.jsonl.gz]
                                      [--combos variants.json.gz]
    python scripts/import_scryfall.py --download --min-cards 25000 --summary SUMMARY.md

The input is Scryfall's card format, read by :mod:`bulk_sources`: Scryfall's current bulk
shape (gzipped JSON Lines, one card object a line, streamed line by line), or a JSON list of
card objects (an old bulk file, or the trimmed snapshot with the same fields). ``--download``
reads Scryfall's bulk-data list (``https://api.scryfall.com/bulk-data``), takes the
``jsonl_download_uri`` and ``updated_at`` of ``oracle_cards`` and ``all_cards``, and Commander
Spellbook's variants export. Objects that are not cards a deck can hold (layouts in
``SKIP_LAYOUTS``: tokens, art series, ``front_card`` ...) are skipped and counted by kind.

For every card the output keeps only facts derived from it, never its rules text: every face
name (in ``Front // Back``), mana cost, mana
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
size and the source's date.

With All Cards (``--all-cards`` or ``--download``) it also writes ``decks/printed-names.tsv.gz``
(:mod:`pyengine.printed_names`: the names printed on non-English printings and reflavoured
ones, for the cards in the card data); with Spellbook's export (``--combos`` or
``--download``), ``decks/combos.tsv.gz`` (:mod:`pyengine.combos`, :mod:`spellbook_combos`).

Nothing is written until every source has been read: exit code 0 on success; 1 when a source
was reached but cannot be read (a format change, a truncated or hostile file, a line over
:data:`bulk_sources.MAX_LINE` bytes, an answer without the expected keys, printed names or
combos naming cards the card data lacks): one message names the problem and every committed
file is left as it was; :data:`NETWORK` (3) when a source could not be reached (the files of
the sources that were read are written; the card data stays as committed when Scryfall itself
could not be reached). ``--summary`` appends the report to the workflow's job summary.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import spellbook_combos  # noqa: E402
from bulk_sources import (  # noqa: E402
    SourceError,
    Unreachable,
    bulk_entry,
    download,
    fetch_json,
    iter_array_items,
    iter_objects,
)

from pyengine.banlists import BanList  # noqa: E402
from pyengine.card_text import behaviour_tags  # noqa: E402
from pyengine.cards import TSV_COLUMNS, CardDB, colors_of_cost, mana_value_of  # noqa: E402
from pyengine.combos import write as write_combos  # noqa: E402
from pyengine.legality import commander_tags, deck_building_tags, rule_ban_tags  # noqa: E402
from pyengine.names import normalize  # noqa: E402
from pyengine.power import power_tags  # noqa: E402
from pyengine.printed_names import FLAVOR, PrintedName  # noqa: E402
from pyengine.printed_names import parse as parse_printed  # noqa: E402
from pyengine.printed_names import write as write_printed  # noqa: E402
from pyengine.vocabulary import check_tags  # noqa: E402
from sitebuild import coverage  # noqa: E402

OUTPUT = ROOT / "decks" / "card-facts.tsv.gz"
#: Scryfall's bulk-data list: one entry per bulk file (``oracle_cards``, ``all_cards``...).
BULK_LIST = "https://api.scryfall.com/bulk-data"
#: Exit code when a source could not be reached (the deploy keeps the committed data and its
#: job summary says so); 1 is a source that was reached but cannot be read (the deploy fails).
NETWORK = 3
#: All Cards files this large always hold printed names (today's: about 500,000 objects, most
#: of them printings in other languages); none means a wrong file or renamed fields.
MIN_OBJECTS_FOR_A_NAME = 10_000
#: Layouts that are not cards a deck can hold.
SKIP_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series", "front_card", "planar",
                "scheme", "vanguard", "augment", "host"}
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



class Import:
    """One pass over a card file's objects (:meth:`add` each): the card facts' rows, the
    objects skipped by kind, the Game Changers (Scryfall's ``game_changer`` field) and the
    cards Scryfall marks banned in Commander."""

    def __init__(self) -> None:
        self.rows: dict[str, str] = {}
        self.skipped: Counter[str] = Counter()
        self.changers: set[str] = set()
        self.has_changer_field = False
        self.banned: set[str] = set()

    def add(self, card: Any) -> None:
        if not isinstance(card, Mapping):
            self.skipped["not an object"] += 1
            return
        kind = card.get("object")
        if kind not in (None, "card"):
            self.skipped[f"{kind} objects"] += 1
            return
        layout = card.get("layout")
        if layout in SKIP_LAYOUTS:
            self.skipped[str(layout)] += 1
            return
        if "game_changer" in card:
            self.has_changer_field = True
            if card["game_changer"] is True and isinstance(card.get("name"), str):
                self.changers.add(_clean(card["name"]))
        made = card_row(card)
        if made is None:
            self.skipped["tokens or nameless"] += 1
            return
        name, row = made
        self.rows.setdefault(normalize(name), row)
        legalities = card.get("legalities")
        if isinstance(legalities, Mapping) and legalities.get("commander") == "banned":
            self.banned.add(name)

    def text(self, source: str, date: str, root: Path = ROOT) -> tuple[str, dict]:
        """The compact file's text, and counts for the summary."""
        rows = dict(self.rows)
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
                rows[normalize(name)] = "\t".join([name, "", "0", "Conspiracy", "", "", "", "",
                                                   "0", ""])
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
        counts = {"cards": len(rows), "skipped": sum(self.skipped.values()),
                  "skipped_by": dict(sorted(self.skipped.items())), **added}
        return "\n".join(header + body) + "\n", counts

    def game_changers_text(self, source: str, date: str) -> str | None:
        """The Game Changers file from the ``game_changer`` field, or None when the source
        has no such field (the trimmed snapshot): the committed file is then kept."""
        if not self.has_changer_field:
            return None
        names = sorted(self.changers, key=str.casefold)
        header = ["# name: Game Changers (Commander Brackets)",
                  f"# source: the game_changer field of {source}",
                  f"# date: {date}",
                  "# note: written by scripts/import_scryfall.py; one card name a line, sorted."]
        return "\n".join(header + names) + "\n"


def build(cards: Iterable[Any], source: str, date: str, root: Path = ROOT) -> tuple[str, dict]:
    """The compact file's text, and counts for the summary (one pass over ``cards``)."""
    found = Import()
    for card in cards:
        found.add(card)
    return found.text(source, date, root)


GAME_CHANGERS = ROOT / "decks" / "game-changers.txt"
PRINTED_NAMES = ROOT / "decks" / "printed-names.tsv.gz"
COMBOS = ROOT / "decks" / "combos.tsv.gz"


def game_changers_text(cards: Iterable[Any], source: str, date: str) -> str | None:
    """The Game Changers file from Scryfall's ``game_changer`` field (see
    :meth:`Import.game_changers_text`)."""
    found = Import()
    for card in cards:
        found.add(card)
    return found.game_changers_text(source, date)


# -- printed names (Scryfall's "All Cards": every printing, every language) -------------------
def _faces(card: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    faces = card.get("card_faces")
    return [f for f in faces if isinstance(f, Mapping)] if isinstance(faces, list) else []


def printed_names(objects: Iterable[Any], known: Mapping[str, str]) -> tuple[list[PrintedName],
                                                                              Counter[str]]:
    """The printed names of every printing whose card is in the card data (``known``:
    normalised name -> the card data's name): ``printed_name`` with ``lang`` for printings
    not in English (each face's too), ``flavor_name`` as lang ``flavor``. Counts: ``read``,
    ``skipped`` (non-card layouts), ``unknown`` (a card the card data lacks)."""
    rows: list[PrintedName] = []
    counts: Counter[str] = Counter()
    for card in objects:
        counts["read"] += 1
        if not isinstance(card, Mapping) or card.get("object") not in (None, "card") \
                or card.get("layout") in SKIP_LAYOUTS:
            counts["skipped"] += 1
            continue
        name = card.get("name")
        lang = card.get("lang")
        if not isinstance(name, str) or not isinstance(lang, str):
            raise SourceError(f"a card object without a name or lang (keys: "
                              f"{', '.join(sorted(map(str, card))[:12])})")
        found: list[tuple[str, str]] = []
        for part in [card, *_faces(card)]:
            if lang != "en" and isinstance(part.get("printed_name"), str):
                found.append((_clean(part["printed_name"]), _clean(lang)))
            if isinstance(part.get("flavor_name"), str):
                found.append((_clean(part["flavor_name"]), FLAVOR))
        if not found:
            continue
        english = known.get(normalize(name))
        if english is None:
            counts["unknown"] += 1
            if counts["unknown"] <= 3:
                counts[f"unknown: {found[0][0]} -> {name}"] += 1
            continue
        rows.extend(PrintedName(printed, code, english) for printed, code in found if printed)
    return rows, counts


def _check_unknown(kind: str, unknown: int, kept: int, examples: Iterable[str]) -> None:
    """Stop when more than 1 in 100 entries name a card the card data lacks: the two sources
    do not match (a broken file, or another game's data)."""
    if unknown > kept // 100:
        sample = "; ".join(examples)
        raise SourceError(f"{unknown} {kind} name no card of the card data ({sample}): the "
                          "file does not match the card data; nothing was written")


# -- Commander Spellbook's two-card combos -------------------------------------------------------
def read_combos(path: Path, known: Mapping[str, str]) -> tuple[str, Counter[str]]:
    """The combos file's text from Spellbook's variants export at ``path`` (JSON, gzipped or
    not), and counts."""
    meta: dict[str, Any] = {}
    with path.open("rb") as raw:
        gzipped = raw.read(2) == b"\x1f\x8b"
        raw.seek(0)
        stream: IO[bytes] = gzip.GzipFile(fileobj=raw, mode="rb") if gzipped else raw
        combos, counts = spellbook_combos.reduce(
            iter_array_items(stream, "variants", meta, where=path.name), known)
    _check_unknown("combo cards", counts["unknown"], len(combos),
                   [k[9:] for k in counts if k.startswith("unknown: ")])
    date = str(meta.get("timestamp") or "")[:10]
    text = write_combos(combos, {
        "source": f"Commander Spellbook (commanderspellbook.com), variants export {path.name}"
                  + (f", version {meta['version']}" if meta.get("version") else ""),
        "licence": spellbook_combos.LICENCE,
        "date": date or "unknown",
        "note": "two-card combos legal in Commander that give something infinite or win the "
                "game; reduced by scripts/import_scryfall.py",
    })
    return text, counts


# -- reading and writing ---------------------------------------------------------------------------
def _file_date(path: Path) -> str:
    match = re.search(r"\d{4}-\d{2}-\d{2}", path.name)
    return match.group(0) if match else ""


def _write(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (a temporary file, then a rename)."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def _gzip(text: str) -> bytes:
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


class Run:
    """One import: the sources read, every output's bytes kept until all are read, then
    written together (:meth:`write`), and the lines of the summary."""

    def __init__(self, args: argparse.Namespace, work: Path) -> None:
        self.args = args
        self.work = work
        self.outputs: list[tuple[Path, bytes]] = []
        self.lines: list[str] = []
        self.fell_back: list[str] = []
        self.known: dict[str, str] = {}

    def say(self, line: str) -> None:
        print(line)
        self.lines.append(line)

    def fetch(self, kind: str) -> tuple[Path, str, str]:
        """Download one of Scryfall's bulk files: (path, address, date)."""
        uri, date, shape = bulk_entry(fetch_json(BULK_LIST), kind)
        target = self.work / f"{kind}-{date}.{'jsonl' if shape == 'jsonl' else 'json'}.gz"
        size = download(uri, target)
        self.say(f"  fetched Scryfall's '{kind}' ({shape}, {size:,} bytes), updated {date}")
        return target, uri, date

    def card_facts(self) -> None:
        args = self.args
        if args.download:
            path, _, date = self.fetch("oracle_cards")
            source = f"Scryfall bulk data 'Oracle Cards' ({BULK_LIST})"
        else:
            path = args.source or _snapshot()
            if path is None:
                raise SourceError("no source given and no snapshot found")
            source, date = f"{path.name} (Scryfall card format)", _file_date(path)
        found = Import()
        for card in iter_objects(path):
            found.add(card)
        if len(found.rows) < max(1, args.min_cards):
            raise SourceError(f"only {len(found.rows)} cards read (at least {args.min_cards} "
                              "expected): a partial or wrong file")
        date = args.date or date or "unknown"
        text, counts = found.text(source, date)
        CardDB.from_compact(text).check_rows()  # every row reads back
        data = _gzip(text)
        self.outputs.append((args.output, data))
        self.known = {key: row.split("\t", 1)[0] for key, row in found.rows.items()}
        skipped = ", ".join(f"{n} {k}" for k, n in counts["skipped_by"].items()) or "none"
        self.say(f"{_shown(args.output)}: {counts['cards']} cards, {len(data):,} bytes gzip "
                 f"({len(text.encode()):,} bytes as text); source {source}, dated {date}")
        self.say(f"  skipped {counts['skipped']} non-card objects ({skipped}); ban-list cards "
                 f"the source lacks: {counts['shipped facts']} from decks/cards.tsv, "
                 f"{counts['conspiracy']} Conspiracy, {counts['name only']} by name only")
        changers = found.game_changers_text(source, date)
        if args.output == OUTPUT:  # how much of the pool the vocabulary reads (issue 39)
            figures = coverage.compute(iter_objects(path))
            self.outputs.append((coverage.FIGURES,
                                 coverage.text_of(figures, source).encode("utf-8")))
            self.say(f"  {_shown(coverage.FIGURES)}: {figures['cards']} creatures, instants "
                     f"and sorceries; {figures['unread']} with a line no verb reads")
        if changers is not None and not found.changers and args.min_cards:
            raise SourceError("the source has a game_changer field but no card marked true: "
                              "the field's meaning changed?")
        if changers is not None and args.output == OUTPUT:
            self.outputs.append((GAME_CHANGERS, changers.encode("utf-8")))
            self.say(f"  {_shown(GAME_CHANGERS)}: {len(found.changers)} Game Changers from "
                     "the source's game_changer field")
        if found.banned:
            shipped = {normalize(n.split("\t")[0]) for n in banned_names().values()}
            new = sorted(n for n in found.banned if normalize(n) not in shipped)
            self.say(f"  Scryfall marks {len(found.banned)} cards banned in Commander"
                     + (f"; not on the shipped lists: {', '.join(new)}" if new else ""))

    def printed(self) -> None:
        args = self.args
        if args.all_cards:
            path, date = args.all_cards, _file_date(args.all_cards)
        else:
            path, _, date = self.fetch("all_cards")
        rows, counts = printed_names(iter_objects(path), self.known)
        if not rows and counts["read"] >= MIN_OBJECTS_FOR_A_NAME:
            raise SourceError(f"no printed name among {counts['read']} objects of {path.name}: "
                              "not Scryfall's All Cards file, or its fields changed")
        _check_unknown("printed names", counts["unknown"], len(rows),
                       [k[9:] for k in counts if k.startswith("unknown: ")])
        text = write_printed(rows, {"date": date or "unknown",
                                    "source": "Scryfall all_cards"})
        parse_printed(text, known=set(self.known.values()))  # reads back, every card known
        data = _gzip(text)
        self.outputs.append((args.printed_names, data))
        self.say(f"{_shown(args.printed_names)}: {text.count(chr(10)) - 1} printed names, "
                 f"{len(data):,} bytes gzip ({len(text.encode()):,} as text), from "
                 f"{counts['read']} objects ({counts['skipped']} not cards, "
                 f"{counts['unknown']} of cards the card data lacks)")

    def combos(self) -> None:
        args = self.args
        path = args.combos
        if path is None:
            path = self.work / "variants.json.gz"
            size = download(spellbook_combos.EXPORT, path)
            self.say(f"  fetched Commander Spellbook's variants export ({size:,} bytes)")
        text, counts = read_combos(path, self.known)
        data = _gzip(text)
        self.outputs.append((args.combos_output, data))
        self.say(f"{_shown(args.combos_output)}: {counts['kept']} two-card combos, "
                 f"{len(data):,} bytes gzip, from {counts['read']} variants ("
                 + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())
                             if k.startswith("skipped: ")) + ")")

    def optional(self, what: str, step: Callable[[], None]) -> None:
        """A step whose source may be unreachable: the deploy goes on without its file."""
        try:
            step()
        except Unreachable as error:
            self.fell_back.append(what)
            self.say(f"  {what}: not refreshed, the network could not be reached ({error})")

    def write(self) -> None:
        for path, data in self.outputs:
            _write(path, data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="Scryfall card data: JSON Lines or a JSON "
                        "list, gzipped or not")
    parser.add_argument("--download", action="store_true",
                        help="fetch Scryfall's current Oracle Cards and All Cards bulk files "
                        "and Commander Spellbook's variants export")
    parser.add_argument("--all-cards", type=Path, help="Scryfall's All Cards file: also write "
                        "the printed-names map")
    parser.add_argument("--combos", type=Path, help="Commander Spellbook's variants export: "
                        "also write the two-card combos")
    parser.add_argument("--min-cards", type=int, default=0,
                        help="fail when fewer cards are read (a partial file)")
    parser.add_argument("--summary", type=Path, help="append the report to this Markdown file "
                        "(the job summary)")
    parser.add_argument("--date", help="the source's date, when its file name has none")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--printed-names", type=Path, default=PRINTED_NAMES)
    parser.add_argument("--combos-output", type=Path, default=COMBOS)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="import-scryfall-") as work:
        run = Run(args, Path(work))
        try:
            run.card_facts()
            if args.download or args.all_cards:
                run.optional("printed names", run.printed)
            if args.download or args.combos:
                run.optional("two-card combos", run.combos)
        except Unreachable as error:
            run.fell_back.append("card data")
            message = (f"import_scryfall: the network could not be reached ({error}); "
                       "nothing was written, the committed card data stays")
            code = NETWORK
        except (SourceError, OSError) as error:
            message = (f"import_scryfall: the source could not be read ({error}); "
                       f"nothing was written, {_shown(args.output)} was left as it was")
            code = 1
        else:
            run.write()
            message, code = "", NETWORK if run.fell_back else 0
    if message:
        print(message, file=sys.stderr)
    if args.summary is not None:
        title = {0: "Card data refreshed", NETWORK: "Card data NOT fully refreshed: network",
                 1: "Card data refresh FAILED"}[code]
        body = [f"### {title}", ""] + [f"    {line}" for line in run.lines]
        if message:
            body += ["", message]
        if run.fell_back:
            body += ["", "Kept as committed (or absent): " + ", ".join(run.fell_back)]
        with args.summary.open("a", encoding="utf-8") as out:
            out.write("\n".join(body) + "\n")
    return code


if __name__ == "__main__":
    sys.exit(main())
