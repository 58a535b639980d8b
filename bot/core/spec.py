"""A game as one registered unit: its rules, its cog, its commands, data, pictures, queries.

`bot.games.registry` holds the one list of specs; the bot's cog list, `doctor`'s data check,
the picture drawers, the read-only queries and the fuzz tests all derive from it, so adding a
game is: write its package, register its spec (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from bot.core.commands import Command, CommandSet, english_options, input_error
from bot.core.errors import InputError
from bot.core.game import Outcome, Rules
from bot.core.narration import Narrate
from bot.core.said import say
from bot.core.same_opponent import SameOpponent

Query = Callable[..., Outcome]  # query(state, **options) -> Outcome, read-only
# seen(state after a step, the facts of the actions in force then, oldest first): the
# opponent's cards seen so far as English lines (a game's page translates and shows them)
SeenCards = Callable[[Any, Sequence[str]], list[str]]


@dataclass(frozen=True)
class GameSpec:
    key: str  # also the slash group: /gah, /gwt, /glasgow, /alea, /waterdeep
    rules: Rules
    cog: str  # the discord.py extension that declares the slash commands, e.g. "cogs.gwt"
    commands: CommandSet | None = None  # typed commands; the cog's options are checked against them
    start: type[Command] | None = None  # the start options, checked like the commands
    data: tuple[Callable[[], object], ...] = ()  # loaders that validate the game's data files
    pictures: Mapping[str, str] = field(default_factory=dict)  # kind -> "module:function"
    queries: Mapping[str, Query] = field(default_factory=dict)  # read-only: /gah board ...
    views: tuple[type[Command], ...] = ()  # the queries' slash commands, declared like commands
    opponent: str = ""  # who the bot plays, for /help and /about
    turn: tuple[str, ...] = ()  # the subcommands of a turn in the order it uses them, for /help
    rules_source: str = ""  # where the rule text comes from
    reconstructed: str = ""  # which data is reconstructed, and how the player corrects it
    same: SameOpponent = field(default_factory=SameOpponent)  # for server challenges
    partner: str = ""  # the start option naming the other real player (Alea's `partner`)
    # the opponent's cards seen so far, for a game's page (else its `deck`, if it has one)
    seen: SeenCards | None = None
    # a step's card, priority and tie-break read from its facts, for a replay's sentence
    # (bot/core/narration.py); None: the game's replay names the command alone
    narrate: Narrate | None = None
    # What a complete game is, from the rule text: `unplayed(state)` says, of a game that has
    # ended, why it was not played to its end (None: it was); `complete` says what it takes,
    # for the terms. A server challenge ranks complete games only.
    unplayed: Callable[[Any], str | None] | None = None
    complete: str = ""
    # The game's BoardGameGeek id, for plays exchanged with BG Stats and BoardGameGeek
    # (docs/plays-exchange.md), and the stored public page it was read from; `bgg_confirmed`
    # False: no stored page confirms it, so plays match by name only.
    bgg_id: int | None = None
    bgg_source: str = ""
    bgg_confirmed: bool = True

    @property
    def name(self) -> str:
        return self.rules.name

    def query(self, name: str) -> Query:
        try:
            return self.queries[name]
        except KeyError:
            raise InputError(f"{self.name} has no `{name[:30]}` view.") from None

    def english(self, action: dict[str, Any]) -> dict[str, Any]:
        """A command with each typed value as the English token it names (the log keeps
        English; bot/core/values.py)."""
        return action if self.commands is None else self.commands.english(action)

    def start_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The start options as the game's start model reads them (defaults filled in, each
        typed value as its English token), so the stored options say exactly how the game
        began."""
        if self.start is None:
            return dict(options)
        given = {k: v for k, v in options.items() if v is not None}
        given = english_options(self.start, given)
        try:
            parsed = self.start.model_validate({"command": "start", **given})
        except ValidationError as exc:
            raise input_error(exc, f"`/{self.key} start`") from None
        return parsed.model_dump(mode="json", exclude={"command"})

    def replay_hint(
        self, options: Mapping[str, Any], seed: int, players: Sequence[int] | None = None
    ) -> str:
        """What replays this game: the same start options and the seed (the seed alone does
        not: a hard game or a module game starts differently), and the other real player
        where the start names one (`partner:<@2>`; `partner:…` when not known here)."""
        hint = getattr(self.rules, "replay_hint", None)
        start = f"/{self.key} start "
        who = f"<@{players[0]}>" if players else "…"
        if hint is not None:
            said = hint(options, seed)  # a message (bot/core/said.py) is kept as it is
            if not self.partner:
                return said
            return said.replace(f"`{start}", f"`{start}{self.partner}:{who} ", 1)
        shown = " ".join(f"{k}:{v}" for k, v in options.items() if v not in (None, "", [], False))
        line = f"{start}{shown} seed:{seed}".replace("  ", " ")
        if self.partner:
            line = line.replace(start, f"{start}{self.partner}:{who} ", 1)
        return say(
            "Seed {seed}: `{command}` starts this game again the same way.", seed=seed, command=line
        )

    def replay_line(
        self, options: Mapping[str, Any], seed: int, players: Sequence[int] | None = None
    ) -> str:
        """The start line alone (`/gah start difficulty:hard seed:7`), as the hint shows it."""
        return self.replay_hint(options, seed, players).split("`")[1]

    def drawer(self, kind: str) -> Callable[[dict[str, Any]], bytes] | None:
        """The function that draws a picture of this kind as PNG bytes, imported on first use
        (Pillow and friends stay out of start-up)."""
        target = self.pictures.get(kind)
        if target is None:
            return None
        module, _, name = target.partition(":")
        return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]
