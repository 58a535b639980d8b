"""Replies as Discord embeds with next-step buttons, and the Interaction helpers cogs use."""

from __future__ import annotations

import io
from typing import Any, Self

import discord

from bot.core.agenda import Ask
from bot.core.errors import StaleButton
from bot.core.game import NextStep
from bot.core.reply import Ctx, Reply
from bot.core.values import shown
from bot.i18n import localize, refuse_ambiguous, tr
from bot.on_discord.deadline import answering, replace_pressed, respond
from bot.on_discord.labels import placeholder_for, plain
from bot.on_discord.sheet_fields import FIELD_TEXT, sheet_fields
from bot.on_discord.sheet_fields import clip as _clip
from bot.table.pictures import attach

EMBED_TEXT = 4000
FIELDS, EMBED_TOTAL = 25, 6000  # Discord's limits on an embed's fields and its whole text
_STEP = r"[a-z_]+(?::[a-z_]+=[A-Za-z0-9_.+\-]+)*"  # command:option=value:… (Y3, 12, b-2)
BUTTON_ID = rf"soloist:(?P<game>\d+):(?P<version>\d+):(?P<step>{_STEP})"
SELECT_ID = rf"soloist-pick:(?P<game>\d+):(?P<version>\d+):(?P<option>[a-z_]+):(?P<step>{_STEP})"
CONFIRM_ID = r"soloist-confirm:(?P<game>\d+)"
FORM_ID = rf"soloist-form:(?P<game>\d+):(?P<version>\d+):(?P<step>{_STEP})"
CUSTOM_ID = 100  # Discord's limit on a component's custom id
MAX_BUTTONS = 5  # more choices than this come as a select menu (up to 25)
LABEL, OPTION_LABEL, PLACEHOLDER = 80, 100, 150  # Discord's limits on component texts
TITLE, INPUT_LABEL, INPUT_PLACEHOLDER, INPUT_VALUE = 45, 45, 100, 4000  # a modal's limits
FORM_TIMEOUT = 1800  # seconds a form stays open for its answer
STEP_PICK = "next_step"  # a select whose values are whole next steps (buttons of their own)


def _marked(label: str, suggested: bool, locale: str) -> str:
    label = plain(label)
    return f"{label} ({tr('suggested', locale)})" if suggested else label


def ctx_of(interaction: discord.Interaction) -> Ctx:
    perms = interaction.permissions
    owner = getattr(getattr(interaction, "guild", None), "owner_id", None)
    return Ctx(
        guild_id=interaction.guild_id or 0,
        channel_id=interaction.channel_id or 0,
        user_id=interaction.user.id,
        can_manage=bool(perms and perms.manage_guild),
        owns_server=interaction.user.id in (owner, getattr(interaction, "server_owner_id", None)),
        console=bool(getattr(interaction, "console", False)),
    )


def embed_for(reply: Reply) -> discord.Embed:
    embed = discord.Embed(
        title=reply.title,
        description=_clip("\n".join(reply.facts), EMBED_TEXT) or None,
        colour=reply.colour if reply.ok else discord.Colour.red(),
    )
    if reply.sheet is not None:
        sheet_fields(embed, reply.sheet, reply.locale, room=FIELDS - 3)  # board, next, result
    if reply.board:
        embed.add_field(
            name=tr("Board", reply.locale), value=_clip(reply.board, FIELD_TEXT), inline=False
        )
    if reply.prompt:
        embed.add_field(
            name=tr("Next", reply.locale), value=_clip(reply.prompt, FIELD_TEXT), inline=False
        )
    if reply.game_id is not None and reply.version is not None:
        embed.set_footer(text=tr(f"game #{reply.game_id} · step {reply.version}", reply.locale))
    excess = len(embed) - EMBED_TOTAL
    if excess > 0 and embed.description:  # the sheet and board stay whole; the story is cut
        embed.description = _clip(embed.description, max(1, len(embed.description) - excess))
    return embed


