"""Random and hostile options for every command, through the one code path (the console) and
straight into the service: never an unhandled error, a rejection changes nothing, a rejection
is one line, nothing pings.

The command and option lists come from the registry: every game whose spec declares command
models (`spec.commands`, `spec.start`) is fuzzed from its models, field by field and type by
type, so a new game or command is fuzzed without editing this file. A game that has not moved
onto the models yet keeps its old hand-written lists (`LEGACY_*`). The bot's own commands
built from models (`/game`, `/settings`, `/help`: bot/table/commands.py) are fuzzed from them
the same way, and so are a built game's read-only views (`/alea odds`); the commands still
written by hand (`/log`, `/stats`, ...) are fuzzed from the command tree."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from bot.console import Console
from bot.core.commands import Command
from bot.core.errors import NoGame, SoloistError
from bot.core.game import NextStep
from bot.core.reply import Ctx
from bot.core.spec import GameSpec
from bot.games.registry import SPECS
from bot.store.models import ActionRow, GameRow, PlayRow
from bot.store.rows import decode_text
from tests.fuzzing import BASE, examples
from tests.looks import looking
from tests.test_console import make_console

SUPERSCRIPTS = ["²", "³", "¹²", "5 ² 5", "a:² b:1", "⁴ ⁵ ⁴", "٤ ٤", "５ ５", "2²", "-²"]
MENTIONS = ["@everyone", "@here", "<@&123456789>", "<@1>", "<#1>", "<@!2>"]
MARKDOWN = [
    "**bold** `code` ||spoiler||",
    "# heading",
    "> quote",
    "[link](https://example.com)",
    "~~s~~ __u__ *i*",
    "```block```",
]
HUGE = ["x" * 3000, "Y3 B0 R2 G4 Y0 " * 50, "9" * 400, "9" * 5000, "a:1 " * 200, "ü" * 1000]
NUMBER_WORDS = ["0", "-1", "-0", "99999999999999999999999", "3.5", "NaN", "1e9", "0x10", "٣"]
PLAIN = [
    "Y3 B0 R2 G4 Y0",
    "1:2 2:2 3:1 4:3 5:2",
    "5 4 6 5",
    "a:2 b:2",
    "none",
    "",
    " ",
    "\x00",
    "ＹＯ",
    "🂡",
    "Times Square",
    "central park",
    "Europe/Vienna",
    "../../etc/passwd",
    "1:11",
    "7:1",
    "4 4",
    "Leopold",
    "gah",
    "2026-02-30",
    "yes",
    "no",
]
HOSTILE_TEXT = [*PLAIN, *SUPERSCRIPTS, *MENTIONS, *MARKDOWN, *HUGE, *NUMBER_WORDS]
HOSTILE = st.sampled_from(HOSTILE_TEXT)
VALUE = st.one_of(HOSTILE, st.text(max_size=60), st.integers(-(10**12), 10**12).map(str))
WRONG_TYPES = st.sampled_from(
    [None, True, False, 3.5, float("nan"), float("inf"), [], {}, [1, 2], {"a": 1}, 2**63, -(2**63)]
)
OMIT = object()  # an option left out of the line or the action

# Games not yet declared as command models keep the lists they were fuzzed with before; they
# are used only while the spec has no `commands`, so the models take over once they exist.
LEGACY_COMMANDS = {"gah": ["turn", "round_end", "claim", "staff", "final"]}
LEGACY_KEYS = [
    "queue",
    "dice",
    "card",
    "emperor_vp",
    "objective",
    "player_score",
    "player_staff",
    "staff_vp",
    "district",
    "high_bid",
    "cards",
    "outcome",
    "plots",
    "score",
    "partner_score",
    "steps",
]
LEGACY_START = {"gah": {"difficulty": "hard", "emperor_vp_variant": "S2"}}
SETTINGS = BASE  # derandomized: the same lines on every run, CI never flakes
PER_GAME = examples(250)  # lines (and actions) drawn for each game: 125 quick, 500 deep
PARTNER = 2  # every game is started with this user as a player (Alea needs a partner)


# ---------------------------------------------------------------- what the models declare
def _schema(prop: dict[str, Any]) -> dict[str, Any]:
    for branch in prop.get("anyOf", []):
        if branch.get("type") != "null":
            return branch
    return prop


def fields(model: type[Command]) -> dict[str, dict[str, Any]]:
    """Option name -> its JSON schema (type, bounds, choices, examples), without `command`."""
    schema = model.model_json_schema()
    required = set(schema.get("required", []))
    out = {}
    for name, prop in schema["properties"].items():
        if name == "command":
            continue
        info = dict(_schema(prop))
        info["examples"] = prop.get("examples") or info.get("examples") or []
        info["required"] = name in required
        out[name] = info
    return out


def choices(info: dict[str, Any]) -> list[Any] | None:
    if "enum" in info:
        return list(info["enum"])
    if "const" in info:
        return [info["const"]]
    return None


def plausible(info: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values a player might really send: the choices, numbers in range, the examples."""
    allowed = choices(info)
    if allowed is not None:
        return st.sampled_from(allowed)
    if info.get("type") == "integer":
        low, high = info.get("minimum", -(10**6)), info.get("maximum", 10**6)
        small = max(low, 0)  # board games count in small numbers
        return st.one_of(st.integers(small, min(high, small + 12)), st.integers(low, high))
    examples = info["examples"]
    return st.sampled_from(examples) if examples else st.text(min_size=1, max_size=10)


