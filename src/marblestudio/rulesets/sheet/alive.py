"""ALIVE's rules sheet in sentences: the deck by kind, the wild cards, lives and the limit (GAMES.md section 2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marblestudio.rulesets.sheet.base import Compare, Sections


_GAME_END = {
    "last-player-standing": "The last player with a face-up life card wins.",
    "first-player-out": "The game ends as soon as one player has flipped all their life cards: the most life cards "
    "left wins, and a tie goes to the lowest total of number cards in hand.",
}
_EMPTY_DECK = {
    "reshuffle-discards": "When the deck is empty and someone must draw, the discard pile (bar its top card) is "
    "shuffled into a new deck.",
    "draw-nothing": "When the deck is empty, draws that cannot be made are forgotten.",
}


def _card_words(kind: str, card: Mapping[str, Any]) -> str:
    effect = card.get("effect")
    label = str(card.get("label", kind))
    if effect is None:
        return f"{label} adds {card.get('value')}"
    words = {
        "draw": f"every other player draws {card.get('amount', 1)}",
        "pass-me-by": "play passes to the next player",
        "reverse": "the direction of play reverses (with two players left: play passes)",
        "skip": "the next player is skipped (with two players left: play again)",
        "set-total": f"the total becomes {card.get('total')}",
        "hand-in-redeal": "every hand is handed in, shuffled and dealt again, and the total resets to 0",
        "bomb": "every other player discards a number card of value 0 or flips a life card; the total resets to 0",
    }.get(str(effect), str(effect))
    return f"{label} (×{card.get('count')}): {words}"


def sections(c: Compare) -> Sections:
    a = "alive"
    deck = {k: v for k, v in (c.get(a, "deck") or {}).items() if isinstance(v, Mapping) and v.get("count", 0) > 0}
    numbers = {k: v for k, v in deck.items() if v.get("effect") is None}
    wilds = {k: v for k, v in deck.items() if v.get("effect") is not None}
    total = sum(int(v.get("count", 0)) for v in deck.values())
    cards = [
        f"The deck has {total} playing cards: {sum(int(v['count']) for v in numbers.values())} number cards "
        f"({_counted(numbers)}) and {sum(int(v['count']) for v in wilds.values())} wild cards ({_counted(wilds)}).",
    ]
    if c.base is not None:
        base_deck = c.get(a, "deck", data=c.base) or {}
        changed = [str(k) for k in deck if deck[k] != base_deck.get(k)]
        gone = [str(k) for k, v in base_deck.items() if isinstance(v, Mapping) and v.get("count", 0) > 0 and k not in deck]
        if changed:
            cards.append(f"Cards different from {c.label}: {', '.join(changed)}.")
        if gone:
            cards.append(f"Cards of {c.label} left out: {', '.join(gone)}.")
    teams = c.get("teams")
    lives = c.get(a, "lives")
    cards.append(f"Each {'team' if teams else 'player'} has {lives} life cards{c.was(a, 'lives')}.")
    limit = c.get(a, "limit")
    play = [
        f"Each player is dealt {c.get(a, 'hand_size')} cards{c.was(a, 'hand_size')}; the rest is the face-down deck.",
        "Play goes clockwise from the dealer's left. A number card adds its value to a running total that starts at 0.",
        f"A card that would take the total above {limit}{c.was(a, 'limit')} may not be played: a player who can only "
        "go above it plays nothing, flips a life card, and the total resets to 0.",
        "A player who plays the last card of their hand ends the hand: every other player flips a life card, and all "
        "the cards are shuffled and dealt again.",
        c.reading((a, "empty_deck"), _EMPTY_DECK),
    ]
    if c.get(a, "pairs") == "numbers":
        play.append("House rule: instead of one card, a player may play two number cards of one value together "
                    "('play 3 3'): both count towards the total, which they may not take above the limit together. "
                    "Wild cards are played alone.")
    wild = ["Wild cards count 0 and may be played at any time.", *(f"{_card_words(k, v)}." for k, v in wilds.items())]
    answer = _answer_words(c.get(a, "answers"), deck)
    if answer:
        wild.append(answer)
    if teams:
        winning = [
            "When a player plays their last card, the opposing team loses one life; DRAW and BOMB hit team-mates too.",
            "The game ends when a team has flipped all its life cards; the other team wins.",
        ]
    else:
        winning = [
            "A player whose life cards are all flipped is out and discards their hand.",
            c.reading((a, "game_end"), _GAME_END),
        ]
    return [("Cards", cards), ("Playing", play), ("Wild cards", wild if wilds else []), ("Winning", winning)]


def _answer_words(answers: Any, deck: Mapping[str, Mapping[str, Any]]) -> str:
    """A house rule's answers to a DRAW, a SKIP and a BOMB, in words ('' without one)."""
    if not isinstance(answers, Mapping):
        return ""
    said = []
    for effect, words in (("draw", _DRAW_ANSWERS), ("skip", _SKIP_ANSWERS), ("bomb", _BOMB_ANSWERS)):
        rule = answers.get(effect)
        if not isinstance(rule, Mapping):
            continue
        cards = " or ".join(str(deck.get(k, {}).get("label", k)) for k in rule.get("with", []))
        head, then = words
        said.append(head.format(cards=cards) + then.get(str(rule.get("then", "pass-on")), ""))
    return " ".join(said)


_DRAW_ANSWERS = (
    "House rule: a DRAW waits for the next player, who takes it (draws as above, then plays on) or answers it with "
    "{cards} and draws nothing; an answer is that player's turn, adds nothing to the total and does nothing else.",
    {"pass-on": " The whole draw, grown by the answering card's amount, passes on to every other player of the one "
                "who answered, and the next of them may answer it in turn.",
     "block": " Everyone else still draws.",
     "bounce": " The DRAW goes back to its player, who alone draws the whole of it, grown by the answering card's amount."},
)
_SKIP_ANSWERS = (
    "House rule: a SKIP waits for the player it would skip, who takes it (and is skipped) or answers it with {cards}; "
    "an answer is that player's turn, adds nothing to the total and does nothing else.",
    {"pass-on": " The SKIP passes on to the next player, who may answer it in turn.",
     "block": " Nobody is skipped."},
)
_BOMB_ANSWERS = (
    "House rule: a BOMB waits for the next player, who takes it (it hits every other player of its player, as "
    "above, and the taker plays on) or answers it with {cards} and is spared; an answer is that player's turn, adds "
    "nothing to the total and does nothing else.",
    {"pass-on": " The BOMB passes on: it would hit every other player of the one who answered, and the next of them "
                "may answer it in turn.",
     "block": " It hits everyone else it would hit.",
     "bounce": " It goes back to its player, who alone is hit."},
)


def _counted(cards: Mapping[str, Mapping[str, Any]]) -> str:
    return ", ".join(f"{v.get('label', k)} ×{v.get('count')}" for k, v in cards.items())
