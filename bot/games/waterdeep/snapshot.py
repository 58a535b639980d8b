"""What the board picture shows, as plain data (the drawer in pictures.py turns it into a PNG
off the event loop), and when a reply brings it: on `/waterdeep board`, at the start, and
whenever the board changed beyond an agent placed (buildings in play and their owners, the
buildings for sale, Pseudo's quests taken or completed, the VP, the end of the rounds)."""

from __future__ import annotations

from typing import Any

from bot.core.game import Picture
from bot.core.said import stored
from bot.games.waterdeep.data import RESOURCES, waterdeep_data
from bot.games.waterdeep.mat import gained
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.state import WaterdeepState

KIND = "waterdeep_board"


def picture(st: WaterdeepState) -> Picture:
    data = waterdeep_data()

    def space(space_id: str, **more: Any) -> dict[str, Any]:
        return {
            "name": data.space(space_id).label,
            "agent": st.occupied.get(space_id),
            "last": st.last == space_id,
            **more,
        }

    def quest(quest_id: str) -> dict[str, Any]:
        q = data.quest(quest_id)
        return {"name": q.name, "type": q.type, "vp": int(q.reward.get("vp", 0))}

    result = st.result or {}
    categories = result.get("categories") or {}
    track = categories.get("score track")
    return Picture(
        kind=KIND,
        data={
            "round": st.round,
            "rounds": data.rounds,
            "over": st.phase != "play",
            "spaces": [space(s.id) for s in data.spaces],
            "buildings": [
                space(b.building, owner=b.owner, pile=stored(gained(b.pile)) if b.pile else "")
                for b in st.in_play
            ],
            "hall": [{"name": data.space(h.building).name, "vp": h.vp} for h in st.hall],
            "quests": [quest(q) for q in st.quests],
            "completed": [quest(q) for q in st.completed],
            # messages in their stored form (JSON data), said where the picture is drawn
            "tavern": stored(gained({r: st.tavern[r] for r in RESOURCES})),
            "pseudo_vp": st.pseudo_vp,
            "subtract": HOUSE_RULES.value(st.options, "pseudo_vp") == "subtract",
            "ledger": {k: v for k, v in st.ledger.items() if v},
            "track": track if isinstance(track, int) else None,
            "score": result.get("score") if isinstance(result.get("score"), int) else None,
        },
    )


def board_key(st: WaterdeepState) -> tuple[Any, ...]:
    """What changes the picture beyond agents placed: a reply brings it when this changed."""
    return (
        [(b.building, b.owner) for b in st.in_play],
        [h.building for h in st.hall],
        list(st.quests),
        list(st.completed),
        st.pseudo_vp,
        dict(st.ledger),
        st.phase,
    )
