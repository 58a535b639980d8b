"""/challenge: a player's play-count challenges (new, list, show, share, delete, restore) and a
server's challenges against the same opponent (open, join, standings, info, close, cancel:
cogs/challenge_server.py, mixed in). Options become one service call; the reply is the
service's, in the reader's language."""

from __future__ import annotations

import contextlib
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.challenges.commands import PERSONAL, New
from bot.challenges.service import ChallengeService
from bot.challenges.terms import Entry, parse_entry, split_pick
from bot.core.errors import InputError
from bot.core.said import say, typed
from bot.logbook.catalogue import catalogue
from bot.on_discord.render import ctx_of, send
from bot.on_discord.slash import completes
from cogs.base import MAX_CHOICES, ServiceAccess, reader_locale
from cogs.challenge_confirm import ConfirmScores
from cogs.challenge_server import SERVER_COMMANDS, ServerChallengeCommands


def pick_codes() -> list[Entry]:
    """Every game a challenge can pick: each game, each game against an opponent, each at a
    difficulty."""
    codes = []
    for key, entry in catalogue().items():
        codes.append(Entry(key))
        for opponent, rules in entry.opponents.items():
            codes.append(Entry(key, opponent))
            codes += [Entry(key, opponent, level) for level in rules.difficulties]
    return codes


def _picked(text: str) -> list[Entry]:
    """The games a typed list names so far (what cannot be read is left out)."""
    found = []
    for piece in split_pick(text):
        with contextlib.suppress(InputError):
            found.append(parse_entry(piece))
    return found


class ChallengeCog(
    ServerChallengeCommands,
    ConfirmScores,
    ServiceAccess,
    commands.GroupCog,
    group_name="challenge",
    description="Challenges: your play counts, and a whole server against the same opponent",
):
    """/challenge (bot/challenges/commands.py): a player's own challenges here, a server's in
    the mixin."""

    declares = PERSONAL

    @property
    def challenges(self) -> ChallengeService:
        return self.bot.challenges  # type: ignore[attr-defined,no-any-return]

    @completes("new", "pick")
    async def pick_complete(
        self, _interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The typed list with one more game that overlaps none before it: the word being
        typed completed, or a next one."""
        done, _, typing = (
            current.rpartition(" ") if not current.endswith(" ") else (current, "", "")
        )
        done = " ".join(done.split())
        picked = _picked(done)
        offers = [
            " ".join([done, entry.code]).strip()
            for entry in pick_codes()
            if entry.code.lower().startswith(typing.lower())
            and not any(entry.overlaps(other) for other in picked)
        ]
        return [app_commands.Choice(name=o, value=o) for o in offers if len(o) <= 100][:MAX_CHOICES]

    @completes("show", "name")
    @completes("share", "name")
    @completes("delete", "name")
    async def name_complete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = await self.challenges.names(interaction.user.id, current)
        return [app_commands.Choice(name=n, value=n) for n in names]

    async def run_new(self, interaction: discord.Interaction, **terms: Any) -> None:
        locale = await reader_locale(interaction)  # `gah:Leopold:schwer` reads as `…:hard`
        name = terms.pop("name")
        reply = await self.challenges.new(ctx_of(interaction), name, locale=locale, **terms)
        await send(interaction, reply)

    async def run_list(self, interaction: discord.Interaction) -> None:
        locale = await reader_locale(interaction)
        await send(interaction, await self.challenges.list_all(ctx_of(interaction), locale))

    async def run_show(self, interaction: discord.Interaction, name: str | None) -> None:
        await self._show(interaction, name, share=False)

    async def run_share(self, interaction: discord.Interaction, name: str | None) -> None:
        await self._show(interaction, name, share=True)

    async def _show(self, interaction: discord.Interaction, name: str | None, share: bool) -> None:
        locale = await reader_locale(interaction)
        ctx = ctx_of(interaction)
        reply = await self.challenges.show(ctx, name, share=share, locale=locale)
        await send(interaction, reply)

    async def run_delete(self, interaction: discord.Interaction, name: str | None) -> None:
        await send(interaction, await self.challenges.delete(ctx_of(interaction), name))

    async def run_restore(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.challenges.restore(ctx_of(interaction)))


def _usage(command: app_commands.Command[Any, Any, Any] | app_commands.Group) -> str:
    """The command as typed, each required option to fill in (`new name:… plays:…`)."""
    required = [f"{p.display_name}:…" for p in getattr(command, "parameters", []) if p.required]
    return " ".join([f"/{command.qualified_name}", *required])


def help_lines(tree: app_commands.CommandTree[Any]) -> list[str]:
    """`/help topic:challenge`: what a challenge is, then each command, from the live tree."""
    group = tree.get_command("challenge")
    found = group.commands if isinstance(group, app_commands.Group) else []
    theirs = SERVER_COMMANDS  # /help topic:server
    commands_ = [c for c in found if c.name not in theirs]
    example = typed(New.line(name="Five by five", games=5, plays=5))
    return [
        say(
            "**Play-count challenges**: N games × M plays each within a period (this calendar "
            "year unless you give dates), counted from your logbook: plays you log, finished "
            "games and imports."
        ),
        say(
            "Any games: the first N different games you play take the places. Or pick them in "
            "advance, a game, a game against one opponent, or at one difficulty: "
            "`gah gwt:Sam glasgow:Freddy II gah:Leopold:hard`."
        ),
        say("`solo:true` counts only plays without another real player (Fifth Avenue never is)."),
        say(
            "Every game you log counts, the bot's and any other by its name (`/log play "
            "game:Spirit Island outcome:win`), so any games go up to 100; another game's play "
            "is solo unless its opponent mentions another player."
        ),
        *(
            say("`{usage}` — {description}", usage=typed(_usage(c)), description=say(c.description))
            for c in commands_
        ),
        say("Example: `{line}`", line=example),
    ]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ChallengeCog(bot))
