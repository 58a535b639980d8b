"""Pseudo's VP and quest pile, and the VP the bot keeps for you: what D3–D6 and 7E score."""

from __future__ import annotations

import re

from bot.core.errors import RuleError
from bot.core.said import Said, listed, say
from bot.games.waterdeep.data import RESOURCES, waterdeep_data
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.state import WaterdeepState

PSEUDO_VP = "Pseudo's VP (D5)"
INTRIGUE_VP = "Pseudo's intrigue (7F)"
LORD_VP = "Lord bonus (D6)"


def gained(gains: dict[str, int]) -> Said:
    """`2 rogue, 1 gold` (or `nothing`) as a message: each amount as the catalog says it."""
    order = [*RESOURCES, "intrigue", "quest", "vp"]
    shown = [f"{gains[k]} {k}" for k in order if gains.get(k)]
    return say("{amounts}", amounts=listed(shown)) if shown else say("nothing")


# the lines the catalog has with a rogue in them, where German declines the word (`1 Schurken`)
DECLINED = frozenset(
    {
        "Pseudo returns 1 rogue.",
        "Pseudo has no rogue: take 2 gold.",
        "Pseudo takes 1 rogue (D11).",
        "Pseudo gains 1 rogue.",
        "{quest}: Pseudo takes 1 rogue (D4).",
        "7F: you lose 1 rogue; if you have none, you lose 2 VP. Do you have one?",
        "I return 1 rogue",
        "You have no rogue: −2 VP (7F).",
        "You return 1 rogue to the supply (7F).",
        "You lose 1 rogue, or 2 VP if you have none: tell me with the round.",
        "You said you have no rogue since your last turn.",
    }
)


def with_cube(key: str, cube: str, **values: object) -> Said:
    """`key` said with its `{cube}` (an adventurer, or gold, as the catalog says the word);
    for a rogue the catalog's own line where German declines it."""
    own = key.replace("{cube}", cube)
    if own in DECLINED:
        return say(own, **values)
    return say(key, cube=say(cube), **values)  # the word from its key (`Kämpfer`)


# a reason said inside the scoring line, as the catalog has it (`… (Quest: 3 buildings): …`)
BUILDINGS_WHY = "{quest}: {b} buildings"


# ---------------------------------------------------------------- scoring and quests
def score_pseudo(st: WaterdeepState, points: int, why: str, facts: list[str]) -> None:
    """`why`: a message, or a printed name (the quest or space that scored)."""
    if points <= 0:
        return
    st.pseudo_vp += points
    head, values = "Pseudo scores {n} VP ({why})", {"why": why}
    if isinstance(why, Said) and why.key == BUILDINGS_WHY:
        head, values = f"Pseudo scores {{n}} VP ({BUILDINGS_WHY})", why.values
    if HOUSE_RULES.value(st.options, "pseudo_vp") == "ignore":
        facts.append(say(f"{head}; they count for nothing (D5).", n=points, **values))
        return
    st.ledger[PSEUDO_VP] = st.ledger.get(PSEUDO_VP, 0) - points
    facts.append(say(f"{head}: −{{m}} for you (D5).", n=points, m=points, **values))


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
        if HOUSE_RULES.value(st.options, "larissa_quests") == "none":
            facts.append(
                say("7E: Pseudo would give you a quest; with Larissa Neathal, none (D14).")
            )
        else:
            facts.append(say("7E: draw the top quest and keep it as an uncompleted quest (D14)."))
        return
    if len(lord.quest_types) != 2:  # every Lord with quest types has two
        kinds = " or ".join(lord.quest_types)
        facts.append(
            f"7E: Pseudo gives you a quest: draw quests until one is not {kinds}; keep it as an "
            "uncompleted quest and discard the others."
        )
        return
    a, b = lord.quest_types
    facts.append(
        say(
            "7E: Pseudo gives you a quest: draw quests until one is not {a} or {b}; keep it as "
            "an uncompleted quest and discard the others.",
            a=a,
            b=b,
        )
    )


def draw_quest(st: WaterdeepState) -> str:
    data = waterdeep_data()
    for _ in range(len(data.quests) + 1):
        quest = data.quests[st.quest_deck.draw()].id
        if quest not in st.your_quests and quest not in st.quests:
            return quest
    raise RuleError(say("The quest deck is empty."))


def refill_quests(st: WaterdeepState, facts: list[str]) -> None:
    """Rule 6: Pseudo always holds two non-mandatory quests; a new one goes to the bottom."""
    data = waterdeep_data()
    while sum(not data.quest(q).mandatory for q in st.quests) < 2:
        quest = draw_quest(st)
        st.quests.append(quest)
        st.last_drawn = quest
        facts.append(say("Pseudo draws a new quest: {quest}.", quest=described(quest)))


def described(quest: str) -> Said:
    """A quest as a message: its printed name, type, needs and VP (`… (uncertain data)`)."""
    q = waterdeep_data().quest(quest)
    mark = " (uncertain data)" if q.uncertain else ""
    need = listed(f"{v} {k}" for k, v in q.requires.items())
    return say(
        f"{{quest}} ({{kind}}; needs {{needs}}; {{vp}} VP){mark}",
        quest=q.name,
        kind=q.type,
        needs=need,
        vp=q.reward.get("vp", 0),
    )


def lord_as_earned(st: WaterdeepState) -> bool:
    return HOUSE_RULES.value(st.options, "lord_bonus") == "as_earned"
