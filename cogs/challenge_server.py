"""Server challenges on Discord: `/challenge open` (Manage Server) posts an announcement with a
Join button (it works after a restart: its custom id carries the challenge's number, never
state); joining opens a private thread with the player's game in it; `/challenge standings`
ranks with a chart; at the end date a scheduler closes each challenge once (claimed in the
database, like reminders) and posts the final standings and the reveal in the announcement's
channel. A mixin of commands: the `/challenge` group cog (cogs/challenge.py) is made of it."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any, Self

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.challenges.commands import SERVER
from bot.core.errors import RuleError
from bot.core.reply import Ctx, Reply
from bot.core.said import say
from bot.core.spec import GameSpec
from bot.games.registry import BUILT_IN, SPECS
from bot.i18n import english_name, localize, tr
from bot.on_discord.deadline import defer, respond
from bot.on_discord.render import ctx_of, embed_for, message, send
from bot.on_discord.slash import DeclaredGroup, completes
from bot.store.models import utcnow
from bot.table.contest_standings import Challenge, announcement
from bot.table.contests import Closing, Contests, start_options
from bot.table.pictures import attach
from cogs.base import _remove, open_thread, post, reader_locale, thread_parent
from cogs.pages import names_of, page_reply

log = logging.getLogger("soloist.challenges")
# The closing scheduler sleeps until the next end date it knows, and looks again at least
# hourly (a challenge opened by another process runs a day at least, so it is never late).
TICK_SECONDS = 3600
JOIN_ID = r"soloist-join:(?P<challenge>\d+)"
THREAD_NAME = 100  # Discord's limit on a channel name
EMBED_TEXT = 4000  # a reveal longer than an embed also comes as a text file
GAMES = [  # named as locale strings: these are added to a built command (below)
    app_commands.Choice(name=app_commands.locale_str(game.name), value=game.key)
    for game in BUILT_IN
]
SERVER_COMMANDS = tuple(model.slash_name() for model in SERVER)


def contests_of(client: Any) -> Contests:
    return Contests(client.service)


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=JOIN_ID):
    """The announcement's Join button: (challenge) in its custom id, so it keeps working
    after a restart, and says so when the challenge has closed."""

    def __init__(self, challenge_id: int, label: str = "Join") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                custom_id=f"soloist-join:{challenge_id}",
            )
        )
        self.challenge_id = challenge_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> Self:
        return cls(int(match["challenge"]), item.label or "Join")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await join_challenge(interaction, self.challenge_id)
        except Exception as exc:  # the one error path for components
            await interaction.client.reply_error(interaction, exc)  # type: ignore[attr-defined]


def announcement_view(ch: Challenge, locale: str) -> discord.ui.View | None:
    if ch.status != "open":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(ch.id, tr("Join", locale)))
    return view


IN_A_THREAD = (
    "This is a thread: open and join a challenge in a text channel, where each player's "
    "thread opens."
)


def _in_server(interaction: discord.Interaction) -> None:
    """A server challenge lives in a server (the console stands for one)."""
    if isinstance(interaction, discord.Interaction) and not interaction.guild_id:
        raise RuleError("A server challenge belongs to a server: use it there.")


def _not_in_thread(interaction: discord.Interaction) -> None:
    """The announcement and the joins belong in a text channel: threads open from there."""
    if isinstance(getattr(interaction, "channel", None), discord.Thread):
        raise RuleError(IN_A_THREAD)


def _a_member(interaction: discord.Interaction, partner: Any) -> None:
    """Fifth Avenue's partner plays at your table: a person of this server, not a bot (the
    console's users are ids: it stands for one server of people)."""
    if getattr(partner, "bot", False):
        raise RuleError("Your partner is a person at your table, not a bot.")
    if getattr(interaction, "guild", None) is not None and not isinstance(partner, discord.Member):
        raise RuleError("Your partner must be a member of this server.")


