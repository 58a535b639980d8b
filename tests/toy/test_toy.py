"""A game defined only in tests runs through the service, the console and Discord by
registering one spec: the proof that adding a game touches nothing else."""

import io

import pytest

from bot.console import Console, render_text, run_console
from bot.core.errors import InputError, RuleError
from bot.on_discord.client import SoloistBot
from bot.table.service import TableService
from tests.cogs.test_status_message_discord import the_status
from tests.kit import leaves, option_mismatches
from tests.toy.conftest import seed_where
from tests.toy.rules import COMMANDS, Start

TIED = "a:3 b:5 c:5"


async def test_a_tie_the_rules_leave_open_is_a_stored_question_with_choices(toy, service, owner):
    seed = seed_where(["take", "flip"])
    start = await service.start(owner, "toy", {}, seed)
    assert f"`/toy start greed:low seed:{seed}`" in start.facts[0]
    asked = await service.act(owner, "toy", {"command": "turn"})
    assert asked.ask is not None and asked.ask.option == "market"
    assert asked.next_steps == []  # typed, not chosen
    tie = await service.act(owner, "toy", {"command": "turn", "market": TIED})
    assert [c.value for c in tie.ask.choices] == ["b", "c"]
    assert [s.step_id for s in tie.next_steps] == ["answer:pick=b", "answer:pick=c"]
    assert "most valuable; tied, the player decides" in tie.prompt
    status = await service.status(owner)  # the stored question, not re-derived
    assert status.ask == tie.ask
    with pytest.raises(RuleError):
        await service.act(owner, "toy", {"command": "turn", "market": "a:1"})
    with pytest.raises(RuleError):
        await service.act(owner, "toy", {"command": "answer", "pick": "a"})
    done = await service.act(owner, "toy", {"command": "answer", "pick": "c"})
    assert done.facts[:2] == [
        "Magpie takes c (5): most valuable; tied, the player decides.",
        "+5 VP for c.",
    ]
    assert done.state["vp"] == 5 and done.ask is None


async def test_a_coin_flip_is_seeded_logged_and_replays_after_undo(toy, service, owner):
    await service.start(owner, "toy", {}, seed_where(["flip"]))
    first = await service.act(owner, "toy", {"command": "turn"})
    flip = next(f for f in first.facts if f.startswith("Coin flip (seed "))
    await service.undo(owner)
    again = await service.act(owner, "toy", {"command": "turn"})
    assert flip in again.facts


async def test_bad_options_are_one_line_input_errors_from_the_models(toy, service, owner):
    await service.start(owner, "toy", {}, seed_where(["take"]))
    for action, message in [
        ({"command": "end", "score": "lots"}, "`score` must be a whole number."),
        ({"command": "end", "score": 5000}, "`score` must be at most 999."),
        ({"command": "end"}, "`score` is missing."),
        ({"command": "turn", "colour": "red"}, "`colour` is not an option of `turn`."),
        ({"command": "fly"}, "Unknown command `fly` for Magpie."),
    ]:
        with pytest.raises(InputError) as err:
            await service.act(owner, "toy", action)
        said = str(err.value)
        assert "\n" not in said
        # what was wrong, then (when one works) the line that would work now
        assert said == message or said.startswith(f"{message} Now: `/toy "), said
    with pytest.raises(InputError) as err:  # passes str.isdigit(), is no number
        await service.act(owner, "toy", {"command": "turn", "market": "a:²"})
    # an example is not the choices: the line that works now follows
    assert str(err.value) == "`²` is not a value: write digits, like `3`. Now: `/toy turn`."
    with pytest.raises(InputError) as err:
        await service.start(owner, "toy", {"greed": "huge"}, 1)
    assert str(err.value) == "`greed` cannot be `huge`. Valid: `low`, `high`."


async def test_the_toy_cog_declares_exactly_its_models(toy, db):
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    commands = leaves(bot.tree.get_command("toy"))
    problems = [p for m in COMMANDS for p in option_mismatches(commands[m.slash_name()], m)]
    problems += option_mismatches(commands["start"], Start)
    assert problems == []


async def test_the_console_shows_the_choices_and_presses_them(toy, db):
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()  # loads the toy's cog from the registry, like every game's
    console = Console(bot, user_id=1, channel_id=5)
    seed = seed_where(["take"])
    lines = io.StringIO(f"/toy start seed:{seed}\n/toy turn market:{TIED}\npress 2\n")
    out = io.StringIO()
    assert await run_console(console, lines, out, as_json=False, interactive=False) == 0
    text = out.getvalue()
    assert "buttons (press N): [1] b (5)  [2] c (5)" in text
    assert "Magpie takes c (5)" in text
    assert render_text(await console.execute("press 9")).startswith("✗")


async def test_discord_offers_tied_choices_as_buttons_and_many_as_a_select(toy, simcord_env):
    await simcord_env.bot.tree.sync()
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("toy")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "toy start", seed=seed_where(["take", "take"]))
    tie = await alice.slash(channel, "toy turn", market=TIED)
    took = await alice.click(tie.response, label="c (5)")
    assert "Magpie takes c (5)" in took.response.embeds[0].description
    many = await alice.slash(channel, "toy turn", market="a:4 b:4 c:4 d:4 e:4 f:4 g:4")
    simcord_env.bot.get_cog("StatusMessages")._posts.clear()  # a restart: it keeps its menu
    status = the_status(channel)  # shows the same menu; a press there answers there
    picked = await alice.select(status, ["f"])
    assert "Magpie takes f (4)" in picked.response.embeds[0].description
    assert picked.response.id == status.id != many.response.id
    stale = await alice.select(many.response, ["g"])
    assert "out of date" in stale.response.content


def test_a_registered_game_is_not_offered_for_server_challenges(toy, monkeypatch):
    """`/challenge open` offers the bot's own games, fixed at declaration, whatever else is
    registered when its module is imported (here the toy, registered first)."""
    import importlib
    import sys

    monkeypatch.delitem(sys.modules, "cogs.challenge_server", raising=False)  # restored after
    declared = importlib.import_module("cogs.challenge_server")
    assert [choice.value for choice in declared.GAMES] == [
        "gah",
        "alea",
        "glasgow",
        "waterdeep",
        "gwt",
    ]
