"""The slash commands, built from the command models (bot/core/commands.py): each option's
name, type, limits, choices and description are read from the model's field, so a command is
declared once, in its game's package, and a cog keeps only what is Discord's own.

Built with discord.py's public API alone: a callback whose signature (`__signature__`) holds
the options as `app_commands.Range`, `str`, `bool` or `discord.User` parameters, then
`app_commands.describe`, `app_commands.choices` and `app_commands.command`; German names and
descriptions come, as before, from the translator (bot/on_discord/translator.py), keyed by
the English ones.

A game's cog mixes in `DeclaredCommands`: every model of its game (the start, the commands,
the read-only views) becomes a subcommand of its group. A cog method marked `completes(...)`
is an option's autocomplete; a cog method `check_start` sees the start's options first
(Alea's partner must be someone else)."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Awaitable, Callable, Iterable
from typing import Annotated, Any, Literal, get_args, get_origin

import annotated_types
import discord
from discord import app_commands
from pydantic.fields import FieldInfo

from bot.core.commands import Command, choices_of, supplied_of, words_of
from bot.core.values import Words
from bot.on_discord.render import ctx_of, send
from bot.table.service import MAX_SEED

SEED = "replay a game exactly (optional)"
THREAD = "open a thread for this game and play it there"


class Offered(app_commands.Choice[str]):
    """A slash choice of a declared value (bot/core/values.py), which keeps its declaration:
    the console reads a value typed for it by the declaration (either language, a beginning)
    and lists the valid ones in a refusal; the translator names it in German from it
    (bot/on_discord/translator.py). `named`: the choice shows the value before what it means
    (`redraw: Pseudo draws again`)."""

    __slots__ = ("named", "words")

    def __init__(self, *, name: str, value: str, words: Words, named: bool = False) -> None:
        super().__init__(name=f"{value}: {name}" if named else name, value=value)
        self.words = words
        self.named = named


def offer(values: Words, *, named: bool = False) -> list[app_commands.Choice[str]]:
    """The slash choices of a declared value: its labels, its tokens (`named`: each label
    after its value)."""
    return [
        Offered(name=label, value=token, words=values, named=named)
        for label, token in values.choices()
    ]


def completes(command: str, *options: str) -> Callable[[Any], Any]:
    """Marks a cog method as the autocomplete of `options` of the slash subcommand `command`
    (stacked: of several commands' options)."""

    def mark(method: Any) -> Any:
        method.__completes__ = [*getattr(method, "__completes__", ()), (command, options)]
        return method

    return mark


# ------------------------------------------------------------------ one option
def _limits(annotation: Any, metadata: Iterable[Any]) -> tuple[type, Any, Any]:
    """(int or str, lower limit, upper limit) of an option: a number's ge/le, a text's
    min_length/max_length, wherever pydantic keeps them (the field, an `Annotated` type, an
    arm of `X | None`, a nested `Field`)."""
    low: Any = None
    high: Any = None
    base: Any = annotation

    def read(items: Iterable[Any]) -> None:
        nonlocal low, high
        for item in items:
            if isinstance(item, FieldInfo):
                read(item.metadata)
            elif isinstance(item, annotated_types.Ge | annotated_types.MinLen):
                low = item.ge if isinstance(item, annotated_types.Ge) else item.min_length
            elif isinstance(item, annotated_types.Le | annotated_types.MaxLen):
                high = item.le if isinstance(item, annotated_types.Le) else item.max_length

    read(metadata)
    while True:
        if get_origin(base) is Annotated:
            read(base.__metadata__)
            base = get_args(base)[0]
            continue
        arms = [a for a in get_args(base) if a is not type(None)]
        if get_origin(base) is not Literal and arms and type(None) in get_args(base):
            base = arms[0]
            continue
        break
    return base, low, high


SUPPLIED = {
    "user": discord.User,
    "channel": discord.TextChannel,
    "file": discord.Attachment,
    "place": app_commands.AppCommandChannel
    | app_commands.AppCommandThread,  # any channel or thread (`/stats thread:`)
}


def option_type(field: FieldInfo) -> Any:
    """The parameter annotation discord.py reads an option's type and limits from."""
    picked = supplied_of(field.annotation, field.metadata)
    if picked is not None:  # a member, a channel, a file: Discord's own picker
        return SUPPLIED[picked.kind]
    base, low, high = _limits(field.annotation, field.metadata)
    if words_of(field.annotation, field.metadata) is not None or get_origin(base) is Literal:
        return str
    if base is bool:
        return bool
    if base not in (int, str):
        raise TypeError(f"no slash type for {base!r}")
    if low is None and high is None:
        return base
    return app_commands.Range[base, low, high]  # type: ignore[valid-type]


def option_choices(field: FieldInfo) -> list[app_commands.Choice[Any]] | None:
    declared = words_of(field.annotation, field.metadata)
    if declared is not None:
        return offer(declared, named=declared.shown_named)
    allowed = choices_of(field.annotation, field.metadata)
    return None if allowed is None else [app_commands.Choice(name=v, value=v) for v in allowed]


# ------------------------------------------------------------------ one command
Extra = tuple[str, Any, Any, str]  # (name, annotation, default, description)
Run = Callable[[Any, discord.Interaction, dict[str, Any]], Awaitable[None]]


def build(
    model: type[Command], owner: type, run: Run, extra: Iterable[Extra] = ()
) -> app_commands.Command[Any, ..., None]:
    """`model` as a subcommand of the cog `owner`: its options, then `extra` ones (a start's
    partner, seed and thread); `run(cog, interaction, options)` does the work."""
    name = model.slash_name()
    params = [
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
    ]
    described: dict[str, str] = {}
    offered: dict[str, list[app_commands.Choice[Any]]] = {}
    for option, field in model.options().items():
        default = inspect.Parameter.empty if field.is_required() else None
        params.append(_param(option, option_type(field), default))
        if field.description:
            described[option] = field.description
        choices = option_choices(field)
        if choices:
            offered[option] = choices
    for option, annotation, default, description in extra:
        params.append(_param(option, annotation, default))
        described[option] = description

    defaults = {p.name: p.default for p in params[2:] if p.default is not p.empty}

    async def callback(self: Any, interaction: discord.Interaction, **options: Any) -> None:
        await run(self, interaction, defaults | options)  # the console passes what is typed

    callback.__name__ = name.replace("-", "_")
    callback.__qualname__ = f"{owner.__qualname__}.{callback.__name__}"  # a method: `self`
    callback.__module__ = owner.__module__
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    if described:
        app_commands.describe(**described)(callback)
    if offered:
        app_commands.choices(**offered)(callback)
    about = model.about or "…"
    return app_commands.command(name=name, description=about, extras={"model": model})(callback)


def _param(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
    )


# ------------------------------------------------------------------ a game's commands
async def _act(cog: Any, interaction: discord.Interaction, name: str, options: dict) -> None:
    await cog.act(interaction, name, **options)


async def _view(cog: Any, interaction: discord.Interaction, name: str, options: dict) -> None:
    await send(
        interaction, await cog.service.query(ctx_of(interaction), cog.game_key, name, **options)
    )


async def _look(cog: Any, interaction: discord.Interaction, name: str, options: dict) -> None:
    """A lookup needs no game: the cog answers it (`look_<name>`, a Reply)."""
    await send(interaction, getattr(cog, f"look_{name}")(**options))


async def _start(cog: Any, interaction: discord.Interaction, partner: str, options: dict) -> None:
    seed = options.pop("seed", None)
    thread = bool(options.pop("thread", False))
    players = None
    if partner:
        players = [options.pop(partner).id]
    check = getattr(cog, "check_start", None)
    if check is not None:
        check(interaction, options, players)
    # an option left out is None here; the spec's start_options drops it on every start path
    await cog.start_game(interaction, options, seed, thread=thread, players=players)


def start_extras(model: type[Command]) -> list[Extra]:
    """The options every start takes besides its model's: the partner (a Discord user) where
    the game has one, the seed, a thread of its own."""
    partner: list[Extra] = []
    if model.partner:
        partner = [(model.partner, discord.User, inspect.Parameter.empty, model.partner_about)]
    return [
        *partner,
        ("seed", app_commands.Range[int, 0, MAX_SEED], None, SEED),
        ("thread", bool, False, THREAD),
    ]


def game_commands(owner: type, declared: Any) -> dict[str, app_commands.Command[Any, ..., None]]:
    """Every slash subcommand of a game, by attribute name, with their autocompletes, from
    its commands module (`declared`: its `Start`, `COMMANDS`, `VIEWS` (queries of the
    channel's game) and `LOOKUPS` (answered by the cog's `look_<name>`, no game needed))."""
    built: dict[str, app_commands.Command[Any, ..., None]] = {}
    start: type[Command] | None = getattr(declared, "Start", None)
    if start is not None:
        partner = start.partner

        async def run_start(cog: Any, interaction: discord.Interaction, options: dict) -> None:
            await _start(cog, interaction, partner, options)

        built["start"] = build(start, owner, run_start, start_extras(start))
    for model in declared.COMMANDS:
        if model.hidden:
            continue
        built[model.name()] = build(model, owner, _runner(_act, model.name()))
    for model in getattr(declared, "VIEWS", ()):
        built[model.name()] = build(model, owner, _runner(_view, model.name()))
    for model in getattr(declared, "LOOKUPS", ()):
        built[model.name()] = build(model, owner, _runner(_look, model.name()))
    _complete(owner, built)
    return built


def _complete(owner: type, built: dict[str, app_commands.Command[Any, ..., None]]) -> None:
    """Each `completes(...)` method of the cog, as the autocomplete of the options it names."""
    by_slash = {command.name: command for command in built.values()}
    for method in vars(owner).values():
        for command, options in getattr(method, "__completes__", ()):
            for option in options:
                by_slash[command].autocomplete(option)(method)


def _runner(
    run: Callable[[Any, discord.Interaction, str, dict], Awaitable[None]], name: str
) -> Run:
    async def go(cog: Any, interaction: discord.Interaction, options: dict) -> None:
        await run(cog, interaction, name, options)

    return go


class DeclaredCommands:
    """Mixed into a game's cog (before `TableCog`): its slash commands are built from its
    game's models when the class is made, before discord.py collects a cog's commands. Only
    the game's commands module loads (and what it imports: its names), not its rules."""

    game_key: str | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        from bot.games.registry import LISTINGS

        if cls.game_key is None:
            return
        package = LISTINGS[cls.game_key].module.rpartition(".")[0]
        declared = importlib.import_module(f"{package}.commands")
        for attribute, command in game_commands(cls, declared).items():
            setattr(cls, f"slash_{attribute}", command)


# ------------------------------------------------------------------ a group of the bot's own
def declared_group(
    owner: type,
    models: Iterable[type[Command]],
    run: Callable[[Any, discord.Interaction, str, dict], Awaitable[None]],
) -> dict[str, app_commands.Command[Any, ..., None]]:
    """The slash commands of a group that is no game's (`/game`, `/settings`, or commands of
    their own such as `/help`), by attribute name, with the cog's autocompletes:
    `run(cog, interaction, name, options)` does a command's work, each option left out as
    its model's default."""
    built: dict[str, app_commands.Command[Any, ..., None]] = {}
    for model in models:
        if not model.hidden:
            run_it = _runner(_defaults(model, run), model.name())
            built[model.name()] = build(model, owner, run_it, _partner(model))
    _complete(owner, built)
    return built


def _partner(model: type[Command]) -> list[Extra]:
    """A command's option naming the other real player (`/challenge join partner:`), if it
    has one: a Discord user, optional, after the model's own options."""
    if not model.partner:
        return []
    return [(model.partner, discord.User, None, model.partner_about)]


def _defaults(
    model: type[Command], run: Callable[[Any, discord.Interaction, str, dict], Awaitable[None]]
) -> Callable[[Any, discord.Interaction, str, dict], Awaitable[None]]:
    fields = model.options()

    async def go(cog: Any, interaction: discord.Interaction, name: str, options: dict) -> None:
        filled = {
            key: fields[key].get_default(call_default_factory=True)
            if value is None and key in fields and not fields[key].is_required()
            else value
            for key, value in options.items()
        }
        await run(cog, interaction, name, filled)

    return go


async def run_method(cog: Any, interaction: discord.Interaction, name: str, options: dict) -> None:
    """A declared command's work as the cog's method `run_<name>(interaction, **options)`."""
    await getattr(cog, f"run_{name}")(interaction, **options)


class DeclaredGroup:
    """Mixed into a cog of the bot's own commands (before its Cog base): each model of
    `declares` becomes a slash command when the class is made, its work the cog's
    `run_<name>` method; the cog keeps only what is Discord's own."""

    declares: tuple[type[Command], ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "declares" not in vars(cls):
            return
        for attribute, command in declared_group(cls, cls.declares, run_method).items():
            setattr(cls, f"slash_{attribute}", command)
