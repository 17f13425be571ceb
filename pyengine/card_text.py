"""Behaviour tags from a card's rules text: what the Horde and Swarm automation reads, derived
from the Oracle text and the type line instead of written by hand.

:func:`behaviour_tags` turns one card's text into the tags ``decks/README.md`` ("Tags")
describes and the engines read: keywords (``flying``, ``defender``, ``vigilance``,
``deathtouch``, ``flash``, ``foretell`` ...), keyword costs (``flashback={7}{B}{B}{B}``,
``emerge={6}{B}``, ``echo=``, ``madness=``, ``unearth=``, ``scavenge=``, ``escape=``,
``jump_start``, ``retrace``, ``disturb=``, ``aftermath``), ``annihilator=N`` and the like,
optional actions (``you_may``), non-mana activated abilities (``activated=COST``; mana
abilities are ``mana_ability=add``; abilities used from the graveyard or the hand get
``gy_activated`` / ``hand_activated``, which no coin reads), conditional casting from the
graveyard (``gy_cast_condition``), an alternative cost (``alt_cost=sacrifice_4_Eldrazi_Spawn``),
triggers (``etb=``, ``dies=``, ``attacks=``, ``upkeep=``, ``each_upkeep=``, ``end_step=``,
``begin_combat=``, ``cast_trigger=``, ``combat_dmg_to_player=``, ``trigger`` for any other),
whose value is a short code of what the engine can act on (``2_Eldrazi_Spawn`` tokens,
``draw1``, ``self_mill2``, ``each_player_discards1``, ``target_opp_loses3+you_gain3``) or
empty; statics (``lord=other_zombies+1/+1``, ``anthem=your_creatures+1/+0``,
``players_cant_gain_life``, ``opps_cant_gain_life``, ``cant_gain_life``, ``cant_block``,
``cant_attack``, ``attacks_each_combat_if_able``, ``enters_tapped``,
``enters_with_5_p1p1``); spells: ``tokens=13_Zombie_tapped``, ``mass_removal=destroy``
(``no_regen``), ``tokens_tapped`` when a card makes its tokens tapped; and ``instant``,
``kindred``, ``vanilla``.

A tag is a code, never a sentence of the card: the text itself is not kept.

Pure standard library; the importer (``scripts/import_scryfall.py``) stores the tags in
``decks/card-facts.tsv.gz``; :func:`aspects` reads any card's tags (derived or written by
hand in ``decks/cards.tsv``) as the behaviour the engines act on, so the two can be compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from .vocabulary import (
    VERBS,
    VocabularyError,
    behaviours,
    parse_atom,
    parse_count,
    parse_tag,
    plural,
)

__all__ = ["ASPECTS", "BEHAVIOUR_KEYS", "aspects", "behaviour_tags", "is_behaviour_tag",
           "reading"]

#: One-word (or fixed) keyword abilities -> tag.
KEYWORDS = {
    "flying": "flying", "haste": "haste", "menace": "menace", "first strike": "first_strike",
    "double strike": "double_strike", "deathtouch": "deathtouch", "skulk": "skulk",
    "fear": "fear", "flash": "flash", "flanking": "flanking", "defender": "defender",
    "vigilance": "vigilance", "trample": "trample", "lifelink": "lifelink", "reach": "reach",
    "hexproof": "hexproof", "indestructible": "indestructible", "intimidate": "intimidate",
    "shroud": "shroud", "prowess": "prowess", "changeling": "changeling", "wither": "wither",
    "infect": "infect", "shadow": "shadow", "horsemanship": "horsemanship",
    "undying": "undying", "persist": "persist", "exalted": "exalted", "convoke": "convoke",
    "delve": "delve", "cascade": "cascade", "storm": "storm", "devoid": "devoid",
    "ingest": "ingest", "decayed": "decayed", "retrace": "retrace", "aftermath": "aftermath",
    "split second": "split_second", "rebound": "rebound", "unleash": "unleash",
    "battle cry": "battle_cry", "evolve": "evolve", "extort": "extort", "riot": "riot",
    "mentor": "mentor", "training": "training", "myriad": "myriad", "melee": "melee",
    "provoke": "provoke", "banding": "banding", "phasing": "phasing", "epic": "epic",
    "haunt": "haunt", "soulbond": "soulbond", "living weapon": "living_weapon",
    "sunburst": "sunburst", "exploit": "exploit", "ascend": "ascend", "dethrone": "dethrone",
    "undaunted": "undaunted", "improvise": "improvise", "assist": "assist",
    "jump-start": "jump_start", "spectacle": "spectacle", "foretell": "foretell",
    "daybound": "daybound",
    "nightbound": "nightbound", "cleave": "cleave",
}
#: Landwalk and protection keep their words: ``swampwalk``, ``protection_from_white``.
_LANDWALK = re.compile(r"^(\w+walk)$")
_PROTECTION = re.compile(r"^protection from (.+)$")
#: Keywords with a cost -> tag key (``flashback={7}{B}{B}{B}``).
COST_KEYWORDS = {
    "flashback": "flashback", "emerge": "emerge", "echo": "echo", "madness": "madness",
    "unearth": "unearth", "scavenge": "scavenge", "escape": "escape", "disturb": "disturb",
    "jump-start": "jump_start", "foretell": "foretell", "embalm": "embalm",
    "eternalize": "eternalize", "encore": "encore", "dash": "dash", "evoke": "evoke",
    "kicker": "kicker", "multikicker": "multikicker", "buyback": "buyback",
    "cycling": "cycling", "ninjutsu": "ninjutsu", "bestow": "bestow", "morph": "morph",
    "megamorph": "megamorph", "disguise": "disguise", "cumulative upkeep": "cumulative_upkeep",
    "equip": "equip", "reconfigure": "reconfigure", "fortify": "fortify",
    "level up": "level_up", "outlast": "outlast", "transmute": "transmute",
    "overload": "overload", "prowl": "prowl", "spectacle": "spectacle", "surge": "surge",
    "blitz": "blitz", "mutate": "mutate", "plot": "plot", "offspring": "offspring",
    "craft": "craft", "harmonize": "harmonize", "mayhem": "mayhem", "warp": "warp",
}
#: Cost keywords that are activated abilities of the permanent on the battlefield (a coin).
BATTLEFIELD_ACTIVATED = {"equip", "reconfigure", "fortify", "level_up", "outlast", "crew"}
#: Cost keywords used from the graveyard or the hand: never a battlefield coin.
GRAVEYARD_ACTIVATED = {"unearth", "scavenge", "embalm", "eternalize", "encore"}
HAND_ACTIVATED = {"cycling", "ninjutsu", "transmute"}
#: Keywords with a number -> tag key (``annihilator=2``).
NUMBER_KEYWORDS = {
    "annihilator": "annihilator", "vanishing": "vanishing", "fading": "fading",
    "afflict": "afflict", "bushido": "bushido", "rampage": "rampage", "toxic": "toxic",
    "crew": "crew", "modular": "modular", "frenzy": "frenzy", "absorb": "absorb",
    "bloodthirst": "bloodthirst", "renown": "renown", "tribute": "tribute",
    "dredge": "dredge", "backup": "backup", "ward": "ward", "afterlife": "afterlife",
    "fabricate": "fabricate", "amplify": "amplify", "graft": "graft", "poisonous": "poisonous",
    "soulshift": "soulshift", "casualty": "casualty", "squad": "squad", "mobilize": "mobilize",
}
_NUMBER_KEYWORD = re.compile(r"(?<![a-z])([a-z]+) (\d+|x)")
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
           "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
           "eighteen": 18, "nineteen": 19, "twenty": 20, "another": 1}
_SELF_WORDS = re.compile(
    r"\b[Tt]his (?:creature|card|spell|enchantment|artifact|permanent|land|token|Aura|"
    r"Equipment|Vehicle|planeswalker|Saga|Class|battle|Siege|Case|Room)\b")
_REMINDER = re.compile(r"(?<!\s)\s*\([^()]*\)")  # from a run's first space: linear
_ABILITY_WORD = re.compile(r"^([A-Z][A-Za-z' ]{2,30}) — ")
_COST = re.compile(r"^((?:\{[^}]+\})+)")
_NUMBER = r"(\d+|X|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|" \
          r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|another)"
_TOKEN = re.compile(
    rf"\b[Cc]reates? {_NUMBER} (tapped )?(?:(and attacking|untapped) )?(?:(\d+|X)/(\d+|X) )?"
    r"((?:[a-z]+(?:,? and |, | ))*)((?:[A-Z][\w'-]* )+)(?:artifact |enchantment )*"
    r"creature tokens?\b(?:(?: with [a-z, ]+?)? (?:that are|that's) (tapped and attacking|"
    r"attacking)\b)?")
_TRIGGER = re.compile(r"^(When|Whenever|At)\b ([^,]+), (.+)$")
_ACTIVATED = re.compile(r"^([^:\"]+?): (.+)$")
_COST_WORDS = re.compile(
    r"(\{|^[+−-]?\d+$|^[+−-]X$|\b(?:Sacrifice|Tap|Untap|Discard|Exile|Pay|Remove|Return|Put|"
    r"Reveal|Mill|Collect|Forage|Waterbend|Earthbend|Blight)\b)")
_BOOST = re.compile(
    r"^(Other )?(.+?) (you control )?(?:each )?gets? ([+-]\d+|[+-]X)/([+-]\d+|[+-]X)"
    r"(?: and (?:has|have|gains?) ([a-z ,]+?))?(?: for each [^.]+)?(?: as long as [^.]+)?\.$")
_GY_CAST = re.compile(r"\byou may cast ~ from your graveyard\b", re.IGNORECASE)

#: Verbs this module writes (every one declared in :mod:`pyengine.vocabulary`).
BEHAVIOUR_KEYS = frozenset(name for name, verb in VERBS.items() if verb.family != "fact") | {
    "instant", "kindred", "vanilla"}


def is_behaviour_tag(tag: str) -> bool:
    """True for a tag :func:`behaviour_tags` writes (so a card with hand-written tags in
    ``decks/cards.tsv`` keeps those and does not take the derived ones on top)."""
    try:
        return parse_tag(tag).name in BEHAVIOUR_KEYS
    except VocabularyError:
        return False


# -- reading the text ---------------------------------------------------------------------------

def _number(word: str) -> str:
    word = word.lower()
    if word.isdigit():
        return word
    if word == "x":
        return "X"
    return str(NUMBERS.get(word, word))


def _self_names(name: str) -> list[str]:
    names = []
    for face in [name, *name.split(" // ")]:
        face = face.strip()
        if face:
            names.append(face)
            if "," in face:
                names.append(face.split(",", 1)[0].strip())
            elif " the " in face or " of " in face:
                names.append(re.split(r" (?:the|of) ", face, maxsplit=1)[0].strip())
    return sorted(set(n for n in names if len(n) > 2), key=len, reverse=True)


def _normal(text: str, name: str) -> list[str]:
    """The text's abilities, one a line, reminder text removed and the card's own name (or
    "this creature" and the like) written ``~``."""
    text = _REMINDER.sub("", text.replace("\u2019", "'"))
    for own in _self_names(name):
        text = text.replace(own, "~")
    text = _SELF_WORDS.sub("~", text)
    return [line.strip() for line in text.split("\n") if line.strip()]


def _cost_code(cost: str) -> str:
    """A short code for an activation cost: ``{1}{R},sacrifice_a_goblin``."""
    parts = []
    for part in cost.split(","):
        part = part.strip()
        if not part:
            continue
        if re.fullmatch(r"(\{[^{}]+\})+", part):  # no "{" inside a symbol: linear
            parts.append(part)
        else:
            words = re.sub(r"[^A-Za-z0-9{}+−-]+", "_", part.lower().replace("~", "self"))
            parts.append(words.strip("_"))
    return ",".join(parts)[:60]


def _token_codes(effect: str) -> list[str]:
    """``3_Goblin`` (``13_Zombie_tapped``) for each kind of creature token ``effect`` makes."""
    codes = []
    for match in _TOKEN.finditer(effect):
        count = _number(match.group(1))
        if re.search(r"\bfor each\b|\bwhere X\b", effect[match.start():]) or re.search(
                r"^If\b|\bOtherwise\b", effect):
            count = "X"
        kind = "_".join(match.group(7).split())
        after = match.group(8) or ""
        tapped = bool(match.group(2)) or after.startswith("tapped")
        attacking = match.group(3) == "and attacking" or bool(after)
        codes.append(f"{count}_{kind}" + ("_tapped" if tapped else "")
                     + ("_attacking" if attacking else ""))
    for match in _THING_TOKEN.finditer(effect):
        codes.append(f"{_number(match.group(1))}_{match.group(3)}"
                     + ("_tapped" if match.group(2) else ""))
    return codes


_EFFECTS = (
    (re.compile(rf"\b(?:you )?draws? {_NUMBER} cards?\b", re.I), "draw{}"),
    (re.compile(rf"\b(?:you )?mills? {_NUMBER} cards?\b", re.I), "self_mill{}"),
    (re.compile(rf"\beach player discards {_NUMBER} cards?\b", re.I), "each_player_discards{}"),
    (re.compile(rf"\beach opponent discards {_NUMBER} cards?\b", re.I), "each_opp_discards{}"),
    (re.compile(rf"\btarget (?:player|opponent) discards {_NUMBER} cards?\b", re.I),
     "target_player_discards{}"),
    (re.compile(r"\beach opponent loses (\d+|X) life\b", re.I), "each_opp_loses{}"),
    (re.compile(r"\beach player loses (\d+|X) life\b", re.I), "each_player_loses{}"),
    (re.compile(r"\btarget opponent loses (\d+|X) life\b", re.I), "target_opp_loses{}"),
    (re.compile(r"\btarget player loses (\d+|X) life\b", re.I), "target_player_loses{}"),
    (re.compile(r"\byou gain (\d+|X) life\b", re.I), "you_gain{}"),
    (re.compile(r"\beach player sacrifices (a|an|one|two|three) creatures?\b", re.I),
     "each_player_sacs_creature"),
    (re.compile(r"\beach opponent sacrifices (a|an|one) creatures?\b", re.I),
     "each_opp_sacs_creature"),
    (re.compile(r"\btarget (?:player|opponent) sacrifices (a|an|one) creatures?\b", re.I),
     "target_player_sacs_creature"),
    (re.compile(r"\bput (a|an|one) \+1/\+1 counter on ~", re.I), "p1p1_counter"),
    (re.compile(r"\bcounter target spell\b", re.I), "counter_target_spell"),
    (re.compile(r"\breturn (target creature|target nonland permanent|target permanent|~|it) to "
                r"its owner's hand\b", re.I), "bounce_{}"),
    (re.compile(r"\breturn (?:~|it) to the battlefield\b", re.I), "return_it_to_the_battlefield"),
    (re.compile(rf"\bscry {_NUMBER}\b", re.I), "scry{}"),
    (re.compile(rf"\bsurveil {_NUMBER}\b", re.I), "surveil{}"),
    (re.compile(r"\binvestigate\b", re.I), "investigate"),
    (re.compile(r"\bproliferate\b", re.I), "proliferate"),
)
#: Noncreature tokens by name (Treasure, Food, Clue ...): tokens too.
_THING_TOKEN = re.compile(rf"\b[Cc]reates? {_NUMBER} (tapped )?(Treasure|Food|Clue|Blood|Map|Gold|"
                          r"Powerstone|Incubator|Junk|Shard) tokens?\b")
#: Power changes until end of turn, by who gets them (the vocabulary's subjects).
_PUMP = re.compile(
    r"\b(target creature|~|all creatures|all other creatures|creatures your opponents control|"
    r"creatures you control|nonblack creatures|non-Zombie creatures|green creatures|"
    r"each creature|other creatures) gets? ([+-]\d+)/([+-]\d+)(?: and gains [a-z, ]+?)? "
    r"until end of turn", re.I)
_PUMP_SUBJECTS = {"target creature": "target_creature", "~": "self",
                  "all creatures": "all_creatures", "each creature": "all_creatures",
                  "all other creatures": "other_creatures", "other creatures": "other_creatures",
                  "creatures your opponents control": "opp_creatures",
                  "creatures you control": "your_creatures",
                  "nonblack creatures": "nonblack_creatures",
                  "non-zombie creatures": "nonzombie_creatures",
                  "green creatures": "green_creatures"}
_DAMAGE = re.compile(
    r"\bdeals? (\d+|X) damage to (any target|each opponent|target player|target opponent|"
    r"target creature|each creature|target creature an opponent controls)\b", re.I)
_DAMAGE_SUBJECTS = {"any target": "any_target", "each opponent": "each_opp",
                    "target player": "target_player", "target opponent": "target_opp",
                    "target creature": "target_creature", "each creature": "each_creature",
                    "target creature an opponent controls": "target_opp_creature"}
_DAMAGE_EQUAL = re.compile(
    r"\bdeals? damage to (any target|each opponent|target player|target opponent|"
    r"target creature|each creature|target creature an opponent controls) equal to\b", re.I)
_DESTROY = re.compile(r"\bdestroy (target creature|target nonblack creature|target artifact|"
                      r"target artifact or enchantment|target permanent|"
                      r"target nonland permanent|all creatures)\b(?! or| with| you| that| of)",
                      re.I)


def _effect_code(effect: str) -> str:
    """What the engine (or a reminder) can act on in an effect: tokens, draws, mills, discards,
    life; ``""`` when none of these."""
    codes = _token_codes(effect)
    for pattern, code in _EFFECTS:
        for match in pattern.finditer(effect):
            value = _number(match.group(1)) if "{}" in code and match.groups() else ""
            if code.startswith("bounce_"):
                value = "_".join(match.group(1).lower().replace("~", "it").split())
            codes.append(code.format(value))
    for match in _PUMP.finditer(effect):
        codes.append(f"{_PUMP_SUBJECTS[match.group(1).lower()]}{match.group(2)}/"
                     f"{match.group(3)}_eot")
    for match in _DAMAGE.finditer(effect):
        codes.append(f"{_number(match.group(1))}dmg_{_DAMAGE_SUBJECTS[match.group(2).lower()]}")
    for match in _DAMAGE_EQUAL.finditer(effect):  # "deals damage to ... equal to": X
        codes.append(f"Xdmg_{_DAMAGE_SUBJECTS[match.group(1).lower()]}")
    for match in _DESTROY.finditer(effect):
        codes.append("destroy_" + "_".join(match.group(1).lower().split()))
    return "+".join(c for c in dict.fromkeys(codes) if _is_atom(c))


def _is_atom(code: str) -> bool:
    try:
        parse_atom(code)
    except VocabularyError:
        return False
    return True


#: A trigger condition that names one whole trigger, by the pattern its text starts with
#: (the first that matches decides).
_TRIGGERS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key) for pattern, key in (
        (r"^you cast ~(?:\s|$)|^you cast this spell\b", "cast_trigger"),
        (r"^the beginning of your upkeep\b", "upkeep"),
        (r"^the beginning of (?:each|each player's|each opponent's|the) upkeep\b", "each_upkeep"),
        (r"^the beginning of (?:your|each|the|each player's) end step\b", "end_step"),
        (r"^the beginning of combat on your turn\b", "begin_combat"),
        (r"^~ deals combat damage to a player\b", "combat_dmg_to_player"),
        (r"^~ attacks or blocks\b", "attacks_or_blocks"),
    ))


def _trigger_keys(condition: str) -> list[str]:
    c = condition
    for pattern, key in _TRIGGERS:
        if pattern.match(c):
            return [key]
    keys = []
    match = re.match(r"^~ (enters|dies|attacks)(?: or (enters|dies|attacks))?(?: the battlefield)?"
                     r"(?:,| |$)", c + " ")
    if match:
        for word in match.groups():
            if word:
                keys.append({"enters": "etb", "dies": "dies", "attacks": "attacks"}[word])
    if re.match(r"^~ is put into a graveyard from the battlefield\b", c):
        keys.append("dies")
    other = re.match(r"^(~ or )?(another|a|an) ((?:[a-z]+ )?(?:[A-Z][a-z]+ )?(?:nontoken )?"
                     r"creature|[A-Z][a-z]+)(?: you control)? (dies|enters)(?: the battlefield)?$",
                     c)
    if other and not keys:
        who = ("it_or_another" if other.group(1) else
               "another" if other.group(2) == "another" else "a")
        kind = "_".join(other.group(3).lower().split())
        mine = "_you_control" if "you control" in c else ""
        keys.append(("dies" if other.group(4) == "dies" else "etb")
                    + f"@{who}_{kind}{mine}")
    return keys or ["trigger"]


def _keyword_tags(line: str) -> list[str] | None:
    """The tags of a keyword line (``Flying, first strike``, ``Flashback {7}{B}``), or None
    when the line is not one."""
    tags: list[str] = []
    for part in re.split(r", |; ", line.rstrip(".")):
        word = part.strip()
        low = word.lower()
        if low in KEYWORDS:
            tags.append(KEYWORDS[low])
            continue
        if _LANDWALK.match(low):
            tags.append(low.replace(" ", ""))
            continue
        protection = _PROTECTION.match(low)
        if protection:
            tags.append("protection_from_" + "_".join(protection.group(1).replace(
                "and from", "").split())[:40])
            continue
        matched = False
        for words, key in sorted(COST_KEYWORDS.items(), key=lambda kv: -len(kv[0])):
            if low == words or low.startswith(words + " ") or low.startswith(words + "—"):
                rest = word[len(words):].strip(" —")
                cost = _COST.match(rest)
                tags.append(f"{key}={cost.group(1)}" if cost else key if not rest
                            else f"{key}={_cost_code(rest)}")
                matched = True
                break
        if matched:
            continue
        found = _NUMBER_KEYWORD.fullmatch(low)
        if found and found.group(1) in NUMBER_KEYWORDS:
            tags.append(f"{NUMBER_KEYWORDS[found.group(1)]}={found.group(2).upper()}")
            continue
        suspend = re.fullmatch(r"suspend (\d+|x)—(.+)", low)
        if suspend:
            tags.append(f"suspend={suspend.group(1).upper()}-"
                        f"{_cost_code(word.split('—', 1)[1])}")
            continue
        return None
    return tags


_ADJECTIVES = {"creatures", "creature", "white", "blue", "black", "red", "green", "colorless",
               "multicolored", "attacking", "blocking", "tapped", "untapped", "legendary",
               "token", "nontoken", "nonblack", "nonwhite", "nonred", "nongreen", "nonblue",
               "artifact"}


def _boost(line: str) -> str | None:
    """``lord=other_zombies+1/+1`` / ``anthem=your_creatures+1/+0`` for a static boost of
    a kind of creature (not one creature, not until end of turn)."""
    match = _BOOST.match(line)
    if match is None or "until end of turn" in line:
        return None
    who, power, toughness, extra = match.group(2), match.group(4), match.group(5), match.group(6)
    who = (match.group(1) or "") + who + (" you control" if match.group(3) else "")
    if re.search(r"~|\b(?:enchanted|equipped|target|that|it|each|chosen|of)\b", who, re.I):
        return None
    scope = "all"
    types: list[str] = []
    adjectives: list[str] = []
    parts = re.split(r" and ", who)
    parts.sort(key=lambda part: not part.lower().startswith("other "))
    for part in parts:
        words = part.split()
        if words and words[0].lower() == "other":
            scope = "other"
            words = words[1:]
        if part.endswith("you control") and scope == "all":
            scope = "your"
        for word in words:
            if word in ("you", "control", "All", "all"):
                continue
            if word[0].isupper() and word.lower() not in _ADJECTIVES:
                types.append(plural(word))
            elif word.lower() not in ("creatures", "creature"):
                adjectives.append(word.lower())
    if types:
        subject = "_".join(adjectives + ["_and_".join(types)])
    else:
        subject = "_".join(adjectives + ["creatures"])
    value = f"{scope}_{subject}{power}/{toughness}"
    if extra:
        value += "+" + "_".join(extra.replace(",", " ").replace(" and ", " ").split())
    return ("lord=" if types else "anthem=") + value


_MASS = (
    (re.compile(r"^destroy all\b|\bdestroy each (?:other )?creature\b", re.I), "destroy"),
    (re.compile(r"^(?:Exile|exile) all\b"), "exile"),
    (re.compile(r"\beach player sacrifices all\b|\bEach player sacrifices (?:all|each)\b", re.I),
     "sacrifice"),
    (re.compile(r"\bdeals? (?:\d+|X) damage to each creature\b"), "damage"),
    (re.compile(r"^All (?:other )?creatures get -\d+/-\d+|^(?:Creatures|Each creature) "
                r"(?:your opponents control )?gets? -\d+/-\d+"), "shrink"),
)


def behaviour_tags(oracle_text: str, type_line: str = "", name: str = "",
                   faces: Iterable[tuple[str, str]] = ()) -> list[str]:
    """The behaviour tags of one card, from its Oracle text and type line (``faces``: the
    ``(type line, text)`` of each face of a card with faces; the front face's abilities are
    the ones the Horde plays, but keywords such as ``aftermath`` come from any face)."""
    texts = [(type_line, oracle_text)] + [(t, x) for t, x in faces if x and x != oracle_text]
    tags: list[str] = []
    front_type = (type_line.split(" // ")[0] if type_line else "")
    kinds = front_type.split(" — ")[0].split()
    if "Instant" in kinds:
        tags.append("instant")
    if "Kindred" in kinds or "Tribal" in kinds:
        tags.append("kindred")
    spell = "Instant" in kinds or "Sorcery" in kinds
    any_text = False
    for index, (face_type, text) in enumerate(texts):
        if not text:
            continue
        any_text = True
        face_spell = spell if index == 0 else any(k in face_type for k in ("Instant", "Sorcery"))
        for line in _normal(text, name):
            tags.extend(_line_tags(line, face_spell))
    if not any_text and "Creature" in kinds:
        tags.append("vanilla")
    if any("=" in t and "_tapped" in t.split("=", 1)[1] for t in tags):
        tags.append("tokens_tapped")
    spells = [t.split("=", 1)[1] for t in tags if t.startswith("spell=")]
    if len(spells) > 1:  # one spell effect, however many lines say it
        tags = [t for t in tags if not t.startswith("spell=")]
        tags.append("spell=" + "+".join(dict.fromkeys("+".join(spells).split("+"))))
    out = []
    for tag in dict.fromkeys(tags):
        tag = tag.replace(";", ",").replace("\t", " ")
        try:
            parse_tag(tag)
        except VocabularyError:
            continue  # the reader writes verbs only: a tag that does not read is dropped
        out.append(tag)
    return out


def reading(oracle_text: str, type_line: str = "", name: str = "") -> list[tuple[str, list[str]]]:
    """Each ability line of a card's front face (reminder text removed, its name written
    ``~``) with the verbs the reader turns it into (an empty list: a line no verb reads) --
    what the coverage report (:mod:`sitebuild.coverage`) counts."""
    kinds = (type_line.split(" // ")[0] if type_line else "").split(" — ")[0].split()
    spell = "Instant" in kinds or "Sorcery" in kinds
    out = []
    for line in _normal(oracle_text, name):
        tags = []
        for tag in _line_tags(line, spell):
            try:
                parse_tag(tag)
            except VocabularyError:
                continue
            tags.append(tag)
        out.append((line, tags))
    return out


#: "where X is half the number of Zombies you control, rounded down", "for each creature card
#: in your graveyard", "equal to the number of Goblins you control": what X counts (the
#: vocabulary's closed counts, :func:`pyengine.vocabulary.parse_count`).
_X_COUNT = re.compile(
    r"\b(?:where X is|equal to|for each|and each) (half )?(?:the number of )?(other )?"
    r"((?:(?:[A-Z][a-z]+|creature|instant and sorcery) )?cards?|"
    r"(?:[A-Z][a-z]+ )?(?:creatures?|permanents?|artifacts?|lands?|enchantments?)|"
    r"[A-Z][a-z]+) (you control|your opponents control|on the battlefield|in your graveyard|"
    r"in that player's graveyard|in their graveyard|in all graveyards|in your hand)"
    r"(?:, rounded (down|up))?"
    # a qualifier the closed counts cannot say ("with a +1/+1 counter", "minus 4", "of the
    # chosen type"): no count
    r"(?!,? (?:with|without|that|who|of the|minus|plus|other than|except|among)\b)")
_X_PLACES = {"your opponents control": "opps_control", "on the battlefield": "on_the_battlefield",
             "in that player's graveyard": "in_their_graveyard"}


#: A power change until end of turn ("gets +1/+0 until end of turn").
_UNTIL_END_OF_TURN = re.compile(r"\bgets? [+-]\d+/[+-]\d+ until end of turn")


def _x_count(line: str) -> str:
    """What the X of ``line`` counts, as an ``x_is`` value (``half_zombies_you_control``), or
    ``""`` when the line says no count the vocabulary knows."""
    parts = []
    # a "for each" that changes power until end of turn is no X of the line's other parts
    pumps, start = [], 0
    for sentence in line.split("."):  # (one pass: a pattern around it read dotless text twice)
        if _UNTIL_END_OF_TURN.search(sentence):
            pumps.append((start, start + len(sentence)))
        start += len(sentence) + 1
    for match in _X_COUNT.finditer(line):
        if any(start <= match.start() < end for start, end in pumps):
            continue
        if re.search(r"\b(?:with|that|other than)\b", match.group(3) or ""):
            continue
        half, other, noun, place, rounding = match.groups()
        words = noun.split()
        if words[-1] in ("card", "cards"):
            kind = "_".join(w.lower() for w in words[:-1]) + "_cards" if len(words) > 1 \
                else "cards"
        elif len(words) > 1 and words[0][0].isupper():  # "Zombie creatures": Zombies
            kind = plural(words[0])
        else:
            kind = plural(words[0])
        code = (("half_up_" if rounding == "up" else "half_") if half else "") + \
            ("other_" if other else "") + kind + "_" + \
            _X_PLACES.get(place, "_".join(place.split()))
        try:
            parse_count(code)
        except VocabularyError:
            return ""
        parts.append(code)
    code = "+".join(dict.fromkeys(parts))
    try:
        return code if code and parse_count(code) else ""
    except VocabularyError:
        return ""


def _has_x(tags: Iterable[str]) -> bool:
    read = behaviours(tags)
    return any(b.count == "X" or any(a.count == "X" for a in b.effect) for b in read)


def _line_tags(line: str, spell: bool) -> list[str]:
    """The tags of one ability line, with what its X counts when the text says
    (``x_is=``)."""
    tags = _line_verbs(line, spell)
    if _has_x(tags):
        count = _x_count(line)
        if count:
            tags.append(f"x_is={count}")
    return tags


def _line_verbs(line: str, spell: bool) -> list[str]:
    ability_word = _ABILITY_WORD.match(line)
    if ability_word and not line.startswith(("Suspend", "Escape")) and \
            ability_word.group(1).lower() not in COST_KEYWORDS:
        line = line[ability_word.end():]
    keywords = _keyword_tags(line)
    if keywords is not None:
        # equip, crew and the like are activated abilities of the permanent: a coin (hs-6-2)
        return keywords + [f"activated={k.split('=', 1)[0]}" for k in keywords
                           if k.split("=", 1)[0] in BATTLEFIELD_ACTIVATED]
    granted = re.search(r'~ (?:has|gains?) "((?:When|Whenever|At) [^"]+)"', line)
    if granted:  # "Threshold — ... ~ has "When ~ enters, ...""
        return _line_verbs(granted.group(1), spell)
    # "Escape—{3}{B}, Exile four other cards from your graveyard."
    escape = re.match(r"^(Escape|Disturb|Flashback|Harmonize|Warp)—(.+?)\.?$", line)
    if escape:
        key = COST_KEYWORDS[escape.group(1).lower()]
        return [f"{key}={_cost_code(escape.group(2))}"]
    tags: list[str] = []
    if _GY_CAST.search(line) or re.search(r"\bcast ~ from your graveyard\b", line):
        tags.append("gy_cast_condition")
        return tags
    if "rather than pay" in line and "mana cost" in line:
        sac = re.search(rf"sacrifice {_NUMBER} ([A-Z][\w ]+?) rather than pay", line)
        tags.append(f"alt_cost=sacrifice_{_number(sac.group(1))}_{'_'.join(sac.group(2).split())}"
                    if sac else "alt_cost")
        return tags
    if re.search(r"\bas though it had flash\b", line):
        return ["flash_option"]
    trigger = _TRIGGER.match(line)
    if trigger:
        keys = _trigger_keys(trigger.group(2))
        code = _effect_code(trigger.group(3))
        for key in keys:
            key, _, condition = key.partition("@")
            value = f"{condition}:{code}" if condition else code
            tags.append(f"{key}={value}" if value else key)
        from_graveyard = "~ from your graveyard" in trigger.group(3)
        if re.search(r"\byou may\b", trigger.group(3)) and keys != ["cast_trigger"] \
                and not from_graveyard:  # a choice made from the graveyard is no coin
            tags.append("you_may")
        if code and "_tapped" in code:
            tags.append("tokens_tapped")
        return tags
    activated = _ACTIVATED.match(line)
    if activated and _COST_WORDS.search(activated.group(1)) and not re.match(
            r"^(?:When|Whenever|At|As|If|Each|Other|Creatures|Choose)\b", activated.group(1)):
        cost, effect = activated.group(1), activated.group(2)
        if re.match(r"^Add\b", effect):
            return ["mana_ability=add"]
        if "from your graveyard" in effect and "~" in effect.split("from your graveyard")[0] \
                or re.search(r"\bExile ~ from your graveyard\b", cost):
            return ["gy_activated"]
        if re.search(r"\bDiscard ~\b|\bReveal ~ from your hand\b|\bExile ~ from your hand\b",
                     cost):
            return ["hand_activated"]
        return [f"activated={_cost_code(cost)}"]
    # statics and spell text
    low = line.lower()
    if re.search(r"\byou may\b", line) and not spell:
        tags.append("you_may")
    if re.search(r"^players can't gain life", low):
        tags.append("players_cant_gain_life")
    elif re.search(r"\byour opponents can't gain life", low):
        tags.append("opps_cant_gain_life")
    elif re.search(r"^you can't gain life", low):
        tags.append("cant_gain_life")
    restriction = re.match(r"^~ can't (attack or block|attack|block)\b(.*?)\.?$", line)
    if restriction:
        rest = restriction.group(2)
        if re.match(r"^ and can't be blocked\b", rest):  # two restrictions, no condition
            tags.append("cant_be_blocked")
            rest = rest[len(" and can't be blocked"):]
        condition = _condition(rest)
        for verb in ("cant_attack", "cant_block"):
            if verb[5:] in restriction.group(1):
                tags.append(f"{verb}={condition}" if condition else verb)
    if re.match(r"^~ can't be blocked\b", line):
        condition = _condition(line[len("~ can't be blocked"):])
        tags.append(f"cant_be_blocked={condition}" if condition else "cant_be_blocked")
    if re.match(r"^~ can't be countered\b", line) or re.match(r"^This spell can't be "
                                                             r"countered\b", line):
        tags.append("cant_be_countered")
    if re.match(r"^~ gets [+-]\d+/[+-]\d+\b", line) or re.match(
            r"^As long as .*, ~ gets [+-]\d+/[+-]\d+", line):
        tags.append("self_boost=" + (_condition(line.split(",")[0]) if line.startswith("As")
                                     else "always"))
    if re.match(r"^~'s power and toughness are each equal to\b|^~'s power is equal to\b",
                line):
        tags.append("pt_from_count")
    if re.match(r"^Choose (?:one|two|one or both|one or more|any number) —", line):
        tags.append("modal")
    additional = re.match(r"^As an additional cost to cast (?:~|this spell), (.+?)\.?$", line)
    if additional:
        tags.append(f"additional_cost={_cost_code(additional.group(1))}")
    if re.match(r"^(?:~|This spell) costs \{\w+\} less to cast\b", line):
        tags.append("cost_reduction")
    if re.search(r"\bsearch your library\b", line, re.I):
        tags.append("search_library")
    if re.search(r"^~ attacks each (?:combat|turn) if able\b", line):
        tags.append("attacks_each_combat_if_able")
    if re.search(r"^~ enters tapped\b", line):
        tags.append("enters_tapped")
    counters = re.search(rf"^~ enters with {_NUMBER} \+1/\+1 counters? on it\b", line)
    if counters and (_number(counters.group(1)).isdigit() or counters.group(1) == "X"):
        many = re.search(r"\bfor each\b|\bwhere X\b", line)
        tags.append(f"enters_with={'X' if many else _number(counters.group(1))}")
    boost = _boost(line)
    if boost:
        tags.append(boost)
    for pattern, kind in _MASS:
        if pattern.search(line):
            tags.append(f"mass_removal={kind}")
            break
    if re.search(r"\bcan't be regenerated\b", low):
        tags.append("no_regen")
    if spell:
        codes = _token_codes(line)
        if codes:
            tags.append("tokens=" + "+".join(codes))
        rest = [c for c in _effect_code(line).split("+") if c and c not in codes]
        if rest:
            tags.append("spell=" + "+".join(rest))
    return tags


def _condition(text: str) -> str:
    """A restriction's condition as words: `` alone`` -> ``alone``, `` unless you control
    another Zombie`` -> ``unless_you_control_another_zombie``."""
    words = re.sub(r"[^a-z0-9+/ -]+", " ", text.lower().replace("~", "it")).split()
    return "_".join(words)[:60].strip("_")


# -- comparing tags by what the engines do with them ------------------------------------------

#: The behaviour the engines act on, one name per aspect (see :func:`aspects`).
ASPECTS = ("coin", "graveyard_offer", "graveyard_cast", "keywords", "costs", "triggers",
           "boost", "cant_gain_life", "mass_removal", "tokens_tapped", "enters")
#: Keywords the engines or the runners read.
_READ_KEYWORDS = ("flying", "haste", "menace", "first_strike", "deathtouch", "skulk", "fear",
                  "flash", "flanking", "defender", "vigilance", "foretell", "trample",
                  "lifelink", "cant_block", "cant_attack")
_READ_COSTS = ("flashback", "emerge", "echo", "madness", "unearth", "scavenge", "alt_cost",
               "annihilator", "vanishing", "cumulative_upkeep", "jump_start", "escape",
               "retrace", "disturb", "aftermath")
_TRIGGER_KINDS = ("etb", "dies", "attacks", "upkeep", "each_upkeep", "end_step",
                  "begin_combat", "cast_trigger")


def aspects(tags: Iterable[str], coin: Any = None, offer: Any = None,
            graveyard_cast: Any = None) -> dict[str, Any]:
    """The behaviour a card's tags stand for, aspect by aspect (:data:`ASPECTS`), read the
    same way whoever wrote the tags. ``coin(tags)``, ``offer(tags)`` and
    ``graveyard_cast(tags)`` are the engines' own predicates (the caller passes them in, so
    this module imports no engine)."""
    tags = [str(t) for t in tags]
    read = behaviours(tags)
    keys = [b.name for b in read]
    values = {b.name: b.value for b in read}
    triggers = {b.name for b in read if b.name in _TRIGGER_KINDS}
    enters = sorted(b.tag for b in read if b.name in ("enters_with", "enters_tapped"))
    return {
        "coin": bool(coin(tags)) if coin else None,
        "graveyard_offer": bool(offer(tags)) if offer else "gy_cast_condition" in keys,
        "graveyard_cast": graveyard_cast(tags) if graveyard_cast else None,
        "keywords": sorted(k for k in set(keys) if k in _READ_KEYWORDS),
        "costs": {k: values[k] for k in sorted(set(keys)) if k in _READ_COSTS},
        "triggers": sorted(triggers),
        "boost": any(k in ("lord", "anthem") for k in keys),
        "cant_gain_life": any("cant_gain_life" in k for k in keys),
        "mass_removal": "mass_removal" in keys,
        "tokens_tapped": "tokens_tapped" in keys or any(
            a.kind == "tokens" and a.tapped for b in read for a in b.effect),
        "enters": enters,
    }
