"""After round 8: your leftovers, the score sheet and the verdict (rule 9)."""

from __future__ import annotations

from bot.core.errors import RuleError
from bot.core.said import listed, say
from bot.core.scoresheet import ScoreSheet, outcome, tie_rule
from bot.games.waterdeep.commands import Final
from bot.games.waterdeep.data import CUBES, waterdeep_data
from bot.games.waterdeep.mat import INTRIGUE_VP, LORD_VP, PSEUDO_VP, lord_as_earned
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.state import WaterdeepState

GAME = "waterdeep"
OPPONENT = "Pseudo"
LEFTOVERS = "Pseudo's leftovers (D13)"


def final(st: WaterdeepState, cmd: Final, facts: list[str]) -> None:
    if st.phase != "final":
        raise RuleError(f"Round {st.round} of 8 is still being played.")
    sheet = score_sheet(st, cmd)
    st.phase = "finished"
    st.agenda.clear()
    st.result = {
        "score": sheet.total,
        "categories": dict(sheet.categories),
        "outcome": outcome(sheet.total, 0, tie_rule(GAME, OPPONENT)),
    }
    verdict = "above zero: you win" if sheet.total > 0 else "not above zero: Pseudo wins"
    rows = (say(f"{name}: {{n}}", n=points) for name, points in sheet.categories.items())
    facts.append(
        say(
            f"Final score: {{sheet}} — total {{total}} — {verdict} (rule 9).",
            sheet=listed(rows, "; "),
            total=sheet.total,
        )
    )


def score_sheet(st: WaterdeepState, cmd: Final) -> ScoreSheet:
    sheet = ScoreSheet()
    data = waterdeep_data()
    sheet.add("score track", cmd.track)
    lord = data.lord(st.lord)
    if lord_as_earned(st):
        sheet.add(LORD_VP, st.ledger.get(LORD_VP, 0))
    else:
        quests = sum(data.quest(q).type in lord.quest_types for q in st.your_quests)
        owned = sum(b.owner == "you" for b in st.in_play)
        bonus = 6 * owned if not lord.quest_types else 4 * quests
        sheet.add("Lord bonus (at the end)", bonus)
    sheet.add(PSEUDO_VP, st.ledger.get(PSEUDO_VP, 0))
    sheet.add(INTRIGUE_VP, st.ledger.get(INTRIGUE_VP, 0))
    sheet.add("adventurers", cmd.adventurers)
    sheet.add("gold", cmd.gold // 2)
    sheet.add("uncompleted quests", -5 * cmd.quests)
    if HOUSE_RULES.value(st.options, "pseudo_leftovers") == "subtract":
        sheet.add(LEFTOVERS, -leftovers(st))
    return sheet


def leftovers(st: WaterdeepState) -> int:
    """Pseudo's leftover adventurers and gold, scored as a player's would be (D13)."""
    return sum(st.tavern[c] for c in CUBES) + st.tavern["gold"] // 2


def pseudo_score(st: WaterdeepState) -> int:
    """Pseudo's real score: the VP of his that counted against yours (D5: none when they are
    ignored; D13: his leftovers, when they count). Your own real score is your total plus
    these, so the margin between the two is your total, and above zero is a win (rule 9)."""
    points = -st.ledger.get(PSEUDO_VP, 0)
    if HOUSE_RULES.value(st.options, "pseudo_leftovers") == "subtract":
        points += leftovers(st)
    return points
