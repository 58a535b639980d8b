"""Slow commands answer "thinking…" at once, then follow up: never "did not respond"."""

from tests.cogs.test_logbook_discord import embed_text

DEFERRED = 5  # Discord's interaction callback type: "thinking…", the answer follows
CSV = "played_at,game,opponent,outcome,score,opponent_score,guild_id,channel_id,source\n" + "".join(
    f"2026-01-{d:02d}T10:00:00+00:00,gwt,Sam,win,10,5,1,1,bot\n" for d in range(1, 29)
)


def first_answer(env) -> int:
    """The callback type of the latest interaction's first answer."""
    callbacks = [r for r in env.http_requests if r.path.endswith("/callback")]
    return callbacks[-1].json["type"]


def shown(result):
    """What the user finally sees: the deferred message, completed by the follow-up."""
    messages = [m for m in [result.response, *result.followups] if m is not None and m.embeds]
    assert messages, result
    return messages[-1]


async def test_log_import_and_export_defer_then_report_the_count(table):
    env, channel, alice, _ = table
    result = await alice.slash(channel, "log import", file=("plays.csv", CSV.encode()))
    assert first_answer(env) == DEFERRED and result.ephemeral
    assert "Imported 28 plays" in embed_text(shown(result))
    assert "Checked 28 plays; writing them" in result.response.content  # the progress line
    exported = await alice.slash(channel, "log export")
    assert first_answer(env) == DEFERRED
    assert "28 plays" in embed_text(shown(exported))
    assert {a.filename.rsplit(".", 1)[1] for a in shown(exported).attachments} == {"csv", "json"}
    stats = await alice.slash(channel, "stats")
    assert first_answer(env) == DEFERRED
    assert shown(stats).attachments[0].filename.endswith(".png")


async def test_the_progress_line_is_said_in_the_readers_language(table):
    _, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice="de")
    result = await alice.slash(channel, "log import", file=("plays.csv", CSV.encode()))
    assert "28 Partien geprüft; sie werden gespeichert" in result.response.content
    assert "28 Partien importiert" in embed_text(shown(result))


async def test_game_export_and_import_defer_then_follow_up(table):
    env, channel, alice, _ = table
    await alice.slash(channel, "gah start", seed=4)
    exported = await alice.slash(channel, "game export")
    assert first_answer(env) == DEFERRED
    attachment = shown(exported).attachments[0]
    data = await attachment.read()
    await alice.slash(channel, "game abandon")
    imported = await alice.slash(channel, "game import", file=("game.json", data))
    assert first_answer(env) == DEFERRED
    assert "Imported: 0 steps" in embed_text(shown(imported))
    assert "Replayed 0 steps; writing the game" in imported.response.content


async def test_a_refused_import_after_deferring_still_answers_in_one_line(table):
    env, channel, alice, _ = table
    refused = await alice.slash(channel, "game import", file=("game.json", b"{}"))
    assert first_answer(env) == DEFERRED
    said = [m.content for m in [refused.response, *refused.followups] if m is not None]
    assert "not a Soloist export" in said[-1] and "\n" not in said[-1]
    assert [type(e.original).__name__ for e in env.errors] == ["InputError"]


async def test_the_console_takes_deferred_commands_like_any_other(db, tmp_path):
    from tests.test_console import make_console

    console = await make_console(db)
    path = tmp_path / "plays.csv"
    path.write_text(CSV)
    reply = await console.execute(f"/log import file:{path}")
    assert reply.ok and "Imported 28 plays" in reply.text
    assert (await console.execute("/stats")).files[0][0].endswith(".png")
