"""Pseudo through discord.py's real command tree, in SimCord: a whole game, buttons, lists."""

from sqlalchemy import select

from bot.core.reply import Ctx
from bot.store.models import PlayRow
from tests.looks import looking
from tests.test_console_waterdeep import free_space


def embed_text(result) -> str:
    embed = result.response.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""] + [f.value for f in embed.fields])


def labels(result) -> list[str]:
    from simcord.components import walk_components

    return [c["label"] for c in walk_components(result.response.components) if c.get("label")]


async def test_start_shows_the_house_rules_and_a_7f_question_is_answered_by_a_button(table):
    _, channel, alice, _ = table
    choices = await alice.autocomplete(channel, "waterdeep start", "primary", "halaster")
    assert [c["value"] for c in choices] == ["Infiltrate Halaster's Circle"]
    start = await alice.slash(
        channel, "waterdeep start", lord="Durnan", seed=2026, colourless_intrigue="redraw"
    )
    text = embed_text(start)
    assert "D2 `colourless_intrigue:redraw` (changed)" in text
    assert "Pseudo → **The Plinth**. Why: 7B: Ambush Artor Morlin needs 1 cleric" in text
    await alice.slash(channel, "waterdeep place", space="Blackstaff Tower")
    asked = await alice.slash(channel, "waterdeep place", space="The Grinning Lion Tavern")
    assert "Pseudo → **Castle Waterdeep**" in embed_text(asked)
    assert labels(asked) == ["I return 1 rogue", "No rogue: −2 VP"]
    answered = await alice.click(asked.response, label="No rogue: −2 VP")
    assert "You have no rogue: −2 VP (7F)." in embed_text(answered)
    board = await alice.slash(channel, "waterdeep board")
    assert "Pseudo's intrigue (7F) -2" in embed_text(board)
    spaces = await alice.autocomplete(channel, "waterdeep place", "space", "cliff")
    assert [c["value"] for c in spaces] == [
        "Cliffwatch Inn (left)",
        "Cliffwatch Inn (middle)",
        "Cliffwatch Inn (right)",
    ]


async def test_a_whole_game_against_pseudo_through_discord(table):
    env, channel, alice, _ = table
    await alice.slash(channel, "waterdeep start", lord="Khelben", seed=77, harbor="stay")
    ctx = Ctx(guild_id=channel.guild.id, channel_id=channel.id, user_id=alice.id)
    for _ in range(300):
        state = (await env.bot.service.status(ctx)).state
        if state["phase"] != "play":
            break
        if state["asking"] == "pick":
            await alice.slash(channel, "waterdeep answer", pick="returned")
            continue
        last = await alice.slash(channel, "waterdeep place", space=free_space(state))
        assert last.response.embeds, last.response.content
    assert state["phase"] == "final" and state["round"] == 9
    done = await alice.slash(channel, "waterdeep final", track=70, adventurers=2, gold=5, quests=0)
    assert "Final score: score track: 70" in embed_text(done)
    assert "The result is in your logbook" in embed_text(done)
    async with looking(env.bot.service.db) as session:
        play = (await session.execute(select(PlayRow))).scalar_one()
    assert (play.game_key, play.opponent, play.modules) == ("waterdeep", "Pseudo", "10")
    ended = (await env.bot.service.status(ctx)).state  # on view after its final
    total, pseudo = ended["result"]["score"], ended["pseudo_vp"]
    assert play.turns == 8 and (play.score, play.opponent_score) == (total + pseudo, pseudo)


def select_options(result) -> list[tuple[str, str]]:
    from simcord.components import walk_components

    menus = [c for c in walk_components(result.response.components) if c.get("type") == 3]
    assert len(menus) == 1, result.response.components
    return [(o["label"], o["value"]) for o in menus[0]["options"]]


