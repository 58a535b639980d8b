"""Intrigue and Pseudo: the cards you play that touch him, by what they ask of him
(`/waterdeep intrigue`, which autocompletes these), and the cards he draws and plays (7F)."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask, Choice, Turn
from bot.core.errors import InputError, RuleError
from bot.core.said import say
from bot.games.waterdeep.board import pick_cube
from bot.games.waterdeep.commands import Answer, Drawn, PlayIntrigue
from bot.games.waterdeep.data import CUBES, waterdeep_data
from bot.games.waterdeep.lookup import find_intrigue
from bot.games.waterdeep.mat import (
    INTRIGUE_VP,
    described,
    gained,
    give_player_quest,
    ongoing,
    score_pseudo,
    with_cube,
)
from bot.games.waterdeep.script import looking_for
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.state import LATER, DrawIntrigue, WaterdeepState
from bot.games.waterdeep.visits import Collect, gain

RETURNS = {  # attack cards: each opponent returns one; what you get for each who cannot
    "ambush": ("fighter", "take 1 fighter"),
    "arcane_mishap": ("wizard", "draw 1 intrigue card"),
    "assassination": ("rogue", "take 2 gold"),
    "lack_of_faith": ("cleric", "score 2 VP"),
}
GIFTS = {  # "1 chosen opponent takes ..."
    "conscription": {"fighter": 1},
    "crime_wave": {"rogue": 1},
    "good_faith": {"cleric": 1},
    "graduation_day": {"wizard": 1},
    "spread_the_wealth": {"gold": 2},
}
RULE5 = {  # "each opponent may give you ... to score N VP": you decide for Pseudo
    "recruit_spies": ("rogue", 1, 3),
    "request_assistance": ("fighter", 1, 3),
    "research_agreement": ("wizard", 1, 5),
    "summon_the_faithful": ("cleric", 1, 5),
    "tax_collection": ("gold", 4, 4),
}
NAME_CUBE = PlayIntrigue.line(card="…", cube="…")  # the adventurer you name
TOUCHING = ("call_for_adventurers", "free_drinks", "change_of_plans", "bidding_war")  # own rules


# ---------------------------------------------------------------- Pseudo draws and plays (7F)
def why_said(why: str) -> str:
    """What made him draw (a step's text, stored plain) as 7F's lines say it: a message, or
    the printed name of the space or card."""
    if why.startswith("reward of "):
        return say("reward of {quest}", quest=why.removeprefix("reward of "))
    if why.startswith("owner of "):
        return say("owner of {building}", building=why.removeprefix("owner of "))
    if why.startswith("plot quest: "):
        return say(why)
    return why


def pseudo_draws(st: WaterdeepState, turn: Turn[Any]) -> Ask | None:
    step: DrawIntrigue = turn.step
    data = waterdeep_data()
    if step.card is None:
        table = st.options.get("pseudo_cards") == "table"
        while True:
            if table:
                named = turn.inputs.take("intrigue")
                if named is None:
                    return Ask(
                        prompt=say(
                            "7F ({why}): draw the top intrigue card for Pseudo; which "
                            f"is it? `{Drawn.line(intrigue='…')}`",
                            why=why_said(step.why),
                        ),
                        command="drawn",
                        option="intrigue",
                    )
                step.card = table_card(st, str(named))
            elif not st.intrigue_deck.draw_pile and not st.intrigue_deck.discards:
                turn.facts.append(
                    say(
                        "7F ({why}): the intrigue deck is empty; nothing happens.",
                        why=why_said(step.why),
                    )
                )
                return None
            else:
                step.card = st.intrigue_deck.draw()
            card = data.intrigue[step.card]
            if card.first_cube_color or card.category == "mandatory_quest":
                break
            if HOUSE_RULES.value(st.options, "colourless_intrigue") != "redraw":
                break
            st.intrigue_deck.discard(step.card)
            step.card = None
            turn.facts.append(
                say("7F: Pseudo draws {card}, no cube colour: he draws again (D2).", card=card.name)
            )
        card = data.intrigue[step.card]
        turn.facts.append(
            say(
                "7F ({why}): Pseudo draws and plays **{card}**.",
                why=why_said(step.why),
                card=card.name,
            )
        )
        for bonus in ongoing(st, r"\+(\d+) VP whenever you play an intrigue card"):
            score_pseudo(st, bonus, say("plot quest: intrigue played"), turn.facts)
        if card.category == "mandatory_quest":
            turn.facts.append(
                say(
                    "He plays it on you: {quest} is your mandatory quest (D2).",
                    quest=described(card.id),
                )
            )
            return None
        if card.first_cube_color is None:
            st.intrigue_deck.discard(step.card)
            turn.facts.append(say("It names no cube colour: discarded without effect (D2)."))
            return None
        st.tavern.add(card.first_cube_color)
        turn.facts.append(with_cube("Pseudo gains 1 {cube}.", card.first_cube_color))
    card = data.intrigue[step.card]
    colour = card.first_cube_color
    assert colour is not None
    fact = f"no {colour}"  # remembered only while you have none: a return may empty it
    later = st.planning or turn.inputs.peek(LATER)  # you play by the plan, or it looks ahead
    if later and st.table.current(fact) is None:
        st.owed.append(step.card)  # the round plan: asked with the round (plan.py)
        st.intrigue_deck.discard(step.card)
        turn.facts.append(
            with_cube(
                "You lose 1 {cube}, or 2 VP if you have none: tell me with the round.", colour
            )
        )
        return None
    typed = turn.inputs.has("pick")
    answer = st.table.take(turn.inputs, fact, option="pick")  # "Unchanged": still none
    if answer is not None and not typed:  # you said so since your last turn: still none
        turn.facts.append(with_cube("You said you have no {cube} since your last turn.", colour))
    if answer is None:
        return st.table.ask(
            fact,
            prompt=with_cube(
                "7F: you lose 1 {cube}; if you have none, you lose 2 VP. Do you have one?", colour
            ),
            command="answer",
            option="pick",
            choices=[
                Choice(label=with_cube("I return 1 {cube}", colour), value="returned"),
                Choice(label=with_cube("No {cube}: −2 VP", colour), value="none"),
            ],
        )
    if answer == "none":
        st.ledger[INTRIGUE_VP] = st.ledger.get(INTRIGUE_VP, 0) - 2
        turn.facts.append(with_cube("You have no {cube}: −2 VP (7F).", colour))
    elif answer == "returned":
        st.table.forget(fact)
        turn.facts.append(with_cube("You return 1 {cube} to the supply (7F).", colour))
    else:
        raise RuleError(f"Answer `{Answer.line(pick='returned')}` or `{Answer.line(pick='none')}`.")
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


# ---------------------------------------------------------------- you play a card on him
def played_on_pseudo(st: WaterdeepState, cmd: PlayIntrigue, collect: Collect) -> None:
    """What your card does to Pseudo's mat; steps it adds (his 7F draws) go to `collect`."""
    facts = collect.facts
    card = find_intrigue(cmd.card)
    if card.category == "mandatory_quest":
        st.quests.insert(0, card.id)
        facts.append(
            say("Pseudo takes {quest} on top of his quests (rule 6).", quest=described(card.id))
        )
    elif card.id in RETURNS:
        cube, instead = RETURNS[card.id]
        if st.tavern[cube]:
            st.tavern.take(cube)
            facts.append(with_cube("Pseudo returns 1 {cube}.", cube))
        else:
            facts.append(with_cube(f"Pseudo has no {{cube}}: {instead}.", cube))
    elif card.id in GIFTS:
        gain(st, GIFTS[card.id], collect, card.name)  # type: ignore[arg-type]
        facts.append(say("You choose Pseudo: he takes {gains}.", gains=gained(GIFTS[card.id])))
    elif card.id == "call_for_adventurers":
        cube = pseudo_picks(st, cmd)
        gain(st, {cube: 1}, collect, card.name)  # type: ignore[arg-type]
        facts.append(with_cube("Pseudo takes 1 {cube} (D11).", cube))
    elif card.id == "free_drinks":
        if cmd.cube is None:
            raise InputError(f"Free Drinks!: name the adventurer you take: `{NAME_CUBE}`.")
        st.tavern.take(cmd.cube)
        facts.append(say("You take 1 {cube} from Pseudo's tavern.", cube=cmd.cube))
    elif card.id in RULE5:
        what, count, vp = RULE5[card.id]
        if cmd.give is None:
            raise InputError(
                f"{card.name}: does Pseudo give you {count} {what}? "
                f"`{PlayIntrigue.line(card='…', give='yes')}` or `give:no`."
            )
        if cmd.give == "yes":
            st.tavern.take(what, count)
            amount = f"{count} {what}"  # `1 rogue`, as the catalog says it
            facts.append(
                say("Pseudo gives you {amount}: score {vp} VP (rule 5).", amount=amount, vp=vp)
            )
        else:
            facts.append(say("Pseudo gives you nothing (rule 5, your choice)."))
    elif card.id == "change_of_plans":
        facts.append(say("Pseudo discards no quest (D11)."))
    elif card.id == "bidding_war":
        give_player_quest(st, facts)
    else:
        facts.append(say("{card} does not touch Pseudo's mat.", card=card.name))


def pseudo_picks(st: WaterdeepState, cmd: PlayIntrigue) -> str:
    if HOUSE_RULES.value(st.options, "pseudo_choices") == "you":
        if cmd.cube is None:
            raise InputError(f"You decide Pseudo's adventurer (D11): `{NAME_CUBE}`.")
        return cmd.cube
    wanted = looking_for(st)
    return pick_cube(list(CUBES), wanted)
