"""Commands fired at one game at once are applied one after another: none lost, none doubled."""

import asyncio
import random

from sqlalchemy import select

from bot.core.errors import SoloistError
from bot.games.registry import rules_for
from bot.store.models import ActionRow, GameRow
from bot.table.replay import effective_actions, replay
from bot.table.service import TableService
from tests.looks import looking

OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


async def test_fifty_concurrent_commands_on_one_game(db, owner):
    # Two services with their own locks stand in for two processes: the version
    # compare-and-swap is what keeps them apart.
    first, second = TableService(db), TableService(db)
    start = await first.start(owner, "gah", OPTS, seed=11)
    initial_order = rules_for("gah").new_game(OPTS, 11)[0].deck.draw_pile
    commands = [TURN] * 35 + [{"command": "round_end"}] * 15
    random.Random(5).shuffle(commands)

    async def fire(i: int, action: dict):
        service = first if i % 2 else second
        return await service.act(owner, "gah", dict(action))

    results = await asyncio.gather(
        *(fire(i, a) for i, a in enumerate(commands)), return_exceptions=True
    )
    unexpected = [
        r for r in results if isinstance(r, Exception) and not isinstance(r, SoloistError)
    ]
    assert unexpected == []
    accepted = [r for r in results if not isinstance(r, Exception)]
    assert len(accepted) > 10
    versions = sorted(r.version for r in accepted)
    assert versions == list(range(2, 2 + len(accepted)))  # each accepted once, none lost

    async with looking(db) as session:
        row = await session.get(GameRow, start.game_id)
        log = (
            (
                await session.execute(
                    select(ActionRow).where(ActionRow.game_id == row.id).order_by(ActionRow.seq)
                )
            )
            .scalars()
            .all()
        )
    assert row.version == 1 + len(accepted)
    assert [e.seq for e in log] == list(range(1, row.version + 1))
    rules = rules_for("gah")
    state, _ = replay(
        rules,
        row.options,
        row.seed,
        effective_actions([(e.command, e.args) for e in log[1:]], rules),
    )
    assert state.model_dump(mode="json") == row.state
    drawn = row.state["deck"]["discards"] + (
        [row.state["pending"]["card"]] if row.state["pending"] else []
    )
    assert drawn == initial_order[: len(drawn)]  # exactly the right cards, in order
    turns = sum(1 for e in log if e.command == "turn" and any("I draw" in f for f in e.facts))
    assert turns == len(drawn)
