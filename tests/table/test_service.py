import json

import pytest

from bot.core.errors import InputError, NoGame, NotAllowed, RuleError, StaleButton
from bot.core.reply import Ctx
from bot.table.service import TableService
from tests.looks import edit, looking

OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
QUEUE = "Y3 B0 R2 G4 Y0"
DICE = "1:2 2:2 3:1 4:3 5:2"
STRANGER = Ctx(guild_id=10, channel_id=100, user_id=99)


async def test_start_then_status_shows_the_game(service: TableService, owner: Ctx):
    reply = await service.start(owner, "gah", OPTS, seed=7)
    assert reply.version == 1 and reply.state and reply.state["round"] == 1
    status = await service.status(owner)
    assert status.game_id == reply.game_id and status.state == reply.state


async def test_one_active_game_per_channel_but_threads_are_channels(service, owner):
    await service.start(owner, "gah", OPTS, seed=7)
    with pytest.raises(RuleError, match="already"):
        await service.start(owner, "gah", OPTS, seed=8)
    thread = Ctx(guild_id=10, channel_id=101, user_id=1)
    assert (await service.start(thread, "gah", OPTS, seed=8)).game_id is not None


async def test_no_game_in_channel(service, owner):
    with pytest.raises(NoGame):
        await service.act(owner, "gah", {"command": "turn"})


async def test_only_owner_and_added_players_may_change_it(service, owner):
    await service.start(owner, "gah", OPTS, seed=7)
    with pytest.raises(NotAllowed):
        await service.act(STRANGER, "gah", {"command": "turn"})
    assert (await service.status(STRANGER)).version == 1  # anyone may look
    await service.players(owner, add=STRANGER.user_id)
    reply = await service.act(STRANGER, "gah", {"command": "turn", "queue": QUEUE})
    assert reply.version == 3


async def test_only_owner_or_manage_server_may_abandon(service, owner):
    await service.start(owner, "gah", OPTS, seed=7)
    with pytest.raises(NotAllowed):
        await service.abandon(STRANGER)
    admin = Ctx(guild_id=10, channel_id=100, user_id=98, can_manage=True)
    await service.abandon(admin)
    with pytest.raises(NoGame):  # an abandoned game is not on view
        await service.status(owner)


async def test_rejected_command_changes_nothing(service, owner):
    await service.start(owner, "gah", OPTS, seed=7)
    with pytest.raises(InputError):
        await service.act(owner, "gah", {"command": "turn", "queue": "Y3 B0"})
    status = await service.status(owner)
    assert status.version == 1 and status.state and status.state["cards_left"] == 20
    history = await service.history(owner)
    assert len(history.facts) == 1


async def test_undo_brings_back_the_same_card(service, owner):
    await service.start(owner, "gah", OPTS, seed=7)
    first = await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    undone = await service.undo(owner)
    assert undone.state and undone.state["cards_left"] == 20 and undone.state["vp"] == 0
    again = await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    assert again.state == first.state
    assert again.facts == first.facts


async def test_undo_several_steps_and_not_past_the_start(service, owner):
    await service.start(owner, "gah", OPTS, seed=7)
    for _ in range(2):
        await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    with pytest.raises(RuleError, match="only"):
        await service.undo(owner, steps=5)
    reply = await service.undo(owner, steps=2)
    assert reply.state and reply.state["cards_left"] == 20


async def test_stale_button_is_refused(service, owner):
    start = await service.start(owner, "gah", OPTS, seed=7)
    await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    with pytest.raises(StaleButton):
        await service.act(
            owner, None, {"command": "turn"}, game_id=start.game_id, expected_version=1
        )


async def test_history_lists_every_step(service, owner):
    await service.start(owner, "gah", OPTS, seed=7)
    await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    history = await service.history(owner)
    assert [line.split()[2] for line in history.facts] == ["start", "turn"]
    with pytest.raises(InputError):
        await service.history(owner, page=2)


async def test_export_and_import_replay_the_same_game(service, owner):
    await service.start(owner, "gah", OPTS, seed=7)
    await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    await service.act(owner, "gah", {"command": "turn"})
    await service.undo(owner)
    exported = await service.export(owner)
    assert len(exported.files) == 1
    doc = json.loads(exported.files[0][1])
    assert doc["seed"] == 7 and [e["command"] for e in doc["log"]] == [
        "start",
        "turn",
        "turn",
        "undo",
    ]
    elsewhere = Ctx(guild_id=11, channel_id=200, user_id=5)
    imported = await service.import_game(elsewhere, exported.files[0][1])
    assert imported.state is not None
    assert {k: v for k, v in imported.state.items()} == (await service.status(owner)).state


async def test_import_rejects_garbage_and_tampered_exports(service, owner):
    with pytest.raises(InputError):
        await service.import_game(owner, b"not json")
    await service.start(owner, "gah", OPTS, seed=7)
    await service.act(owner, "gah", {"command": "turn", "queue": QUEUE, "dice": DICE})
    doc = json.loads((await service.export(owner)).files[0][1])
    doc["state"]["vp"] = 99
    with pytest.raises(InputError, match="does not replay"):
        await service.import_game(Ctx(11, 200, 5), json.dumps(doc))


async def test_finishing_marks_the_game_finished(service, owner, db):
    from sqlalchemy import select

    from bot.store.models import GameRow

    start = await service.start(owner, "gah", OPTS, seed=7)
    await edit(
        db,
        GameRow,
        start.game_id,
        lambda row: setattr(row, "state", {**row.state, "phase": "final"}),
    )
    reply = await service.act(owner, "gah", {"command": "final", "player_score": 80})
    assert reply.state and reply.state["status"] == "finished" and not reply.next_steps
    async with looking(db) as session:
        row = (await session.execute(select(GameRow))).scalar_one()
        assert row.status == "finished" and row.finished_at is not None
    shown = await service.status(owner)  # on view until a new game starts here
    assert shown.state["status"] == "finished" and not shown.next_steps and shown.read_only
