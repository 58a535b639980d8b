"""D3/D4: Pseudo completes the quests his tavern covers and takes their rewards."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask, Turn
from bot.core.said import say
from bot.games.waterdeep.data import RESOURCES, waterdeep_data
from bot.games.waterdeep.mat import (
    BUILDINGS_WHY,
    gained,
    give_player_quest,
    ongoing,
    refill_quests,
    score_pseudo,
)
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.state import DrawIntrigue, InPlay, WaterdeepState
from bot.games.waterdeep.visits import take_building


def complete(st: WaterdeepState, turn: Turn[Any]) -> Ask | None:
    """D3: the highest-priority quest his tavern covers (mandatory ones first and blocking)."""
    data = waterdeep_data()
    for _ in range(len(st.quests)):
        held = [q for q in st.quests if data.quest(q).mandatory] or list(st.quests)
        quest = next((q for q in held if st.tavern.can_pay(data.quest(q).requires)), None)
        if quest is None:
            break
        q = data.quest(quest)
        st.tavern.pay(q.requires)
        st.quests.remove(quest)
        st.completed.append(quest)
        turn.facts.append(
            say(
                "Pseudo completes **{quest}**, paying {cost} (D3).",
                quest=q.name,
                cost=gained(q.requires),
            )
        )
        if "Lieutenant" in q.ongoing_effect:
            st.lieutenant.append("pseudo")
            turn.facts.append(say("Pseudo gains the Lieutenant: one agent more each round."))
        reward(st, quest, turn)
        if HOUSE_RULES.value(st.options, "pseudo_completes") == "one":
            break
    refill_quests(st, turn.facts)
    return None


def reward(st: WaterdeepState, quest: str, turn: Turn[Any]) -> None:
    """D4: Pseudo's quest reward."""
    data = waterdeep_data()
    q = data.quest(quest)
    score_pseudo(st, int(q.reward.get("vp", 0)), q.name, turn.facts)
    for bonus in ongoing(st, rf"\+(\d+) VP whenever you complete an? {q.type} quest"):
        score_pseudo(st, bonus, say("plot quest: {kind} completed", kind=q.type), turn.facts)
    if HOUSE_RULES.value(st.options, "pseudo_rewards") == "vp_only":
        return
    gains = {k: int(v) for k, v in q.reward.items() if k in RESOURCES}
    if gains:
        for r, n in gains.items():
            st.tavern.add(r, n)
        turn.facts.append(say("His reward: {gains}.", gains=gained(gains)))
    for _ in range(int(q.reward.get("intrigue", 0))):
        turn.insert(DrawIntrigue(why=f"reward of {q.name}"))  # a step's text: said in 7F
    if q.reward.get("quest"):
        give_player_quest(st, turn.facts)
    if q.reward.get("building") == "draw_top_of_building_stack_free" and st.buildings.draw_pile:
        top = data.buildings[st.buildings.draw()].id
        pile = dict(data.space(top).accumulates)
        st.in_play.append(InPlay(building=top, owner="pseudo", pile=pile))
        name = data.space(top).name
        turn.facts.append(say("He takes the top building of the stack: {building}.", building=name))
    elif q.reward.get("building") and st.hall:
        slot = max(st.hall, key=lambda h: (h.vp, -st.hall.index(h)))
        take_building(st, slot, "pseudo", turn.facts, free=True)
    special = str(q.reward.get("special", ""))
    if special.startswith("choose an opponent; that opponent takes 4 gold"):
        turn.facts.append(say("You take 4 gold (his reward names you, the only opponent)."))
    elif special.startswith("score +2 VP per building you control"):
        owned = sum(b.owner == "pseudo" for b in st.in_play)
        score_pseudo(st, 2 * owned, say(BUILDINGS_WHY, quest=q.name, b=owned), turn.facts)
    elif special.startswith("immediately play an intrigue card"):
        turn.insert(DrawIntrigue(why=f"reward of {q.name}"))
    elif special:
        turn.facts.append(  # the card's own words, as printed
            say("{quest}: '{special}' does nothing for Pseudo.", quest=q.name, special=special)
        )
