"""`marblestudio bot URL --token T`: play one seat of a network game with a computer player.

The agents are those of `simulate` (``random``, ``heuristic``, ``mcts:200``, ``easy`` ...).  It
plays until the game ends and prints the result.  Exit 0 when the game ended, 1 when the server
refused the token, 2 for a bad agent or a server that cannot be reached.
"""

from __future__ import annotations

import argparse
import sys

from marblestudio.cli.errors import guarded

HELP = "play a seat of a network game with a computer player (the agents of simulate)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", metavar="URL", help="the server's address, such as ws://192.168.1.20:8765, or a seat's whole invitation code")
    parser.add_argument("--token", default=None, metavar="T", help="the seat's token (not needed with an invitation code)")
    parser.add_argument("--agent", default="mcts:200", help="the computer player (default mcts:200)")
    parser.add_argument("--seed", type=int, default=0, help="the agent's seed (default 0)")
    parser.add_argument("--fingerprint", default=None, metavar="HEX",
                        help="for a wss:// server: the SHA-256 fingerprint of its certificate that serve printed")


def run(args: argparse.Namespace) -> int:
    return guarded("bot", _run, args)


def _run(args: argparse.Namespace) -> int:
    import asyncio

    from marblestudio.agents import AgentSpecError, check_spec
    from marblestudio.cli.errors import INVALID, OK, USAGE
    from marblestudio.net.client import ServerError, play_bot
    from websockets.exceptions import InvalidHandshake, InvalidURI

    from marblestudio.net.invitation import InvitationError, parse
    from marblestudio.net.tls import FingerprintMismatch

    try:
        check_spec(args.agent)
    except AgentSpecError as exc:
        print(f"bot: {exc}", file=sys.stderr)
        return USAGE
    url, token, pin = args.url, args.token, args.fingerprint
    if "#" in url:
        try:
            code = parse(url)
        except InvitationError as exc:
            print(f"bot: {exc}", file=sys.stderr)
            return USAGE
        url, token, pin = code.url, token or code.token, pin or code.fingerprint
    if token is None:
        print("bot: give the seat's token (--token T) or its invitation code as URL", file=sys.stderr)
        return USAGE
    try:
        result = asyncio.run(play_bot(url, token, args.agent, args.seed, pin))
    except ServerError as exc:
        print(f"bot: the server refused: {exc}", file=sys.stderr)
        return INVALID
    except FingerprintMismatch as exc:
        print(f"bot: {exc}", file=sys.stderr)
        return INVALID
    except (OSError, InvalidURI, InvalidHandshake) as exc:
        print(f"bot: cannot reach {args.url}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return USAGE
    winners = ", ".join(str(w + 1) for w in result["winners"]) or "none"
    print(f"game over: {result['termination']}, winners: {winners} ({result['reason']})")
    return OK
