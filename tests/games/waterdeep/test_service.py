"""Pseudo through the table service: stored start options, undo, the logbook's view."""

from bot.games.waterdeep.settings import HOUSE_RULES
from tests.looks import looking


async def test_the_service_stores_every_house_rule_with_its_default(service, owner):
    start = await service.start(owner, "waterdeep", {"lord": "Mirt", "coin": "ask"}, 12)
    assert (
        start.facts[0]
        == "Seed 12: `/waterdeep start lord:Mirt coin:ask seed:12` replays this game."
    )
    status = await service.status(owner)
    assert status.state["round"] == 1 and status.state["placed"]["pseudo"] == 1
    from sqlalchemy import select

    from bot.store.models import GameRow

    async with looking(service.db) as session:
        options = (await session.execute(select(GameRow.options))).scalar_one()
    assert {r.option for r in HOUSE_RULES} <= set(options)
    assert options["coin"] == "ask" and options["harbor"] == "reassign"


async def test_undo_gives_the_same_placement_and_intrigue_card_again(service, owner):
    await service.start(owner, "waterdeep", {"lord": "Durnan"}, 2026)
    await service.act(owner, "waterdeep", {"command": "place", "space": "Blackstaff Tower"})
    first = await service.act(
        owner, "waterdeep", {"command": "place", "space": "The Grinning Lion Tavern"}
    )
    await service.undo(owner)
    again = await service.act(
        owner, "waterdeep", {"command": "place", "space": "The Grinning Lion Tavern"}
    )
    assert again.facts == first.facts
    assert "7F (Castle Waterdeep): Pseudo draws and plays **Crime Wave**." in again.facts
