"""Network play: an authoritative game server and its clients, above the engine, records and
agents, with no Qt (docs/protocol.md).

- `protocol`: the versioned JSON messages and their JSON Schema.
- `game`: one game on the server, its seats' token hashes, and what each seat may see.
- `store`: the games on disk (`--data`), resumed after a restart.
- `server`: the asyncio + websockets server.
- `connection`: one client on the server and its outbox, bounded in messages and bytes.
- `limits`: the caps on connections (in all, per address, per game and seat).
- `ratelimit`: the token bucket that limits each connection's messages.
- `tls`: wss:// with self-signed certificates pinned by fingerprint.
- `client`: a small asyncio client, and a computer player over the network (`bot`).
"""
