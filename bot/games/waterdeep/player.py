"""Your own moves, as you report them: an agent placed, a quest completed, an intrigue card
played on Pseudo; and the corrections when the real table differs from the bot's (Pseudo's
last placement, Builder's Hall, the quest you drew for him)."""

from __future__ import annotations

from bot.core.agenda import Inputs
from bot.core.errors import InputError, RuleError
from bot.core.said import say
from bot.core.same_opponent import FINAL
from bot.core.secrecy import is_secret
from bot.core.tokens import short
from bot.games.waterdeep.board import find_space
from bot.games.waterdeep.choices import hall_purchase
from bot.games.waterdeep.commands import Complete, Drawn, Hall, Override, Place, PlayIntrigue
from bot.games.waterdeep.data import HARBOR, waterdeep_data
from bot.games.waterdeep.intrigue import played_on_pseudo
from bot.games.waterdeep.lookup import find_quest
from bot.games.waterdeep.mat import LORD_VP, described, lord_as_earned
from bot.games.waterdeep.reporting import agents_now, harbor_ahead, until_agent
from bot.games.waterdeep.state import CHECKPOINT, PseudoPlace, WaterdeepState
from bot.games.waterdeep.turn import advance
from bot.games.waterdeep.visits import Collect, you_visit


def not_asked(st: WaterdeepState) -> None:
    if st.agenda.ask is not None:
        raise RuleError(f"First: {st.agenda.ask.text()}")


def place(st: WaterdeepState, cmd: Place, facts: list[str]) -> WaterdeepState | None:
    """Your agent (or your Harbor agent reassigned); a replacement state when he placed again."""
    where, building = hall_purchase(cmd.space, cmd.building)
    ask = st.agenda.ask
    if ask is not None and ask.command == "place":
        if cmd.card is not None:
            raise InputError("`card:` is for an agent placed in Waterdeep Harbor, not reassigned.")
        if cmd.agent is not None:
            raise InputError("`agent:` numbers your agents of the round, not one reassigned.")
        if cmd.harbor is not None:
            raise InputError("You reassign your Harbor agent now: its space is `space:`.")
        st.table.moved_on()  # your agent's action: your tavern may have changed
        advance(st, Inputs({"space": where, "building": building}), facts)
        completed_with(st, cmd, facts)
        return None
    not_asked(st)
    st.planning = st.planning or cmd.agent is not None
    earlier = cmd.agent is not None and cmd.agent <= st.placed["you"]
    if earlier and st.elsewhere <= 0:
        raise RuleError(
            f"I know where each of your agents placed this round stands; your next is agent "
            f"{st.placed['you'] + 1}: `agent:` {agents_now(st)}."
        )
    if cmd.agent is not None and not earlier:
        until_agent(st, cmd.agent, facts)  # the agents before it went as the plan shows
    if not earlier and (st.to_move != "you" or st.left("you") <= 0):
        raise RuleError("It is not your turn.")
    space = find_space(st, where)
    if earlier and space.id == st.last and CHECKPOINT.held(st):
        # the plan had that agent elsewhere and he went where it stands: he places again
        if is_secret(st.seed):  # a challenge: after what his placement did was seen
            raise RuleError(FINAL.format(option=f"place agent:{cmd.agent}"))
        before = CHECKPOINT.restore(st, "There is no placement of Pseudo's to redo now.")
        before.agenda.ask = None
        facts.append(
            say(
                "Your agent {n} stands on {space}: Pseudo places again.",
                n=cmd.agent,
                space=space.label,
            )
        )
        return place(before, cmd, facts) or before
    if space.id in st.occupied:
        who = "Pseudo's" if st.occupied[space.id] == "pseudo" else "your"
        raise RuleError(f"{space.label} already holds {who} agent.")
    collect = Collect(facts)
    you_visit(st, space, building, collect)  # type: ignore[arg-type]
    if cmd.card is not None:
        if space.id not in HARBOR:
            raise InputError("`card:` is the intrigue card you play in Waterdeep Harbor.")
        played = PlayIntrigue(command="intrigue", card=cmd.card, give=cmd.give, cube=cmd.cube)
        played_on_pseudo(st, played, collect)
    elif cmd.give is not None or cmd.cube is not None:
        raise InputError("`give:` and `cube:` go with the intrigue card you play: `card:…`.")
    completed_with(st, cmd, facts)
    if earlier:  # an agent the plan had elsewhere: now on its space, no turn passes
        st.elsewhere -= 1
    else:
        st.placed["you"] += 1
        st.to_move = "pseudo"
        st.table.moved_on()  # your turn: your tavern may have changed since you last answered
        CHECKPOINT.clear(st)  # you moved after him: his placement stands
    held = harbor_ahead(st, cmd.harbor)
    st.agenda.steps[:0] = collect.inserted
    advance(st, Inputs(held), facts, hold=bool(held))
    return None


def completed_with(st: WaterdeepState, cmd: Place, facts: list[str]) -> None:
    """`quest:` on a placement: the quest you completed in the same turn."""
    if cmd.quest is not None:
        complete(st, Complete(command="complete", quest=cmd.quest), facts)