async def join_challenge(
    interaction: discord.Interaction, challenge_id: int | None, partner: int | None = None
) -> None:
    """Join: the game starts in a private thread of the player's own (in the console, right
    here); everything that can refuse is checked before the thread opens."""
    _in_server(interaction)
    _not_in_thread(interaction)
    client: Any = interaction.client
    contests = contests_of(client)
    ctx = ctx_of(interaction)
    ch = await contests.check_join(ctx, challenge_id, partner)
    locale = await client.locale_for(interaction)
    if getattr(interaction, "channel", None) is None:  # the console: no threads
        name = getattr(interaction.user, "display_name", None)  # the console's users are ids
        reply = await contests.join(ctx, ch.id, partner=partner, locale=locale, name=name)
        await send(interaction, reply)
        return
    parent = thread_parent(interaction, private=True)
    await defer(interaction, thinking=True, ephemeral=True)
    name = f"{ch.name} · {interaction.user.display_name}"[:THREAD_NAME]
    thread = await open_thread(parent, name, interaction.user, private=True)
    try:
        reply = await contests.join(
            replace(ctx, channel_id=thread.id),
            ch.id,
            partner=partner,
            parent_id=parent.id,
            locale=locale,
            name=interaction.user.display_name,
        )
    except Exception:
        await _remove(thread)
        raise
    if partner is not None:  # Fifth Avenue: the partner plays at the same table
        try:
            await thread.add_user(discord.Object(partner))
        except discord.HTTPException:
            log.info("could not add %s to thread %s", partner, thread.id)
    shown = localize(reply, locale)
    interaction.extras["reply"] = shown
    posted = await post(thread, shown)
    interaction.extras["posted"] = (thread.id, posted.id)  # to become the status message
    line = f"Your attempt in challenge #{ch.id} is played in your own thread: {thread.mention}"
    await interaction.followup.send(tr(line, locale), ephemeral=True)
    await client.after_reply(interaction, reply)


async def _names(client: Any, guild_id: int, picture_data: dict[str, Any]) -> None:
    """Players' names for the chart: members as seen now, else as kept at the join (shards)."""
    guild = client.get_guild(guild_id) if guild_id else None
    names: dict[str, str] = dict(picture_data.get("names") or {})
    for user_id, *_ in picture_data.get("rows", []):
        member = guild.get_member(int(user_id)) if guild is not None else None
        if member is None and guild is not None:
            try:
                member = await guild.fetch_member(int(user_id))
            except discord.HTTPException:
                member = None
        if member is not None:
            names[str(user_id)] = member.display_name
    picture_data["names"] = names


async def _names_of(client: Any, guild_id: int, challenge_id: int) -> dict[int, str]:
    """The names of a challenge's players, for its web page's standings."""
    reply = await contests_of(client).standings(Ctx(guild_id, 0, 0), challenge_id)
    data: dict[str, Any] = dict(reply.picture.data) if reply.picture is not None else {}
    await _names(client, guild_id, data)
    return {int(k): v for k, v in data.get("names", {}).items()}


async def _with_names(client: Any, guild_id: int, reply: Reply) -> Reply:
    if reply.picture is not None:
        await _names(client, guild_id, reply.picture.data)
    return reply


def _as_file(reply: Reply, challenge_id: int) -> None:
    """A reveal too long for an embed comes whole as a text file too."""
    text = "\n".join(reply.facts)
    if len(text) > EMBED_TEXT:
        reply.files.append((f"challenge-{challenge_id}-draws.txt", text.encode()))


HOW = [
    say(
        "A server challenge: a host (Manage Server) opens one with `/challenge open`; everyone who "
        "joins plays the same game, with the same start options and a secret seed, against the "
        "same opponent, each in a private thread of their own."
    ),
    say(
        "Results rank by the margin over the opponent, then the score, then the earlier finish: "
        "`/challenge standings`. At the end date the final standings, the seed and the opponent's "
        "whole draw order come in the announcement's channel."
    ),
    say(
        "In a challenge's game the bot makes every draw of the opponent's and names none before "
        "it is drawn, the moves are final (no undo), only you change your attempt, and the seed "
        "stays secret (no export) until the close; a cancelled challenge keeps it for good."
    ),
]


def server_help(spec: GameSpec | None) -> list[str]:
    """`/help topic:server`: how a server challenge goes, and what "the same opponent"
    means in each game (or in one)."""
    if spec is None:
        return [
            *HOW,
            *(
                say("**{game}**, the same opponent: {means}", game=s.name, means=s.same.means)
                for s in SPECS.values()
            ),
        ]
    lines = [
        say("**{game} in a server challenge**: {means}", game=spec.name, means=spec.same.means)
    ]
    same = spec.same
    kept = [
        f"`{name}:{value}`"
        for name, values in same.fixed.items()
        for value in values
        if value is not None
    ]
    left = [f"`{name}`" for name, values in same.fixed.items() if values == (None,)]
    refused = [
        f"`/{spec.key} {r.command}{f' {o}:' if o else ''}`"
        for r in same.refusals
        for o in (r.options or ("",))
    ]
    if kept:
        lines.append(say("Its start options keep {options}.", options=", ".join(kept)))
    if left:
        lines.append(
            say(
                "The bot draws for the opponent what {options} would name.", options=", ".join(left)
            )
        )
    if refused:
        lines.append(
            say("Not available in a challenge's game: {commands}.", commands=", ".join(refused))
        )
    if same.honour:
        lines.append(say("On your honour: {what}", what=same.honour))
    return [*lines, *HOW]


