"""Pacing on a simulated clock: the first request runs at once, a burst runs once more at the
end of the spell with its latest value, and runs of one key never overlap."""

import asyncio

from cogs.pace import Pace


class Clock:
    """Time that moves only when the test says so; sleepers wake when it passes their hour."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        woken = asyncio.get_running_loop().create_future()
        self.sleepers.append((self.now + seconds, woken))
        await woken

    async def advance(self, seconds: float) -> None:
        self.now += seconds
        for hour, woken in list(self.sleepers):
            if hour <= self.now:
                self.sleepers.remove((hour, woken))
                woken.set_result(None)
        await settle()


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def paced(clock: Clock, every: float = 3.0):
    runs: list[tuple[str, int, float]] = []
    running: set[str] = set()
    gate = {"open": asyncio.Event()}
    gate["open"].set()

    async def run(key: str, value: int) -> None:
        assert key not in running, "two runs of one key at once"
        running.add(key)
        runs.append((key, value, clock.now))
        await gate["open"].wait()
        running.discard(key)

    return Pace(run, every, clock=clock, sleep=clock.sleep), runs, gate["open"]


async def test_a_burst_runs_at_once_then_once_more_with_its_latest_value_when_the_spell_ends():
    clock = Clock()
    pace, runs, _ = paced(clock)
    pace.request("game 1", 1)
    await settle()
    assert runs == [("game 1", 1, 0.0)]  # after a quiet spell: at once
    for value in (2, 3, 4):
        await clock.advance(0.5)
        pace.request("game 1", value)
        await settle()
    assert runs == [("game 1", 1, 0.0)]  # within the spell: nothing yet
    await clock.advance(1.4)  # 2.9 s after the first run
    assert len(runs) == 1
    await clock.advance(0.1)
    assert runs == [("game 1", 1, 0.0), ("game 1", 4, 3.0)]  # the latest, once, 3 s later
    await clock.advance(10)
    assert len(runs) == 2  # nothing asked: nothing run
    pace.request("game 1", 5)
    await settle()
    assert runs[-1] == ("game 1", 5, 13.0)  # quiet again: at once


async def test_keys_are_paced_apart_and_a_slow_run_is_never_overtaken():
    clock = Clock()
    pace, runs, gate = paced(clock)
    gate.clear()  # the first run of game 1 hangs (a rate-limited edit, say)
    pace.request("game 1", 1)
    pace.request("game 2", 1)
    await settle()
    pace.request("game 1", 2)
    await clock.advance(5)  # the spell is over, but game 1's first run is still under way
    assert runs == [("game 1", 1, 0.0), ("game 2", 1, 0.0)]
    pace.request("game 1", 3)  # replaces 2, which never runs: it would show an older state
    gate.set()
    await settle()
    assert runs == [("game 1", 1, 0.0), ("game 2", 1, 0.0), ("game 1", 3, 5.0)]
