"""A step of a game's replay told as a sentence, in the reader's language: who gave which
command, in words (what the command does, as its model's `about` says it, and each option by
its declared name with its values as the reader types them, bot/core/values), then the card
the opponent drew, the priority it made him follow and its tie-break, as the game reads them
from its own record of the step (`GameSpec.narrate`, bot/core/narration.py). The sentence is
a message (bot/core/said.py), said once in the reader's language; where the step's fact was
kept as English text (a row kept before messages were), the opponent's part is that English,
matched as before.

The typed line stays beside it (`said`), in <code>: what a player would type to do it again."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.core.commands import Command
from bot.core.narration import Narration, messages
from bot.core.said import Said, listed, name, say
from bot.core.said import given as said_given
from bot.core.spec import GameSpec
from bot.i18n import ENGLISH, catalog, needs_translation, tr
from bot.i18n.messages import tally as messages_tally
from bot.table.commands import CampaignOf, Players, Remind, Undo
from bot.table.page_reads import Step

# the table's own commands a game's log keeps (`/game …`), said by their models' `about`
TABLE: dict[str, type[Command]] = {
    model.model_fields["command"].default: model for model in (Undo, Players, Remind, CampaignOf)
}


def model_of(spec: GameSpec, command: str) -> type[Command] | None:
    if command == "start":
        return spec.start
    if spec.commands is not None and command in spec.commands:
        return spec.commands.models[command]
    return None


def option_name(group: str, command: str, option: str, locale: str) -> str | None:
    """An option as the reader's language names it (its declared slash name in German);
    None where that language declares no name for it (the typed line beside still shows it)."""
    if locale == ENGLISH:
        return option.replace("_", " ")
    local = catalog(locale).commands.get(f"{group} {command} {option}")
    return local.replace("_", " ").capitalize() if local else None  # German nouns: capitals


def given(step: Step) -> dict[str, Any]:
    """The options the step's command was given (a start's are kept under `options`)."""
    args = dict(step.args)
    nested = args.pop("options", None) if step.command == "start" else None
    if isinstance(nested, dict):
        args = {**nested, **args}
    return {k: v for k, v in args.items() if v is not None and k not in ("seed", "command")}


def command_words(step: Step, spec: GameSpec, locale: str) -> Said:
    """The step's command in words, as a message: what it does (its model's `about`), then
    each option given that the reader's language names (`queue Y3 B0`, `Warteschlange Ge3
    Bl0`)."""
    model = model_of(spec, step.command)
    if model is None:
        own = TABLE.get(step.command)
        if own is not None and own.about:
            return say(own.about)
        return say("{command}", command=name(step.command))
    group, slash = spec.key, model.slash_name()
    about = say(model.about) if model.about else say("{command}", command=name(slash))
    options = [
        said_given(f"{group} {slash} {key}", value)
        for key, value in given(step).items()
        if option_name(group, slash, key, locale) and not isinstance(value, dict | list)
    ]
    if not options:
        return about
    return say("{about} ({options})", about=about, options=listed(options, "; "))


def in_words(step: Step, spec: GameSpec, locale: str) -> str:
    """The step's command in words, in `locale`."""
    return told(command_words(step, spec, locale), locale)


def narration(step: Step, spec: GameSpec, options: Mapping[str, Any]) -> Narration | None:
    if spec.narrate is None or step.command == "undo":
        return None
    return spec.narrate(step.facts, options)


def drew(found: Narration, opponent: str) -> str:
    """The opponent's part of a step, one sentence: a message where the game's parts are (the
    catalog says it in German, part by part), else English text (a row kept as text)."""
    verb = "took" if found.taken else "drew"
    if not messages(found.card, found.priority, found.tie_break):
        if found.priority and found.tie_break:
            return (
                f"{opponent} {verb} {found.card}; priority: {found.priority}; "
                f"on a tie, {found.tie_break}."
            )
        if found.priority:
            return f"{opponent} {verb} {found.card}; priority: {found.priority}."
        return f"{opponent} {verb} {found.card}."
    who = name(opponent)
    if found.priority and found.tie_break:
        key = f"{{opponent}} {verb} {{card}}; priority: {{priority}}; on a tie, {{tie}}."
        return say(key, opponent=who, card=found.card, priority=found.priority, tie=found.tie_break)
    if found.priority:
        key = f"{{opponent}} {verb} {{card}}; priority: {{priority}}."
        return say(key, opponent=who, card=found.card, priority=found.priority)
    return say(f"{{opponent}} {verb} {{card}}.", opponent=who, card=found.card)


def told(text: str, locale: str) -> str:
    """A sentence of the replay in `locale`, counted where a test counts what a reader sees
    (bot/i18n/messages.py `TALLY`: said from a message, or matched)."""
    if locale != ENGLISH:
        messages_tally(text, needs_translation)
    return tr(text, locale)


def opponents_part(
    step: Step, spec: GameSpec, options: Mapping[str, Any], opponent: str, locale: str
) -> str:
    """What the opponent drew and followed at the step, in `locale`; "" where he drew none."""
    found = narration(step, spec, options)
    return told(drew(found, opponent), locale) if found is not None else ""


def sentence(
    step: Step, spec: GameSpec, options: Mapping[str, Any], opponent: str, who: str, locale: str
) -> str:
    """The whole step as the replay tells it (plain text, in `locale`): the command in
    words, then the opponent's part; one message where the opponent's part is one."""
    command = command_words(step, spec, locale)
    head = (
        say("{who}: {command}.", who=who, command=command)
        if who
        else say("{command}.", command=command)
    )
    found = narration(step, spec, options)
    part = drew(found, opponent) if found is not None else ""
    if not part:
        return told(head, locale)
    if isinstance(part, Said):
        return told(say("{head} {part}", head=head, part=part), locale)
    return f"{told(head, locale)} {told(part, locale)}"  # a row kept as text: matched
