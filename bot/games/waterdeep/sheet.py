"""The finished game's score sheet, both sides. Rule 8 scores your leftover adventurers and gold
and takes 5 VP for each uncompleted quest; your Lord bonus came during play (D6). Pseudo has
no score marker (rule 3): the VP he would score are his column, and they count against you
(D5), so the margin is your score in rule 9's sense ("above zero" wins)."""

from __future__ import annotations

from typing import Any

from bot.core.scoresheet import FinalSheet, Row, tie_rule
from bot.games.waterdeep.data import waterdeep_data
from bot.games.waterdeep.end import GAME, LEFTOVERS, OPPONENT
from bot.games.waterdeep.mat import INTRIGUE_VP, LORD_VP
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.state import WaterdeepState

# the stored categories (end.py) → the sheet's rows of your side
YOURS = {
    "score track": "Score track",
    LORD_VP: "Lord bonus",
    "Lord bonus (at the end)": "Lord bonus",
    INTRIGUE_VP: "Pseudo's intrigue cards (7F)",
    "adventurers": "Adventurers left (1 VP each)",
    "gold": "Gold left (1 VP per 2)",
    "uncompleted quests": "Uncompleted quests (−5 VP each)",
}


def final_sheet(st: WaterdeepState) -> FinalSheet | None:
    result = st.result
    if st.phase != "finished" or result is None:
        return None
    categories: dict[str, int] = dict(result.get("categories") or {})
    counts = HOUSE_RULES.value(st.options, "pseudo_vp") != "ignore"
    yours = [
        Row(name, player=categories[key], skips="opponent")
        for key, name in YOURS.items()
        if key in categories
    ]
    if counts:
        his = [Row("Pseudo's VP (D5)", opponent=st.pseudo_vp, skips="player"), *_pseudo(st)]
    else:
        his = [Row("Pseudo's VP (D5)", skips="both")]
    rows = [*yours[:1], *his, *yours[1:]]
    if LEFTOVERS in categories:
        rows.append(Row(LEFTOVERS, opponent=-categories[LEFTOVERS], skips="player"))
    mine = sum(points for key, points in categories.items() if key in YOURS)
    notes = ["Pseudo has no score marker (rule 3): his VP count against you (D5)."]
    if not counts:
        notes = ["Pseudo's VP count for nothing (D5, changed): your score is against zero."]
    return FinalSheet(
        sides=("You", OPPONENT),
        rows=rows,
        totals=(mine, mine - int(result["score"])),
        tie=tie_rule(GAME, OPPONENT),
        notes=notes,
    )


def _pseudo(st: WaterdeepState) -> list[Row]:
    """Pseudo's VP: his completed quests' printed VP, and the rest (buildings' VP tokens,
    plot quests, rewards of the spaces)."""
    data = waterdeep_data()
    quests = sum(int(_vp(data.quest(q).reward)) for q in st.completed)
    rows = [Row("Quests completed", opponent=quests, detail=True)]
    if st.pseudo_vp != quests:
        other = st.pseudo_vp - quests
        rows.append(Row("Buildings, plot quests and rewards", opponent=other, detail=True))
    return rows


def _vp(reward: dict[str, Any]) -> int:
    return int(reward.get("vp", 0) or 0)
