"""What the benchmark's players type: whole seeded Leopold games, worked out once through the
table service on a scratch database, as the slash commands a player sends (the same inputs
give the same game through the bot), and the trivial bot's one command."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from bench.gateway.discord_fake import slash

QUEUES = ["Y3 B0 R2 G4 Y0", "B5 R1 Y0 G2 R4", "G0 G3 Y2 B1 R0", "R2 Y4 B4 G1 B0"]
DICE = "1:2 2:2 3:1 4:3 5:2"
START = {"difficulty": "hard", "emperor_table": "S2"}
Command = tuple[str, dict[str, Any]]  # (what it is, the interaction's data)


async def _game(service: Any, channel: int, seed: int) -> list[Command]:
    from bot.core.reply import Ctx

    ctx = Ctx(guild_id=1, channel_id=channel, user_id=1)
    options = {"difficulty": "hard", "emperor_vp_variant": "S2"}
    reply = await service.start(ctx, "gah", options, seed)
    said: list[Command] = [("start", slash("gah", START | {"seed": seed}, "start"))]
    i = 0
    while reply.state["phase"] == "play":
        if reply.state["pending_card"] is not None:
            action: dict[str, Any] = {"command": "turn", "queue": QUEUES[i % 4]}
        elif reply.state["turns_this_round"] < 2:
            action = {"command": "turn", "queue": QUEUES[i % 4], "dice": DICE}
        else:
            action = {"command": "round_end"}
        reply = await service.act(ctx, "gah", action)
        options = {k: v for k, v in action.items() if k != "command"}
        sub = "round-end" if action["command"] == "round_end" else "turn"
        said.append((action["command"], slash("gah", options, sub)))
        i += 1
    final = {"player_score": 90, "player_staff": "none"}
    await service.act(ctx, "gah", {"command": "final"} | final)
    said.append(("final", slash("gah", final, "final")))
    return said


async def _scripts(seeds: list[list[int]]) -> list[list[Command]]:
    from bot.store.database import Database
    from bot.table.service import TableService

    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite+aiosqlite:///{Path(folder) / 'script.db'}")
        await db.create_all()
        service = TableService(db)
        out = []
        for channel, chain in enumerate(seeds):
            commands: list[Command] = []
            for seed in chain:
                commands += await _game(service, channel, seed)
            out.append(commands)
        await db.close()
    return out


async def gah_scripts(lengths: list[int]) -> list[list[Command]]:
    """One script for each length: whole games one after another (each begun with
    `/gah start`), at least that many commands, each script with its own seeds."""
    per_game = 24  # a Leopold game is 24–26 commands
    seeds = [[1000 * c + g for g in range(n // per_game + 1)] for c, n in enumerate(lengths)]
    return await _scripts(seeds)


def ping_scripts(length: int) -> list[list[Command]]:
    return [[("ping", slash("ping", {}))] * length]
