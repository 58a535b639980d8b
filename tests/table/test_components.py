"""Buttons and select menus read well on a phone: plain text (no Markdown), within Discord's
limits, short, a question with more than five answers as a select menu, and among tied
options the suggested one first and marked. Checked on every reply of seeded games played
through the service by pressing their own buttons and answering their own questions, in
English and German."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bench.games import play_game
from bot.core.errors import SoloistError
from bot.core.game import NextStep
from bot.core.priority import Choice, ask_for
from bot.core.reply import Ctx, Reply
from bot.games.registry import SPECS
from bot.i18n import localize
from bot.on_discord.render import MAX_BUTTONS, view_for
from tests.test_fuzz import answer_value, fields, start_options

MARKDOWN = re.compile(r"`|\*|__|~~|\|\||\]\(")
PLACEHOLDER, LABEL, OPTION = 150, 80, 100  # Discord's limits
SHORT_PLACEHOLDER = 60
STEPS = 80


async def play(service, key: str, seed: int, channel: int) -> list[Reply]:
    """A seeded game: press one of the reply's own buttons, or answer its question with a
    plausible value; every reply on the way. Grand Austria's turns need typed market
    readings: it plays as the benchmark does, with a whole game's replies."""
    if key == "gah":
        shown: list[Reply] = []
        await play_game(service, channel, seed, [], shown)
        return shown
    rng = random.Random(seed)
    ctx = Ctx(guild_id=1, channel_id=channel, user_id=1)
    spec = SPECS[key]
    try:
        reply = await service.start(ctx, key, start_options(spec, seed), seed, players=[2])
    except SoloistError:
        reply = await service.start(ctx, key, start_options(spec, None), seed, players=[2])
    shown = [reply]
    for _ in range(STEPS):
        action = _next(spec, reply, rng)
        if action is None:
            break
        try:
            reply = await service.act(ctx, key, action)
        except SoloistError:
            continue
        shown.append(reply)
    return shown


def _next(spec: Any, reply: Reply, rng: random.Random) -> dict[str, Any] | None:
    if reply.next_steps:
        return NextStep.action(rng.choice(reply.next_steps).step_id)
    ask = reply.ask
    model = spec.commands.models.get(ask.command) if ask and spec.commands else None
    info = fields(model).get(ask.option) if model is not None and ask is not None else None
    if ask is None or info is None:
        return _typed(spec, rng)
    return {"command": ask.command, **ask.extra, ask.option: answer_value(info, rng, False)}


def _typed(spec: Any, rng: random.Random) -> dict[str, Any] | None:
    """A command typed with plausible options, where the game offers nothing to press."""
    if not spec.commands:
        return None
    name, model = rng.choice(sorted(spec.commands.models.items()))
    options = {
        option: answer_value(info, rng, False)
        for option, info in fields(model).items()
        if info["required"] or rng.random() < 0.5
    }
    return {"command": name, **options}


def components(reply: Reply) -> list[Any]:
    view = view_for(reply)
    return [getattr(item, "item", item) for item in (view.children if view else [])]


def texts(item: Any) -> list[tuple[str, str, int]]:
    """(what, text, Discord's limit) for every text a component shows."""
    if isinstance(item, discord.ui.Select):
        return [("placeholder", item.placeholder or "", PLACEHOLDER)] + [
            ("option", option.label, OPTION) for option in item.options
        ]
    return [("label", item.label or "", LABEL)]


@pytest.mark.parametrize("key", sorted(SPECS))
async def test_every_button_and_select_is_plain_short_and_within_discords_limits(service, key):
    problems: set[str] = set()
    shown = 0
    for n, seed in enumerate((1, 2, 3)):
        for reply in await play(service, key, seed, channel=100 + n):
            for locale in ("en", "de"):
                items = components(localize(reply, locale))
                buttons = [i for i in items if isinstance(i, discord.ui.Button)]
                if len(buttons) > MAX_BUTTONS:
                    problems.add(f"{len(buttons)} buttons: {[b.label for b in buttons]}")
                for item in items:
                    for what, text, limit in texts(item):
                        shown += 1
                        if MARKDOWN.search(text):
                            problems.add(f"Markdown in a {what}: {text!r}")
                        if not 0 < len(text) <= limit:
                            problems.add(f"a {what} of {len(text)} characters: {text!r}")
                        if what == "placeholder" and len(text) > SHORT_PLACEHOLDER:
                            problems.add(f"a placeholder too long for a phone: {text!r}")
    assert shown and sorted(problems) == []


def tie(cells: tuple[str, ...]) -> Reply:
    ask = ask_for(
        Choice(None, "", cells),
        prompt="Freddy builds the park: where? (suggested F5)",
        command="pick",
        option="cell",
        suggested="F5",
    )
    return Reply(
        title="",
        facts=[],
        prompt=ask.text(),
        next_steps=ask.next_steps(),
        ask=ask,
        game_id=1,
        version=4,
    )


@pytest.mark.parametrize(("locale", "mark"), [("en", "suggested"), ("de", "Vorschlag")])
def test_the_suggested_one_of_tied_options_comes_first_and_is_marked(locale, mark):
    buttons = components(localize(tie(("E4", "F5", "D6")), locale))
    assert [b.label for b in buttons] == [f"F5 ({mark})", "E4", "D6"]
    assert [b.style for b in buttons] == [
        discord.ButtonStyle.success,
        discord.ButtonStyle.primary,
        discord.ButtonStyle.primary,
    ]
    [menu] = components(localize(tie(("A1", "B2", "C3", "D4", "E4", "F5")), locale))
    assert [o.label for o in menu.options][:2] == [f"F5 ({mark})", "A1"]
    assert "(" not in menu.placeholder and len(menu.placeholder) <= SHORT_PLACEHOLDER


@pytest.mark.parametrize("key", sorted(SPECS))
async def test_every_component_is_a_dynamic_item(service, key):
    """The status message is edited over the raw route, with no view stored for it
    (cogs/status.py `_patch`): its presses are dispatched by custom id alone, which holds
    only for dynamic items."""
    for reply in await play(service, key, seed=1, channel=200):
        view = view_for(reply)
        for item in view.children if view else []:
            assert isinstance(item, discord.ui.DynamicItem), (key, item)
