"""The offline console: the same command lines as Discord, through the same command tree.

A line like `/gah start difficulty:hard seed:7` is matched against the bot's real app-command
tree, its options are converted by the declared parameter types, and the cog's own callback is
called with a console interaction. Replies are rendered as text, or as JSON with --json.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TextIO

import discord
from discord import app_commands

from bot.console import hidden
from bot.console.files import KEEP_FILES as KEEP_FILES
from bot.console.files import save_files
from bot.console.mentions import named
from bot.console.options import (
    USER_REFUSED,
    bare_flag,
    chosen,
    declared_by,
    every_name,
    every_option,
    led_on,
    mended,
    missing_options,
    near_option,
    out_of_range,
    renamed,
    small_number,
    split_line,
    stray_option,
    subcommand_missing,
    subcommand_unknown,
    unknown_name,
    unknown_option,
)
from bot.core.errors import InputError, user_message
from bot.core.game import NextStep
from bot.core.reply import Reply
from bot.core.said import listed, say
from bot.core.tokens import short
from bot.core.vocabulary import LANGUAGE, YES_NO
from bot.i18n import ENGLISH, LOCALE_NAMES, catalog, english_name, label, tr
from bot.i18n.plural import count
from bot.on_discord.render import ctx_of, press_component

OptionType = discord.AppCommandOptionType
MAX_ID_DIGITS = 20  # a Discord id (snowflake) fits in 19 digits
KEEP_SHOWN = 50  # replies with buttons `press N` can still reach (an old one says out of date)
PRESS = {"press", "pick", "drück", "drücke"}  # `press 2`: German replies say `drück 2`
REVEAL = {"reveal", "aufdecken"}  # German replies say `aufdecken 2`


@dataclass
class ConsoleUser:
    id: int
    name: str = "console"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class ConsoleChannel:
    """A channel option: its id (`123` or `<#123>`)."""

    id: int

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class ConsoleFile:
    """An attachment option: a path on this machine."""

    path: Path

    @property
    def size(self) -> int:
        return self.path.stat().st_size

    async def read(self) -> bytes:
        return self.path.read_bytes()


@dataclass
class _Response:
    done: bool = False

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, *_args: Any, **_kwargs: Any) -> None:
        self.done = True

    async def defer(self, *_args: Any, **_kwargs: Any) -> None:
        self.done = True


@dataclass
class _Followup:
    async def send(self, *_args: Any, **_kwargs: Any) -> None:
        return None


@dataclass
class ConsoleInteraction:
    """Just enough of discord.Interaction for a cog callback: who, where, and a reply sink.
    `chosen_locale` is the console user's `lang`: it wins over every stored choice."""

    user: ConsoleUser
    guild_id: int
    channel_id: int
    client: Any
    permissions: discord.Permissions
    chosen_locale: str | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    response: _Response = field(default_factory=_Response)
    followup: _Followup = field(default_factory=_Followup)
    console: bool = True  # its own server: web pages are on unless it turns them off
    server_owner_id: int | None = None  # who owns the server the console stands for


