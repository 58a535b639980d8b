"""An agent on a space: what Pseudo or you take there, buildings bought, owner rewards."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.core.agenda import Inputs, Turn
from bot.core.errors import InputError
from bot.core.said import say
from bot.games.waterdeep.board import cost_of, pick_cube, yields
from bot.games.waterdeep.commands import Place
from bot.games.waterdeep.data import BUILDERS_HALL, CASTLE, HARBOR, RESOURCES, Space, waterdeep_data
from bot.games.waterdeep.mat import (
    LORD_VP,
    gained,
    give_player_quest,
    lord_as_earned,
    ongoing,
    score_pseudo,
)
from bot.games.waterdeep.script import hall_choice, looking_for
from bot.games.waterdeep.state import DrawIntrigue, HallSlot, InPlay, WaterdeepState, Who


@dataclass
class Collect:
    """What a step handler gets, for effects of your own moves outside Pseudo's agenda."""

    facts: list[str]
    inputs: Inputs = field(default_factory=Inputs)
    inserted: list[Any] = field(default_factory=list)

    def insert(self, *steps: Any) -> None:
        self.inserted.extend(steps)


def refill_hall(st: WaterdeepState, position: int, facts: list[str]) -> None:
    if not st.buildings.draw_pile:
        facts.append(say("The building stack is empty: Builder's Hall is not refilled."))
        st.hall.pop(position)
        return
    new = waterdeep_data().buildings[st.buildings.draw()].id
    st.hall[position] = HallSlot(building=new)
    name = waterdeep_data().space(new).name
    facts.append(say("Builder's Hall: put {building} in the empty place.", building=name))


def take_building(
    st: WaterdeepState, slot: HallSlot, who: Who, facts: list[str], *, free: bool = False
) -> None:
    data = waterdeep_data()
    building = data.space(slot.building)
    position = st.hall.index(slot)
    if who == "pseudo":
        if not free:
            st.tavern.pay({"gold": building.cost})
        if free:
            facts.append(
                say("Pseudo takes {building} ({vp} VP tokens).", building=building.name, vp=slot.vp)
            )
        else:
            facts.append(
                say(
                    "Pseudo buys {building} for {cost} gold ({vp} VP tokens).",
                    building=building.name,
                    cost=building.cost,
                    vp=slot.vp,
                )
            )
        tokens = say("VP tokens on {building}", building=building.name)
        score_pseudo(st, slot.vp, tokens, facts)
        for bonus in ongoing(st, r"\+(\d+) VP whenever you buy a building"):
            score_pseudo(st, bonus, say("plot quest: buying a building"), facts)
    else:
        facts.append(
            say(
                "You buy {building}: score its {vp} VP tokens on your track.",
                building=building.name,
                vp=slot.vp,
            )
        )
        lord = waterdeep_data().lord(st.lord)
        if lord.id == "larissa_neathal" and lord_as_earned(st):
            st.ledger[LORD_VP] = st.ledger.get(LORD_VP, 0) + 6
            facts.append(say("{lord}: +6 VP for the building (D6).", lord=lord.name))
    st.in_play.append(InPlay(building=building.id, owner=who, pile=dict(building.accumulates)))
    refill_hall(st, position, facts)


def gain(st: WaterdeepState, gains: dict[str, int], turn: Turn[Any], why: str) -> None:
    """Pseudo gains from an action (his plot quests' ongoing effects included)."""
    for r in RESOURCES:
        if gains.get(r):
            st.tavern.add(r, gains[r])
    extra: dict[str, int] = {}
    for quest in st.completed:
        effect = waterdeep_data().quest(quest).ongoing_effect
        if gains.get("fighter") and effect.endswith("gives you fighters, also take 1 more fighter"):
            extra["fighter"] = extra.get("fighter", 0) + 1
        if gains.get("gold") and effect.endswith("gives you gold, also take 1 rogue"):
            extra["rogue"] = extra.get("rogue", 0) + 1
        if gains.get("rogue") and effect.endswith("gives you rogues, also take 2 gold"):
            extra["gold"] = extra.get("gold", 0) + 2
        if gains.get("wizard") and effect.endswith("gives you wizards, also draw 1 intrigue card"):
            turn.insert(DrawIntrigue(why="plot quest: wizards gained"))
    for r, n in extra.items():
        st.tavern.add(r, n)
    if extra:
        turn.facts.append(say("His plot quests add {gains}.", gains=gained(extra)))
    for _ in range(gains.get("intrigue", 0)):
        turn.insert(DrawIntrigue(why=why))
    if gains.get("quest"):
        give_player_quest(st, turn.facts)
    if gains.get("vp"):
        score_pseudo(st, gains["vp"], why, turn.facts)


