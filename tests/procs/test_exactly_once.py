"""Real processes: two schedulers (two bot processes, one database) tick at the same moment;
every due reminder is posted once and every due challenge closed once, whoever claims it."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from datetime import timedelta

from bot.core.reply import Ctx
from bot.store.models import utcnow
from bot.table.contests import Contests
from bot.table.service import TableService
from tests.conftest import SCHEMA
from tests.procs.test_processes import ROOT

OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
HOST = Ctx(guild_id=10, channel_id=100, user_id=1, can_manage=True)
GAMES, CHALLENGES = 24, 5


def claimer(db, at: str, go: str) -> subprocess.Popen:
    args = [sys.executable, "-m", "tests.procs.claimer", "--url", db.url, "--at", at]
    args += ["--go", go] + ([] if db.is_sqlite else ["--schema", SCHEMA])
    return subprocess.Popen(
        args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


async def test_two_scheduler_processes_post_each_reminder_and_close_each_challenge_once(
    db, tmp_path
):
    service = TableService(db)
    for channel in range(200, 200 + GAMES):
        ctx = Ctx(10, channel, 1)
        await service.start(ctx, "gah", OPTS, seed=channel)
        await service.remind(ctx, 1)
    for number in range(CHALLENGES):
        await Contests(service).open(HOST, "gwt", {}, name=f"c{number}", days=1, attempts=1)
    at = (utcnow() + timedelta(days=2)).isoformat()
    go = tmp_path / "go"
    procs = [claimer(db, at, str(go)) for _ in "ab"]
    for proc in procs:  # both connected before either ticks
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert json.loads(line or "{}").get("ready"), proc.stderr.read()[-2000:]
    time.sleep(0.05)
    go.touch()
    outputs = [p.communicate(timeout=120) for p in procs]
    for proc, (_, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err[-2000:]
    said = [json.loads(line) for out, _ in outputs for line in out.splitlines()]
    posted = [s["reminder"] for s in said if "reminder" in s]
    closed = [s["closed"] for s in said if "closed" in s]
    assert sorted(posted) == list(range(1, GAMES + 1))  # each once, none lost
    assert sorted(closed) == list(range(1, CHALLENGES + 1))
    assert sum(s.get("done", False) for s in said) == 2
