"""The ALIVE section (`alive:`): semantic checks, and building `AliveRules`.

The deck is a mapping of card kind id -> {count, value} for a number card or {count, effect,
...} for a wild card; kinds with count 0 (a house rule taking a card out) are left out of the
engine's deck.  Team play is the common `teams` key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.engine.alive.rules import AliveRules, CardKind, DrawAnswer, EmptyDeck, GameEnd, Pairs, WildEffect, WildHits
from marblestudio.rulesets.diagnostics import WARNING, Problem, pointer_join

SECTION = "/alive"
DEFAULTS = {"limit": 21, "hand_size": 10, "lives": 5}
EFFECTS = {e.value: e for e in WildEffect}
TEAM_PLAYERS = (4, 6)


def _card_problems(card_id: str, card: Mapping[str, Any], limit: int) -> list[Problem]:
    here = pointer_join(f"{SECTION}/deck", card_id)
    has_value, effect = "value" in card, card.get("effect")
    if has_value and effect is not None:
        return [Problem(here, f"card {card_id} has both a 'value' (number card) and an 'effect' (wild card): keep one")]
    if not has_value and effect is None:
        return [Problem(here, f"card {card_id} needs a 'value' (a number card) or an 'effect' (a wild card)")]
    if effect is not None and effect not in EFFECTS:
        known = ", ".join(EFFECTS)
        return [Problem(f"{here}/effect", f"card {card_id} has the unknown wild effect {effect!r}; known effects: {known}")]
    problems: list[Problem] = []
    if effect == "draw" and "amount" not in card:
        problems.append(Problem(here, f"card {card_id} is a 'draw' card: give 'amount', the cards every other player draws"))
    if effect == "set-total":
        if "total" not in card:
            problems.append(Problem(here, f"card {card_id} is a 'set-total' card: give 'total', what the running total becomes"))
        elif card["total"] > limit:
            problems.append(Problem(f"{here}/total", f"card {card_id} sets the total to {card['total']}, above the limit of {limit}"))
    if "amount" in card and effect != "draw":
        problems.append(Problem(f"{here}/amount", f"'amount' is only for a 'draw' card; card {card_id} is not one", WARNING))
    if "total" in card and effect != "set-total":
        problems.append(Problem(f"{here}/total", f"'total' is only for a 'set-total' card; card {card_id} is not one", WARNING))
    return problems


def check(data: Mapping[str, Any]) -> list[Problem]:
    """What the schema cannot say: each card is one kind, the hands fit the deck, team play sizes."""
    section = data["alive"]
    limit = section.get("limit", DEFAULTS["limit"])
    deck: Mapping[str, Any] = section["deck"]
    problems: list[Problem] = []
    for card_id, card in deck.items():
        problems += _card_problems(card_id, card, limit)
    size = sum(card["count"] for card in deck.values())
    most = data["players"]["max"]
    hand = section.get("hand_size", DEFAULTS["hand_size"])
    if hand * most > size:
        problems.append(
            Problem(
                f"{SECTION}/hand_size",
                f"{most} players with {hand} cards each need {hand * most} cards; the deck has {size}",
            )
        )
    numbers = [c for c in deck.values() if "value" in c and c["count"] > 0]
    if not numbers:
        problems.append(Problem(f"{SECTION}/deck", "the deck has no number card (a card with 'value' and a count above 0)"))
    if section.get("wild_hits", "everyone") != "everyone" and data.get("teams") is None:
        problems.append(Problem(f"{SECTION}/wild_hits", "'wild_hits' is read only in team play (teams:); without teams a DRAW "
                                                         "and a BOMB hit every other player", WARNING))
    bombs = [i for i, c in deck.items() if c.get("effect") == "bomb" and c["count"] > 0]
    if bombs and not any(c["value"] == 0 for c in numbers):
        problems.append(
            Problem(pointer_join(f"{SECTION}/deck", bombs[0]), "a BOMB needs number cards of value 0 to discard; this deck has none", WARNING)
        )
    problems += _answer_problems(section, deck)
    if data["players"]["min"] < 2:
        problems.append(Problem("/players/min", "ALIVE needs at least 2 players"))
    teams = data.get("teams")
    if teams is not None:
        low, high = TEAM_PLAYERS
        if teams.get("count", 2) != 2:
            problems.append(Problem("/teams/count", "ALIVE's team play has exactly 2 teams"))
        if data["players"]["min"] < low or most > high:
            problems.append(
                Problem("/players", f"ALIVE's team play is for {low} to {high} players; this ruleset allows {data['players']['min']}-{most}")
            )
    return problems


_ANSWERED = {"draw": "DRAW", "skip": "SKIP", "bomb": "BOMB"}
"""The effects `answers:` may name, as the cards are called."""


def _answer_problems(section: Mapping[str, Any], deck: Mapping[str, Any]) -> list[Problem]:
    """`answers:`: its cards are kinds of the deck, and the deck has a card of each effect answered
    (the schema refuses a SKIP that bounces: play goes on past its player)."""
    answers = section.get("answers")
    if answers is None:
        return []
    problems: list[Problem] = []
    for effect, rule in answers.items():
        card = _ANSWERED[effect]
        where = f"{SECTION}/answers/{effect}"
        for i, card_id in enumerate(rule["with"]):
            if card_id not in deck:
                problems.append(Problem(f"{where}/with/{i}",
                                        f"no card kind {card_id!r} in the deck to answer a {card} with (kinds: {', '.join(deck)})"))
            elif deck[card_id]["count"] == 0:
                problems.append(Problem(f"{where}/with/{i}", f"the deck holds no {card_id} (its count is 0)", WARNING))
        if not any(c.get("effect") == effect and c["count"] > 0 for c in deck.values()):
            problems.append(Problem(where, f"the deck has no {card} card, so no {card} is ever answered", WARNING))
    return problems


def unused(data: Mapping[str, Any]) -> list[Problem]:
    """Keys of a checked ruleset that ALIVE's rules never read: none beyond what `check` warns of
    (a card's 'amount' or 'total' that its effect does not use); 'teams' is team play."""
    return []


def build(data: Mapping[str, Any]) -> AliveRules:
    """The engine's typed rules from a schema-valid, checked ruleset."""
    section = data["alive"]
    kinds = []
    for card_id, card in section["deck"].items():
        if card["count"] == 0:
            continue
        effect = EFFECTS[card["effect"]] if "effect" in card else None
        kinds.append(
            CardKind(
                id=card_id,
                count=card["count"],
                label=card.get("label", card_id),
                value=card.get("value"),
                effect=effect,
                amount=card.get("amount", 0),
                total=card.get("total", 0),
            )
        )
    return AliveRules(
        deck=tuple(kinds),
        limit=section.get("limit", DEFAULTS["limit"]),
        hand_size=section.get("hand_size", DEFAULTS["hand_size"]),
        lives=section.get("lives", DEFAULTS["lives"]),
        game_end=GameEnd(section.get("game_end", GameEnd.LAST_PLAYER_STANDING.value)),
        empty_deck=EmptyDeck(section.get("empty_deck", EmptyDeck.RESHUFFLE_DISCARDS.value)),
        draw_answer=_answer(section, "draw"),
        wild_hits=WildHits(section.get("wild_hits", WildHits.EVERYONE.value)),
        skip_answer=_answer(section, "skip"),
        bomb_answer=_answer(section, "bomb"),
        pairs=Pairs(section.get("pairs", Pairs.NONE.value)),
    )


def _answer(section: Mapping[str, Any], effect: str) -> DrawAnswer | None:
    """How a card of `effect` ('draw', 'skip', 'bomb') is answered, or None."""
    rule = section.get("answers", {}).get(effect)
    if rule is None:
        return None
    then = rule.get("then", "pass-on")
    return DrawAnswer(frozenset(rule["with"]), then == "pass-on", then == "bounce")
