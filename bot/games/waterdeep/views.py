"""What the board and Pseudo's mat look like at a glance (`/waterdeep board`, the status)."""

from __future__ import annotations

from typing import Any

from bot.games.waterdeep.data import RESOURCES, waterdeep_data
from bot.games.waterdeep.mat import amounts
from bot.games.waterdeep.plan import summary as plan_summary
from bot.games.waterdeep.state import WaterdeepState


def summary(st: WaterdeepState) -> dict[str, Any]:
    data = waterdeep_data()
    return {
        "phase": st.phase,
        "round": st.round,
        "to_move": st.to_move,
        "placed": dict(st.placed),
        "marker": st.marker,
        "pseudo_quests": [data.quest(q).name for q in st.quests],
        "pseudo_completed": [data.quest(q).name for q in st.completed],
        "tavern": {r: st.tavern[r] for r in RESOURCES},
        "pseudo_vp": st.pseudo_vp,
        "occupied": dict(st.occupied),
        "hall": [{data.space(h.building).name: h.vp} for h in st.hall],
        "in_play": {data.space(b.building).name: b.owner for b in st.in_play},
        "ledger": dict(st.ledger),
        "asking": st.agenda.ask.option if st.agenda.ask else None,
        "remembered": {name: fact.value for name, fact in st.table.facts.items()},
        "result": st.result,
        "owed": [str(data.intrigue[k].first_cube_color) for k in st.owed],
        "elsewhere": st.elsewhere,
        "plan": plan_summary(st),
    }


def board(st: WaterdeepState) -> str:
    data = waterdeep_data()
    if st.phase == "play":
        head = (
            f"Round {st.round}/8 · agents placed: Pseudo {st.placed['pseudo']}/"
            f"{st.agents('pseudo')}, you {st.placed['you']}/{st.agents('you')} · "
            "first player: " + ("Pseudo" if st.marker == "pseudo" else "you")
        )
    else:
        head = "The eight rounds are over."
    lines = [
        head,
        "Pseudo's quests (top first):",
        *(f"{i}. {quest_short(q)}" for i, q in enumerate(st.quests, 1)),
        f"Pseudo's tavern: {amounts({r: st.tavern[r] for r in RESOURCES})} · "
        f"completed {len(st.completed)} · his VP {st.pseudo_vp}",
    ]
    kept = ", ".join(f"{k} {v:+d}" for k, v in st.ledger.items() if v)
    lines.append("Your VP kept here (not on your track): " + (kept or "–"))
    mine = [data.space(s).label for s, w in st.occupied.items() if w == "you"]
    his = [data.space(s).label for s, w in st.occupied.items() if w == "pseudo"]
    lines.append(f"Your agents: {', '.join(mine) or '–'} · Pseudo's: {', '.join(his) or '–'}")
    hall = ", ".join(f"{data.space(h.building).name} {h.vp}" for h in st.hall)
    lines.append(f"Builder's Hall (VP tokens): {hall or '–'}")
    if st.in_play:
        owned = {
            who: ", ".join(data.space(b.building).name for b in st.in_play if b.owner == who)
            for who in ("you", "pseudo")
        }
        lines.append(f"Your buildings: {owned['you'] or '–'} · Pseudo's: {owned['pseudo'] or '–'}")
        lines += [
            f"{data.space(b.building).name}: pile {amounts(b.pile)}" for b in st.in_play if b.pile
        ]
    return "\n".join(lines)


def quest_short(quest: str) -> str:
    q = waterdeep_data().quest(quest)
    return f"{q.name} ({amounts(q.requires)} → {q.reward.get('vp', 0)} VP)"
