"""The table's own settings for a running game: who plays it, when its players are reminded,
and the campaign it counts in. Logged like moves, but never replayed, undone or imported."""

from __future__ import annotations

import re
from datetime import timedelta

from sqlalchemy import Connection, func, select

from bot.core.errors import InputError, NotAllowed, RuleError
from bot.core.reply import Ctx, Reply
from bot.core.said import listed, say
from bot.core.said import name as printed
from bot.hosting.logs import command_logged
from bot.store.models import GameRow, utcnow
from bot.table import reminders
from bot.table.contest_secrets import refuse_players
from bot.table.stage import Stage
from bot.table.writing import Change, Write

MAX_PLAYERS = 10
CAMPAIGN_CHARS = 60
_CAMPAIGN = re.compile(r"[\w '’.,:;!?&+()/#-]+")


def campaign_name(text: str) -> str | None:
    """A campaign's name, trimmed (inner spaces collapsed), or None for `off`."""
    name = " ".join(text.split())
    if name.lower() == reminders.OFF:
        return None
    if not 1 <= len(name) <= CAMPAIGN_CHARS or _CAMPAIGN.fullmatch(name) is None:
        raise InputError(
            f"A campaign name is 1 to {CAMPAIGN_CHARS} letters, digits, spaces and simple "
            "punctuation (no Discord formatting), or `off` to leave the campaign."
        )
    return name


class Settings(Stage):
    @command_logged("players")
    async def players(self, ctx: Ctx, add: int | None = None, remove: int | None = None) -> Reply:
        def plan(conn: Connection) -> Reply | Write:
            row = self._active(conn, ctx)
            players = list(row.players)
            facts: list[str] = []
            if add is not None or remove is not None:
                if ctx.user_id != row.owner_id:
                    raise NotAllowed("Only the game's owner can add or remove players.")
                refuse_players(row)
                if add is not None and add == remove:
                    raise InputError(f"Add or remove <@{add}>, not both; nothing changed.")
                if add is not None and add not in players and add != row.owner_id:
                    if len(players) >= MAX_PLAYERS:
                        raise RuleError(f"A game can have at most {MAX_PLAYERS} added players.")
                    players.append(add)
                    facts.append(say("{who} may now play this game.", who=f"<@{add}>"))
                if remove is not None:
                    if remove not in players:
                        raise RuleError(f"<@{remove}> is not one of this game's players.")
                    players.remove(remove)
                    facts.append(
                        say("{who} is no longer a player of this game.", who=f"<@{remove}>")
                    )
                if not facts:
                    raise RuleError("Nothing changed: that member can already play.")
            names = listed(f"<@{p}>" for p in players) if players else "nobody else"
            shown = [
                *facts,
                say("Owner: {owner}. Players: {names}.", owner=f"<@{row.owner_id}>", names=names),
            ]
            if not facts:
                return self._note(row, shown)

            def reply(version: int) -> Reply:
                return self._note(row, shown, version=version)

            self._room(row)
            args = {"add": add, "remove": remove}
            change = Change("players", args, facts, {"players": players}, reply)
            return self._change(ctx, row, change)

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    @command_logged("remind")
    async def remind(self, ctx: Ctx, after: int | None) -> Reply:
        """Ping the players when the game has waited `after` hours for a move (None: never).
        A table setting like `players`: logged, but not replayed, undone or imported."""
        if after is not None and not 1 <= after <= reminders.MAX_HOURS:
            raise InputError(f"Reminders wait 1 to {reminders.MAX_HOURS} hours, or `off`.")

        def plan(conn: Connection) -> Reply | Write:
            row = self._active(conn, ctx)
            self._check_player(row, ctx)
            if after is None and row.remind_after is None and row.remind_at is None:
                return self._note(row, [say("Reminders are already off for this game.")])
            if after is not None and after == row.remind_after and row.remind_at is not None:
                return self._note(row, reminders.already_on(after, row.remind_at))
            self._room(row)
            if after is None:
                due = None
                facts = [say("Reminders off: nobody will be pinged about this game.")]
            else:
                due = utcnow() + timedelta(hours=after)
                stamp = int(due.timestamp())
                facts = [
                    say(
                        "Reminder on: {when}, I ping this game's players here.",
                        when=reminders.waiting_text(after),
                    ),
                    say(
                        "The next one comes {at} ({rel}) unless someone moves first; every move "
                        "starts the wait again.",
                        at=f"<t:{stamp}:f>",
                        rel=f"<t:{stamp}:R>",
                    ),
                ]
            values = {"remind_after": after, "remind_at": due}

            def reply(version: int) -> Reply:
                return self._note(row, facts, version=version)

            args = {"after": reminders.OFF if after is None else after}
            return self._change(ctx, row, Change("remind", args, facts, values, reply))

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    @command_logged("campaign")
    async def campaign(self, ctx: Ctx, name: str) -> Reply:
        """Put the channel's game into a named campaign (`off`: out of it); the logbook copies
        the name onto the game's plays when its result is recorded."""
        wanted = campaign_name(name)

        def plan(conn: Connection) -> Reply | Write:
            row = self._active(conn, ctx)
            self._check_player(row, ctx)
            if wanted == row.campaign:
                if wanted is None:
                    return self._note(
                        row, [say("Game #{id} is not part of a campaign.", id=row.id)]
                    )
                already = "Game #{id} is already part of the campaign “{name}”."
                return self._note(row, [say(already, id=row.id, name=printed(wanted))])
            self._room(row)
            if wanted is None:
                facts = [
                    say(
                        "Game #{id} is no longer part of the campaign “{name}”.",
                        id=row.id,
                        name=printed(row.campaign or ""),
                    )
                ]
            else:
                facts = [
                    say(
                        "Game #{id} is now part of the campaign “{name}”; "
                        "its result counts there when it ends.",
                        id=row.id,
                        name=printed(wanted),
                    )
                ]

            def reply(version: int) -> Reply:
                return self._note(row, facts, version=version)

            args = {"name": reminders.OFF if wanted is None else wanted}
            change = Change("campaign", args, facts, {"campaign": wanted}, reply)
            return self._change(ctx, row, change)

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    async def campaign_names(self, guild_id: int, typed: str = "", limit: int = 24) -> list[str]:
        """The campaigns this server's games belong to, those starting with `typed` first
        (for autocomplete)."""
        typed = " ".join(typed.split()).lower()

        def names(conn: Connection) -> list[str]:
            found = conn.execute(
                select(GameRow.campaign)
                .where(GameRow.guild_id == guild_id, GameRow.campaign.is_not(None))
                .group_by(GameRow.campaign)
                .order_by(func.max(GameRow.id).desc())
                .limit(500)
            ).scalars()
            matching = [n for n in found if typed in n.lower()]
            matching.sort(key=lambda n: not n.lower().startswith(typed))
            return matching[:limit]

        return await self.db.read(names)