async def test_a_phone_player_places_by_select_and_answers_ties_by_button_or_autocomplete(table):
    """Seed 5 with `coin:ask`: six agents placed by the select menu (a Builder's Hall purchase
    is one choice), the 7F question by a button, then Pseudo's tie by autocomplete."""
    env, channel, alice, _ = table
    result = await alice.slash(channel, "waterdeep start", lord="Durnan", seed=5, coin="ask")
    options = select_options(result)
    assert options[0] == ("Aurora's Realms Shop", "aurora_realms_shop")
    assert ("Waterdeep Harbor", "waterdeep_harbor") in options
    ctx = Ctx(guild_id=channel.guild.id, channel_id=channel.id, user_id=alice.id)
    hall = (await env.bot.service.status(ctx)).state["hall"]
    first = next(iter(hall[0]))
    assert [(f"Builder's Hall: buy {next(iter(h))}") for h in hall] == [
        label for label, _ in options if label.startswith("Builder's Hall")
    ]
    offered = await alice.autocomplete(channel, "waterdeep place", "building", "")
    assert [c["value"] for c in offered] == [next(iter(h)) for h in hall]
    for value in ["aurora_realms_shop", "blackstaff_tower"]:
        result = await alice.select(result.response, [value])
    assert labels(result) == ["I return 1 wizard", "No wizard: −2 VP"]
    result = await alice.click(result.response, label="I return 1 wizard")
    result = await alice.select(result.response, ["the_plinth"])
    bought = dict(select_options(result))[f"Builder's Hall: buy {first}"]
    result = await alice.select(result.response, [bought])
    assert f"You buy {first}: score its 1 VP tokens on your track." in embed_text(result)
    result = await alice.select(result.response, ["aurora_realms_shop"])
    assert "7C: flip a coin or choose (D15): where does Pseudo go?" in embed_text(result)
    tied = await alice.autocomplete(channel, "waterdeep answer", "pick", "")
    assert [(c["name"], c["value"]) for c in tied] == [
        ("Field of Triumph", "field_of_triumph"),
        ("House of Heroes", "house_of_heroes"),
    ]
    assert labels(result) == ["Field of Triumph", "House of Heroes"]
    answered = await alice.slash(channel, "waterdeep answer", pick="house_of_heroes")
    assert "you chose House of Heroes" in embed_text(answered)


async def test_autocomplete_offers_only_what_the_game_allows_now(table):
    env, channel, alice, _ = table
    anywhere = await alice.autocomplete(channel, "waterdeep place", "space", "")
    assert len(anywhere) == 25  # no game here yet: every space and building of the base game
    await alice.slash(channel, "waterdeep start", lord="Durnan", seed=2026)
    ctx = Ctx(guild_id=channel.guild.id, channel_id=channel.id, user_id=alice.id)
    state = (await env.bot.service.status(ctx)).state
    pseudo = set(state["pseudo_quests"])
    deck = [c["value"] for c in await alice.autocomplete(channel, "waterdeep drawn", "quest", "")]
    assert len(deck) == 25 and pseudo.isdisjoint(deck)
    spaces = [c["value"] for c in await alice.autocomplete(channel, "waterdeep place", "space", "")]
    assert "The Plinth" not in spaces  # Pseudo's agent is there
    assert spaces[:2] == ["Aurora's Realms Shop", "Blackstaff Tower"]
    assert "Waterdeep Harbor" in spaces and "The Golden Horn" not in spaces  # not built
    assert await alice.autocomplete(channel, "waterdeep answer", "pick", "") == []
    stack = await alice.autocomplete(channel, "waterdeep hall", "building", "tower")
    hall = {next(iter(h)) for h in state["hall"]}
    assert stack and hall.isdisjoint(c["value"] for c in stack)


