"""The card view: what one of Sam's cards means with this setup (difficulty, specialization,
the player's corrections), as agenda steps and in words."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.said import Said, say
from bot.games.great_western_trail.data import Form, SamCard, Worker, gwt_data
from bot.games.great_western_trail.names import ACTION_WORDS
from bot.games.great_western_trail.state import (
    Build,
    BuyCattle,
    CardFix,
    Engine,
    GwtState,
    Hazard,
    Hire,
    KansasCity,
    Move,
    Objective,
    Outlaw,
    TakeValue3,
    TurnStep,
)

FORM_WORDS = {
    "reveal_then_buy": "first add 2 cattle cards to the market for free, then buy cattle",
    "take_value_3": "take the breeding-value-3 cattle card worth most VP",
    "one_builder": "place (or replace with) a building needing 1 builder only",
    "next_station": "move his engine to the next station not blocked by your engine",
}
MOVE_WORDS = {
    "workers": "1 step per worker of his specialization",
    "buildings": "1 step per building of the player with most buildings (1 if none)",
}

# the fact a drawn card is told with (bot/games/great_western_trail/narrate.py reads it back);
# with `who`, `flag` and `yours` put in, it is the message's key
DRAWN = "**Sam's turn {turn}** — {who} card **#{number}**{flag}{yours}: {what}."


def card_of(st: GwtState, number: int) -> SamCard:
    """The card as the player's table has it: the data file with their corrections."""
    card = gwt_data().card(number)
    fix = st.fixes.get(number)
    if fix is None:
        return card
    movement = card.movement.model_copy(
        update={k: v for k, v in (("kind", fix.movement), ("steps", fix.steps)) if v is not None}
    )
    action = fix.action or card.action
    forms = card.forms if action == card.action else {}
    return card.model_copy(update={"movement": movement, "action": action, "forms": forms})


def form_of(card: SamCard, specialization: Worker) -> Form:
    return card.form(specialization)


def describe(card: SamCard, specialization: Worker | None = None) -> Said:
    """'move 2 steps, then buy cattle' — for one specialization, or every form when None."""
    move = card.movement
    steps: str = (
        (say("1 step") if move.steps == 1 else say("{n} steps", n=move.steps))
        if move.kind == "fixed"
        else say(MOVE_WORDS[move.kind])
    )
    if specialization is not None:
        form = card.form(specialization)
        action = say(FORM_WORDS[form] if form != "normal" else ACTION_WORDS[card.action])
        return say("move {steps}, then {action}", steps=steps, action=action)
    extra = {who: say(FORM_WORDS[f]) for who, f in card.forms.items() if f != "normal"}
    forms = f" ({'; '.join(f'{who}: {{{who}}}' for who in extra)})" if extra else ""
    return say(
        f"move {{steps}}, then {{action}}{forms}",
        steps=steps,
        action=say(ACTION_WORDS[card.action]),
        **extra,
    )


@dataclass
class CardView:
    card: SamCard
    form: Form
    steps: list[TurnStep]


def view(st: GwtState, number: int) -> CardView:
    card = card_of(st, number)
    form = card.form(st.board.specialization)
    action: list[TurnStep]
    if card.action in ("hire_cheapest", "hire_specialization"):
        action = [Hire(mode="cheapest" if card.action == "hire_cheapest" else "specialization")]
    elif card.action == "buy_cattle":
        action = [TakeValue3()] if form == "take_value_3" else [BuyCattle(form=form)]
    elif card.action == "place_building":
        action = [Build(form=form)]
    elif card.action == "move_engine":
        action = [Engine(form=form)]
    elif card.action == "gain_objective":
        action = [Objective()]
    elif card.action == "outlaw_bounty":
        action = [Outlaw()]
    else:
        action = [Hazard()]
    return CardView(card, form, [Move(), *action, KansasCity()])


def fix_line(fix: CardFix) -> Said | str:
    """What the player's correction of a card says (`movement fixed, value 3`); "" if nothing."""
    parts, values = [], {}
    if fix.movement is not None:
        parts.append("movement {kind}")
        values["kind"] = fix.movement  # as the catalog names it (`Arbeiter`)
    if fix.steps is not None:
        parts.append("value {n}")
        values["n"] = fix.steps
    if fix.action is not None:
        parts.append("{action}")
        values["action"] = say(ACTION_WORDS[fix.action])
    return say(", ".join(parts), **values) if parts else ""
