"""Kansas City, after the card's action: sub-phases 1-3 from the bottom foresight spaces,
no income, a delivery to the next city (New York repeatedly), objective cards won by delivery
taken farthest from the stack, discs from his supply or else his least valuable station."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask, Choice, Turn
from bot.core.said import say
from bot.core.secrecy import is_secret
from bot.games.great_western_trail.commands import KANSAS_CITY, TurnCmd
from bot.games.great_western_trail.data import gwt_data
from bot.games.great_western_trail.state import Disc, GwtState, Objective

HERDER_CHOICES = [
    Choice(label=say("He stopped on the trail"), value="trail"),
    Choice(label=say("He reached Kansas City"), value="kansas_city"),
]
# one press for the usual case: he stopped on the trail, you took your turn and your table is
# as Sam remembers it, so his next turn starts
NEXT_TURN = Choice(
    label=say("On the trail · after your turn: Sam's next, table unchanged"),
    value="trail",
    also={"table": "same"},
)
# what his Kansas City changes on your table that nobody has told the bot (foresight tiles)
FORESIGHT_FACTS = ("jobs", "token", "outlaws", "hazards")


def next_city(st: GwtState) -> str:
    order = gwt_data().cities.order
    if not st.board.deliveries:
        return st.options.first_delivery
    last = order.index(st.board.deliveries[-1])
    return order[min(last + 1, len(order) - 1)]


def kansas_city(st: GwtState, turn: Turn[Any]) -> Ask | None:
    where = turn.inputs.take("herder")
    if where is None:
        if not st.table.facts:
            return Ask(
                prompt=say(
                    f"Where did Sam's herder stop? (`{TurnCmd.line(herder='trail')}` or "
                    f"`{KANSAS_CITY}`)"
                ),
                command="turn",
                option="herder",
                choices=HERDER_CHOICES,
            )
        # the usual case first: on the trail, and your turn's changes (or none) answer it; a
        # challenge's next card comes with the table you report, so no press draws it here
        secret = is_secret(st.seed)
        unchanged = f"`{TurnCmd.line(table='same')}`" if secret else say("the first button")
        return Ask(
            prompt=say(
                "Where did Sam's herder stop? On the trail: take your turn, then tell me what "
                f"changed on your table, `{TurnCmd.line(cattle='…', engine='…')}`: that answers "
                "this and starts his next turn (nothing changed: {unchanged}). At Kansas City: "
                "the same after his Kansas City and your turn, "
                f"`{TurnCmd.line(herder='kansas_city', jobs='…', hazards='…')}`.",
                unchanged=unchanged,  # a command line, said in the reader's language at the edge
            ),
            command="turn",
            option="herder",
            choices=HERDER_CHOICES if secret else [NEXT_TURN, *HERDER_CHOICES[::-1]],
        )
    if where != "kansas_city":
        return None
    for name in FORESIGHT_FACTS:
        st.table.doubt(name)
    board = st.board
    city = next_city(st)
    turn.facts.append(
        say(
            "**Kansas City.** Sub-phases 1, 2 and 3: Sam takes the tile from the **bottom** "
            "foresight space of each column in turn and places it as usual (workers to the job "
            "market, hazards and outlaws on the trail); slide the other tiles down, then refill "
            "the top foresight spaces. Sub-phase 4: skipped (no income)."
        )
    )
    empty = board.discs <= 0
    board.deliveries.append(city)
    board.herder = 0  # back to the start of the trail
    source = "his least valuable station (next)" if empty else "his supply"
    turn.facts.append(
        say(
            f"Sub-phase 5: Sam delivers to **{{city}}**: place a disc from {source} on its city "
            "space. Then move his herder back to the start of the trail.",
            city=city,  # a printed name
        )
    )
    steps: list[Any] = [Disc(target=city)] if empty else []
    crest = gwt_data().cities.crest_vp.get(city, 0)
    if crest:
        turn.facts.append(
            say("{city}'s city crest gives Sam {vp} VP at the end.", city=city, vp=crest)
        )
    order = gwt_data().cities.order
    for i, arrow in enumerate(gwt_data().delivery_arrows.arrows):
        if i in board.arrows or not all(c in board.deliveries for c in arrow.between):
            continue
        if city not in arrow.between:
            continue
        board.arrows.append(i)
        a, b = sorted(arrow.between, key=order.index)
        token = "an exchange token, which Sam does not take"
        gains = (
            (
                say(f"{{vp}} VP at the end, {token}", vp=f"{arrow.vp:+d}")
                if arrow.exchange_token
                else say("{vp} VP at the end", vp=f"{arrow.vp:+d}")
            )
            if arrow.vp
            else (say(token) if arrow.exchange_token else None)
        )
        if gains is not None:
            turn.facts.append(
                say(
                    "Sam has discs in {a} and {b}: the arrow between them gives {gains}.",
                    a=a,  # printed names
                    b=b,
                    gains=gains,
                )
            )
        if arrow.objective:
            steps.append(Objective(why="delivery"))
    turn.insert(*steps)
    return None
