"""Real processes: two bot processes on one game, and a bot killed with SIGKILL mid-stream."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from sqlalchemy import select

from bot.core.reply import Ctx
from bot.ops import verify
from bot.store.models import ActionRow, GameRow
from bot.table.service import TableService
from tests.conftest import SCHEMA
from tests.looks import looking

ROOT = Path(__file__).resolve().parents[2]
OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}


def driver_args(db, *extra: str) -> list[str]:
    args = [sys.executable, "-m", "tests.procs.driver", "--url", db.url, *extra]
    if not db.is_sqlite:
        args += ["--schema", SCHEMA]
    return args


def acks(output: str) -> list[dict]:
    return [line for line in map(json.loads, output.splitlines()) if "v" in line]


async def test_two_processes_on_one_game_lose_and_double_nothing(db):
    owner = Ctx(guild_id=1, channel_id=7, user_id=1)
    start = await TableService(db).start(owner, "gah", OPTS, 21)
    procs = [
        subprocess.Popen(
            driver_args(db, "--channels", "7", "--count", "40", "--seed", str(seed)),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed in (1, 2)
    ]
    outputs = [p.communicate(timeout=120) for p in procs]
    for proc, (_, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err[-2000:]
    accepted = [a for out, _ in outputs for a in acks(out)]
    assert all(a["game"] == start.game_id for a in accepted)
    versions = sorted(a["v"] for a in accepted)
    async with looking(db) as session:
        row = await session.get(GameRow, start.game_id)
    assert versions == list(range(2, row.version + 1))  # each exactly once, none lost
    assert len(accepted) > 5
    assert await verify(db) == (1, [])


async def test_sigkill_mid_stream_loses_no_acknowledged_action(db):
    proc = subprocess.Popen(
        driver_args(db, "--channels", "1,2,3", "--count", "100000", "--start", "--tasks", "6"),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    acknowledged = []
    assert proc.stdout is not None
    for line in proc.stdout:
        if '"v"' in line:
            acknowledged.append(json.loads(line))
        if len(acknowledged) >= 60:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    async with looking(db) as session:
        logged = set(await session.execute(select(ActionRow.game_id, ActionRow.seq)))
        games = list(await session.scalars(select(GameRow)))
    missing = [a for a in acknowledged if (a["game"], a["v"]) not in logged]
    assert missing == []  # every acknowledged action is in the log
    assert games and (await verify(db))[1] == []  # every game loads and replays to its state

    restarted = subprocess.run(
        driver_args(db, "--channels", "1,2,3", "--count", "20", "--start"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert restarted.returncode == 0, restarted.stderr[-2000:]
    assert acks(restarted.stdout)
    assert (await verify(db))[1] == []
