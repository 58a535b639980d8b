"""Pseudo (Lords of Waterdeep, Durnan, eight rounds), played from the replies alone: the same
tavern, quests, intrigue hand and choices as the scripted player (waterdeep.py), every line
read off the reply.

What the player does, reading each reply:
- "Round N, your agent K of M: `/waterdeep place space:…`": chooses among the spaces the
  buttons offer, and presses it; with a quest it then completes, or an intrigue card it plays
  in the Harbor, one line as the setup shows (`/waterdeep place space:… quest:… card:…`);
- the Harbor's reassignment at the round's end: the same, among its buttons;
- his intrigue card (7F: "Do you have one?"): its button, by its tavern;
- any other question with buttons (a tie): the first;
- after round 8, the final line as the prompt shows.
It places every agent as its own report: the round plan's shortcut ("tell me only what
differs") asks the player to foresee which of its moves the plan cares about, which a player
reading the replies cannot check before the round is over; the scripted best case uses it."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from bench.taps.prompted import Intent, Press, Typed, Vocabulary
from bench.taps.screen import Screen
from bench.taps.waterdeep import WaterdeepPlayer
from bot.games.waterdeep.data import BUILDERS_HALL, CUBES, waterdeep_data
from bot.i18n import tr

AGENT = re.compile(r"Round (\d), your agent (\d) of (\d)")
REASSIGN = "End of round: reassign your agent from Waterdeep Harbor"
OWED = re.compile(r"7F: you lose 1 (\w+); if you have none")
HIS = re.compile(r"(?:primary|secondary) (.+?) \(|Pseudo draws a new quest: (.+?) \(")
PLAN = ("Round as planned", "Runde wie geplant")


def space_ids() -> dict[str, str]:
    """An English button's label → the space it places on."""
    data = waterdeep_data()
    ids = {s.label: s.id for s in (*data.spaces, *data.buildings)}
    ids["Waterdeep Harbor"] = "waterdeep_harbor"
    for b in data.buildings:
        ids[f"Builder's Hall: buy {b.name}"] = f"{BUILDERS_HALL}.{b.id}"
    return ids


class WaterdeepPrompted:
    label = "Pseudo"
    german: ClassVar[dict[str, Any]] = {"space": lambda v: tr(v, "de"), "give": {"no": "nein"}}

    def __init__(self) -> None:
        self.me = WaterdeepPlayer(by_plan=False)  # the tavern, hand and choices
        self.his: list[str] = []  # Pseudo's quests, as the replies name them
        self.ids = space_ids()
        self.dealt = False

    def start(self) -> str:
        return self.me.start()

    def over(self, state: dict[str, Any]) -> bool:
        return state.get("phase") == "finished"

    def opponent_turns(self, state: dict[str, Any]) -> int:
        return self.me.turns

    def _state(self) -> dict[str, Any]:
        return {"pseudo_quests": list(self.his)}

    def _follow(self, english: Screen) -> None:
        for line in english.facts:
            if line.startswith("›"):
                continue  # the plan: it comes at the table with his turn
            for found in HIS.finditer(line):
                name = found.group(1) or found.group(2)
                if name not in self.his:
                    self.his.append(name)
            self.me.his_fact(line, self._state())
        if not self.dealt:
            self.dealt = True
            for _ in range(2):
                self.me.quests.append(self.me.draw_quest(self._state(), any_type=True))
        self.me.forget_his(self._state())

    # ---------------------------------------------------------------- deciding
    def decide(self, screen: Screen, english: Screen | None, speak: Vocabulary) -> Intent:
        if english is None:
            raise RuntimeError("Pseudo: a tap that changed nothing")
        self._follow(english)
        asked = english.prompt
        if speak.read(Screen(screen.prompt), "waterdeep final"):
            return self._final()
        owed = OWED.search(asked)
        if owed:
            colour = owed.group(1)
            if colour not in CUBES:
                raise RuntimeError(f"Pseudo: which cube is {colour!r}?")
            return Press(1 if self.me.lose(colour) else 2)
        agent = AGENT.search(asked)
        if agent:
            self.me.round = int(agent.group(1))
            return self._place(screen, english)
        if asked.startswith(REASSIGN):
            return self._place(screen, english, reassign=True)
        if screen.buttons:
            return Press(1)  # a tie: the first
        raise RuntimeError(f"Pseudo: nothing to answer in {screen.text!r}")

    def _place(self, screen: Screen, english: Screen, *, reassign: bool = False) -> Intent:
        offered = {
            self.ids[label]: n
            for n, label in enumerate(english.buttons, 1)
            if label not in PLAN and label in self.ids
        }
        values = list(offered)
        if reassign:
            values = [v for v in values if v != "waterdeep_harbor"]
        chosen = self.me.choose(values, self.me.round)
        quest, card = self.me.act(chosen)
        told = quest.name if quest is not None else None
        if told is None and self.me.pending:
            told = self.me.pending.pop(0)
        if told is None and card is None:
            return Press(offered[chosen])
        options: dict[str, str] = {
            "space": _typed_space(chosen, english.buttons[offered[chosen] - 1])
        }
        if card is not None:
            options["card"] = card
        if told is not None:
            options["quest"] = told
        return Typed.of("waterdeep place", **options)

    def fix(self, intent: Typed, refusal: str) -> Typed | None:
        """A refusal that asks for what the line lacked: Recruit Spies' `give:` (no: the
        player keeps the rogue away from Pseudo)."""
        if "give:no" in refusal or "geben:nein" in refusal:
            return Typed(intent.command, (*intent.options, ("give", "no")))
        return None

    def _final(self) -> Intent:
        me = self.me
        adventurers = sum(me.tavern.get(c, 0) for c in CUBES)
        return Typed.of(
            "waterdeep final",
            track=max(me.vp, 0),
            adventurers=adventurers,
            gold=me.tavern["gold"],
            quests=len(me.quests),
        )


def _typed_space(chosen: str, button: str) -> str:
    """The space as typed: the Harbor and the board's spaces by their names (a purchase in
    Builder's Hall is pressed, never typed here)."""
    if chosen == "waterdeep_harbor":
        return "Waterdeep Harbor"
    return button
