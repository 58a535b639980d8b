"""What the board and Pseudo's mat look like at a glance (`/waterdeep board`, the status)."""

from __future__ import annotations

from typing import Any

from bot.core.said import Said, listed, name, say
from bot.games.waterdeep.data import RESOURCES, waterdeep_data
from bot.games.waterdeep.mat import gained
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
    """The board in text, built as messages (bot/core/said.py): the printed names (quests,
    buildings, action spaces) as our data spells them, the rest said in the reader's language."""
    data = waterdeep_data()
    if st.phase == "play":
        first = "Pseudo" if st.marker == "pseudo" else "you"
        head = say(
            "Round {n}/8 · agents placed: Pseudo {p}/{pa}, you {y}/{ya} · first player: " + first,
            n=st.round,
            p=st.placed["pseudo"],
            pa=st.agents("pseudo"),
            y=st.placed["you"],
            ya=st.agents("you"),
        )
    else:
        head = say("The eight rounds are over.")
    lines: list[Said] = [
        head,
        say("Pseudo's quests (top first):"),
        *(quest_line(i, q) for i, q in enumerate(st.quests, 1)),
        say(
            "Pseudo's tavern: {tavern} · completed {n} · his VP {vp}",
            tavern=gained({r: st.tavern[r] for r in RESOURCES}),
            n=len(st.completed),
            vp=st.pseudo_vp,
        ),
    ]
    kept = [say(f"{k} {{n}}", n=f"{v:+d}") for k, v in st.ledger.items() if v]
    lines.append(say("Your VP kept here (not on your track): {kept}", kept=_or(kept)))
    mine = [name(data.space(s).label) for s, w in st.occupied.items() if w == "you"]
    his = [name(data.space(s).label) for s, w in st.occupied.items() if w == "pseudo"]
    lines.append(say("Your agents: {mine} · Pseudo's: {his}", mine=_or(mine), his=_or(his)))
    hall = [
        say("{building} {vp}", building=name(data.space(h.building).name), vp=h.vp) for h in st.hall
    ]
    lines.append(say("Builder's Hall (VP tokens): {hall}", hall=_or(hall)))
    if st.in_play:
        owned = {
            who: [name(data.space(b.building).name) for b in st.in_play if b.owner == who]
            for who in ("you", "pseudo")
        }
        lines.append(
            say(
                "Your buildings: {mine} · Pseudo's: {his}",
                mine=_or(owned["you"]),
                his=_or(owned["pseudo"]),
            )
        )
        lines += [
            say(
                "{building}: pile {pile}",
                building=name(data.space(b.building).name),
                pile=gained(b.pile),
            )
            for b in st.in_play
            if b.pile
        ]
    key = "\n".join(f"{{l{i}}}" for i in range(len(lines)))
    return say(key, **{f"l{i}": line for i, line in enumerate(lines)})


def _or(items: list[Any]) -> Any:
    """A list of values, or `–` for none."""
    return listed(items) if items else "–"


def quest_line(i: int, quest: str) -> Said:
    """`1. Loot the Crypt (2 rogue, 1 gold → 4 VP)`: the quest's printed name as it is."""
    q = waterdeep_data().quest(quest)
    return say(
        "{i}. {quest} ({needs} → {vp} VP)",
        i=i,
        quest=name(q.name),
        needs=gained(q.requires),
        vp=q.reward.get("vp", 0),
    )
