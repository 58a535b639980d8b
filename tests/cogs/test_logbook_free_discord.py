"""Plays of any game through discord.py's real command tree, in SimCord: autocomplete offers
the bot's games, then the player's own other games, then what is typed; a German reader logs
one and reads German."""

import discord
import pytest

from bot.store import models


def text_of(message: discord.Message) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""])


@pytest.fixture
def sim_clock(simcord_env):
    """The services' one clock follows SimCord's virtual time (2026-01-01 00:00 UTC on)."""
    models.NOW[0] = simcord_env.now
    yield simcord_env
    models.NOW[0] = models._system_now


async def test_autocomplete_offers_the_bots_games_then_your_earlier_other_games(table):
    env, channel, alice, bob = table
    await alice.slash(channel, "log play", game="Glass Road", outcome="win")
    await alice.slash(channel, "log play", game="Spirit Island", opponent="Level 3", outcome="win")
    await alice.slash(channel, "log play", game="spirit island", opponent="Level 4", outcome="win")
    await bob.slash(channel, "log play", game="Gloomhaven", outcome="win")  # not alice's
    offered = await alice.autocomplete(channel, "log play", "game", "")
    assert [c["name"] for c in offered] == [
        "Grand Austria Hotel",
        "Great Western Trail (2nd edition)",
        "Glasgow",
        "Fifth Avenue",
        "Lords of Waterdeep",
        "Spirit Island",
        "Glass Road",
    ]
    assert [c["value"] for c in offered][:5] == ["gah", "gwt", "glasgow", "alea", "waterdeep"]
    offered = await alice.autocomplete(channel, "log play", "game", "gl")
    assert [(c["name"], c["value"]) for c in offered] == [
        ("Glasgow", "glasgow"),
        ("Glass Road", "Glass Road"),
        ("gl", "gl"),  # a game played for the first time
    ]
    offered = await alice.autocomplete(channel, "stats", "game", "SPIRIT")
    assert [c["value"] for c in offered] == ["Spirit Island"]
    opponents = await alice.autocomplete(
        channel, "log play", "opponent", "lev", game="SPIRIT ISLAND"
    )
    assert [c["value"] for c in opponents] == ["Level 4", "Level 3"]
    board = await alice.autocomplete(channel, "leaderboard", "game", "gl")
    assert [c["value"] for c in board] == ["glasgow"]  # a server's board: the bot's games
    assert env.errors == []


async def test_a_german_reader_logs_another_game_and_reads_german(sim_clock, table):
    env, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice="de")
    refused = await alice.slash(
        channel, "log play", game="Spirit Island", difficulty="hard", outcome="win"
    )
    assert refused.ephemeral and refused.response.content == (
        "Spirit Island ist keines der Spiele des Bots und hat hier deshalb keine "
        "Schwierigkeit; schreib die Stufe in `gegner` (z. B. `gegner:Stufe 3`)."
    )
    logged = await alice.slash(
        channel, "log play", game="Spirit Island", opponent="Stufe 3", score=32, opponent_score=20
    )
    assert text_of(logged.response) == (
        "Logbuch\nEingetragen: `#1` 2026-01-01 Spirit Island gegen Stufe 3 — **Sieg** 32–20"
    )
    alone = await alice.slash(channel, "log play", game="spirit island", outcome="loss")
    assert text_of(alone.response).endswith("`#2` 2026-01-01 Spirit Island — **Niederlage**")
    hint = await alice.slash(channel, "log play", game="Glasgo", opponent="Freddy I", outcome="win")
    assert text_of(hint.response).split("\n")[-1] == (
        "Glasgo ist keines der Spiele des Bots; falls du Glasgow meintest: "
        "`/logbuch löschen partie:3` und trag die Partie erneut mit `spiel:glasgow` ein."
    )
    await alice.slash(channel, "challenge new", name="Zehn", games=10, plays=10)
    shown = await alice.slash(channel, "challenge show")
    assert "• Spirit Island: **2**/10" in text_of(shown.response).split("\n")
    nothing = await alice.slash(channel, "stats", game="Azul")
    assert nothing.response.content == (
        "Dein Logbuch hat keine Partien von Azul; `/logbuch eintragen` trägt eine ein, "
        "`/partien` listet sie auf."
    )
    assert [type(e.original).__name__ for e in env.errors] == ["InputError", "InputError"]