def hostile_text(info: dict[str, Any]) -> st.SearchStrategy[str]:
    """Raw option text for a console line: wrong numbers, superscripts, huge strings..."""
    extra: list[str] = []
    allowed = choices(info)
    if allowed is not None:
        extra += [str(c).upper() for c in allowed] + [f"{allowed[0]} x"]
    if info.get("type") == "integer":
        for bound in (info.get("minimum"), info.get("maximum")):
            if bound is not None:
                extra += [str(bound - 1), str(bound + 1), f"{bound}²"]
    if info.get("maxLength"):
        extra.append("7" * (info["maxLength"] + 1))
    return st.one_of(HOSTILE, st.sampled_from(extra or [""]), VALUE)


SUPER = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
MUTATIONS = [  # a plausible value made hostile: half of them unicode digits
    lambda s: s.translate(SUPER),
    lambda s: s[:-1] + s[-1:].translate(SUPER),
    lambda s: s + "²",
    lambda s: s.translate(FULLWIDTH),
    lambda s: s + " <@&1> @everyone",
    lambda s: f"**{s}** `x`",
    lambda s: (s + " ") * 80,
    lambda s: s.replace(" ", "\u00a0").upper(),
]


def mutated(info: dict[str, Any]) -> st.SearchStrategy[str]:
    return st.builds(lambda v, m: m(str(v)), plausible(info), st.sampled_from(MUTATIONS))


def bad_raw(info: dict[str, Any]) -> st.SearchStrategy[str]:
    """A hostile option text for a console line."""
    return st.one_of(mutated(info), mutated(info), hostile_text(info))


