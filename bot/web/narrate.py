"""A step of a game's replay told as a sentence, in the reader's language: who gave which
command, in words (what the command does, as its model's `about` says it, and each option by
its declared name with its values as the reader types them, bot/core/values), then the card
the opponent drew, the priority it made him follow and its tie-break, as the game reads them
from its own record of the step (`GameSpec.narrate`, bot/core/narration.py).

The typed line stays beside it (`said`), in <code>: what a player would type to do it again."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.core.commands import Command
from bot.core.narration import Narration
from bot.core.spec import GameSpec
from bot.i18n import ENGLISH, catalog, shown, tr
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


def _value(group: str, value: Any, locale: str) -> str:
    if isinstance(value, bool):
        return tr("yes" if value else "no", locale)
    return shown(group, str(value), locale)


def in_words(step: Step, spec: GameSpec, locale: str) -> str:
    """The step's command in words: what it does, then each option given, named and valued
    as the reader's language types them (`queue Y3 B0`, `Warteschlange Ge3 Bl0`)."""
    model = model_of(spec, step.command)
    if model is None:
        own = TABLE.get(step.command)
        return tr(own.about, locale) if own is not None and own.about else step.command
    group, name = spec.key, model.slash_name()
    about = tr(model.about or name, locale)
    named = {key: option_name(group, name, key, locale) for key in given(step)}
    options = [
        f"{named[key]} {_value(group, value, locale)}"
        for key, value in given(step).items()
        if named[key] and not isinstance(value, dict | list)
    ]
    return f"{about} ({'; '.join(options)})" if options else about


def narration(step: Step, spec: GameSpec, options: Mapping[str, Any]) -> Narration | None:
    if spec.narrate is None or step.command == "undo":
        return None
    return spec.narrate(step.facts, options)


def drew(found: Narration, opponent: str) -> str:
    """The opponent's part of a step in English, one sentence (the catalog says it in
    German, part by part)."""
    verb = "took" if found.taken else "drew"
    if found.priority and found.tie_break:
        return (
            f"{opponent} {verb} {found.card}; priority: {found.priority}; "
            f"on a tie, {found.tie_break}."
        )
    if found.priority:
        return f"{opponent} {verb} {found.card}; priority: {found.priority}."
    return f"{opponent} {verb} {found.card}."


def opponents_part(
    step: Step, spec: GameSpec, options: Mapping[str, Any], opponent: str, locale: str
) -> str:
    """What the opponent drew and followed at the step, in `locale`; "" where he drew none."""
    found = narration(step, spec, options)
    return tr(drew(found, opponent), locale) if found is not None else ""


def sentence(
    step: Step, spec: GameSpec, options: Mapping[str, Any], opponent: str, who: str, locale: str
) -> str:
    """The whole step as the replay tells it (plain text, in `locale`): the command in
    words, then the opponent's part."""
    command = in_words(step, spec, locale)
    head = f"{who}: {command}." if who else f"{command}."
    part = opponents_part(step, spec, options, opponent, locale)
    return f"{head} {part}" if part else head
