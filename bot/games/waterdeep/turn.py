"""A round against Pseudo as an agenda: his placements, his intrigue (7F), his quests (D3),
the Harbor at round end (D10) and the next round's set-up."""

from __future__ import annotations

import re
from typing import Any

from bot.core import agenda
from bot.core.agenda import Ask, Choice, Inputs, Turn
from bot.core.errors import InputError, RuleError
from bot.core.priority import ask_for
from bot.games.waterdeep.board import cost_of, find_space, pick_cube, yields
from bot.games.waterdeep.choices import placements
from bot.games.waterdeep.data import (
    BUILDERS_HALL,
    CASTLE,
    CUBES,
    HARBOR,
    RESOURCES,
    Space,
    waterdeep_data,
)
from bot.games.waterdeep.lookup import find_intrigue
from bot.games.waterdeep.script import decide, hall_choice, looking_for
from bot.games.waterdeep.state import (
    CompleteQuests,
    DrawIntrigue,
    EndRound,
    HallSlot,
    InPlay,
    PseudoPlace,
    Reassign,
    WaterdeepState,
    Who,
)

PSEUDO_VP = "Pseudo's VP (D5)"
INTRIGUE_VP = "Pseudo's intrigue (7F)"
LORD_VP = "Lord bonus (D6)"


def other(who: Who) -> Who:
    return "you" if who == "pseudo" else "pseudo"


def amounts(gains: dict[str, int]) -> str:
    order = [*RESOURCES, "intrigue", "quest", "vp"]
    shown = [f"{gains[k]} {k}" for k in order if gains.get(k)]
    return ", ".join(shown) or "nothing"


# ---------------------------------------------------------------- scoring and quests
def score_pseudo(st: WaterdeepState, points: int, why: str, facts: list[str]) -> None:
    if points <= 0:
        return
    st.pseudo_vp += points
    if st.options.get("pseudo_vp") == "ignore":
        facts.append(f"Pseudo scores {points} VP ({why}); they count for nothing (D5).")
        return
    st.ledger[PSEUDO_VP] = st.ledger.get(PSEUDO_VP, 0) - points
    facts.append(f"Pseudo scores {points} VP ({why}): −{points} for you (D5).")


def ongoing(st: WaterdeepState, pattern: str) -> list[int]:
    """The VP of Pseudo's completed plot quests whose ongoing effect matches."""
    data = waterdeep_data()
    found = []
    for quest in st.completed:
        match = re.fullmatch(pattern, data.quest(quest).ongoing_effect)
        if match:
            found.append(int(match.group(1)))
    return found


def give_player_quest(st: WaterdeepState, facts: list[str]) -> None:
    """7E: instead of taking a quest, Pseudo gives one to the player."""
    lord = waterdeep_data().lord(st.lord)
    if not lord.quest_types:
        if st.options.get("larissa_quests") == "none":
            facts.append("7E: Pseudo would give you a quest; with Larissa Neathal, none (D14).")
        else:
            facts.append("7E: draw the top quest and keep it as an uncompleted quest (D14).")
        return
    kinds = " or ".join(lord.quest_types)
    facts.append(
        f"7E: Pseudo gives you a quest: draw quests until one is not {kinds}; keep it as an "
        "uncompleted quest and discard the others."
    )


def draw_quest(st: WaterdeepState) -> str:
    data = waterdeep_data()
    for _ in range(len(data.quests) + 1):
        quest = data.quests[st.quest_deck.draw()].id
        if quest not in st.your_quests and quest not in st.quests:
            return quest
    raise RuleError("The quest deck is empty.")


def refill_quests(st: WaterdeepState, facts: list[str]) -> None:
    """Rule 6: Pseudo always holds two non-mandatory quests; a new one goes to the bottom."""
    data = waterdeep_data()
    while sum(not data.quest(q).mandatory for q in st.quests) < 2:
        quest = draw_quest(st)
        st.quests.append(quest)
        st.last_drawn = quest
        facts.append(f"Pseudo draws a new quest: {describe_quest(quest)}.")


