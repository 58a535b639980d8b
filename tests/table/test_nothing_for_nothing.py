"""Answers nobody asked for are refused, a command that changes nothing writes no log entry,
and undo works whatever the log's length (issue 19, item 7); an export whose final was undone
imports (item 6)."""

import json

import pytest
from sqlalchemy import func, select

from bot.core.errors import InputError, RuleError
from bot.core.reply import Ctx
from bot.store.models import ActionRow
from bot.table import importing, stage
from tests.looks import looking

END = {"command": "end", "you": 80, "cities": 12, "objectives": 9, "job_token": "you"}


async def entries(db) -> int:
    async with looking(db) as session:
        return int(await session.scalar(select(func.count()).select_from(ActionRow)) or 0)


async def test_an_answer_while_the_game_waits_for_another_is_refused_and_not_logged(
    service, owner, db
):
    await service.start(owner, "gwt", {}, seed=16)
    waiting = await service.act(owner, "gwt", {"command": "turn"})
    assert waiting.ask is not None and waiting.ask.option == "cattle"
    before = await entries(db)
    for typed in ({"herder": "trail"}, {"jobs": "xx"}):
        with pytest.raises(RuleError, match=r"^Not asked now: `\w+`. Waiting for `cattle`: "):
            await service.act(owner, "gwt", {"command": "turn", **typed})
    assert await entries(db) == before
    assert (await service.status(owner)).state == waiting.state
    moved = await service.act(owner, "gwt", {"command": "turn", "cattle": "none"})
    assert "was not needed" not in moved.text


async def test_commands_that_change_nothing_write_no_log_entry(service, owner, db):
    await service.start(owner, "alea", {}, seed=4, players=[2])
    asked = await service.act(owner, "alea", {"command": "end", "score": 50})
    await service.remind(owner, 720)
    before = await entries(db)
    again = await service.act(owner, "alea", {"command": "end", "score": 50})
    assert again.version == asked.version + 1 and again.text == asked.text  # remind was +1
    reminded = await service.remind(owner, 720)
    assert reminded.facts[0] == "Reminders are already on: after 720 hours without a move."
    with pytest.raises(InputError, match="not both"):
        await service.players(owner, add=5, remove=5)
    assert await entries(db) == before


async def test_undo_works_at_the_step_cap(service, owner, db, monkeypatch):
    monkeypatch.setattr(stage, "MAX_STEPS", 3)
    await service.start(owner, "gwt", {}, seed=1)
    await service.act(owner, "gwt", {"command": "card", "number": 3, "value": 2})
    await service.act(owner, "gwt", {"command": "card", "number": 4, "value": 2})
    with pytest.raises(RuleError, match="reached 3 steps"):
        await service.act(owner, "gwt", {"command": "turn"})
    undone = await service.undo(owner, steps=2)
    assert undone.state["status"] == "active" and await entries(db) == 4


async def test_an_export_whose_final_was_undone_imports_with_the_same_state(
    service, owner, monkeypatch
):
    await service.start(owner, "gwt", {}, seed=3)
    await service.act(owner, "gwt", dict(END))
    await service.undo(owner)
    played = await service.act(owner, "gwt", {"command": "turn"})
    doc = json.loads((await service.export(owner)).files[0][1])
    assert [e["command"] for e in doc["log"]] == ["start", "end", "undo", "turn"]
    monkeypatch.setattr(importing, "MAX_STEPS", 3)  # undo entries do not count
    imported = await service.import_game(Ctx(11, 200, 5), json.dumps(doc))
    assert imported.state == played.state and imported.state["status"] == "active"
