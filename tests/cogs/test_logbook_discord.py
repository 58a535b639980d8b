"""The logbook through discord.py's real command tree, in SimCord."""


def embed_text(message) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""] + [f.value for f in embed.fields])


async def test_stats_with_chart_and_history_pages(table):
    _, channel, alice, _ = table
    for i in range(12):
        await alice.slash(
            channel,
            "log play",
            game="gwt",
            opponent="Sam",
            difficulty="hard",
            score=10 + i,
            opponent_score=12,
        )
    stats = await alice.slash(channel, "stats", game="gwt")
    text = embed_text(stats.response)
    assert "**12** plays · **9** wins · 2 losses · 1 ties" in text  # 12–12 is a tie with Sam
    assert stats.response.attachments[0].filename.endswith(".png")
    history = await alice.slash(channel, "history")
    assert "page 1/2" in embed_text(history.response)
    older = await alice.click(history.response, label="Older ▶")
    assert older.acknowledged
    assert "page 2/2" in embed_text(history.response)  # the same message, now on page 2
    streak = await alice.slash(channel, "streak")
    assert "1-day play streak" in embed_text(streak.response)
    choices = await alice.autocomplete(channel, "log play", "opponent", "fre", game="glasgow")
    assert [c["value"] for c in choices] == ["Freddy I", "Freddy II"]


async def test_someone_elses_play_cannot_be_deleted(table):
    env, channel, alice, bob = table
    await alice.slash(channel, "log play", game="gah", opponent="Leopold", outcome="win")
    refused = await bob.slash(channel, "log delete", play=1)
    assert refused.ephemeral and "your own plays" in refused.response.content
    assert [type(e.original).__name__ for e in env.errors] == ["NotAllowed"]