def pseudo_visits(st: WaterdeepState, space: Space, wanted: str | None, turn: Turn[Any]) -> None:
    cost = cost_of(st, space)
    gains = yields(st, space, wanted)
    if cost:
        st.tavern.pay(cost)
    for b in st.in_play:
        if b.building == space.id and b.pile:
            b.pile = {}
    if space.id not in HARBOR and space.id != BUILDERS_HALL:
        if cost:
            took = say(
                "Pseudo takes {gains}, paying {cost}.", gains=gained(gains), cost=gained(cost)
            )
        else:
            took = say("Pseudo takes {gains}.", gains=gained(gains))
        turn.facts.append(took)
    gain(st, gains, turn, space.label)
    if space.id == CASTLE:
        st.marker = "pseudo"
        turn.facts.append(say("Pseudo takes the first-player marker."))
    if space.id == BUILDERS_HALL:
        slot = hall_choice(st)
        if slot is not None:
            take_building(st, slot, "pseudo", turn.facts)
    if space.id in HARBOR:
        turn.insert(DrawIntrigue(why=space.label))
    if st.owner(space.id) == "you":
        turn.facts.append(owner_reward(space))


def owner_reward(space: Space) -> str:
    """Your owner reward when Pseudo visits your building."""
    reward: str = gained(space.owner_gets)
    if space.owner_one_of:
        if len(space.owner_one_of) == 2:
            a, b = space.owner_one_of
            key = "You own {space}: take your owner reward, {a} or {b}."
            return say(key, space=space.name, a=a, b=b)
        reward = " or ".join(space.owner_one_of)
        return f"You own {space.name}: take your owner reward, {reward}."
    if space.owner_choose is not None:
        reward = f"{space.owner_choose.count} adventurer of your choice"
    return say(
        "You own {space}: take your owner reward, {reward}.", space=space.name, reward=reward
    )


def owner_reward_to_pseudo(st: WaterdeepState, space: Space, turn: Turn[Any]) -> None:
    """The player used Pseudo's building: he takes the owner reward (choices by 7B/7C)."""
    gains = dict(space.owner_gets)
    wanted = looking_for(st)
    options = space.owner_one_of or (space.owner_choose.options if space.owner_choose else [])
    if options:
        cube = pick_cube(options, wanted)
        gains[cube] = gains.get(cube, 0) + 1
    turn.facts.append(
        say(
            "Pseudo owns {space}: he takes {gains} (owner reward).",
            space=space.name,
            gains=gained(gains),
        )
    )
    gain(st, gains, turn, say("owner of {building}", building=space.name))


def you_visit(st: WaterdeepState, space: Space, building: str | None, turn: Turn[Any]) -> None:
    """Your agent lands on `space` (on your turn or from the Harbor)."""
    st.occupied[space.id] = "you"
    turn.facts.append(say("Your agent is on {space}.", space=space.label))
    if space.id == BUILDERS_HALL:
        if building is None:
            raise InputError(
                say(
                    "Builder's Hall: name the building you bought: "
                    f"`{Place.line(space='…', building='…')}`."
                )
            )
        needle = building.strip().lower()
        data = waterdeep_data()
        slot = next(
            (h for h in st.hall if needle in data.space(h.building).name.lower()),
            None,
        )
        if slot is None:
            names = ", ".join(data.space(h.building).name for h in st.hall)
            raise InputError(say("Builder's Hall holds {names}.", names=names))
        take_building(st, slot, "you", turn.facts)
    elif building is not None:
        raise InputError(say("`building:` is only for Builder's Hall."))
    if space.id == CASTLE:
        st.marker = "you"
        turn.facts.append(say("You take the first-player marker."))
    for b in st.in_play:
        if b.building == space.id and b.pile:
            b.pile = {}
    if st.owner(space.id) == "pseudo":
        owner_reward_to_pseudo(st, space, turn)