class ServerChallengeCommands(DeclaredGroup):
    """The server-challenge subcommands of `/challenge` (bot/challenges/commands.py), and the
    closing scheduler."""

    bot: Any
    declares = SERVER

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(JoinButton)
        seconds = getattr(self.bot, "challenge_tick_seconds", TICK_SECONDS)
        self.challenge_closing.change_interval(seconds=seconds)
        await super().cog_load()  # type: ignore[misc]

    async def cog_unload(self) -> None:
        self.challenge_closing.cancel()
        self.bot.remove_dynamic_items(JoinButton)
        await super().cog_unload()  # type: ignore[misc]

    @property
    def contests(self) -> Contests:
        return contests_of(self.bot)

    # ------------------------------------------------------------------ commands
    @completes("join", "challenge")
    @completes("standings", "challenge")
    @completes("info", "challenge")
    @completes("close", "challenge")
    @completes("page", "challenge")
    @completes("replay", "challenge")
    @completes("cancel", "challenge")
    @completes("void", "challenge")
    async def challenge_complete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's challenges, open ones first, by number or name."""
        found = await self.contests.choices(interaction.guild_id or 0, current)
        return [app_commands.Choice(name=label[:100], value=value) for label, value in found]

    async def run_open(
        self, interaction: discord.Interaction, game: str, options: str | None, **terms: Any
    ) -> None:
        _in_server(interaction)
        _not_in_thread(interaction)
        locale = await self.bot.locale_for(interaction)
        start = _english_options(game, start_options(options))
        ctx = ctx_of(interaction)
        challenge, reply = await self.contests.open(ctx, game, start, locale=locale, **terms)
        shown = localize(reply, locale)
        interaction.extras["reply"] = shown
        kwargs: dict[str, Any] = {"embed": embed_for(shown)}
        view = announcement_view(challenge, locale)
        if view is not None:
            kwargs["view"] = view
        message_id = await respond(interaction, **kwargs)  # None from the console
        if message_id is not None:
            await self.contests.announced(challenge.id, message_id)

    async def run_join(
        self, interaction: discord.Interaction, challenge: int | None, partner: Any
    ) -> None:
        if partner is not None:
            _a_member(interaction, partner)
        await join_challenge(interaction, challenge, partner.id if partner else None)

    async def run_standings(self, interaction: discord.Interaction, challenge: int | None) -> None:
        _in_server(interaction)
        reply = await self.contests.standings(ctx_of(interaction), challenge)
        await send(interaction, await _with_names(self.bot, interaction.guild_id or 0, reply))

    async def run_info(self, interaction: discord.Interaction, challenge: int | None) -> None:
        _in_server(interaction)
        await send(interaction, await self.contests.info(ctx_of(interaction), challenge))

    async def run_close(self, interaction: discord.Interaction, challenge: int | None) -> None:
        _in_server(interaction)
        closing = await self.contests.close(ctx_of(interaction), challenge)
        ch = closing.challenge
        if getattr(interaction, "channel", None) is None:  # the console: shown right here
            both = replace(
                closing.standings, facts=[*closing.standings.facts, *closing.reveal.facts]
            )
            await send(interaction, both)
            return
        await defer(interaction, thinking=True)
        await self.post_closing(closing)
        line = (
            f"Challenge #{ch.id} is closed: its final standings and its seed are in "
            f"<#{ch.channel_id}>."
        )
        await interaction.followup.send(tr(line, await reader_locale(interaction)))

    async def run_page(self, interaction: discord.Interaction, challenge: int | None) -> None:
        _in_server(interaction)
        ctx = ctx_of(interaction)
        ch = await self.contests.find(ctx, challenge)
        names = await _names_of(self.bot, interaction.guild_id or 0, ch.id)
        link = await self.bot.service.challenge_page(ctx, ch.id, names | names_of(interaction))
        await send(interaction, page_reply(link))

    async def run_replay(
        self, interaction: discord.Interaction, challenge: int | None, partner: Any
    ) -> None:
        _in_server(interaction)
        if partner is not None:
            _a_member(interaction, partner)
        locale = await self.bot.locale_for(interaction)
        reply = await self.contests.replay(
            ctx_of(interaction), challenge, partner=partner.id if partner else None, locale=locale
        )
        await send(interaction, reply)

    async def run_cancel(self, interaction: discord.Interaction, challenge: int | None) -> None:
        _in_server(interaction)
        ch, note = await self.contests.cancel(ctx_of(interaction), challenge)
        await send(interaction, note)
        if getattr(interaction, "channel", None) is not None:
            await self._edit_announcement(ch, await self._public_locale(ch))

    async def run_void(
        self, interaction: discord.Interaction, player: Any, challenge: int | None, **why: Any
    ) -> None:
        _in_server(interaction)
        ctx = ctx_of(interaction)
        attempt, reason = why.pop("attempt"), why.pop("reason")
        reply = await self.contests.void(ctx, challenge, player.id, attempt, reason, **why)
        await send(interaction, reply)

    # ------------------------------------------------------------------ the close
    @tasks.loop(seconds=TICK_SECONDS)
    async def challenge_closing(self) -> None:
        """Every challenge past its end date, closed once and posted (a restart loses
        nothing: the end date is in the database)."""
        try:
            closed = await self.contests.close_due(utcnow())
        except Exception:  # a database hiccup must not stop the loop for good
            log.exception("challenge closing tick failed")
            return
        for closing in closed:
            try:
                await self.post_closing(closing)
            except Exception:
                log.exception("challenge #%s closed but not posted", closing.challenge.id)
        await self._sleep_until_next()

    async def _sleep_until_next(self) -> None:
        """The next look: at the next end date, or after the longest wait, whichever is first."""
        longest = getattr(self.bot, "challenge_tick_seconds", TICK_SECONDS)
        try:
            due = await self.contests.next_close()
        except Exception:
            log.exception("challenge closing: could not read the next end date")
            due = None
        wait = longest if due is None else (due - utcnow()).total_seconds()
        self.challenge_closing.change_interval(seconds=min(longest, max(1.0, wait)))

    @commands.Cog.listener("on_ready")
    async def _start_closing(self) -> None:
        """Connected: the closing scheduler runs (never in the console, which never connects)."""
        if not self.challenge_closing.is_running():
            self.challenge_closing.start()

    async def _public_locale(self, ch: Challenge) -> str:
        preferences = self.bot.preferences
        return str(await preferences.public_locale(ch.guild_id, ch.locale))

    async def post_closing(self, closing: Closing) -> None:
        """The final standings (with the chart) and the reveal in the announcement's
        channel; the announcement loses its Join button."""
        ch = closing.challenge
        locale = await self._public_locale(ch)
        channel = self.bot.get_partial_messageable(ch.channel_id, guild_id=ch.guild_id or None)
        standings = await _with_names(self.bot, ch.guild_id, closing.standings)
        for reply in (standings, closing.reveal):
            shown = await attach(localize(reply, locale))
            if reply is closing.reveal:
                _as_file(shown, ch.id)
            try:
                await channel.send(**message(shown))
            except (discord.Forbidden, discord.NotFound) as exc:
                log.info("challenge #%s: cannot post in %s: %s", ch.id, ch.channel_id, exc)
                return
        await self._edit_announcement(ch, locale)

    async def _edit_announcement(self, ch: Challenge, locale: str) -> None:
        if ch.message_id is None:
            return
        channel = self.bot.get_partial_messageable(ch.channel_id, guild_id=ch.guild_id or None)
        shown = localize(announcement(ch), locale)
        try:
            await channel.get_partial_message(ch.message_id).edit(embed=embed_for(shown), view=None)
        except discord.HTTPException as exc:
            log.info("challenge #%s: announcement not edited: %s", ch.id, exc)


# the game everyone plays: one of the bot's games (bot.games stands above the models' bot.core)
app_commands.choices(game=GAMES)(ServerChallengeCommands.slash_open)  # type: ignore[attr-defined]


def _english_options(game: str, options: dict[str, str]) -> dict[str, str]:
    """Option names typed in the reader's language, read back into English; the values are
    read by the game's start model (its declared values in either language)."""
    return {english_name(f"{game} start", k): v for k, v in options.items()}