async def test_after_choosing_german_the_game_its_select_buttons_and_autocomplete_read_german(
    table,
):
    """Alice reads German after `/settings language choice:de`; Bob, in the same game, English."""
    _, channel, alice, bob = table
    await alice.slash(channel, "settings language", choice="de")
    started = await alice.slash(
        channel, "waterdeep start", lord="Durnan", seed=2026, colourless_intrigue="redraw"
    )
    text = embed_text(started)
    assert "D2 `farblose_intrige:nachziehen` (geändert): 7F: Pseudo zieht nach" in text
    assert "Runde 1, dein Agent 1 von 4: `/waterdeep einsetzen feld:…`" in text
    options = dict(select_options(started))
    assert options["Builder's Hall: Jesters' Court kaufen"] == "builders_hall.jesters_court"
    result = await alice.select(started.response, ["blackstaff_tower"])
    assert "Dein Agent steht auf Blackstaff Tower." in embed_text(result)
    asked = await alice.slash(channel, "waterdeep place", space="The Grinning Lion Tavern")
    assert labels(asked) == ["Ich gebe 1 Schurken ab", "Kein Schurke: −2 SP"]
    offered = await alice.autocomplete(channel, "waterdeep answer", "pick", "")
    assert [c["name"] for c in offered] == ["Ich gebe 1 Schurken ab", "Kein Schurke: −2 SP"]
    answered = await alice.click(asked.response, label="Kein Schurke: −2 SP")
    assert "Du hast keinen Schurken: −2 SP (7F)." in embed_text(answered)
    board = await bob.slash(channel, "waterdeep board")
    assert "Your VP kept here (not on your track): Pseudo's intrigue (7F) -2" in embed_text(board)


async def test_a_start_with_thread_plays_the_game_in_its_own_thread_by_select(table):
    env, channel, alice, _ = table
    started = await alice.slash(channel, "waterdeep start", lord="Mirt", seed=2026, thread=True)
    [thread] = channel.threads
    assert thread.name.startswith("Lords of Waterdeep vs Pseudo")
    assert started.response.content.endswith(f"is played in its own thread: <#{thread.id}>")
    placed = await alice.slash(thread, "waterdeep place", space="Blackstaff Tower")
    assert "Your agent is on Blackstaff Tower." in embed_text(placed)
    assert ("Waterdeep Harbor", "waterdeep_harbor") in select_options(placed)
    outside = await alice.slash(channel, "waterdeep board")
    assert outside.response.content.startswith("No game is running")
    assert [type(e.original).__name__ for e in env.errors] == ["NoGame"]


async def test_round_as_planned_is_a_button_beside_the_select_and_plays_his_round(table):
    """Issue 25: the start shows Pseudo's round plan, "Round as planned" as a button and the
    open spaces as the select; one press plays his round, and `/waterdeep place … agent:N`
    reports only what breaks it."""
    env, channel, alice, _ = table
    started = await alice.slash(channel, "waterdeep start", lord="Durnan", seed=2025)
    text = embed_text(started)
    assert "Pseudo's plan for the rest of round 1:" in text
    assert "› His agent 2 → **The Plinth** (if you take it first: The Grinning Lion Tavern)." in (
        text
    )
    # Castle Waterdeep gives him an intrigue card: the plan stops there, naming no card
    assert "› His agent 4 → **Castle Waterdeep** (if you take it first: Builder's Hall)." in text
    assert "› There he draws from his decks (shown when it is drawn)." in text
    assert labels(started) == ["As planned, up to his draw"]
    assert ("Aurora's Realms Shop", "aurora_realms_shop") in select_options(started)
    pressed = await alice.click(started.response, label="As planned, up to his draw")
    text = embed_text(pressed)
    assert "As planned: Pseudo's agents on The Plinth, The Grinning Lion Tavern." in text
    assert "Pseudo → **Castle Waterdeep**." in text  # from his draw on, in full
    rest = await alice.slash(channel, "waterdeep round")
    text = embed_text(rest)
    assert "Round 2: Pseudo goes first" in text and "Pseudo's plan for the rest of round 2:" in text
    ctx = Ctx(guild_id=channel.guild.id, channel_id=channel.id, user_id=alice.id)
    state = (await env.bot.service.status(ctx)).state
    planned = state["plan"]["steps"][1]  # his agent 3, after your agent 2
    space = planned["space"]
    broke = await alice.slash(channel, "waterdeep place", space=space, agent=planned["yours"])
    assert "Pseudo → **" in embed_text(broke)
    after = (await env.bot.service.status(ctx)).state
    assert after["occupied"][space] == "you" and after["elsewhere"] == planned["yours"] - 1
    assert after["occupied"].get(planned["instead"]) == "pseudo"