class Console:
    def __init__(
        self,
        bot: Any,
        *,
        user_id: int,
        channel_id: int,
        guild_id: int = 0,
        admin: bool = True,
        server_owner: int | None = None,
    ) -> None:
        self.bot = bot
        self.user_id, self.channel_id, self.guild_id = user_id, channel_id, guild_id
        self.admin = admin
        self.server_owner = server_owner  # the server owner's user id (`--server-owner`)
        # `lang de`: this console user's language, kept here as a Discord client keeps its
        # user's; the database (shared by everyone who opens the console as the same user id)
        # keeps only `/settings language`
        self.locale: str | None = None
        self.last: Reply | None = None  # the newest reply about a game
        self.shown: list[Reply] = []  # this channel's replies with buttons, the newest last

    def _find(self, words: list[str]) -> tuple[app_commands.Command[Any, Any, Any], list[str]]:
        """The command a line names; a refusal names the commands that exist, in backticks,
        so a reader sees them as they type them (`/spiel stand`)."""
        if not words or not words[0].startswith("/"):
            raise InputError(say("Commands start with `/`, e.g. `/gah start` or `/game status`."))
        node: Any = self.bot.tree.get_command(english_name("", words[0][1:]))
        rest = words[1:]
        while isinstance(node, app_commands.Group):
            subs = listed(f"`/{c.qualified_name}`" for c in node.commands)
            if not rest or ":" in rest[0]:
                raise subcommand_missing(node.name, subs)
            group, node = node, node.get_command(english_name(node.qualified_name, rest[0]))
            if node is None:
                raise subcommand_unknown(group.qualified_name, short(rest[0], 30), subs)
            rest = rest[1:]
        if node is None:
            names = listed(f"`/{c.name}`" for c in self.bot.tree.get_commands())
            raise InputError(say("Unknown command. Try one of: {names}.", names=names))
        return node, rest

    def _convert(self, param: app_commands.Parameter, raw: str) -> Any:
        kind = param.type
        if kind in (OptionType.integer, OptionType.number):
            try:
                if len(raw) > 400:  # int() refuses 4,300 digits; no option needs 400
                    raise ValueError
                value: Any = int(raw) if kind is OptionType.integer else float(raw)
            except ValueError:
                raise InputError(f"`{param.display_name}` must be a number.") from None
        elif kind is OptionType.boolean:  # `thread:ja` as German lines say it
            said = YES_NO.read(raw) or {"1": "yes", "true": "yes", "on": "yes"}.get(raw.lower())
            said = said or {"0": "no", "false": "no", "off": "no"}.get(raw.lower())
            if said is None:
                raise InputError(YES_NO.refusal(raw, param.display_name))
            value = said == "yes"
        elif kind in (OptionType.user, OptionType.mentionable):
            user = small_number(raw.strip("<@!>"), MAX_ID_DIGITS)
            if user is None or not 0 < user < 2**63:
                name, key = param.display_name, USER_REFUSED
                raise InputError(say(key, option=name, example=f"{name}:2"))
            value = ConsoleUser(user)
        elif kind is OptionType.channel:
            channel = small_number(raw.strip("<#>"), MAX_ID_DIGITS)
            if channel is None or not 0 < channel < 2**63:
                raise InputError(f"`{param.display_name}` must be a channel id or mention.")
            value = ConsoleChannel(channel)
        elif kind is OptionType.attachment:
            path = Path(raw)
            try:
                found = path.is_file()
            except (OSError, ValueError):
                found = False
            if not found:
                raise InputError(f"No file at `{raw[:60]}`.")
            value = ConsoleFile(path)
        else:
            value = raw
        low, high = param.min_value, param.max_value
        name = param.display_name
        if isinstance(value, str):  # Discord's min_length / max_length
            if low is not None and len(value) < low:
                raise InputError(f"`{name}` must be at least {count(low, 'character')} long.")
            if high is not None and len(value) > high:
                raise InputError(f"`{name}` must be at most {count(high, 'character')} long.")
        elif isinstance(value, int | float):
            out_of_range(name, value, low, high)
        if param.choices:
            value = chosen(param.choices, value)
        if param.choices and value not in [c.value for c in param.choices]:
            declared = declared_by(param.choices)
            if declared is not None:  # a declared value: its names in the reader's language
                raise InputError(declared.refusal(str(raw), param.display_name))
            allowed = ", ".join(f"`{c.value}`" for c in param.choices)
            raise InputError(f"`{param.display_name}` must be one of: {allowed}.")
        return value

    def parse(
        self, words: list[str], locale: str = ENGLISH
    ) -> tuple[app_commands.Command[Any, Any, Any], dict[str, Any]]:
        """The command a line names and its options, converted as Discord would; InputError
        says what is wrong with the line (nothing has run yet), naming options as a reader
        of `locale` types them."""
        command, rest = self._find(words)
        names = catalog(locale).commands

        def local(option: str) -> str:
            return f"`{names.get(f'{command.qualified_name} {option}', option)}`"

        params = {p.display_name: p for p in command.parameters}
        raw_values: dict[str, str] = {}
        typed: dict[str, str] = {}  # each option's name as typed, for what a refusal names
        current: str | None = None
        for word in rest:  # `queue:Y3 B0 R2` reads as on Discord: words join the option
            typed_name, sep, raw = word.partition(":")
            name = english_name(command.qualified_name, typed_name)  # German names work too
            flag = None if sep else bare_flag(command, params, word)
            if sep and name in params:
                current = name
                raw_values[name] = raw
                typed[name] = typed_name
            elif flag is not None:  # `/stats page`: a yes/no option typed bare is yes, anywhere
                current, raw_values[flag], typed[flag] = None, "yes", word
            elif current is not None and not (  # a value of `x:y` pairs takes more of them
                sep
                and (
                    params[current].type is not OptionType.string  # `plays:5 rounds:3`
                    or (
                        ":" not in raw_values[current]
                        and (
                            stray_option(typed_name, every_option(self.bot.tree))
                            or unknown_name(typed_name, every_name(self.bot.tree))
                        )
                    )
                )
            ):
                near = (
                    near_option(typed_name, [local(p).strip("`") for p in params]) if sep else None
                )
                if near is not None:
                    meant = mended(words, word, f"{near}:{raw}")
                    raise unknown_option(typed_name, meant=meant)
                raw_values[current] += " " + word
            else:
                near = near_option(typed_name, [local(p).strip("`") for p in params])
                if sep and near is not None:  # a slip: the line as meant
                    meant = mended(words, word, f"{near}:{raw}")
                    raise unknown_option(typed_name, meant=meant)
                raise unknown_option(name or word, known=[local(p) for p in params])
        kwargs = {}
        for n, raw in raw_values.items():
            if not raw.strip():  # `space:` with nothing after it: what it takes
                raise missing_options([params[n]], local, locale)
            try:
                kwargs[params[n].name] = self._convert(params[n], raw)
            except InputError as exc:  # named as the reader typed it (`gebäude`, not `building`)
                raise renamed(exc, n, typed[n]) from None
        missing = [p for p in command.parameters if p.required and p.name not in kwargs]
        if missing:
            raise missing_options(missing, local, locale)
        return command, kwargs

    async def _works_now(self, group: str = "") -> str | None:
        """A line that works now here; without a game, the start of the game `group` (the
        group the refused line typed, in either language) names."""
        service = getattr(self.bot, "service", None)
        if service is None:
            return None
        key = english_name("", group.lstrip("/").lower())
        return await service.works_now(ctx_of(self._interaction()), key)  # type: ignore[arg-type]

    def _interaction(self) -> ConsoleInteraction:
        return ConsoleInteraction(
            user=ConsoleUser(self.user_id),
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            client=self.bot,
            permissions=discord.Permissions(manage_guild=self.admin),
            chosen_locale=self.locale,
            server_owner_id=self.server_owner,
        )

    async def language(self, value: str) -> Reply:
        """`lang de`, `lang en`, `lang auto`: the language this console answers its user in,
        for as long as it runs (`auto`: the user's `/settings language`, else the server's)."""
        typed = " ".join(value.split()) or "auto"
        chosen = LANGUAGE.read(typed)  # `de`, `Deutsch`, `automatisch`, as /settings reads
        if chosen is None:
            names = ", ".join(LANGUAGE.tokens)
            said = f"`{typed[:20]}` is not a language Soloist speaks; choose {names}."
            locale = await self.bot.locale_for(self._interaction())
            facts = [tr(said, locale)]
            return Reply(title=tr("Error", locale), facts=facts, ok=False, ephemeral=True)
        self.locale = None if chosen == "auto" else chosen
        if self.locale is None:
            text = "Soloist now answers you in your server's or Discord's language."
        else:
            text = f"Soloist now answers you in {LOCALE_NAMES[self.locale]}."
        locale = await self.bot.locale_for(self._interaction())
        return Reply(title=tr("Settings", locale), facts=[tr(text, locale)], ephemeral=True)

    async def press(self, number: str) -> Reply:
        """`press 2`: the second button (or select choice) of the newest reply in this channel
        that has buttons, as a click; its game's version check refuses one gone out of date."""
        last = self.shown[-1] if self.shown else None
        locale = await self.bot.locale_for(self._interaction())
        if last is None or last.game_id is None or last.version is None:
            facts = [tr("There is no button to press.", locale)]
            return Reply(title=tr("Error", locale), facts=facts, ok=False)
        steps = last.next_steps
        chosen = small_number(number, 3)
        if chosen is None or not 1 <= chosen <= len(steps):
            facts = [tr(f"Press 1 to {len(steps)}.", locale)]
            return Reply(title=tr("Error", locale), facts=facts, ok=False)
        interaction = self._interaction()
        await press_component(
            interaction,  # type: ignore[arg-type]
            last.game_id,
            last.version,
            NextStep.action(steps[chosen - 1].step_id),
        )
        if "error" in interaction.extras:  # already in the user's language
            return Reply(title=tr("Error", locale), facts=[interaction.extras["error"]], ok=False)
        return self._remember(interaction.extras.get("reply") or Reply(title=tr("Done", locale)))

    def _remember(self, reply: Reply) -> Reply:
        if reply.ok and reply.game_id is not None and not reply.ephemeral:
            self.last = reply
            if reply.next_steps:
                self.shown = [*self.shown[1 - KEEP_SHOWN :], reply]
        return reply

    async def reveal(self, number: str) -> Reply:
        """`reveal 2`: the second hidden text (a spoiler on Discord, such as Alea's bid in a
        round) of the newest reply about a game, in its line; the others stay hidden."""
        locale = await self.bot.locale_for(self._interaction())
        last, chosen = self.last, small_number(number, 3)
        total = hidden.count(last)
        if last is None or not total:
            facts = [tr("There is nothing hidden to reveal.", locale)]
            return Reply(title="Error", facts=facts, ok=False)
        if chosen is None or not 1 <= chosen <= total:
            return Reply(title="Error", facts=[tr(f"Reveal 1 to {total}.", locale)], ok=False)
        line = hidden.opened(last, chosen, locale)
        return Reply(title=last.title, facts=[line], ephemeral=True, locale=locale)

    async def execute(self, line: str) -> Reply:
        """Run one command line; errors come back as a not-ok Reply, like an ephemeral message."""
        reply, _ = await self.attempt(line)
        return reply

    async def attempt(self, line: str) -> tuple[Reply, Exception | None]:
        """`execute`, and the exception that refused the line (None when it ran): a test tells
        a line refused for what it says (an option, a value: `InputError`) from one refused
        for the table's state."""
        word, _, rest = line.strip().partition(" ")
        if word.lower() in PRESS:
            return await self.press(rest.strip()), None
        if word.lower() in REVEAL:
            return await self.reveal(rest.strip()), None
        if word == "lang":
            return await self.language(rest), None
        try:
            words = split_line(line)
        except ValueError as exc:  # an unclosed `"`; any other ValueError is a bug
            locale = await self.bot.locale_for(self._interaction())
            facts = [tr(f"Could not read that line: {exc}.", locale)]
            return Reply(title=tr("Error", locale), facts=facts, ok=False), InputError(str(exc))
        try:
            locale = await self.bot.locale_for(self._interaction())
            try:
                command, kwargs = self.parse(words, locale)
            except InputError as refused:  # before the table: it says what works there now
                raise led_on(
                    refused, await self._works_now(words[0] if words else ""), locale
                ) from None
            interaction = self._interaction()
            if command.binding is not None:
                await command.callback(command.binding, interaction, **kwargs)  # type: ignore[arg-type]
            else:
                await command.callback(interaction, **kwargs)  # type: ignore[call-arg]
        except Exception as exc:
            locale = await self.bot.locale_for(self._interaction())
            said_already = getattr(exc, "said", False)  # in the reader's language already
            said, _ = user_message(exc, None if said_already else lambda t: tr(t, locale))
            refused = Reply(title=tr("Error", locale), facts=[said], ok=False, ephemeral=True)
            return refused, exc
        reply = interaction.extras.get("reply")
        if reply is None:
            reply = Reply(title=tr("Done", await self.bot.locale_for(self._interaction())))
        return self._remember(reply), None