def override(st: WaterdeepState, cmd: Override, facts: list[str]) -> WaterdeepState:
    before = CHECKPOINT.restore(st, "There is no placement of Pseudo's to move now.")
    step = before.agenda.steps[0]
    assert isinstance(step, PseudoPlace)
    space = find_space(before, cmd.space)
    if space.id in before.occupied:
        raise RuleError(f"{space.label} was not free when Pseudo placed.")
    if step.from_harbor and space.id in HARBOR:
        raise RuleError("A reassigned agent leaves the Harbor.")
    step.forced = space.id
    before.agenda.ask = None
    facts.append(
        say(
            "Override: Pseudo's agent goes to {space} instead of where I put it.", space=space.label
        )
    )
    advance(before, Inputs(), facts)
    return before


def complete(st: WaterdeepState, cmd: Complete, facts: list[str]) -> None:
    data = waterdeep_data()
    quest = find_quest(cmd.quest)
    if quest.id in st.quests:
        raise RuleError(f"{quest.name} is Pseudo's quest.")
    if quest.id in st.your_quests or quest.id in st.completed:
        raise RuleError(f"{quest.name} is already completed.")
    st.your_quests.append(quest.id)
    if not quest.mandatory:
        index = data.quests.index(quest)
        if index in st.quest_deck.draw_pile:
            st.quest_deck.draw_specific(index)
    facts.append(say("You complete {quest}: score it on your track.", quest=quest.name))
    if "Lieutenant" in quest.ongoing_effect:
        st.lieutenant.append("you")
        facts.append(say("You have the Lieutenant: one agent more each round."))
    lord = data.lord(st.lord)
    if quest.type in lord.quest_types and lord_as_earned(st):
        st.ledger[LORD_VP] = st.ledger.get(LORD_VP, 0) + 4
        facts.append(
            say("{lord}: +4 VP for your {kind} quest (D6).", lord=lord.name, kind=quest.type)
        )


def intrigue(st: WaterdeepState, cmd: PlayIntrigue, facts: list[str]) -> None:
    st.table.moved_on()  # your card may have given you adventurers
    collect = Collect(facts)
    played_on_pseudo(st, cmd, collect)
    st.agenda.steps[:0] = collect.inserted
    advance(st, Inputs(), facts)


def hall(st: WaterdeepState, cmd: Hall, facts: list[str]) -> None:
    """The table is the truth: the building the real Hall shows replaces the bot's draw."""
    data = waterdeep_data()
    needle = " ".join(cmd.building.lower().split())
    found = [b for b in data.buildings if needle in b.name.lower()]
    if len(found) != 1:
        raise InputError(f"`{short(cmd.building)}` names no single building.")
    new = data.buildings.index(found[0])
    if cmd.place > len(st.hall):
        raise RuleError(f"Builder's Hall has {len(st.hall)} places.")
    slot = st.hall[cmd.place - 1]
    if slot.building == found[0].id:
        raise RuleError(f"{found[0].name} is already there.")
    other = next((i for i, s in enumerate(st.hall) if s.building == found[0].id), None)
    if other is not None:  # it sits at another place of the Hall: the two swap
        there = st.hall[other]
        there.building, slot.building = slot.building, found[0].id
        facts.append(
            say(
                "Builder's Hall places {place} and {other} swap: {building} to place {place2}, "
                "{old} to place {other2}; the VP tokens stay on their places.",
                place=cmd.place,
                other=other + 1,
                building=found[0].name,
                place2=cmd.place,
                old=data.space(there.building).name,
                other2=other + 1,
            )
        )
        return
    if new not in st.buildings.draw_pile:
        raise RuleError(f"{found[0].name} is not in the building stack.")
    st.buildings.draw_specific(new)
    old = next(i for i, b in enumerate(data.buildings) if b.id == slot.building)
    st.buildings.put_bottom([old])
    facts.append(
        say(
            "Builder's Hall place {place}: {building} instead of {old} (back under the stack), "
            "{vp} VP tokens stay.",
            place=cmd.place,
            building=found[0].name,
            old=data.buildings[old].name,
            vp=slot.vp,
        )
    )
    slot.building = found[0].id


def drawn(st: WaterdeepState, cmd: Drawn, facts: list[str]) -> None:
    """You drew Pseudo's newest quest from the real deck: it replaces the bot's draw."""
    data = waterdeep_data()
    if cmd.quest is None:
        raise InputError(f"Name the quest card you drew for Pseudo: `{Drawn.line(quest='…')}`.")
    if st.last_drawn is None or st.last_drawn not in st.quests:
        raise RuleError(
            "Pseudo holds no quest drawn during play (his first two are start options)."
        )
    quest = find_quest(cmd.quest, mandatory=False)
    if quest.id in st.quests or quest.id in st.completed or quest.id in st.your_quests:
        raise RuleError(f"{quest.name} is already out of the deck.")
    index = data.quests.index(quest)
    if index not in st.quest_deck.draw_pile:
        raise RuleError(f"{quest.name} is not in the quest deck.")
    st.quest_deck.draw_specific(index)
    old = st.last_drawn
    st.quest_deck.put_bottom([data.quests.index(data.quest(old))])
    st.quests[st.quests.index(old)] = quest.id
    st.last_drawn = quest.id
    facts.append(
        say(
            "Pseudo's new quest is {quest}, not {old}.",
            quest=described(quest.id),
            old=data.quest(old).name,
        )
    )
