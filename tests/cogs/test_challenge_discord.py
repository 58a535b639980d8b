"""/challenge through discord.py's real command tree, in SimCord: set privately, shown with its
picture to its owner alone, shared in the channel for everyone, names and picks offered while
typing, German for a German reader."""

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


async def log(member, channel, game: str, opponent: str, times: int = 1, **more) -> None:
    for _ in range(times):
        await member.slash(channel, "log play", game=game, opponent=opponent, outcome="win", **more)


async def test_a_challenge_is_set_and_shown_privately_and_shared_in_the_channel(sim_clock, table):
    env, channel, alice, bob = table
    await log(alice, channel, "gwt", "Sam", 2, difficulty="hard")
    await log(alice, channel, "glasgow", "Freddy II")
    made = await alice.slash(channel, "challenge new", name="Five by five", games=5, plays=5)
    assert made.ephemeral
    assert text_of(made.response).split("\n")[:2] == [
        "Challenge · Five by five",
        "New challenge **Five by five**. `/challenge share` shows it in the channel.",
    ]
    assert made.response.attachments[0].filename.endswith(".png")
    await alice.slash(channel, "challenge new", name="Hard Sam", plays=10, pick="gwt:Sam:hard")
    listed = await alice.slash(channel, "challenge list")
    assert listed.ephemeral and text_of(listed.response).split("\n") == [
        "Your challenges",
        "**Five by five** · 5×5 · 3/25 plays, until 2026-12-31",
        "**Hard Sam** · 1×10 · 2/10 plays, until 2026-12-31",
    ]
    shown = await alice.slash(channel, "challenge show", name="Hard Sam")
    assert shown.ephemeral and shown.response.attachments
    assert "• Great Western Trail (2nd edition) against Sam (hard): **2**/10" in text_of(
        shown.response
    )
    shared = await alice.slash(channel, "challenge share", name="Five by five")
    assert not shared.ephemeral and shared.response.attachments
    posted = text_of(shared.response).split("\n")
    assert posted[:2] == ["Challenge · Five by five", f"<@{alice.id}>"]
    assert "**3** of 25 plays done, 22 left." in posted
    assert await alice.autocomplete(channel, "challenge show", "name", "five") == [
        {"name": "Five by five", "value": "Five by five"}
    ]
    assert await bob.autocomplete(channel, "challenge show", "name", "") == []
    refused = await bob.slash(channel, "challenge share")
    assert refused.ephemeral
    assert refused.response.content == "You have no challenges yet: `/challenge new` makes one."
    gone = await alice.slash(channel, "challenge delete", name="hard sam")
    assert gone.ephemeral and "Deleted the challenge **Hard Sam**." in text_of(gone.response)
    back = await alice.slash(channel, "challenge restore")
    assert "The challenge **Hard Sam** is back." in text_of(back.response)
    assert [type(e.original).__name__ for e in env.errors] == ["InputError"]


async def test_picks_are_offered_while_typing_one_game_after_another(table):
    _, channel, alice, _ = table
    offered = await alice.autocomplete(channel, "challenge new", "pick", "gah gwt:Sam:h")
    assert [c["value"] for c in offered] == ["gah gwt:Sam:hard"]
    offered = await alice.autocomplete(channel, "challenge new", "pick", "glasgow:")
    assert [c["value"] for c in offered] == ["glasgow:Freddy I", "glasgow:Freddy II"]
    offered = [
        c["value"] for c in await alice.autocomplete(channel, "challenge new", "pick", "gah ")
    ]
    assert offered == [  # no other Grand Austria Hotel: it would overlap
        "gah gwt",
        "gah gwt:Sam",
        "gah gwt:Sam:easy",
        "gah gwt:Sam:medium",
        "gah gwt:Sam:hard",
        "gah glasgow",
        "gah glasgow:Freddy I",
        "gah glasgow:Freddy II",
        "gah alea",
        "gah alea:Alea",
        "gah waterdeep",
        "gah waterdeep:Pseudo",
    ]


async def test_a_german_reader_types_and_reads_german(sim_clock, table):
    env, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice="de")
    await log(alice, channel, "gah", "Leopold", 1, difficulty="hard")
    made = await alice.slash(
        channel, "challenge new", name="Schwer", plays=3, pick="gah:Leopold:schwer gwt:Sam:schwer"
    )
    assert text_of(made.response).split("\n") == [
        "Herausforderung · Schwer",
        "Neue Herausforderung **Schwer**. `/herausforderung teilen` zeigt sie im Kanal.",
        "**2 Spiele** × je **3 Partien**, vom 2026-01-01 bis 2026-12-31",
        "Vorab gewählte Spiele.",
        "Alle Partien zählen, solo oder mit anderen.",
        "• Grand Austria Hotel gegen Leopold (schwer): **1**/3",
        "• Great Western Trail (2nd edition) gegen Sam (schwer): **0**/3",
        "**1** von 6 Partien geschafft, 5 offen.",
        "Um bis 2026-12-31 fertig zu werden: **0,1 Partien** pro Woche (noch 365 Tage).",
    ]
    ten = await alice.slash(channel, "challenge new", name="Zehn", games=10, plays=10)
    assert "Beliebige Spiele: Es zählen die ersten 10 verschiedenen Spiele, die du spielst." in (
        text_of(ten.response)
    )
    assert env.errors == []