def render_text(reply: Reply, file_lines: list[str] | None = None) -> str:
    return named(_render_text(reply, file_lines))


def _render_text(reply: Reply, file_lines: list[str] | None = None) -> str:
    if not reply.ok:
        return "✗ " + reply.text
    shown = hidden.hidden(reply)  # nothing hidden on Discord is printed in clear
    lines = [f"== {reply.title} ==", *shown.facts]
    if reply.sheet is not None:
        locale = reply.locale
        lines.append(reply.sheet.text(partial(tr, locale=locale), partial(label, locale=locale)))
    if shown.board:
        lines.append(shown.board)
    if shown.prompt:
        lines.append(f"→ {shown.prompt}")
    if reply.ask is not None and reply.ask.fields:  # several facts: one line to edit and send
        game = (reply.state or {}).get("game", "game")
        line = tr(f"`/{game} {reply.ask.line()}`", reply.locale)
        lines.append(f"{tr('edit and send', reply.locale)}: {line}")
    if reply.next_steps:
        buttons = "  ".join(f"[{i}] {s.label}" for i, s in enumerate(reply.next_steps, 1))
        lines.append(f"{tr('buttons (press N)', reply.locale)}: {buttons}")
    if file_lines is None:
        file_lines = [f"[file {name}, {len(data)} bytes]" for name, data in reply.files]
    lines += file_lines
    return "\n".join(lines)


async def run_console(
    console: Console,
    lines: TextIO,
    out: TextIO,
    *,
    as_json: bool,
    interactive: bool,
    files: Path | None = None,
    threaded: bool = False,
) -> int:
    """Read command lines until EOF; return 1 if any command was rejected (for scripts).
    Pictures and exports are saved into `files` (text mode), if given. `threaded`: each line
    is waited for in a worker thread, so the event loop serves the web pages meanwhile."""
    failures = 0
    while True:
        if interactive:
            out.write("soloist> ")
            out.flush()
        line = await asyncio.to_thread(lines.readline) if threaded else lines.readline()
        if not line:
            break
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line in {"quit", "exit"}:
            break
        reply = await console.execute(line)
        saved = save_files(reply, files) if files is not None and not as_json else None
        failures += not reply.ok
        out.write(
            json.dumps(reply.as_json(), sort_keys=True) if as_json else render_text(reply, saved)
        )
        out.write("\n")
        out.flush()
    return 1 if failures and not interactive else 0
