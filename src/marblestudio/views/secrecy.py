"""What the window may show while a game hides cards from a person at the table.

A position (every hand, the deck's order) and an analysis (the best card of each mover) hold what
the players may not see: while a person plays a game with hidden information that is still going
on, neither is shown.  A finished game, a replay being watched and a game of computers alone
hide nothing from anyone at the table.
"""

from __future__ import annotations

from marblestudio.agents.base import has_hidden_information
from marblestudio.net.remote import RemoteSession
from marblestudio.session import Session


def hidden_from_a_person(session: Session, interactive: bool) -> bool:
    """True while `session` (played, not watched, when `interactive`) hides cards from a human
    seat; always for a network game of hidden cards, whose position here has every card this
    seat cannot see dealt at random (it is no position of the real game)."""
    if isinstance(session, RemoteSession):
        return has_hidden_information(session.state)
    if not interactive or session.is_over() or not session.has_human():
        return False
    return has_hidden_information(session.state)


__all__ = ["hidden_from_a_person"]