def describe_quest(quest: str) -> str:
    q = waterdeep_data().quest(quest)
    need = ", ".join(f"{v} {k}" for k, v in q.requires.items())
    mark = " (uncertain data)" if q.uncertain else ""
    return f"{q.name} ({q.type}; needs {need}; {q.reward.get('vp', 0)} VP){mark}"


# ---------------------------------------------------------------- buildings
def refill_hall(st: WaterdeepState, position: int, facts: list[str]) -> None:
    if not st.buildings.draw_pile:
        facts.append("The building stack is empty: Builder's Hall is not refilled.")
        st.hall.pop(position)
        return
    new = waterdeep_data().buildings[st.buildings.draw()].id
    st.hall[position] = HallSlot(building=new)
    facts.append(f"Builder's Hall: put {waterdeep_data().space(new).name} in the empty place.")


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
            facts.append(f"Pseudo takes {building.name} ({slot.vp} VP tokens).")
        else:
            facts.append(
                f"Pseudo buys {building.name} for {building.cost} gold ({slot.vp} VP tokens)."
            )
        score_pseudo(st, slot.vp, f"VP tokens on {building.name}", facts)
        for bonus in ongoing(st, r"\+(\d+) VP whenever you buy a building"):
            score_pseudo(st, bonus, "plot quest: buying a building", facts)
    else:
        facts.append(f"You buy {building.name}: score its {slot.vp} VP tokens on your track.")
        if waterdeep_data().lord(st.lord).id == "larissa_neathal" and lord_as_earned(st):
            st.ledger[LORD_VP] = st.ledger.get(LORD_VP, 0) + 6
            facts.append("Larissa Neathal: +6 VP for the building (D6).")
    st.in_play.append(InPlay(building=building.id, owner=who, pile=dict(building.accumulates)))
    refill_hall(st, position, facts)


def lord_as_earned(st: WaterdeepState) -> bool:
    return st.options.get("lord_bonus", "as_earned") == "as_earned"


# ---------------------------------------------------------------- visiting a space
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
        turn.facts.append(f"His plot quests add {amounts(extra)}.")
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
    shown = amounts(gains)
    paid = f", paying {amounts(cost)}" if cost else ""
    if space.id not in HARBOR and space.id != BUILDERS_HALL:
        turn.facts.append(f"Pseudo takes {shown}{paid}.")
    gain(st, gains, turn, space.label)
    if space.id == CASTLE:
        st.marker = "pseudo"
        turn.facts.append("Pseudo takes the first-player marker.")
    if space.id == BUILDERS_HALL:
        slot = hall_choice(st)
        if slot is not None:
            take_building(st, slot, "pseudo", turn.facts)
    if space.id in HARBOR:
        turn.insert(DrawIntrigue(why=space.label))
    if st.owner(space.id) == "you":
        reward = amounts(space.owner_gets)
        if space.owner_one_of:
            reward = " or ".join(space.owner_one_of)
        if space.owner_choose is not None:
            reward = f"{space.owner_choose.count} adventurer of your choice"
        turn.facts.append(f"You own {space.name}: take your owner reward, {reward}.")


def owner_reward_to_pseudo(st: WaterdeepState, space: Space, turn: Turn[Any]) -> None:
    """The player used Pseudo's building: he takes the owner reward (choices by 7B/7C)."""
    gains = dict(space.owner_gets)
    wanted = looking_for(st)
    options = space.owner_one_of or (space.owner_choose.options if space.owner_choose else [])
    if options:
        cube = pick_cube(options, wanted)
        gains[cube] = gains.get(cube, 0) + 1
    turn.facts.append(f"Pseudo owns {space.name}: he takes {amounts(gains)} (owner reward).")
    gain(st, gains, turn, f"owner of {space.name}")


