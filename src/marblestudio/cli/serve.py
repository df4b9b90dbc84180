"""`marblestudio serve`: run the network game server (docs/protocol.md).

It prints the address it listens on and, with ``--new RULESET``, a new game's seat tokens and
invitation codes (give each friend one; with ``--host 0.0.0.0`` put the host's address in its
place) and its spectator token; the admin token it prints creates
more games with a `create` message (`marblestudio.net.client.Client.create`).  With ``--data
DIR`` every game is saved after every move and a restart resumes the unfinished ones.  With
``--tls-cert F --tls-key F`` it serves ``wss://`` and prints the certificate's fingerprint, which
clients check (``bot --fingerprint``), so a self-signed certificate is safe to use.  Tokens
are printed here, on standard output, and never written to the log (standard error).
``--max-connections``, ``--max-per-address`` and ``--max-spectators`` cap the connections it
holds (a connection over a cap gets a `full` error).

Exit 0 when stopped with Ctrl-C or SIGTERM, 1 when ``--new`` names a ruleset that cannot be
played, 2 for a port that cannot be opened.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from marblestudio.cli.errors import guarded
from marblestudio.net.limits import MAX_CONNECTIONS, MAX_PER_ADDRESS, MAX_SPECTATORS

if TYPE_CHECKING:
    import ssl

    from marblestudio.net.server import GameServer, Invitation

HELP = "run a network game server: friends (and bots) play with invitation tokens"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: every network; default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="the port (0: any free one; default 8765)")
    parser.add_argument("--data", type=Path, default=None, metavar="DIR", help="save games in DIR and resume them on start")
    parser.add_argument("--new", default=None, metavar="RULESET", help="create a game of this bundled or user ruleset id")
    parser.add_argument("--players", type=int, default=2, metavar="N", help="the seats of the --new game (default 2)")
    parser.add_argument("--admin-token", default=None, metavar="T", help="the token that creates games (default: a random one, printed)")
    parser.add_argument("--tls-cert", type=Path, default=None, metavar="F", help="serve wss:// with this PEM certificate (self-signed is fine)")
    parser.add_argument("--tls-key", type=Path, default=None, metavar="F", help="the certificate's PEM private key")
    parser.add_argument("--max-connections", type=_positive, default=MAX_CONNECTIONS, metavar="N",
                        help=f"connections held in all (fewer if ulimit -n allows fewer; default {MAX_CONNECTIONS})")
    parser.add_argument("--max-per-address", type=_count, default=MAX_PER_ADDRESS, metavar="N",
                        help=f"connections from one IP address (0: no cap, behind a proxy; default {MAX_PER_ADDRESS})")
    parser.add_argument("--max-spectators", type=_count, default=MAX_SPECTATORS, metavar="N",
                        help=f"spectators watching one game (default {MAX_SPECTATORS})")


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative")
    return value


def _positive(text: str) -> int:
    value = _count(text)
    if value == 0:
        raise argparse.ArgumentTypeError("at least 1")
    return value


def run(args: argparse.Namespace) -> int:
    return guarded("serve", _run, args)


def _run(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from marblestudio.cli.errors import INVALID, OK, USAGE
    from marblestudio.net.limits import Limits
    from marblestudio.net.protocol import ProtocolError
    from marblestudio.net.server import GameServer, loop_factory

    if args.admin_token is not None and not _is_token(args.admin_token):
        print("serve: --admin-token must be 32 lowercase hex digits", file=sys.stderr)
        return USAGE
    if (args.tls_cert is None) != (args.tls_key is None):
        print("serve: --tls-cert and --tls-key go together", file=sys.stderr)
        return USAGE
    context = None
    pin = None
    if args.tls_cert is not None:
        import ssl

        from marblestudio.net.tls import fingerprint, server_context

        try:
            context = server_context(args.tls_cert, args.tls_key)
            pin = fingerprint(args.tls_cert)
            print(f"certificate fingerprint {pin}")
        except (OSError, ssl.SSLError, ValueError) as exc:
            print(f"serve: cannot use the certificate {args.tls_cert}: {exc}", file=sys.stderr)
            return USAGE
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        limits = Limits(connections=args.max_connections, per_address=args.max_per_address,
                        spectators=args.max_spectators)
        server = GameServer(args.data, admin_token=args.admin_token, limits=limits)
    except OSError as exc:
        print(f"serve: cannot use the data folder {args.data}: {exc.strerror or exc}", file=sys.stderr)
        return USAGE
    created = None
    if args.new is not None:
        try:
            created = server.create_game(args.new, args.players)
        except ProtocolError as exc:
            print(f"serve: cannot create a game of {args.new}: {exc}", file=sys.stderr)
            return INVALID
        print(f"game {created.game_id}: {args.new} for {args.players}")
    import gc

    # The games resumed and the modules loaded live as long as the server: the cyclic collector
    # need not walk them again (freeze), and the frames made for every seat after every move are
    # short-lived, so it runs a hundredth as often (under load its pauses were the slowest moves).
    gc.freeze()
    gc.set_threshold(50_000, 50, 1000)
    try:
        with asyncio.Runner(loop_factory=loop_factory()) as runner:
            runner.run(_serve(server, args.host, args.port, context, created, pin))
    except OSError as exc:
        print(f"serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return USAGE
    return OK


def _is_token(text: str) -> bool:
    return len(text) == 32 and all(c in "0123456789abcdef" for c in text)


def _print_invitations(created: Invitation, url: str, pin: str | None) -> None:
    """Each seat's token and invitation code, and the spectators'."""
    from marblestudio.net.invitation import Invitation as Code

    for seat, token in enumerate(created.seats):
        print(f"player {seat + 1} token {token} invitation {Code(url, token, pin)}")
    print(f"spectator token {created.spectator} invitation {Code(url, created.spectator, pin)}")


async def _serve(server: GameServer, host: str, port: int, context: ssl.SSLContext | None,
                 created: Invitation | None, pin: str | None) -> None:
    import asyncio
    import signal

    from marblestudio.net.server import bound_port

    ws = await server.start(host, port, context)
    url = f"{'wss' if context else 'ws'}://{host}:{bound_port(ws)}"
    if created is not None:
        _print_invitations(created, url, pin)
    print(f"admin token {server.admin_token}")
    print(f"listening on {url}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    ws.close()
    await ws.wait_closed()
