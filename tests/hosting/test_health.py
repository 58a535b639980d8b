"""`/healthz`, `/readyz` and `/metrics` on the pages' application (aiohttp's test client):
liveness touches nothing, readiness asks the database and the process's shards, metrics are
Prometheus's text format with the commands, the pool, the shards' latency and active games."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp.test_utils import TestClient, TestServer
from prometheus_client.parser import text_string_to_metric_families

import bot.hosting.health as health_module
from bot.core.errors import SoloistError
from bot.core.reply import Ctx
from bot.hosting.health import Health
from bot.store.database import Database
from bot.web.app import make_app
from bot.web.site import Site

GAH = {"difficulty": "hard", "emperor_vp_variant": "S2"}


async def serve(site: Site, health: Health) -> TestClient:
    client = TestClient(TestServer(make_app(site, health), host="127.0.0.1", port=0))
    await client.start_server()
    return client


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape, by name and labels."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


async def test_healthz_answers_without_asking_the_database(site, db):
    health = Health(db)
    client = await serve(site, health)
    try:
        health.db = Database("postgresql+asyncpg://postgres@127.0.0.1:1/none")  # nothing there
        response = await client.get("/healthz")
        assert (response.status, await response.text()) == (200, "ok\n")
        assert response.headers["X-Robots-Tag"].startswith("noindex")  # the pages' guard
    finally:
        await client.close()
        await health.db.close()


async def test_readyz_is_200_when_the_database_answers_and_503_naming_it_when_not(site, db):
    health = Health(db)
    client = await serve(site, health)
    refused = Database("postgresql+asyncpg://postgres@127.0.0.1:1/none")
    try:
        response = await client.get("/readyz")
        assert (response.status, await response.json()) == (200, {"ready": True})
        health.db = refused
        response = await client.get("/readyz")
        body = await response.json()
        assert response.status == 503 and body["ready"] is False
        assert len(body["not_ready"]) == 1 and body["not_ready"][0].startswith("database: ")
        health.db = None
        response = await client.get("/readyz")
        assert await response.json() == {"ready": False, "not_ready": ["database: not open yet"]}
    finally:
        await client.close()
        await refused.close()


async def test_readyz_gives_up_on_a_database_that_never_answers(site, monkeypatch):
    """A server that accepts the connection and then says nothing (a hung database)."""
    monkeypatch.setattr(health_module, "DB_TIMEOUT", 0.3)
    accepted: list[asyncio.StreamWriter] = []

    async def silent(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.append(writer)

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    hung = Database(f"postgresql+asyncpg://postgres@127.0.0.1:{port}/none")
    client = await serve(site, Health(hung))
    try:
        response = await asyncio.wait_for(client.get("/readyz"), 5)
        assert response.status == 503
        assert await response.json() == {
            "ready": False,
            "not_ready": ["database: no answer within 0.3 s"],
        }
        assert accepted  # it did reach the server
    finally:
        await client.close()
        for writer in accepted:
            writer.close()
        server.close()
        await hung.close()


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_readyz_needs_every_shard_of_the_process_ready_and_connected(site, db, simcord_env):
    bot = simcord_env.bot
    assert sorted(bot.shards) == [0, 1]
    client = await serve(site, Health(db, discord=bot.not_ready))
    try:
        response = await client.get("/readyz")
        assert (response.status, await response.json()) == (200, {"ready": True})
        await bot.get_shard(1).disconnect()
        response = await client.get("/readyz")
        assert response.status == 503
        assert await response.json() == {
            "ready": False,
            "not_ready": ["discord: shard 1 disconnected"],
        }
        await bot.get_shard(1).reconnect()
        assert (await client.get("/readyz")).status == 200
    finally:
        await client.close()


async def test_a_bot_still_logging_in_is_not_ready(db):
    from bot.on_discord.client import SoloistBot

    async with SoloistBot(shard_count=1) as bot:  # no service yet: `run` as it logs in
        assert bot.not_ready() == [
            "discord: commands not loaded yet",
            "discord: shards not READY yet",
        ]
        assert await Health(db, discord=bot.not_ready).not_ready() == bot.not_ready()
    assert bot.not_ready() == ["discord: closed"]


async def test_metrics_count_commands_by_name_and_outcome_with_their_latency(site, service):
    now = [0.0]
    health = Health(service.db, clock=lambda: now[0])
    client = await serve(site, health)
    owner = Ctx(guild_id=1, channel_id=2, user_id=3)
    try:
        before = samples(await (await client.get("/metrics")).text())
        await service.start(owner, "gah", GAH, 7)
        with pytest.raises(SoloistError):  # a second game in the same channel is refused
            await service.start(owner, "gah", GAH, 8)
        now[0] += health_module.GAMES_EVERY  # the count kept from the first scrape is old
        response = await client.get("/metrics")
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain; version=")
        text = await response.text()
    finally:
        await client.close()
    after = samples(text)

    def grew(name: str, **labels: str) -> float:
        key = (name, tuple(sorted(labels.items())))
        return after[key] - before.get(key, 0.0)

    assert grew("soloist_commands_total", command="gah:start", outcome="ok") == 1
    assert grew("soloist_commands_total", command="gah:start", outcome="rejected") == 1
    assert grew("soloist_command_seconds_count", command="gah:start") == 2
    assert grew("soloist_command_seconds_bucket", command="gah:start", le="+Inf") == 2
    assert grew("soloist_command_seconds_sum", command="gah:start") > 0
    assert after[("soloist_active_games", ())] == 1
    assert ("soloist_db_pool_in_use", ()) in after
    assert "# TYPE soloist_interaction_deferrals_total counter" in text  # the watchdog's
    assert "# TYPE soloist_interaction_missed_deadlines_total counter" in text


def test_a_command_name_typed_in_becomes_other_as_a_metric_label():
    from bot.hosting.logs import _label

    assert _label("turn") == "turn"
    assert _label("gah:start") == "gah:start"
    assert _label("Robert'); DROP TABLE") == "other"
    assert _label("x" * 41) == "other"


def test_command_labels_stop_growing_at_their_cap(monkeypatch):
    """Every label is a time series kept for the process's life: past the cap, a new name is
    `other`, and the names already counted keep their own."""
    import bot.hosting.logs as logs

    monkeypatch.setattr(logs, "_labels", {f"cmd{n}" for n in range(logs.LABELS_MOST)})
    assert logs._label("cmd7") == "cmd7"
    assert logs._label("gah:brand_new") == "other"
    assert len(logs._labels) == logs.LABELS_MOST


async def test_active_games_are_counted_at_most_every_few_seconds(service):
    now = [100.0]
    health = Health(service.db, clock=lambda: now[0])
    owner = Ctx(guild_id=1, channel_id=2, user_id=3)
    await health.collect()
    first = samples_of_gauge()
    await service.start(owner, "gah", GAH, 7)
    now[0] += 1
    await health.collect()
    assert samples_of_gauge() == first  # kept: counted a second ago
    now[0] += health_module.GAMES_EVERY
    await health.collect()
    assert samples_of_gauge() == first + 1
    await service.abandon(owner)
    now[0] += health_module.GAMES_EVERY
    await health.collect()
    assert samples_of_gauge() == first


def samples_of_gauge() -> float:
    from bot.hosting.metrics import ACTIVE_GAMES

    return ACTIVE_GAMES._value.get()


async def test_gateway_latency_is_read_per_shard_at_scrape_time(db):
    from bot.hosting.metrics import GATEWAY_LATENCY

    latencies = [(0, 0.041), (1, 0.25)]
    health = Health(db, latencies=lambda: latencies)
    await health.collect()
    assert GATEWAY_LATENCY.labels("0")._value.get() == 0.041
    latencies[1] = (1, 0.5)
    await health.collect()
    assert GATEWAY_LATENCY.labels("1")._value.get() == 0.5


async def test_the_pool_in_use_counts_a_connection_held_by_a_transaction(db):
    if db.is_sqlite:  # its one thread holds the connection only during a job
        seen = await db.read(lambda _conn: db.pool_in_use())
    else:
        seen = await db.read(lambda _conn: db.pool_in_use())
    assert seen >= 1
    assert db.pool_in_use() == 0


async def test_probes_are_never_rate_limited_where_pages_are(site, db):
    from bot.web.guard import RateLimit

    site.limits = RateLimit(burst=1, per_second=0.001)
    client = await serve(site, Health(db))
    try:
        assert (await client.get("/static/site.css")).status == 200
        assert (await client.get("/static/site.css")).status == 429
        for path in ("/healthz", "/readyz", "/metrics") * 3:
            assert (await client.get(path)).status == 200, path
    finally:
        await client.close()


async def test_the_access_log_leaves_out_probes_that_answer_and_keeps_those_that_fail(
    site, db, caplog
):
    import logging

    import aiohttp

    from bot.hosting.serve import listen
    from bot.web.guard import AccessLog

    logger = logging.getLogger("soloist.web")
    health = Health(db)
    with caplog.at_level(logging.INFO, logger="soloist.web"):
        runner, port = await listen(
            make_app(site, health), "127.0.0.1", 0, access_log_class=AccessLog, access_log=logger
        )
        try:
            async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as client:
                for path in ("/healthz", "/readyz", "/metrics", "/static/site.css"):
                    async with client.get(path) as response:
                        assert response.status == 200, path
                health.db = None
                async with client.get("/readyz") as response:
                    assert response.status == 503
        finally:
            await runner.cleanup()
    lines = [r.getMessage() for r in caplog.records if r.name == "soloist.web"]
    assert [line.split(" ")[:3] for line in lines] == [
        ["GET", "/static/site.css", "200"],
        ["GET", "/readyz", "503"],
    ]
