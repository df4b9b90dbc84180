"""What happens in a game of ALIVE, as event kinds (the data each carries in brackets)."""

from __future__ import annotations

from marblestudio.engine.core import EventKind


class AliveEvent(EventKind):
    """The kinds of event a game of ALIVE produces (its rule pieces can trigger on them)."""

    DEALT = "dealt"
    """A hand was dealt (`first` to play, the hand `sizes`)."""
    CARDS_SEEN = "cards_seen"
    """A seat was dealt cards it alone sees (visible to that seat: `seat`, `cards`)."""
    CARD_PLAYED = "card_played"
    """A card was played onto the pile (`seat`, `card`, the running `total`, cards `left`)."""
    TOTAL = "total"
    """The running total changed (`total`)."""
    CARDS_DRAWN = "cards_drawn"
    """A player drew cards (`seat`, `count`)."""
    DECK_EMPTY = "deck_empty"
    """A draw met an empty deck (`seat`, the cards `missed`)."""
    DECK_RESHUFFLED = "deck_reshuffled"
    """The discard pile became the deck (`cards`)."""
    DIRECTION_REVERSED = "direction_reversed"
    """Play turned round (`direction`)."""
    PLAYER_SKIPPED = "player_skipped"
    """A player was skipped (`seat`)."""
    LIFE_LOST = "life_lost"
    """A life card was flipped (`seat`, its `owner`, `lives` left, `why`)."""
    LIFE_GAINED = "life_gained"
    """A house rule turned a flipped life card face up again (`seat`, `owner`, `lives`)."""
    BOMB_DISCARD = "bomb_discard"
    """A BOMB made a player discard a card (`seat`, `card`)."""
    HANDS_HANDED_IN = "hands_handed_in"
    """HAND IN & RE-DEAL collected every hand (`seat`, `cards`)."""
    CARDS_COLLECTED = "cards_collected"
    """The cards were gathered for a new hand (`dealer`)."""
    ELIMINATED = "eliminated"
    """A player lost their last life (`seat`, the cards `discarded`)."""
    HAND_OVER = "hand_over"
    """A hand ended (`winners`)."""
    DRAW_WAITING = "draw_waiting"
    """A DRAW waits for an answer (`alive: answers:`): `seat` may answer it or take it; each
    player but `source` would draw `amount` cards."""
    DRAW_ANSWERED = "draw_answered"
    """`seat` answered a DRAW with `card`: `passed` on (the draw, now `amount` cards each, goes to
    every other player) or blocked it (`seat` draws nothing)."""
    DRAW_TAKEN = "draw_taken"
    """`seat` took a waiting DRAW: every player but `source` draws `amount` cards."""
    CARD_WAITING = "card_waiting"
    """A SKIP or a BOMB waits for an answer (`alive: answers:`): `seat` may answer it or take it;
    `source` played it (or passed it on); `effect` is 'skip' or 'bomb'."""
    CARD_ANSWERED = "card_answered"
    """`seat` answered a waiting SKIP or BOMB (`effect`) with `card`: `passed` on to the next
    player, blocked for itself, or sent `back` to the card's player (a BOMB)."""
    CARD_TAKEN = "card_taken"
    """`seat` took a waiting SKIP (it is skipped) or BOMB (it hits every player but `source`)."""