def you_visit(st: WaterdeepState, space: Space, building: str | None, turn: Turn[Any]) -> None:
    """Your agent lands on `space` (on your turn or from the Harbor)."""
    st.occupied[space.id] = "you"
    turn.facts.append(f"Your agent is on {space.label}.")
    if space.id == BUILDERS_HALL:
        if building is None:
            raise InputError(
                "Builder's Hall: name the building you bought: "
                "`/waterdeep place space:… building:…`."
            )
        needle = building.strip().lower()
        data = waterdeep_data()
        slot = next(
            (h for h in st.hall if needle in data.space(h.building).name.lower()),
            None,
        )
        if slot is None:
            names = ", ".join(data.space(h.building).name for h in st.hall)
            raise InputError(f"Builder's Hall holds {names}.")
        take_building(st, slot, "you", turn.facts)
    elif building is not None:
        raise InputError("`building:` is only for Builder's Hall.")
    if space.id == CASTLE:
        st.marker = "you"
        turn.facts.append("You take the first-player marker.")
    for b in st.in_play:
        if b.building == space.id and b.pile:
            b.pile = {}
    if st.owner(space.id) == "pseudo":
        owner_reward_to_pseudo(st, space, turn)


# ---------------------------------------------------------------- handlers
def place(st: WaterdeepState, turn: Turn[Any]) -> Ask | None:
    step: PseudoPlace = turn.step
    data = waterdeep_data()
    before = st.model_dump_json(exclude={"checkpoint"})
    wanted = None
    if step.forced is not None:
        space: Space | None = data.space(step.forced)
        trace = "you moved him there (override)"
    else:
        decision = decide(st, reassigning=step.from_harbor is not None)
        space, trace, wanted = decision.space, decision.trace, decision.wanted
        if decision.tie is not None:
            picked = turn.inputs.take("pick")
            if picked is None:
                return ask_for(
                    decision.tie,
                    prompt="7C: flip a coin or choose (D15): where does Pseudo go?",
                    command="answer",
                    option="pick",
                    label=lambda s: s.label,
                    value=lambda s: s.id,
                )
            space = next((s for s in decision.tie.tied if s.id == picked), None)
            if space is None:
                raise RuleError("That is not one of the tied spaces.")
            trace += f"; you chose {space.label}"
    st.checkpoint = before
    mover = "Pseudo reassigns his agent from the Harbor" if step.from_harbor else "Pseudo"
    if step.from_harbor:
        del st.occupied[step.from_harbor]
    else:
        st.placed["pseudo"] += 1
        st.to_move = "you"
    if space is None:
        turn.facts.append(f"{mover}: no placement. Why: {trace}.")
        return None
    st.occupied[space.id] = "pseudo"
    st.last = space.id
    turn.facts.append(f"{mover} → **{space.label}**. Why: {trace}.")
    pseudo_visits(st, space, wanted, turn)
    return None


def intrigue(st: WaterdeepState, turn: Turn[Any]) -> Ask | None:
    step: DrawIntrigue = turn.step
    data = waterdeep_data()
    if step.card is None:
        table = st.options.get("pseudo_cards") == "table"
        while True:
            if table:
                named = turn.inputs.take("intrigue")
                if named is None:
                    return Ask(
                        prompt=f"7F ({step.why}): draw the top intrigue card for Pseudo; which "
                        "is it? `/waterdeep drawn intrigue:…`",
                        command="drawn",
                        option="intrigue",
                    )
                step.card = table_card(st, str(named))
            elif not st.intrigue_deck.draw_pile and not st.intrigue_deck.discards:
                turn.facts.append(f"7F ({step.why}): the intrigue deck is empty; nothing happens.")
                return None
            else:
                step.card = st.intrigue_deck.draw()
            card = data.intrigue[step.card]
            if card.first_cube_color or card.category == "mandatory_quest":
                break
            if st.options.get("colourless_intrigue") != "redraw":
                break
            st.intrigue_deck.discard(step.card)
            step.card = None
            turn.facts.append(f"7F: Pseudo draws {card.name}, no cube colour: he draws again (D2).")
        card = data.intrigue[step.card]
        turn.facts.append(f"7F ({step.why}): Pseudo draws and plays **{card.name}**.")
        for bonus in ongoing(st, r"\+(\d+) VP whenever you play an intrigue card"):
            score_pseudo(st, bonus, "plot quest: intrigue played", turn.facts)
        if card.category == "mandatory_quest":
            turn.facts.append(
                f"He plays it on you: {describe_quest(card.id)} is your mandatory quest (D2)."
            )
            return None
        if card.first_cube_color is None:
            st.intrigue_deck.discard(step.card)
            turn.facts.append("It names no cube colour: discarded without effect (D2).")
            return None
        st.tavern.add(card.first_cube_color)
        turn.facts.append(f"Pseudo gains 1 {card.first_cube_color}.")
    card = data.intrigue[step.card]
    colour = card.first_cube_color
    assert colour is not None
    answer = turn.inputs.take("pick")
    if answer is None:
        return Ask(
            prompt=f"7F: you lose 1 {colour}; if you have none, you lose 2 VP. Do you have one?",
            command="answer",
            option="pick",
            choices=[
                Choice(label=f"I return 1 {colour}", value="returned"),
                Choice(label=f"No {colour}: −2 VP", value="none"),
            ],
        )
    if answer == "none":
        st.ledger[INTRIGUE_VP] = st.ledger.get(INTRIGUE_VP, 0) - 2
        turn.facts.append("You have no " + colour + ": −2 VP (7F).")
    elif answer == "returned":
        turn.facts.append(f"You return 1 {colour} to the supply (7F).")
    else:
        raise RuleError(
            "Answer `/waterdeep answer pick:returned` or `/waterdeep answer pick:none`."
        )
    st.intrigue_deck.discard(step.card)
    return None


