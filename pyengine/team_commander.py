"""Team Commander at the table: random teams by d20, the team mulligan and a team tracker.

Three pieces, each following the rules page (``docs/team-commander/index.md``, anchors
``tc-2-2`` and so on):

* :func:`draw_teams` and :func:`fixed_teams` (tc-2-2 to tc-2-4, tc-3-2): every die rolled is
  kept in the result, in order, with rerolls marked and the reason for each reroll.
* :class:`OpeningHand` (tc-3-3 to tc-3-5): one player's opening hand as a replayable game: seven
  cards, the first mulligan free, later ones London style, no scry, commanders and companions
  revealed once the hand is kept.
* :class:`TeamTracker` (tc-3-2, tc-3-3, tc-4-1 to tc-4-3, tc-5-1): shared life, poison and
  commander damage per team, the loss thresholds, shared extra turns, with undo and saves from
  :class:`pyengine.game.Game`.

Everything random goes through the :class:`~pyengine.rng.Rng` passed in (or the game's own).
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, Bound
from .game import ActionError, Event, Game, GameError, Outcome, Termination, register
from .rng import Rng
from .setup import Choice, Flag, Setup
from .variants import Variant

#: Sides of the die each player rolls for teams (tc-2-2: a d20 is preferred).
DIE = 20
#: The table's set-up, declared once (pyengine/setup.py): the players at the table, two teams
#: of 2 or of 3 (tc-2-2), the optional new line-up after three games (tc-2-3) and fixed teams
#: (tc-2-4). The play page's controls, its form reading and its save check all read this.
SETUP = Setup((
    Choice("count", "Table", ((4, "4 players: two teams of 2 (2HG)"),
                              (6, "6 players: two teams of 3 (3HG)")), 4, rule="tc-2-2"),
    Flag("rotate", "New line-up after three games together", False, rule="tc-2-3",
         help="an optional rule"),
    Flag("fixed", "Fixed teams", False, rule="tc-2-4",
         help="players 1–2 (or 1–3) against the rest; the dice only pick who starts"),
))
#: Players at the table (tc-2-2), as declared.
PLAYER_COUNTS: tuple[int, ...] = tuple(SETUP.choice("count").values())
#: Players per team: 2 (Two-Headed Giant) or 3 (Three-Headed Giant).
TEAM_SIZES = tuple(count // 2 for count in PLAYER_COUNTS)
#: Starting life of a team by team size (tc-3-3).
STARTING_LIFE = {2: 40, 3: 50}
#: Poison counters at which a team loses, by team size (tc-4-2).
POISON_TO_LOSE = {2: 15, 3: 20}
#: Combat damage from one commander at which a team loses (tc-4-3).
COMMANDER_DAMAGE_TO_LOSE = 21
#: Cards in an opening hand (tc-3-3).
HAND_SIZE = 7
#: The most ways to put cards on the bottom that :meth:`OpeningHand.legal_actions` lists one
#: by one (one card: 7 ways, two in order: 42); beyond it the cards are open with their bound.
LISTED_KEEPS = 50
#: Games in a row with the same teammates after which teams must change (tc-2-3, optional).
SAME_TEAMS_LIMIT = 3
#: Longest player name accepted (names are shown as text; this keeps the page tidy).
MAX_NAME_LENGTH = 40
#: Safety bound on full redraws under tc-2-3 (each redraw succeeds with probability >= 2/3).
MAX_ATTEMPTS = 1000


class TeamError(ValueError):
    """Player names or teams the rules cannot work with (wrong count, duplicates, blanks)."""


def clean_name(name: str) -> str:
    """A player name with outer spaces removed and inner runs of whitespace made one space."""
    return " ".join(str(name).split())


def name_key(name: str) -> str:
    """The comparison key of a player name: two names are the same player if their keys match."""
    return clean_name(name).casefold()


def clean_names(
    names: list[str] | tuple[str, ...], *, counts: tuple[int, ...] = PLAYER_COUNTS
) -> list[str]:
    """Validated player names: ``counts`` players, none blank, too long or repeated.

    Raises :class:`TeamError` with a plain message.
    """
    cleaned = [clean_name(name) for name in names]
    if len(cleaned) not in counts:
        wanted = " or ".join(str(c) for c in counts)
        raise TeamError(f"Team Commander needs {wanted} players, not {len(cleaned)}")
    seen: dict[str, str] = {}
    for number, name in enumerate(cleaned, start=1):
        if not name:
            raise TeamError(f"player {number} has no name")
        if len(name) > MAX_NAME_LENGTH:
            raise TeamError(f"player {number}'s name is longer than {MAX_NAME_LENGTH} characters")
        if any(not ch.isprintable() for ch in name):
            raise TeamError(f"player {number}'s name contains a control character")
        if name_key(name) in seen:
            raise TeamError(f"two players are called {name!r}; give each player a different name")
        seen[name_key(name)] = name
    return cleaned


def team_label(number: int, players: tuple[str, ...] | list[str]) -> str:
    """``Team 1 (Alice & Cara)`` or ``Team 2 (Bob, Dan & Eve)``; ``number`` counts from 1."""
    return f"Team {number} ({join_names(players)})"


def join_names(players: tuple[str, ...] | list[str]) -> str:
    """``Alice``, ``Alice & Cara``, ``Alice, Cara & Eve``."""
    players = list(players)
    if len(players) < 2:
        return "".join(players)
    return ", ".join(players[:-1]) + " & " + players[-1]


# ---------------------------------------------------------------------------------------------
# Teams (tc-2-2 to tc-2-4, tc-3-2)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """One die rolled while forming teams or choosing the starting team."""

    #: Who rolled: a player's name, or ``Team 1`` / ``Team 2`` when fixed teams roll to start.
    who: str
    #: The number rolled, 1 to :data:`DIE`.
    value: int
    #: Which full draw this belongs to: 2 and up are redraws under tc-2-3.
    attempt: int = 1
    #: 1 for the draw's first roll; 2 and up for rerolls that break a tie (tc-2-2).
    round: int = 1
    #: Why this die was rolled again ("" for a first roll).
    reason: str = ""

    @property
    def reroll(self) -> bool:
        """True for any die that is not its roller's first of the whole draw."""
        return self.round > 1 or self.attempt > 1

    def text(self) -> str:
        """One line for people: ``Bob rolled 12`` or ``Bob rerolled 5 (tie on 12 ...)``."""
        if not self.reroll:
            return f"{self.who} rolled {self.value}"
        # A redraw's first rolls carry no tie reason: say which redraw they belong to (tc-2-3).
        reason = self.reason or f"redraw {self.attempt - 1} (TC 2.3)"
        return f"{self.who} rerolled {self.value} ({reason})"

    def to_dict(self) -> dict[str, Any]:
        return {"who": self.who, "value": self.value, "attempt": self.attempt,
                "round": self.round, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Roll:
        return cls(str(data["who"]), int(data["value"]), int(data.get("attempt", 1)),
                   int(data.get("round", 1)), str(data.get("reason", "")))


@dataclass(frozen=True)
class TeamDraw:
    """The teams for one game and who starts, with every die that decided them."""

    #: The two teams, each a tuple of player names (highest roll first for random teams).
    teams: tuple[tuple[str, ...], tuple[str, ...]]
    #: Index into ``teams`` of the team that goes first and skips its first draw step.
    first: int
    #: Every die rolled, in the order rolled.
    rolls: tuple[Roll, ...]
    #: True when the teams were fixed in advance (tc-2-4) and only the start was rolled.
    fixed: bool = False
    #: Readable notes on redraws (tc-2-3).
    notes: tuple[str, ...] = ()

    @property
    def starting_team(self) -> tuple[str, ...]:
        return self.teams[self.first]

    @property
    def team_size(self) -> int:
        return len(self.teams[0])

    def lines(self) -> list[str]:
        """The whole draw for people: dice in order, rerolls marked, then teams and start."""
        out: list[str] = []
        attempt = 0
        for roll in self.rolls:
            if roll.attempt != attempt:
                attempt = roll.attempt
                if attempt > 1:
                    out.append(f"Redraw {attempt - 1} (TC 2.3): everyone rolls again")
            out.append(("  reroll: " if roll.reroll else "  ") + roll.text())
        out.extend(self.notes)
        for index, team in enumerate(self.teams):
            line = team_label(index + 1, team)
            if index == self.first:
                line += ": starts and skips its first draw step (TC 3.2)"
            out.append(line)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "teams": [list(team) for team in self.teams],
            "first": self.first,
            "rolls": [roll.to_dict() for roll in self.rolls],
            "fixed": self.fixed,
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TeamDraw:
        teams = data["teams"]
        if not (isinstance(teams, list) and len(teams) == 2):
            raise TeamError("a team draw has exactly two teams")
        first = int(data.get("first", 0))
        if first not in (0, 1):
            raise TeamError("the starting team must be team 1 or team 2")
        return cls(
            teams=(tuple(str(n) for n in teams[0]), tuple(str(n) for n in teams[1])),
            first=first,
            rolls=tuple(Roll.from_dict(r) for r in data.get("rolls", [])),
            fixed=bool(data.get("fixed", False)),
            notes=tuple(str(n) for n in data.get("notes", [])),
        )


def _rank(players: list[str], rng: Rng, attempt: int, rolls: list[Roll]) -> list[str]:
    """Players ordered highest roll first, with ties across the middle broken by rerolls.

    Each player's rolls form a key (first roll, then any rerolls); only the players whose key
    equals the key on either side of the split reroll, so ties elsewhere never matter (tc-2-2).
    """
    keys: dict[str, list[int]] = {player: [] for player in players}

    def roll(player: str, round_: int, reason: str) -> None:
        value = rng.die(DIE)
        keys[player].append(value)
        rolls.append(Roll(player, value, attempt, round_, reason))

    for player in players:
        roll(player, 1, "")
    half = len(players) // 2
    round_ = 1
    while True:
        order = sorted(players, key=lambda p: keys[p], reverse=True)  # stable: entry order
        if keys[order[half - 1]] != keys[order[half]]:
            return order
        tied_key = keys[order[half]]
        tied = [player for player in players if keys[player] == tied_key]
        round_ += 1
        again = " again" if len(tied_key) > 1 else ""
        reason = (f"{' and '.join(tied)} tied{again} on {tied_key[-1]} where the teams split "
                  f"(TC 2.2)")
        for player in tied:
            roll(player, round_, reason)


def team_key(team: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The comparison key of a team: its players' name keys, sorted."""
    return tuple(sorted(name_key(name) for name in team))


def repeated_teams(history: list[list[list[str]]] | None) -> list[tuple[str, ...]]:
    """Teams (as sorted name keys) that played together in each of the last
    :data:`SAME_TEAMS_LIMIT` games of ``history`` (oldest game first; a game is a list of teams,
    a team a list of names). These may not play together again under tc-2-3."""
    games = list(history or [])[-SAME_TEAMS_LIMIT:]
    if len(games) < SAME_TEAMS_LIMIT:
        return []
    common = [team_key(team) for team in games[0]]
    for game in games[1:]:
        keys = [team_key(team) for team in game]
        common = [key for key in common if key in keys]
    return sorted(set(common))


def draw_teams(
    names: list[str] | tuple[str, ...],
    rng: Rng,
    *,
    history: list[list[list[str]]] | None = None,
    rotate: bool = False,
) -> TeamDraw:
    """Random teams for 4 or 6 players (tc-2-2), optionally forcing a new line-up (tc-2-3).

    Every player rolls a d20 in the order given; the top half is one team, the bottom half the
    other, and the team with the highest rolls starts (tc-3-2). Players tied across the split
    reroll until the split is clear. With ``rotate``, if a team in the draw has played together
    in each of the last three games of ``history``, everyone rolls again, as often as needed.
    """
    players = clean_names(names)
    banned = repeated_teams(history) if rotate else []
    rolls: list[Roll] = []
    notes: list[str] = []
    half = len(players) // 2
    for attempt in range(1, MAX_ATTEMPTS + 1):
        order = _rank(players, rng, attempt, rolls)
        teams = (tuple(order[:half]), tuple(order[half:]))
        again = [team for team in teams if team_key(team) in banned]
        if not again:
            return TeamDraw(teams=teams, first=0, rolls=tuple(rolls), notes=tuple(notes))
        notes.append(
            f"Draw {attempt} put {join_names(again[0])} together for a "
            f"{_ordinal(SAME_TEAMS_LIMIT + 1)} game in a row; all players roll again (TC 2.3)"
        )
    raise TeamError("no new line-up after many redraws")  # pragma: no cover - p < 1e-170


def fixed_teams(teams: list[list[str]], rng: Rng) -> TeamDraw:
    """Teams agreed in advance (tc-2-4); a d20 per team decides who starts (tc-3-2).

    Equal rolls are rolled again by both teams until one is higher.
    """
    if len(teams) != 2:
        raise TeamError("fixed teams: give exactly two teams")
    sizes = {len(team) for team in teams}
    if len(sizes) != 1 or sizes.pop() not in TEAM_SIZES:
        raise TeamError("fixed teams: both teams need 2 players, or both 3")
    players = clean_names([name for team in teams for name in team])
    half = len(players) // 2
    cleaned = (tuple(players[:half]), tuple(players[half:]))
    rolls: list[Roll] = []
    round_ = 1
    reason = ""
    while True:
        values = []
        for index in (0, 1):
            value = rng.die(DIE)
            values.append(value)
            rolls.append(Roll(f"Team {index + 1}", value, 1, round_, reason))
        if values[0] != values[1]:
            first = 0 if values[0] > values[1] else 1
            return TeamDraw(teams=cleaned, first=first, rolls=tuple(rolls), fixed=True)
        round_ += 1
        reason = f"both teams rolled {values[0]}; the start is still open (TC 3.2)"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# ---------------------------------------------------------------------------------------------
# Opening hands (tc-3-3 to tc-3-5)
# ---------------------------------------------------------------------------------------------


@register
class OpeningHand(Game):
    """One player's opening hand, mulligans and keep, as a replayable game.

    Config: ``deck`` (card names, the library), ``commanders`` and ``companions`` (names, kept
    face down in the command zone until the hand is kept), optional ``player`` (a name for the
    log) and optional ``stack``: ``true`` skips every shuffle (the deck stays in the given order
    and a mulligan puts the hand on the bottom in order), so tests can predict each hand.

    Actions: ``{"type": "mulligan"}`` and ``{"type": "keep", "bottom": [card ids]}``.
    """

    variant = "team-commander-hand"
    zone_names = ["library", "hand", "command"]

    def setup(self) -> list[Event]:
        """tc-3-1: commanders and companions face down in the command zone; shuffle; draw."""
        #: Mulligans taken so far.
        self.mulligans = 0
        #: True once the hand is kept; no more mulligans after that.
        self.kept = False
        deck = [str(name) for name in self.config.get("deck", [])]
        if not deck:
            raise GameError("the deck has no cards to draw")
        hidden = [str(n) for n in self.config.get("commanders", [])] + [
            str(n) for n in self.config.get("companions", [])
        ]
        for name in hidden:
            self.zones.add("command", self.new_card(name))
        for name in deck:
            self.zones.add("library", self.new_card(name))
        events = []
        if hidden:
            events.append(Event("command", f"{self.who} puts {len(hidden)} card"
                                f"{'s' if len(hidden) != 1 else ''} face down in the command "
                                "zone (TC 3.1)", data={"count": len(hidden)}))
        events.append(self._shuffle())
        events.append(self._draw())
        return events

    @property
    def who(self) -> str:
        return str(self.config.get("player") or "The player")

    @property
    def stacked(self) -> bool:
        return bool(self.config.get("stack", False))

    @property
    def to_bottom(self) -> int:
        """Cards this hand must put on the bottom when kept: one per mulligan after the free
        first one (tc-3-4)."""
        return max(0, self.mulligans - 1)

    def hand(self) -> list[str]:
        return [card.name for card in self.zones["hand"]]

    def _shuffle(self) -> Event:
        if self.stacked:
            return Event("shuffle", "The library is stacked (not shuffled)", data={"stacked": True})
        self.rng.shuffle(self.zones["library"])
        return Event("shuffle", f"{self.who} shuffles the library "
                     f"({len(self.zones['library'])} cards)")

    def _draw(self) -> Event:
        drawn = list(self.zones["library"][:HAND_SIZE])
        for card in drawn:
            self.zones.move(card.id, "hand")
        return Event("draw", f"{self.who} draws {len(drawn)} cards", [c.name for c in drawn],
                     {"ids": [c.id for c in drawn]})

    def outcome(self) -> Outcome | None:
        """An opening hand is a step of the set-up, not a contest: it never has an outcome."""
        return None

    def legal_actions(self) -> list[Action]:
        """``mulligan`` while another is allowed (tc-3-4), ``keep`` until the hand is kept: once
        a mulligan asks for cards on the bottom, each choice of them (card ids from the hand,
        in order) while there are at most :data:`LISTED_KEEPS`, else the cards open with
        their bound (that many distinct cards of the hand)."""
        if self.kept:
            return []
        found = [Action("mulligan")] if self.to_bottom < HAND_SIZE else []
        hand = [card.id for card in self.zones["hand"]]
        n = self.to_bottom
        if not n:
            return [*found, Action("keep")]
        if math.perm(len(hand), n) <= LISTED_KEEPS:
            return found + [Action.of("keep", bottom=list(chosen))
                            for chosen in itertools.permutations(hand, n)]
        return [*found, Action("keep", {}, ("bottom",),
                               {"bottom": Bound(low=n, high=n, among=tuple(hand), many=True)})]

    def do_mulligan(self) -> list[Event]:
        """Shuffle the hand back, draw seven (tc-3-4). The cards to bottom are chosen on keep."""
        if self.kept:
            raise ActionError("the hand is already kept")
        if self.to_bottom >= HAND_SIZE:
            raise ActionError(f"no more mulligans: after {self.mulligans} mulligans all "
                              f"{HAND_SIZE} cards of this hand already go to the bottom, so "
                              "another would change nothing; keep it")
        for card in list(self.zones["hand"]):
            self.zones.move(card.id, "library")
        self.mulligans += 1
        if self.mulligans == 1:
            cost = "free, the first mulligan costs nothing"
        else:
            n = self.to_bottom
            cost = f"London style: {n} card{'s' if n != 1 else ''} to the bottom on keep"
        events = [Event("mulligan", f"{self.who} takes mulligan {self.mulligans} ({cost}) and "
                        "shuffles the hand into the library", data={"mulligans": self.mulligans,
                                                                     "to_bottom": self.to_bottom})]
        events.append(self._shuffle())
        events.append(self._draw())
        return events

    def do_keep(self, bottom: list[int] | None = None) -> list[Event]:
        """Keep the hand, putting ``bottom`` (card ids from the hand, in order) on the bottom of
        the library; then reveal commanders and companions (tc-3-4, tc-3-5). There is no scry."""
        if self.kept:
            raise ActionError("the hand is already kept")
        chosen = list(bottom or [])
        needed = self.to_bottom
        if len(chosen) != needed:
            raise ActionError(
                f"choose exactly {needed} card{'s' if needed != 1 else ''} to put on the bottom "
                f"({self.mulligans} mulligan{'s' if self.mulligans != 1 else ''}, "
                f"the first one free), not {len(chosen)}"
            )
        hand_ids = [card.id for card in self.zones["hand"]]
        if len(set(chosen)) != len(chosen):
            raise ActionError("a card is chosen twice")
        for card_id in chosen:
            if not isinstance(card_id, int) or card_id not in hand_ids:
                raise ActionError(f"card #{card_id} is not in the hand")
        moved = [self.zones.move(card_id, "library") for card_id in chosen]
        self.kept = True
        events = []
        if moved:
            events.append(Event("bottom", f"{self.who} puts {len(moved)} card"
                                f"{'s' if len(moved) != 1 else ''} on the bottom of the library",
                                [c.name for c in moved], {"ids": chosen}))
        events.append(Event("keep", f"{self.who} keeps {len(self.zones['hand'])} cards after "
                            f"{self.mulligans} mulligan{'s' if self.mulligans != 1 else ''}; "
                            "no scry", self.hand(), {"mulligans": self.mulligans}))
        command = self.zones["command"]
        for card in command:
            card.face_up = True
        if command:
            events.append(Event("reveal", f"{self.who} reveals {', '.join(c.name for c in command)}"
                                " (TC 3.5)", [c.name for c in command]))
        return events

    def snapshot(self) -> dict[str, Any]:
        return {"zones": self.zones.to_dict(), "mulligans": self.mulligans, "kept": self.kept}


# ---------------------------------------------------------------------------------------------
# The team tracker (tc-3-2, tc-3-3, tc-4-1 to tc-4-3, tc-5-1)
# ---------------------------------------------------------------------------------------------


@dataclass
class TeamState:
    """One team's shared totals."""

    players: tuple[str, ...]
    life: int
    poison: int = 0
    #: Combat damage dealt to this team by each commander, by commander index.
    commander_damage: dict[int, int] = field(default_factory=dict)
    #: Why a player's loss or win was declared for the team (tc-4-1), if it was.
    declared_loss: str = ""
    declared_win: str = ""


@dataclass(frozen=True)
class Commander:
    """A commander that can deal commander damage: its owner and a name for people."""

    owner: str
    name: str
    team: int


@register
class TeamTracker(Game):
    """Shared life, poison and commander damage for two teams, turn by turn.

    Config: ``teams`` (two lists of 2 or 3 player names), optional ``first`` (0 or 1, the team
    that starts; default 0) and optional ``commanders`` (player name -> list of commander names;
    a player without an entry has one commander called "<name>'s commander").

    Actions (``team`` is 0 or 1; ``commander`` an index into :attr:`commanders`):
    ``life(team, amount)``, ``poison(team, amount)``, ``commander_damage(team, commander,
    amount)`` (combat damage: also changes life), ``player_loses(player, reason)``,
    ``team_loses(team, reason)``, ``player_wins(player, reason)``, ``extra_turn(player)``,
    ``next_turn()``.
    Losses follow from the totals, so correcting a total also corrects the result.
    """

    variant = "team-commander"
    zone_names: ClassVar[list[str]] = []
    #: A team's life, poison or commander damage changes by a whole number other than 0
    #: (:meth:`_amount`; a negative one corrects a total).
    BOUNDS: ClassVar[dict[str, dict[str, Bound]]] = {
        name: {"amount": Bound(nonzero=True)} for name in ("life", "poison", "commander-damage")}

    def setup(self) -> list[Event]:
        raw = self.config.get("teams")
        if not isinstance(raw, list) or len(raw) != 2:
            raise GameError("the tracker needs exactly two teams")
        sizes = {len(team) if isinstance(team, list) else 0 for team in raw}
        if len(sizes) != 1:
            raise GameError("both teams need the same number of players")
        size = sizes.pop()
        if size not in TEAM_SIZES:
            raise GameError("teams have 2 players (2HG) or 3 players (3HG)")
        names = clean_names([n for team in raw for n in team], counts=(2 * size,))
        self.size = size
        self.teams = [TeamState(tuple(names[:size]), STARTING_LIFE[size]),
                      TeamState(tuple(names[size:]), STARTING_LIFE[size])]
        first = self.config.get("first", 0)
        if first not in (0, 1):
            raise GameError("the starting team is 0 or 1")
        given = self.config.get("commanders") or {}
        if not isinstance(given, dict):
            raise GameError("commanders: a map from player name to commander names")
        by_key = {name_key(k): v for k, v in given.items()}
        self.commanders: list[Commander] = []
        for index, team in enumerate(self.teams):
            for player in team.players:
                listed = by_key.get(name_key(player)) or [f"{player}'s commander"]
                if not isinstance(listed, list) or not all(isinstance(c, str) for c in listed):
                    raise GameError(f"commanders of {player}: a list of card names")
                for commander in listed:
                    self.commanders.append(Commander(player, str(commander), index))
        for team in self.teams:
            for number, commander in enumerate(self.commanders):
                if commander.team != self.teams.index(team):
                    team.commander_damage[number] = 0
        self.turn = 1
        self.active = first
        #: The team whose turn it would be without extra turns (the normal order).
        self.normal = first
        #: Extra turns waiting, as team indexes; the most recent is taken first.
        self.extra_turns: list[int] = []
        #: Which teams had lost at the last end check (:meth:`check_end`).
        self.known_lost = [False, False]
        #: True when the turn in progress is an extra turn.
        self.is_extra = False
        life = STARTING_LIFE[size]
        return [
            Event("start", f"{self.label(0)} and {self.label(1)} start at {life} life each "
                  f"({size}-player teams, TC 3.3)", data={"life": life}),
            Event("turn", f"Turn 1: {self.label(first)} starts and skips the draw step of its "
                  "first turn (TC 3.2)", data={"turn": 1, "team": first, "skip_draw": True}),
        ]

    # -- reading ---------------------------------------------------------------------------------
    def label(self, team: int) -> str:
        return team_label(team + 1, self.teams[team].players)

    @property
    def poison_limit(self) -> int:
        return POISON_TO_LOSE[self.size]

    def team_of(self, player: str) -> int:
        return self._find_player(player)[0]

    def _find_player(self, player: str) -> tuple[int, str]:
        """The team index and the name as entered of a player named in any case."""
        key = name_key(str(player))
        for index, team in enumerate(self.teams):
            for name in team.players:
                if name_key(name) == key:
                    return index, name
        raise ActionError(f"no player called {player!r} in this game")

    def commander_label(self, number: int) -> str:
        commander = self.commanders[number]
        default = f"{commander.owner}'s commander"
        return default if commander.name == default else f"{commander.name} ({commander.owner})"

    def losses(self, team: int) -> list[str]:
        """Why ``team`` has lost (empty if it has not), each reason with its rule."""
        state = self.teams[team]
        reasons = []
        if state.declared_loss:
            reasons.append(f"{state.declared_loss} (TC 4.1)")
        if self.teams[1 - team].declared_win:
            reasons.append(f"the other team won: {self.teams[1 - team].declared_win} (TC 4.1)")
        if state.life <= 0:
            reasons.append(f"life is {state.life}")
        if state.poison >= self.poison_limit:
            reasons.append(f"{state.poison} poison counters, {self.poison_limit} lose (TC 4.2)")
        for number, damage in sorted(state.commander_damage.items()):
            if damage >= COMMANDER_DAMAGE_TO_LOSE:
                reasons.append(f"{damage} combat damage from {self.commander_label(number)}, "
                               f"{COMMANDER_DAMAGE_TO_LOSE} lose (TC 4.3)")
        return reasons

    def result(self) -> str:
        """``""`` while the game goes on; otherwise who won (or that both teams lost)."""
        lost = [bool(self.losses(i)) for i in (0, 1)]
        if lost[0] and lost[1]:
            return "Both teams have lost: the game is a draw"
        for index in (0, 1):
            if lost[1 - index]:
                return f"{self.label(index)} wins"
        return ""

    def outcome(self) -> Outcome | None:
        """tc-4-1: the team that has not lost wins, none when both have (:meth:`result`); the
        rule is that of the loser's first reason in :meth:`losses` (tc-4-2 poison, tc-4-3
        commander damage, else tc-4-1)."""
        text = self.result()
        if not text:
            return None
        lost = [index for index in (0, 1) if self.losses(index)]
        winner = None if len(lost) == 2 else self.label(1 - lost[0])
        found = re.search(r"\(TC (\d+)\.(\d+)\)", self.losses(lost[0])[0])
        rule = f"tc-{found.group(1)}-{found.group(2)}" if found else "tc-4-1"
        return Outcome(winner, text, rule,
                       Termination.DRAWN if winner is None else Termination.TEAM_WON)

    def legal_actions(self) -> list[Action]:
        """Every tracker action, since a total may be corrected at any time (losses follow from
        the totals); ``next-turn`` only while the game goes on. Each names its team (0, 1),
        commander or player where the action takes one; amounts and reasons are open."""
        over = bool(self.result())
        found: list[Action] = []
        for name in self.handler_types():
            if over and name == "next-turn":
                continue
            wants = self.template(name).open
            if "commander" in wants:
                found += [self.template(name, team=team, commander=commander)
                          for team in (0, 1) for commander in self.teams[team].commander_damage]
            elif "team" in wants:
                found += [self.template(name, team=team) for team in (0, 1)]
            elif "player" in wants:
                found += [self.template(name, player=player) for team in self.teams
                          for player in team.players]
            else:
                found.append(self.template(name))
        return found

    def snapshot(self) -> dict[str, Any]:
        return {
            "teams": [
                {"players": list(t.players), "life": t.life, "poison": t.poison,
                 "commander_damage": {str(k): v for k, v in sorted(t.commander_damage.items())},
                 "declared_loss": t.declared_loss, "declared_win": t.declared_win}
                for t in self.teams
            ],
            "turn": self.turn, "active": self.active, "normal": self.normal,
            "extra_turns": list(self.extra_turns), "is_extra": self.is_extra,
        }

    # -- actions ---------------------------------------------------------------------------------
    def _team(self, team: Any) -> int:
        if team not in (0, 1) or isinstance(team, bool):
            raise ActionError("the team is 0 or 1")
        return int(team)

    @staticmethod
    def _amount(amount: Any) -> int:
        if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0:
            raise ActionError("the amount is a whole number other than 0")
        return amount

    def check_end(self) -> list[Event]:
        """tc-4-1..tc-4-3: after every action (:meth:`Game.apply`), the one place a team's loss
        is said: a team that has lost since the last check loses together, and one whose loss
        a corrected total took back is in the game again (losses follow from the totals)."""
        before, self.known_lost = self.known_lost, self._lost()
        events: list[Event] = []
        for index in (0, 1):
            reasons = self.losses(index)
            if reasons and not before[index]:
                events.append(Event("loss", f"{self.label(index)} loses the game together: "
                                    f"{'; '.join(reasons)}",
                                    data={"team": index, "reasons": reasons}))
            elif before[index] and not reasons:
                events.append(Event("unloss", f"{self.label(index)} is back in the game "
                                    "(a total was corrected)", data={"team": index}))
        return events

    def _lost(self) -> list[bool]:
        return [bool(self.losses(i)) for i in (0, 1)]

    def do_life(self, team: int, amount: int) -> list[Event]:
        team, amount = self._team(team), self._amount(amount)
        state = self.teams[team]
        state.life += amount
        verb = "gains" if amount > 0 else "loses"
        return [Event("life", f"{self.label(team)} {verb} {abs(amount)} life: now {state.life}",
                      data={"team": team, "life": state.life})]

    def do_poison(self, team: int, amount: int) -> list[Event]:
        team, amount = self._team(team), self._amount(amount)
        state = self.teams[team]
        if state.poison + amount < 0:
            raise ActionError(f"{self.label(team)} has only {state.poison} poison counters")
        state.poison += amount
        verb = "gets" if amount > 0 else "removes"
        return [Event("poison", f"{self.label(team)} {verb} {abs(amount)} "
                      f"poison: now {state.poison} of {self.poison_limit}",
                      data={"team": team, "poison": state.poison})]

    def do_commander_damage(self, team: int, commander: int, amount: int) -> list[Event]:
        """Combat damage from one commander to ``team``; it also comes off the team's life.
        A negative amount corrects a mistake (and gives the life back)."""
        team, amount = self._team(team), self._amount(amount)
        state = self.teams[team]
        if not isinstance(commander, int) or commander not in state.commander_damage:
            raise ActionError("that commander is not on the other team")
        if state.commander_damage[commander] + amount < 0:
            raise ActionError(f"{self.commander_label(commander)} has dealt only "
                              f"{state.commander_damage[commander]} damage to this team")
        state.commander_damage[commander] += amount
        state.life -= amount
        total = state.commander_damage[commander]
        text = (f"{self.commander_label(commander)} deals {amount} combat damage to "
                f"{self.label(team)}" if amount > 0 else
                f"Correction: {-amount} commander damage from "
                f"{self.commander_label(commander)} taken back from {self.label(team)}")
        return [Event("commander-damage", f"{text}: {total} of {COMMANDER_DAMAGE_TO_LOSE} from "
                      f"that commander, life {state.life}",
                      data={"team": team, "commander": commander, "total": total})]

    def do_player_loses(self, player: str, reason: str = "") -> list[Event]:
        """A player lost (drew from an empty library, conceded, ...): the team loses (tc-4-1)."""
        team, player = self._find_player(player)
        because = f" ({clean_name(reason)})" if clean_name(reason) else ""
        return self._declare(team, "loss", f"{player} lost{because}",
                             f"{player} loses the game{because}: the whole team loses with them "
                             "(TC 4.1)")

    def do_team_loses(self, team: int, reason: str = "") -> list[Event]:
        """The team loses because one of its players did, without saying who (tc-4-1)."""
        team = self._team(team)
        because = clean_name(reason) or "a player lost the game"
        return self._declare(team, "loss", because,
                             f"{self.label(team)} loses the game: {because} (TC 4.1)")

    def do_player_wins(self, player: str, reason: str = "") -> list[Event]:
        """A player won (a card says so): the whole team wins (tc-4-1)."""
        team, player = self._find_player(player)
        because = f" ({clean_name(reason)})" if clean_name(reason) else ""
        return self._declare(team, "win", f"{player} won{because}",
                             f"{player} wins the game{because}: the whole team wins (TC 4.1)")

    def _declare(self, team: int, kind: str, why: str, text: str) -> list[Event]:
        if kind == "loss":
            self.teams[team].declared_loss = why
        else:
            self.teams[team].declared_win = why
        return [Event(f"team-{kind}", text, data={"team": team})]

    def do_extra_turn(self, player: str) -> list[Event]:
        """A player gets an extra turn: the whole team takes it (tc-5-1)."""
        team, player = self._find_player(player)
        self.extra_turns.append(team)
        return [Event("extra-turn", f"{player} gets an extra turn, so "
                      f"{self.label(team)} takes it together (TC 5.1)", data={"team": team})]

    def do_next_turn(self) -> list[Event]:
        if self.result():
            raise ActionError("the game is over")
        self.turn += 1
        if self.extra_turns:
            self.active = self.extra_turns.pop()
            self.is_extra = True
            text = f"Turn {self.turn}: extra turn for {self.label(self.active)} (TC 5.1)"
        else:
            self.normal = 1 - self.normal
            self.active = self.normal
            self.is_extra = False
            text = f"Turn {self.turn}: {self.label(self.active)}"
        return [Event("turn", text, data={"turn": self.turn, "team": self.active,
                                          "extra": self.is_extra})]


def tracker_config(draw: TeamDraw, commanders: dict[str, list[str]] | None = None
                   ) -> dict[str, Any]:
    """The :class:`TeamTracker` config for a team draw (and optional commander names)."""
    config: dict[str, Any] = {"teams": [list(team) for team in draw.teams], "first": draw.first}
    if commanders:
        config["commanders"] = {name: list(names) for name, names in commanders.items() if names}
    return config


def with_commanders(game: TeamTracker, commanders: dict[str, list[str]]) -> TeamTracker:
    """``game`` with the named commanders of some players (player name -> commander names, as
    revealed after the mulligan, tc-3-5), replayed from its actions. Commander damage is kept
    per commander (tc-4-3 counts damage "by the same commander"), so a player with partners or
    a Background has two counts; damage already written for a player's commander stays with
    that player's commander in the same place (the first one when a placeholder becomes two
    names)."""
    given = dict(game.config.get("commanders") or {})
    for player, names in commanders.items():
        if names:
            given[player] = [str(n) for n in names]
    config = dict(game.config, commanders=given)
    old = game.commanders
    fresh = TeamTracker(config, game.seed)
    places: dict[tuple[str, int], int] = {}
    for number, commander in enumerate(fresh.commanders):
        mine = [c for c in fresh.commanders[:number] if c.owner == commander.owner]
        places[(name_key(commander.owner), len(mine))] = number

    def remap(number: Any) -> Any:
        if not isinstance(number, int) or not 0 <= number < len(old):
            return number
        commander = old[number]
        position = sum(1 for c in old[:number] if c.owner == commander.owner)
        key = name_key(commander.owner)
        return places.get((key, position), places.get((key, 0), number))

    for action in game.actions:
        if str(action.get("type", "")).replace("_", "-") == "commander-damage":
            action = dict(action, commander=remap(action.get("commander")))
        fresh.apply(action)
    return fresh


# -- the variants' descriptors (pyengine/variants.py): a player decides every turn, so neither
# is simulated ---------------------------------------------------------------------------------
TeamTracker.descriptor = Variant(
    id=TeamTracker.variant, label="Team Commander", prefix="TC", rulebook="team-commander",
    rulebook_title="Team Commander", setup=SETUP, simulation=None,
    deck_formats=("team-commander",), turn_actions=("next-turn",),
    ending_actions=("player-loses", "team-loses", "player-wins", "poison"))
OpeningHand.descriptor = Variant(
    id=OpeningHand.variant, label="Team Commander opening hand", prefix="TC",
    rulebook="team-commander", rulebook_title="Team Commander", setup=Setup(()),
    simulation=None, deck_formats=("team-commander",), part_of=TeamTracker.variant,
    turn_actions=("mulligan",), ending_actions=("keep",))