class _GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """What a game's buttons share: (game, version, command) in the custom id, never state,
    so they keep working after a restart and an old one says it is out of date."""

    PREFIX = ""

    def __init__(
        self,
        game_id: int,
        version: int,
        step: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        custom_id = self.id_for(game_id, version, step)
        super().__init__(
            discord.ui.Button(label=_clip(label, LABEL), style=style, custom_id=custom_id)
        )
        self.game_id, self.version, self.step = game_id, version, step

    @classmethod
    def id_for(cls, game_id: int, version: int, step: str) -> str:
        return f"{cls.PREFIX}:{game_id}:{version}:{step}"

    @classmethod
    def fits(cls, game_id: int, version: int, step: str) -> bool:
        """Whether the button's custom id is within Discord's limit."""
        return len(cls.id_for(game_id, version, step)) <= CUSTOM_ID

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> Self:
        return cls(int(match["game"]), int(match["version"]), match["step"], item.label or "")


class NextStepButton(_GameButton, template=BUTTON_ID):
    """A next step as a button; the suggested answer to a tie in green."""

    PREFIX = "soloist"

    def __init__(
        self, game_id: int, version: int, step: str, label: str = "Next", suggested: bool = False
    ) -> None:
        style = discord.ButtonStyle.success if suggested else discord.ButtonStyle.primary
        super().__init__(game_id, version, step, label, style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await press_component(interaction, self.game_id, self.version, NextStep.action(self.step))


async def press_component(
    interaction: discord.Interaction,
    game_id: int,
    version: int,
    action: dict[str, Any],
    reader: tuple[str, str] | None = None,
) -> None:
    """A button, select or form (typed by a `reader`: group, locale) sends its action to its
    game, at the version it was shown for."""
    service = interaction.client.service  # type: ignore[attr-defined]
    try:
        if reader is not None:
            refuse_ambiguous(reader[0], action, reader[1])
        reply = await service.act(
            ctx_of(interaction), None, action, game_id=game_id, expected_version=version
        )
    except Exception as exc:  # the one error path for components
        await interaction.client.reply_error(interaction, exc)  # type: ignore[attr-defined]
        return
    await send(interaction, reply, in_place=True)


class FormButton(_GameButton, template=FORM_ID):
    """ "Answer…": opens a form with one text input per fact the game asks at once, pre-filled
    with what it remembers. It reads the question from the game when pressed."""

    PREFIX = "soloist-form"

    def __init__(self, game_id: int, version: int, step: str, label: str = "Answer…") -> None:
        super().__init__(game_id, version, step, label, discord.ButtonStyle.secondary)

    async def callback(self, interaction: discord.Interaction) -> None:
        client: Any = interaction.client
        try:
            _, now = await client.service.game_status(self.game_id)  # unlogged, like `look`
            if now.version != self.version or now.ask is None or not now.ask.fields:
                raise StaleButton(
                    "This button is out of date: the game has moved on. `/game status` shows "
                    "where it stands."
                )
            locale = await client.locale_for(interaction)
        except Exception as exc:
            await client.reply_error(interaction, exc)
            return
        game = str((now.state or {}).get("game", ""))
        form = AnswerForm(self.game_id, self.version, self.step, now.ask, locale, game)
        async with answering(interaction):
            if not interaction.response.is_done():
                await interaction.response.send_modal(form)
                return
        # the watchdog deferred the press (a slow host): a form cannot follow a deferral
        late = tr("That took too long to open the form: press the button again.", locale)
        await interaction.followup.send(late, ephemeral=True)


class AnswerForm(discord.ui.Modal):
    """The facts a question asks at once, as text inputs pre-filled with the remembered values;
    sending it is one command, checked against the version it was opened for."""

    def __init__(
        self, game_id: int, version: int, step: str, ask: Ask, locale: str, game: str = ""
    ) -> None:
        title = placeholder_for(tr(ask.prompt, locale), locale)
        super().__init__(
            title=_clip(title, TITLE),
            timeout=FORM_TIMEOUT,
            custom_id=_clip(f"soloist-form-sent:{game_id}:{version}:{step}", CUSTOM_ID),
        )
        self.game_id, self.version, self.step = game_id, version, step
        self.locale, self.game = locale, game
        self.inputs: dict[str, discord.ui.TextInput[Any]] = {}
        for field in ask.fields:
            text: discord.ui.TextInput[Any] = discord.ui.TextInput(
                custom_id=field.option,
                default=shown(game, field.remembered or "", locale)[:INPUT_VALUE] or None,
                placeholder=_clip(shown(game, field.example, locale), INPUT_PLACEHOLDER) or None,
                required=field.required,
                max_length=INPUT_VALUE,
            )
            self.inputs[field.option] = text
            label = _clip(plain(tr(field.label, locale)), INPUT_LABEL)
            self.add_item(discord.ui.Label(text=label, component=text))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        typed = {option: text.value.strip() for option, text in self.inputs.items()}
        action = NextStep.action(self.step) | {k: v for k, v in typed.items() if v}
        await press_component(
            interaction, self.game_id, self.version, action, (self.game, self.locale)
        )


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID):
    """A select menu answering the game's question (more choices than buttons fit); like the
    buttons it carries (game, version, command) and so works after a restart."""

    def __init__(
        self,
        game_id: int,
        version: int,
        option: str,
        step: str,
        choices: list[tuple[str, str]] | None = None,
        placeholder: str = "Choose…",
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"soloist-pick:{game_id}:{version}:{option}:{step}",
            placeholder=_clip(placeholder, PLACEHOLDER),
            options=[
                discord.SelectOption(label=_clip(label, OPTION_LABEL), value=value[:100])
                for label, value in (choices or [])[:25]
            ]
            or [discord.SelectOption(label="…", value="-")],
        )
        super().__init__(select)
        self.game_id, self.version, self.option, self.step = game_id, version, option, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: Any, /
    ) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["version"]), match["option"], match["step"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if self.option == STEP_PICK:  # each option is a whole next step
            action = NextStep.action(values[0]) if values else {}
        else:
            action = NextStep.action(self.step) | {self.option: values[0] if values else ""}
        await press_component(interaction, self.game_id, self.version, action)


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CONFIRM_ID):
    """ "Confirm these scores" on a challenge's Fifth Avenue final: its partner alone confirms
    them (`/challenge confirm`; anyone else is refused); works after a restart."""

    def __init__(self, game_id: int, label: str = "Confirm these scores") -> None:
        style, custom_id = discord.ButtonStyle.success, f"soloist-confirm:{game_id}"
        super().__init__(
            discord.ui.Button(label=_clip(label, LABEL), style=style, custom_id=custom_id)
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> ConfirmButton:
        return cls(int(match["game"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.table.contests import Contests  # the service, loaded when first pressed

        client: Any = interaction.client
        try:
            reply = await Contests(client.service).confirm(ctx_of(interaction), self.game_id)
        except Exception as exc:  # the one error path for components
            await client.reply_error(interaction, exc)
            return
        await send(interaction, reply)


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"soloist-log:(?P<user>\d+):(?P<page>\d+)",
):
    """Previous / next page of a player's logbook history; works after a restart too."""

    def __init__(self, user_id: int, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"soloist-log:{user_id}:{page}",
            )
        )
        self.user_id, self.page = user_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> LogPageButton:
        return cls(int(match["user"]), int(match["page"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        logbook = interaction.client.logbook  # type: ignore[attr-defined]
        try:
            reply = await logbook.history(ctx_of(interaction), self.user_id, self.page)
        except Exception as exc:
            await interaction.client.reply_error(interaction, exc)  # type: ignore[attr-defined]
            return
        reply = localize(reply, await interaction.client.locale_for(interaction))  # type: ignore[attr-defined]
        interaction.extras["reply"] = reply
        await replace_pressed(interaction, embed_for(reply), view_for(reply))


def _own_buttons(reply: Reply) -> bool:
    """The game offered buttons of its own rather than the question's choices."""
    ask = reply.ask
    return ask is not None and [s.step_id for s in reply.next_steps] != [
        s.step_id for s in ask.next_steps()
    ]


def _leading(reply: Reply) -> list[NextStep] | None:
    """The game's own steps when they come before exactly its question's choices (Pseudo's
    "Round as planned" before the open spaces); None otherwise."""
    ask = reply.ask
    if ask is None or any(choice.also for choice in ask.choices):
        return None
    asked = [s.step_id for s in ask.next_steps()]
    steps = reply.next_steps
    lead = len(steps) - len(asked)
    if lead <= 0 or lead > MAX_BUTTONS or [s.step_id for s in steps[lead:]] != asked:
        return None
    return steps[:lead]


def _as_select(ask: Ask, own_buttons: bool) -> bool:
    """Many choices come as a select of the option's values, unless the game offered buttons
    of its own or a choice answers two options at once (`Choice.also`): such a select sends
    one value, so those come as next steps (buttons, or a select of whole steps)."""
    return not own_buttons and not any(choice.also for choice in ask.choices)


def _ask_step(ask: Ask) -> str:
    """The command that answers `ask`, with its fixed options: what its select or form adds to."""
    return NextStep("", ask.command, tuple(sorted(ask.extra.items()))).step_id


def _game_items(reply: Reply, game: int, version: int) -> list[discord.ui.Item[Any]]:
    """The next steps and, for a question of several facts, the button of its form."""
    items = _step_items(reply, game, version)
    ask = reply.ask
    if ask is not None and ask.fields:
        step = _ask_step(ask)
        if FormButton.fits(game, version, step):
            items.append(FormButton(game, version, step, tr("Answer…", reply.locale)))
    return items


def _step_items(reply: Reply, game: int, version: int) -> list[discord.ui.Item[Any]]:
    """The next steps as buttons, or as one select menu where there are more than five;
    plain text only, and the suggested answer to a tie first and marked."""
    ask, locale = reply.ask, reply.locale
    placeholder = placeholder_for(ask.prompt if ask is not None else reply.prompt, locale)
    own = _own_buttons(reply)
    lead = _leading(reply)
    if lead is not None and ask is not None and len(ask.choices) > MAX_BUTTONS:
        # the game's own steps before its question's many choices: buttons, then the select
        choices = [(_marked(c.label, c.suggested, locale), c.value) for c in ask.choices]
        select = ChoiceSelect(game, version, ask.option, _ask_step(ask), choices, placeholder)
        buttons = [
            NextStepButton(game, version, s.step_id, plain(s.label))
            for s in lead
            if NextStepButton.fits(game, version, s.step_id)
        ]
        return [*buttons, select]
    if ask is not None and len(ask.choices) > MAX_BUTTONS and _as_select(ask, own):
        choices = [(_marked(c.label, c.suggested, locale), c.value) for c in ask.choices]
        return [ChoiceSelect(game, version, ask.option, _ask_step(ask), choices, placeholder)]
    suggested = {
        (ask.option, c.value)
        for c in (ask.choices if ask is not None and not own else [])
        if c.suggested
    }
    steps = [
        (s, bool(s.args) and s.args[-1] in suggested)
        for s in reply.next_steps
        if NextStepButton.fits(game, version, s.step_id)
    ]
    if len(steps) > MAX_BUTTONS:
        choices = [(_marked(s.label, mark, locale), s.step_id) for s, mark in steps]
        return [ChoiceSelect(game, version, STEP_PICK, "choose", choices, placeholder)]
    return [
        NextStepButton(game, version, s.step_id, _marked(s.label, mark, locale), mark)
        for s, mark in steps
    ]


def view_for(reply: Reply) -> discord.ui.View | None:
    view = discord.ui.View(timeout=None)
    game, version = reply.game_id, reply.version
    if game is not None and version is not None:
        for item in _game_items(reply, game, version):
            view.add_item(item)
    if reply.confirm_for is not None and game is not None:
        view.add_item(ConfirmButton(game, tr("Confirm these scores", reply.locale)))
    if reply.web_url is not None:  # a link button: no custom id, Discord opens the address
        label = _clip(tr("View on the web", reply.locale), LABEL)
        view.add_item(
            discord.ui.Button(style=discord.ButtonStyle.link, url=reply.web_url, label=label)
        )
    if reply.pager is not None:
        user, page, pages = reply.pager
        if page > 1:
            view.add_item(LogPageButton(user, page - 1, tr("◀ Newer", reply.locale)))
        if page < pages:
            view.add_item(LogPageButton(user, page + 1, tr("Older ▶", reply.locale)))
    return view if view.children else None


def message(reply: Reply) -> dict[str, Any]:
    """A reply as a message's parts: its embed, its buttons or select, its files (drawn)."""
    kwargs: dict[str, Any] = {"embed": embed_for(reply)}
    view = view_for(reply)
    if view is not None:
        kwargs["view"] = view
    if reply.files:
        kwargs["files"] = [
            discord.File(io.BytesIO(data), filename=name) for name, data in reply.files
        ]
    return kwargs


async def send(interaction: discord.Interaction, reply: Reply, *, in_place: bool = False) -> None:
    """The one way a cog answers: an embed, a button for the next step, a file if any, in
    the reader's language. Where it was posted (unless only the reader sees it) is left in
    `interaction.extras["posted"]` for the after-reply hooks, which get the reply in English.

    `in_place` (a button or select of a game): the answer replaces the pressed message,
    the next question in the same message (Discord's UPDATE_MESSAGE, interaction callback
    type 7: one REST call, and no older message left with live buttons)."""
    said = reply
    locale_for = getattr(interaction.client, "locale_for", None)
    if locale_for is not None:
        reply = localize(reply, await locale_for(interaction))
    await attach(reply)
    interaction.extras["reply"] = reply
    if in_place and not reply.ephemeral and await _in_place(interaction, reply):
        after = getattr(interaction.client, "after_reply", None)
        if after is not None:
            await after(interaction, said)
        return
    message_id = await respond(interaction, **message(reply), ephemeral=reply.ephemeral)
    if message_id is not None and not reply.ephemeral and interaction.channel_id is not None:
        interaction.extras["posted"] = (interaction.channel_id, message_id)
    after = getattr(interaction.client, "after_reply", None)
    if after is not None:
        await after(interaction, said)


async def _in_place(interaction: discord.Interaction, reply: Reply) -> bool:
    """The answer replaces the pressed message (deadline.replace_pressed)."""
    pressed = getattr(interaction, "message", None)
    if not isinstance(pressed, discord.Message):
        return False
    parts = message(reply)
    if not await replace_pressed(
        interaction, parts["embed"], parts.get("view"), parts.get("files", [])
    ):
        return False
    if interaction.channel_id is not None and not pressed.flags.ephemeral:
        interaction.extras["posted"] = (interaction.channel_id, pressed.id)
    return True