def table_card(st: WaterdeepState, name: str) -> int:
    """The intrigue card you drew for Pseudo from the real pile (one copy leaves the bot's
    deck, so its own draws stay consistent)."""
    card = find_intrigue(name)
    kind = waterdeep_data().intrigue.index(card)
    if kind in st.intrigue_deck.draw_pile:
        st.intrigue_deck.draw_specific(kind)
    return kind


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
        turn.facts.append(f"Pseudo completes **{q.name}**, paying {amounts(q.requires)} (D3).")
        if "Lieutenant" in q.ongoing_effect:
            st.lieutenant.append("pseudo")
            turn.facts.append("Pseudo gains the Lieutenant: one agent more each round.")
        reward(st, quest, turn)
        if st.options.get("pseudo_completes", "one") == "one":
            break
    refill_quests(st, turn.facts)
    return None


def reward(st: WaterdeepState, quest: str, turn: Turn[Any]) -> None:
    """D4: Pseudo's quest reward."""
    data = waterdeep_data()
    q = data.quest(quest)
    score_pseudo(st, int(q.reward.get("vp", 0)), q.name, turn.facts)
    for bonus in ongoing(st, rf"\+(\d+) VP whenever you complete an? {q.type} quest"):
        score_pseudo(st, bonus, f"plot quest: {q.type} completed", turn.facts)
    if st.options.get("pseudo_rewards") == "vp_only":
        return
    gains = {k: int(v) for k, v in q.reward.items() if k in RESOURCES}
    if gains:
        for r, n in gains.items():
            st.tavern.add(r, n)
        turn.facts.append(f"His reward: {amounts(gains)}.")
    for _ in range(int(q.reward.get("intrigue", 0))):
        turn.insert(DrawIntrigue(why=f"reward of {q.name}"))
    if q.reward.get("quest"):
        give_player_quest(st, turn.facts)
    if q.reward.get("building") == "draw_top_of_building_stack_free" and st.buildings.draw_pile:
        top = data.buildings[st.buildings.draw()].id
        pile = dict(data.space(top).accumulates)
        st.in_play.append(InPlay(building=top, owner="pseudo", pile=pile))
        turn.facts.append(f"He takes the top building of the stack: {data.space(top).name}.")
    elif q.reward.get("building") and st.hall:
        slot = max(st.hall, key=lambda h: (h.vp, -st.hall.index(h)))
        take_building(st, slot, "pseudo", turn.facts, free=True)
    special = str(q.reward.get("special", ""))
    if special.startswith("choose an opponent; that opponent takes 4 gold"):
        turn.facts.append("You take 4 gold (his reward names you, the only opponent).")
    elif special.startswith("score +2 VP per building you control"):
        owned = sum(b.owner == "pseudo" for b in st.in_play)
        score_pseudo(st, 2 * owned, f"{q.name}: {owned} buildings", turn.facts)
    elif special.startswith("immediately play an intrigue card"):
        turn.insert(DrawIntrigue(why=f"reward of {q.name}"))
    elif special:
        turn.facts.append(f"{q.name}: '{special}' does nothing for Pseudo.")


