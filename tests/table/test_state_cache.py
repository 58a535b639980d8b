"""The state cache (bot/store/rows.py) serves a state model only for exactly what the database
holds: a write by another process (another service on the same database, with its own cache),
or a change of the stored state behind the service's back, drops the entry, and the next
command starts from the database's state."""

from sqlalchemy import select, update

from bot.store.models import GameRow
from bot.table.service import TableService
from tests.looks import looking

OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
QUEUES = ["Y3 B0 R2 G4 Y0", "B5 R1 Y0 G2 R4", "G0 G3 Y2 B1 R0", "R2 Y4 B4 G1 B0"]
DICE = "1:2 2:2 3:1 4:3 5:2"


def next_action(reply, i: int) -> dict:
    if reply.state["pending_card"] is not None:
        return {"command": "turn", "queue": QUEUES[i % 4]}
    if reply.state["turns_this_round"] < 2:
        return {"command": "turn", "queue": QUEUES[i % 4], "dice": DICE}
    return {"command": "round_end"}


async def stored_state(db, game_id: int = 1) -> dict:
    async with looking(db) as session:
        return await session.scalar(select(GameRow.state).where(GameRow.id == game_id))


async def test_a_command_starts_from_the_model_it_wrote_and_writes_what_a_fresh_load_gives(
    db, owner
):
    cached, fresh = TableService(db), TableService(db)
    reply = await cached.start(owner, "gah", OPTS, seed=11)
    for i in range(6):
        reply = await cached.act(owner, "gah", next_action(reply, i))
    assert cached.states.hits >= 5  # each command after the first began from the cache
    # a service that never saw the game reads it from the database: the same state
    looked = await fresh.status(owner)
    assert looked.version == reply.version and looked.board == reply.board
    assert looked.state == reply.state


async def test_a_write_by_another_process_drops_the_entry_and_the_next_command_sees_it(db, owner):
    one, other = TableService(db), TableService(db)  # two processes, each with its own cache
    reference = TableService(db)
    reply = await one.start(owner, "gah", OPTS, seed=11)
    reply = await one.act(owner, "gah", next_action(reply, 0))
    assert 1 in one.states  # game 1's state after its first turn
    moved = await other.act(owner, "gah", next_action(reply, 1))  # the other process moves on
    assert moved.version == reply.version + 1
    then = await one.act(owner, "gah", next_action(moved, 2))
    assert then.version == moved.version + 1  # built on the other process's write
    assert one.states.dropped >= 1
    # what the first process shows is what the database holds, read by a third
    looked = await reference.status(owner)
    assert looked.version == then.version and looked.board == then.board
    assert looked.state == then.state


async def test_a_stored_state_changed_without_a_new_version_is_never_served_from_the_cache(
    db, owner
):
    """Even a change that keeps the version (a hand edit, a migration run beside the bot)
    is seen: the entry must match the stored state itself, not only its version."""
    service = TableService(db)
    reply = await service.start(owner, "gah", OPTS, seed=11)
    reply = await service.act(owner, "gah", next_action(reply, 0))
    vp = reply.state["vp"]
    changed = await stored_state(db) | {"vp": vp + 1000}  # Leopold's points never go down
    async with looking(db) as conn:
        await conn.execute(update(GameRow).where(GameRow.id == 1).values(state=changed))
    assert 1 in service.states  # it still holds the state it wrote, at the same version
    hits = service.states.hits
    then = await service.act(owner, "gah", next_action(reply, 1))
    assert service.states.hits == hits and service.states.dropped >= 1
    assert then.state["vp"] >= vp + 1000  # from the database's state, not the cached one
    assert (await stored_state(db))["vp"] >= vp + 1000