def bad_typed(info: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A hostile value for an action dict (imported logs, buttons): wrong text or wrong type."""
    return st.one_of(mutated(info), hostile_text(info), WRONG_TYPES)


def option_sets(
    options: dict[str, dict[str, Any]],
    good: Any,
    bad: Any,
) -> st.SearchStrategy[dict[str, Any]]:
    """One option hostile and the others as a player would give them (so the hostile value
    reaches the rules), or all as a player would (so the game moves on to later questions),
    or every option left out, plausible or hostile at random."""

    def sets(target: str | None) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries(
            {
                name: bad(info)
                if name == target
                else good(info)
                if info["required"]
                else st.one_of(st.just(OMIT), good(info))
                for name, info in options.items()
            }
        )

    if not options:
        return st.just({})
    anything = st.fixed_dictionaries(
        {name: st.one_of(st.just(OMIT), good(info), bad(info)) for name, info in options.items()}
    )
    one_bad = st.sampled_from(sorted(options)).flatmap(sets)
    good_only = sets(None)
    return st.one_of(good_only, good_only, good_only, one_bad, one_bad, anything)


def start_options(spec: GameSpec, seed: int | None) -> dict[str, Any]:
    """Start options from the start model: each choice in turn (by seed) so restarts vary the
    setup; other required fields get their first plausible value. No seed: the least needed."""
    if spec.start is None:
        return dict(LEGACY_START.get(spec.key, {}))
    options: dict[str, Any] = {}
    for name, info in fields(spec.start).items():
        allowed = choices(info)
        if allowed and (seed is not None or info["required"]):
            options[name] = allowed[(seed or 0) % len(allowed)]
        elif info["required"]:
            options[name] = (
                info.get("minimum", 0)
                if info.get("type") == "integer"
                else (info["examples"] or ["x"])[0]
            )
    return options


def specs() -> list[GameSpec]:
    """Every registered game, each fuzzed: a game's crash here is that game's bug."""
    return list(SPECS.values())


def models(spec: GameSpec) -> list[type[Command]]:
    return [*(spec.commands or []), *([spec.start] if spec.start else [])]


def answer_value(info: dict[str, Any], rng: random.Random, hostile: bool) -> Any:
    """A value for the option a stored question names, chosen when the question is there."""
    allowed = choices(info)
    if allowed:
        good: Any = rng.choice(allowed)
    elif info.get("type") == "integer":
        low = info.get("minimum", 0)
        good = rng.randint(low, min(info.get("maximum", low + 12), low + 12))
    else:
        good = rng.choice(info["examples"] or ["x", "1", "a:1"])
    if not hostile:
        return good
    if rng.random() < 0.5:
        return rng.choice(MUTATIONS)(str(good))
    return rng.choice([*HOSTILE_TEXT, None, 3.5, [], {"a": 1}, 2**63, -1])


async def answer(service, spec: GameSpec, ctx: Ctx, rng: random.Random) -> dict[str, Any] | None:
    """Mostly, when the game waits on a question (`Ask`: command and option), the action that
    answers it, plausibly or hostilely, instead of the drawn one: so the fuzzing reaches the
    questions deep in a turn. None: run the drawn line or action. `rng` is seeded: the same
    answers on every run."""
    if rng.random() < 0.3:
        return None
    ask = (await service.status(ctx)).ask
    model = spec.commands.models.get(ask.command) if ask and spec.commands else None
    info = fields(model).get(ask.option) if model is not None and ask is not None else None
    if ask is None or info is None:
        return None
    value = answer_value(info, rng, hostile=rng.random() < 0.5)
    return {"command": ask.command, **ask.extra, ask.option: value}


def draw(strategy: st.SearchStrategy[Any], examples: int) -> list[Any]:
    """What Hypothesis draws from `strategy`, the same on every run; the bot runs it after."""
    out: list[Any] = []

    @settings(SETTINGS, max_examples=examples)
    @given(strategy)
    def collect(value: Any) -> None:
        out.append(value)

    collect()
    return out


# ---------------------------------------------------------------- the console
WHO = st.sampled_from([0, 0, 0, 1, 2])  # mostly the owner; the partner; a stranger


def leaf_commands(bot) -> list:
    out = []
    for command in bot.tree.get_commands():
        children = getattr(command, "commands", None)
        out += list(children) if children else [command]
    return out


async def counts(db):
    async with looking(db) as session:
        return tuple(
            [
                await session.scalar(select(func.count()).select_from(t))
                for t in (GameRow, ActionRow, PlayRow)
            ]
            + [await session.scalar(select(func.coalesce(func.sum(GameRow.version), 0)))]
        )


def model_line(head: str, model: type[Command], tree_command) -> st.SearchStrategy[str]:
    """`head option:value ...` (`/gah turn`, `/game undo`) with each of the model's options
    left out, plausible or hostile; a start line also names the partner (a Discord user, not a
    model field)."""
    options = fields(model)
    users = [
        p.display_name
        for p in getattr(tree_command, "parameters", [])
        if p.type.name == "user" and p.name not in options
    ]

    def line(values: dict[str, Any], garbage: str) -> str:
        words = [head]
        words += [f"{name}:{PARTNER}" for name in users]
        words += [f"{name}:{value}" for name, value in values.items() if value is not OMIT]
        return " ".join(words) + garbage

    return st.builds(
        line,
        option_sets(options, lambda i: plausible(i).map(str), bad_raw),
        st.sampled_from(["", "", "", "", "", "", " junk", " :x", ' "unbalanced', " nope:1"]),
    )


def tree_line(command) -> st.SearchStrategy[str]:
    """The old way, for a command of no game not yet built from a model: any options, any
    values."""
    params = list(command.parameters)

    def line(options: list[tuple[int, str]], garbage: str) -> str:
        words = [f"/{command.qualified_name}"]
        for slot, value in options:
            if params:
                words.append(f"{params[slot % len(params)].display_name}:{value}")
        return " ".join(words) + garbage

    return st.builds(
        line,
        st.lists(st.tuples(st.integers(0, 8), VALUE), max_size=4),
        st.sampled_from(["", " junk", " :x", ' "unbalanced', " nope:1"]),
    )


def console_plan(bot) -> tuple[dict[str, list[st.SearchStrategy[str]]], list]:
    """Per game: one line strategy per model. The rest (views, the bot's own commands): one
    per model too where the slash command is built from one (`/game`, `/settings`, `/help`:
    bot/table/commands.py); a command still written by hand, any options from the tree."""
    by_game: dict[str, list[st.SearchStrategy[str]]] = {}
    covered: set[str] = set()
    for spec in specs():
        if spec.commands is None:
            continue
        group = bot.tree.get_command(spec.key)
        by_game[spec.key] = []
        for model in models(spec):
            if model.hidden:
                continue
            tree_command = group.get_command(model.slash_name()) if group else None
            head = f"/{spec.key} {model.slash_name()}"
            by_game[spec.key].append(model_line(head, model, tree_command))
            covered.add(f"{spec.key} {model.slash_name()}")
    rest = []
    for command in leaf_commands(bot):
        model = command.extras.get("model")
        if command.qualified_name in covered:
            continue
        if model is not None:  # a view (`/alea odds`) or the bot's own (`/game undo`)
            rest.append(model_line(f"/{command.qualified_name}", model, command))
        else:
            rest.append(tree_line(command))
    return by_game, rest


TABLES_PER_GAME = 2  # started with different seeds, so a game's setups (modes) vary


REST = "the bot's own commands"  # every command of no game, drawn over every game's tables
HALVES = (f"{REST}, 1 of 2", f"{REST}, 2 of 2")  # its 400 lines: every other one each


@pytest.mark.parametrize("part", [*(spec.key for spec in specs()), *HALVES])
async def test_every_command_survives_hostile_options(db, part):
    """One part per game (its commands over its tables) and one for the bot's own commands
    over every table, so the parts run side by side in the suite's workers."""
    console = await make_console(db)
    service = console.bot.service
    assert console.bot.allowed_mentions.everyone is False
    assert console.bot.allowed_mentions.roles is False
    tables: dict[str, list[Ctx]] = {}
    for number, spec in enumerate(specs()):
        tables[spec.key] = []
        for seat in range(TABLES_PER_GAME):
            ctx = Ctx(guild_id=0, channel_id=number * TABLES_PER_GAME + seat + 1, user_id=1)
            await start(service, spec, ctx, seed=ctx.channel_id)
            tables[spec.key].append(ctx)
    spec_of = {spec.key: spec for spec in specs()}
    by_game, rest = console_plan(console.bot)
    lines: list[tuple[str, Ctx, int, str]] = []  # game, table, who, line
    for key, strategies in by_game.items():
        if key != part:
            continue
        table = st.sampled_from(tables[key])
        presses = st.sampled_from(["press 1", "press 2"])
        drawn = draw(st.tuples(table, WHO, st.one_of(*strategies, presses)), PER_GAME)
        assert len(drawn) >= 100, key
        lines += [(key, *entry) for entry in drawn]
    if part in HALVES:
        drawn_rest = draw(
            st.tuples(
                st.sampled_from([(k, t) for k, ts in tables.items() for t in ts]),
                WHO,
                st.one_of(*rest),
            ),
            400,
        )
        assert len(drawn_rest) >= 100
        half = drawn_rest[HALVES.index(part) :: 2]
        lines += [(key, table, who, line) for (key, table), who, line in half]
    assert lines, part
    consoles = {
        (table.channel_id, who): Console(
            console.bot, user_id=user, channel_id=table.channel_id, admin=who == 0
        )
        for ts in tables.values()
        for table in ts
        for who, user in enumerate([1, PARTNER, 66])
    }
    rng = random.Random(2026)
    for key, table, who, line in lines:
        action = await answer(service, spec_of[key], table, rng) if by_game.get(key) else None
        if action is not None:
            model = spec_of[key].commands.models[action.pop("command")]  # type: ignore[union-attr]
            words = [f"{name}:{value}" for name, value in action.items() if value is not None]
            line = " ".join([f"/{key} {model.slash_name()}", *words])
        before = await counts(db)
        reply = await consoles[table.channel_id, who].execute(line)
        assert "Something went wrong" not in reply.text, (line, reply.text)
        if not reply.ok:
            assert "\n" not in reply.text, (line, reply.text)
            for raw_mention in ("@everyone", "@here", "<@&"):
                assert raw_mention not in reply.text, (line, reply.text)
            assert await counts(db) == before, line
            assert_cache_untouched(service)
        await keep_going(service, spec_of[key], table, fresh=True)


def assert_cache_untouched(service) -> None:
    """Every cached state model is still exactly the state it was cached for (bot/store/rows.py):
    a refused command must not have changed the model the next command starts from (the rules
    never modify the state they are given)."""
    for game_id, entry in service.states.entries():
        dumped = entry.state.model_dump(mode="json")
        assert dumped == entry.dumped == decode_text(entry.stored), game_id


# ---------------------------------------------------------------- straight into the service
JSONISH = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(),
        HOSTILE,
        st.text(max_size=20),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=6,
)


async def start(service, spec: GameSpec, ctx: Ctx, seed: int) -> None:
    """A varied setup; when the game refuses that combination, the least it needs."""
    try:
        await service.start(ctx, spec.key, start_options(spec, seed), seed, players=[PARTNER])
    except SoloistError:
        await service.start(ctx, spec.key, start_options(spec, None), seed, players=[PARTNER])


RESTARTS = iter(range(10, 10**6))


PLAYED: Counter[int] = Counter()  # commands per table since its game began
FRESH_EVERY = 30  # then a new game, so every table goes through the early questions again


async def keep_going(service, spec: GameSpec, ctx: Ctx, *, fresh: bool = False) -> int:
    """The game's version; an action that finished the game starts the next one, and so does
    a game that has been played for a while (`fresh`), so no table stays stuck on one question."""
    if fresh:
        PLAYED[ctx.channel_id] += 1
        if PLAYED[ctx.channel_id] % FRESH_EVERY == 0:
            with contextlib.suppress(NoGame):
                await service.abandon(ctx)
    with contextlib.suppress(NoGame):
        shown = await service.status(ctx)
        if shown.state["status"] == "active":  # a finished game stays on view: start anew
            return shown.version
    await start(service, spec, ctx, seed=next(RESTARTS))
    return (await service.status(ctx)).version


def model_action(model: type[Command]) -> st.SearchStrategy[dict[str, Any]]:
    options = fields(model)
    values = option_sets(options, plausible, bad_typed)
    junk = st.dictionaries(st.sampled_from([*LEGACY_KEYS, "x" * 50, ""]), JSONISH, max_size=1)
    return st.builds(
        lambda v, extra, with_junk: {
            "command": model.name(),
            **{k: x for k, x in v.items() if x is not OMIT},
            **(extra if with_junk else {}),
        },
        values,
        junk,
        st.integers(0, 4).map(lambda n: n == 0),  # now and then an option no command has
    )


def legacy_action(spec: GameSpec) -> st.SearchStrategy[dict[str, Any]]:
    names = LEGACY_COMMANDS.get(spec.key) or sorted(spec.rules.commands)
    return st.builds(
        lambda command, args: {"command": command, **args},
        st.sampled_from([*names, "nope", "end"]),
        st.dictionaries(st.sampled_from(LEGACY_KEYS), JSONISH, max_size=4),
    )


@pytest.mark.parametrize("game", [spec.key for spec in specs()])
async def test_rules_take_any_action_dict_without_crashing(service, owner, game):
    """Actions also arrive from imported exports and buttons, so the rules must refuse any
    shape cleanly: each game's commands from its models, or its old lists until it has them."""
    actions: list[tuple[GameSpec, Ctx, dict[str, Any]]] = []
    for number, spec in enumerate(specs()):
        if spec.key != game:
            continue
        ctxs = [
            Ctx(owner.guild_id, owner.channel_id + TABLES_PER_GAME * number + seat, owner.user_id)
            for seat in range(TABLES_PER_GAME)
        ]
        for seat, ctx in enumerate(ctxs):
            await start(service, spec, ctx, seed=3 + seat)
        if spec.commands is not None:
            strategy = st.one_of(
                *(model_action(m) for m in spec.commands),
                st.builds(
                    lambda c, args: {"command": c, **args},
                    st.sampled_from(["nope", "", "start", "undo"]) | st.text(max_size=8),
                    st.dictionaries(st.text(max_size=8), JSONISH, max_size=2),
                ),
            )
        else:
            strategy = legacy_action(spec)
        presses = st.builds(lambda n: {"press": n}, st.integers(0, 4))
        drawn = draw(st.tuples(st.sampled_from(ctxs), st.one_of(strategy, presses)), PER_GAME)
        actions += [(spec, ctx, action) for ctx, action in drawn]

    rng = random.Random(2026)
    for spec, ctx, action in actions:
        before = await keep_going(service, spec, ctx, fresh=True)
        action = await answer(service, spec, ctx, rng) or action
        if "press" in action:  # a button the game offers now, as a click sends it
            steps = (await service.status(ctx)).next_steps
            if not steps:
                continue
            action = NextStep.action(steps[action["press"] % len(steps)].step_id)
        try:
            await service.act(ctx, None, action)
        except SoloistError as exc:
            assert "\n" not in str(exc).strip(), action
            assert "Something went wrong" not in str(exc), action
            assert await keep_going(service, spec, ctx) == before, action
            assert_cache_untouched(service)


# ---------------------------------------------------------------- every option, every command
UNICODE_AND_OVERLONG = ["²", "٣", "9" * 5000]  # not ASCII (int() refuses, int() takes); 5,000


def filler(param, model: type[Command] | None) -> str:
    """A plausible value for a required option, so the hostile one beside it is what counts."""
    info = fields(model).get(param.name) if model is not None else None
    if param.choices:
        return str(param.choices[0].value)
    if info is not None and info["examples"]:
        return str(info["examples"][0])
    return {
        "integer": str(param.min_value if param.min_value is not None else 1),
        "number": "1",
        "user": str(PARTNER),
        "channel": "1",
        "boolean": "true",
    }.get(param.type.name, "x")


@pytest.mark.parametrize("part", [*(spec.key for spec in specs()), REST])
async def test_every_option_of_every_command_takes_unicode_digits_and_overlong_numbers(db, part):
    """Each option of each slash command gets `²`, `٣` and 5,000 digits, the others plausible:
    a one-line refusal that changes nothing, or a normal reply; never a crash. One part per
    game's commands, one for the bot's own."""
    console = await make_console(db)
    service = console.bot.service
    channel = {}
    for number, spec in enumerate(specs(), start=1):
        channel[spec.key] = number
        await start(service, spec, Ctx(guild_id=0, channel_id=number, user_id=1), seed=number)
    tried = 0
    for command in leaf_commands(console.bot):
        key = command.qualified_name.split()[0]
        spec = SPECS.get(key)
        if (key if spec is not None else REST) != part:
            continue
        model = command.extras.get("model")  # a built command's model, a game's or the bot's
        if model is None and spec is not None and spec.commands is not None:
            slash = command.qualified_name.split(" ", 1)[-1]
            model = next((m for m in models(spec) if m.slash_name() == slash), None)
        ctx = Ctx(guild_id=0, channel_id=channel.get(key, 1), user_id=1)
        player = Console(console.bot, user_id=1, channel_id=ctx.channel_id)
        for target in command.parameters:
            others = [
                f"{p.display_name}:{filler(p, model)}"
                for p in command.parameters
                if p.required and p.name != target.name
            ]
            for value in UNICODE_AND_OVERLONG:
                line = " ".join(
                    [f"/{command.qualified_name}", *others, f"{target.display_name}:{value}"]
                )
                before = await counts(db)
                reply = await player.execute(line)
                tried += 1
                assert "Something went wrong" not in reply.text, (line[:120], reply.text)
                if not reply.ok:
                    assert "\n" not in reply.text, (line[:120], reply.text)
                    assert await counts(db) == before, line[:120]
                    assert_cache_untouched(service)
                if spec is not None:
                    await keep_going(service, spec, ctx)
    assert tried >= 3 * 10, part
