"""Who reads in which language, and where a server wants its result cards: the settings a user
or a server chooses, read on every command (cached briefly) and written by /settings."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Connection, insert, select, update

from bot.core.errors import InputError, NotAllowed
from bot.core.reply import Ctx, Reply
from bot.core.said import say
from bot.i18n import ENGLISH, LOCALE_NAMES, LOCALES, normalize
from bot.store.database import Database
from bot.store.models import GuildSettingsRow, UserSettingsRow, save_user_settings

COLOUR = 0x5865F2
AUTO = "auto"
CACHE_SECONDS = 30.0  # another process's change shows within this; our own at once


@dataclass(frozen=True)
class Choices:
    user: str | None  # None: not chosen
    guild: str | None
    results_channel_id: int | None = None


def _choice(value: str) -> str | None:
    if value == AUTO:
        return None
    if value not in LOCALES:
        names = ", ".join([AUTO, *LOCALES])
        raise InputError(f"`{value[:20]}` is not a language Soloist speaks; choose {names}.")
    return value


class Preferences:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._cache: dict[tuple[int, int], tuple[float, Choices]] = {}

    async def choices(self, guild_id: int, user_id: int) -> Choices:
        key = (guild_id, user_id)
        hit = self._cache.get(key)
        if hit is not None and hit[0] > time.monotonic():
            return hit[1]

        def job(conn: Connection) -> Choices:
            user = conn.execute(
                select(UserSettingsRow.locale).where(UserSettingsRow.user_id == user_id)
            ).scalar_one_or_none()
            guild = conn.execute(
                select(GuildSettingsRow.locale, GuildSettingsRow.results_channel_id).where(
                    GuildSettingsRow.guild_id == guild_id
                )
            ).one_or_none()
            return Choices(user, *(guild if guild is not None else (None, None)))

        found = await self.db.read(job)
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[key] = (time.monotonic() + CACHE_SECONDS, found)
        return found

    async def locale(self, guild_id: int, user_id: int, discord_locale: object = None) -> str:
        """The user's own choice, else the server's, else their Discord client's language."""
        found = await self.choices(guild_id, user_id)
        return found.user or found.guild or normalize(discord_locale)

    async def public_locale(self, guild_id: int, game_locale: str | None) -> str:
        """For posts nobody asked for (status message, reminders, result cards): the server's
        choice, else the language the game was started in."""
        found = await self.choices(guild_id, 0)
        return found.guild or normalize(game_locale)

    def _forget(self, guild_id: int | None = None, user_id: int | None = None) -> None:
        for key in list(self._cache):
            if key[0] == guild_id or key[1] == user_id:
                del self._cache[key]

    # ------------------------------------------------------------------ writes
    async def set_user_locale(self, ctx: Ctx, value: str) -> Reply:
        locale = _choice(value)

        def job(conn: Connection) -> None:
            save_user_settings(conn, ctx.user_id, locale=locale)

        await self.db.write(job)
        self._forget(user_id=ctx.user_id)
        if locale is None:
            text = say("Soloist now answers you in your server's or Discord's language.")
        else:
            text = say("Soloist now answers you in {language}.", language=LOCALE_NAMES[locale])
        return Reply(title=say("Settings"), facts=[text], colour=COLOUR, ephemeral=True)

    async def _guild(self, ctx: Ctx, **values: object) -> None:
        if not ctx.guild_id:
            raise InputError("Server settings can only be changed in a server.")
        if not ctx.can_manage:
            raise NotAllowed("Only members with Manage Server can change server settings.")

        def job(conn: Connection) -> None:
            changed = conn.execute(
                update(GuildSettingsRow)
                .where(GuildSettingsRow.guild_id == ctx.guild_id)
                .values(**values)
            )
            if changed.rowcount == 0:
                conn.execute(insert(GuildSettingsRow).values(guild_id=ctx.guild_id, **values))

        await self.db.write(job)
        self._forget(guild_id=ctx.guild_id)

    async def set_guild_locale(self, ctx: Ctx, value: str) -> Reply:
        locale = _choice(value)
        await self._guild(ctx, locale=locale)
        if locale is None:
            text = say("This server no longer sets a language: each member's own choice applies.")
        else:
            text = say("This server's language is now {language}.", language=LOCALE_NAMES[locale])
        return Reply(title=say("Settings"), facts=[text], colour=COLOUR)

    async def set_results_channel(self, ctx: Ctx, channel_id: int | None) -> Reply:
        await self._guild(ctx, results_channel_id=channel_id)
        text = (
            say(
                "Result cards of finished games now also go to {channel}.",
                channel=f"<#{channel_id}>",
            )
            if channel_id
            else say("Result cards now stay in each game's own channel.")
        )
        return Reply(title=say("Settings"), facts=[text], colour=COLOUR)


__all__ = ["AUTO", "ENGLISH", "Choices", "Preferences"]
