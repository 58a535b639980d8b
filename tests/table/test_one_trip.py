"""A command reads, decides and writes in one trip to the database (issue 22): no second hop
for the write, and none for a command that changes nothing."""

import pytest

from bot.core.errors import SoloistError
from bot.table.service import TableService

OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


def count_trips(service: TableService) -> list[str]:
    trips: list[str] = []
    read, write = service.db.read, service.db.write

    async def counted_read(job):  # type: ignore[no-untyped-def]
        trips.append("read")
        return await read(job)

    async def counted_write(job):  # type: ignore[no-untyped-def]
        trips.append("write")
        return await write(job)

    service.db.read, service.db.write = counted_read, counted_write  # type: ignore[method-assign]
    return trips


async def test_a_turn_is_one_trip_and_its_reply_shows_what_was_committed(service, owner):
    await service.start(owner, "gah", OPTS, seed=11)
    trips = count_trips(service)
    reply = await service.act(owner, "gah", dict(TURN))
    assert trips == ["write"]
    assert reply.version == 2
    status = await service.status(owner)
    assert status.version == 2 and status.board == reply.board


async def test_a_refused_command_is_one_trip_and_changes_nothing(service, owner):
    await service.start(owner, "gah", OPTS, seed=11)
    trips = count_trips(service)
    with pytest.raises(SoloistError):  # the game has not reached its end
        await service.act(owner, "gah", {"command": "final", "player_score": 90})
    assert trips == ["write"]
    assert (await service.status(owner)).version == 1
