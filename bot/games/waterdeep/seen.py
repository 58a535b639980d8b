"""Pseudo's cards seen so far, for a game's page: the quests he holds and has completed (his
mat, at that step) and the intrigue cards he has drawn, in order (from the facts his 7F draws
wrote: a card he drew again for having no cube colour counts too)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.core.said import listed, say
from bot.games.waterdeep.data import waterdeep_data
from bot.i18n.plural import count

# intrigue.py's 7F: "7F (why): Pseudo draws and plays **Ambush**." and the D2 redraw
_PLAYS = re.compile(r"7F \(.*\): Pseudo draws and plays \*\*(?P<card>[^*]+)\*\*\.$")
_AGAIN = re.compile(r"7F: Pseudo draws (?P<card>.+), no cube colour: he draws again \(D2\)\.$")


def intrigue_drawn(facts: Sequence[str]) -> list[str]:
    found = []
    for fact in facts:
        match = _AGAIN.match(fact) or _PLAYS.match(fact)
        if match is not None:
            found.append(match.group("card"))
    return found


def seen(state: Any, facts: Sequence[str]) -> list[str]:
    data = waterdeep_data()
    holds = [data.quest(q).name for q in state.quests]
    done = [data.quest(q).name for q in state.completed]
    drawn = intrigue_drawn(facts)
    lines = [
        say("Quests Pseudo holds: **{quests}**.", quests=listed(holds))
        if holds
        else say("Pseudo holds no quest."),
        say("Quests he has completed: **{quests}**.", quests=listed(done))
        if done
        else say("He has completed no quest yet."),
        say("Intrigue cards he has drawn, in order: **{cards}**.", cards=listed(drawn))
        if drawn
        else say("He has drawn no intrigue card yet."),
    ]
    if state.options.get("pseudo_cards") != "table":  # the bot's own deck, not the table's
        left = count(state.intrigue_deck.size, "card")
        lines.append(say("Left in his intrigue deck: {cards}.", cards=left))
    return lines