def reassign(st: WaterdeepState, turn: Turn[Any]) -> Ask | None:
    step: Reassign = turn.step
    who = st.occupied.get(step.slot)
    label = waterdeep_data().space(step.slot).label
    if who == "pseudo":
        if st.options.get("harbor") == "stay":
            turn.facts.append(f"Pseudo's agent stays on {label} (D10).")
            return None
        turn.insert(PseudoPlace(from_harbor=step.slot), CompleteQuests())
        return None
    if who == "you":
        text = turn.inputs.take("space")
        if text is None:
            return Ask(
                prompt=f"End of round: reassign your agent from {label}: "
                "`/waterdeep place space:…`.",
                command="place",
                option="space",
                choices=placements(st, reassigning=True),
            )
        space = find_space(st, str(text))
        if space.id in st.occupied or space.id in HARBOR:
            raise RuleError(f"{space.label} is not free for a reassigned agent.")
        del st.occupied[step.slot]
        you_visit(st, space, turn.inputs.take("building"), turn)
    return None


def end_round(st: WaterdeepState, turn: Turn[Any]) -> Ask | None:
    data = waterdeep_data()
    turn.facts.append(f"End of round {st.round}: all agents return.")
    st.occupied.clear()
    st.placed = {"pseudo": 0, "you": 0}
    st.last = None
    st.round += 1
    if st.round > data.rounds:
        st.phase = "final"
        st.agenda.clear()
        turn.facts.append(
            "The game is over. Score your leftovers: `/waterdeep final track:… adventurers:… "
            "gold:… quests:…` (the VP on your score track, the adventurers in your tavern, your "
            "gold, your uncompleted quests)."
        )
        return None
    start_round(st, turn.facts)
    return None


def start_round(st: WaterdeepState, facts: list[str]) -> None:
    data = waterdeep_data()
    for slot in st.hall:
        slot.vp += 1
    for b in st.in_play:
        for k, v in data.space(b.building).accumulates.items():
            b.pile[k] = b.pile.get(k, 0) + v
    for quest in st.completed:
        if data.quest(quest).ongoing_effect.startswith("at the start of each round take 1"):
            cube = pick_cube(list(CUBES), looking_for(st))
            st.tavern.add(cube)
            facts.append(f"{data.quest(quest).name}: Pseudo takes 1 {cube} (D4).")
    st.to_move = st.marker
    first = "Pseudo goes" if st.marker == "pseudo" else "You go"
    extra = " Each of you takes a fifth agent." if st.round == 5 else ""
    facts.append(
        f"Round {st.round}: {first} first; 1 VP token on each building in Builder's Hall.{extra}"
    )


HANDLERS = {
    "place": place,
    "intrigue": intrigue,
    "complete": complete,
    "reassign": reassign,
    "end_round": end_round,
}


def next_mover(st: WaterdeepState) -> Who | None:
    for who in (st.to_move, other(st.to_move)):
        if st.left(who) > 0:
            return who
    return None


def advance(st: WaterdeepState, inputs: Inputs, facts: list[str]) -> None:
    """Run Pseudo's steps until the game waits on you (your turn, a question, the end)."""
    for _ in range(200):
        if agenda.run(st.agenda, st, HANDLERS, inputs, facts) is not None:
            return
        if st.phase != "play":
            return
        mover = next_mover(st)
        if mover == "you":
            st.to_move = "you"
            return
        if mover == "pseudo":
            st.agenda.extend([PseudoPlace(), CompleteQuests()])
            continue
        harbor = [Reassign(slot=h) for h in HARBOR if h in st.occupied]
        st.agenda.extend([*harbor, EndRound()])
    raise RuleError("The round does not come to an end; please report it.")
