"""Reading a state stored before the turn became an agenda (the module state flat on the
game, a turn as `"kind:index"` strings). Live games keep going after the upgrade: the state
is rebuilt in the new shape and the question the waiting step asks is asked again."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Step
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.steps import (
    DancerStep,
    DieStep,
    EmperorStep,
    GuestStep,
    ObjectiveStep,
    StaffStep,
)

FLAT = ("dancers", "ballrooms_full", "lounge", "vacant", "reserved", "item_pool", "items")
FLAT += ("sushi_spaces", "sushi_queue")


def is_legacy(state: dict[str, Any]) -> bool:
    return "sushi_spaces" in state or "dancers" in state


def upgrade(state: dict[str, Any]) -> dict[str, Any]:
    """The same game in the new shape (pending steps become the agenda; no question yet)."""
    old = dict(state)
    new = {k: v for k, v in old.items() if k not in FLAT}
    new["ballrooms"] = {"dancers": old.get("dancers", [0, 0, 0, 0])}
    new["ballrooms"]["full"] = old.get("ballrooms_full", [])
    new["celebrities"] = {"lounge": old.get("lounge"), "taken": old.get("celebrities", [])}
    entrance = old.get("entrance")
    new["hautel"] = new["stars"] = new["sushi"] = new["toll"] = None
    if entrance == "hautel_couture":
        new["hautel"] = {k: old.get(k) or {} for k in ("vacant", "items")}
        new["hautel"] |= {k: old.get(k) or [] for k in ("reserved", "item_pool")}
    elif entrance == "nine_stars_inn":
        new["stars"] = {"tokens": old.get("stars") or 0}
    elif entrance == "sushi_resort":
        new["sushi"] = {"spaces": old.get("sushi_spaces", []), "queue": old.get("sushi_queue", 0)}
    elif entrance == "toll_bridge_hotel":
        new["toll"] = {"tokens": old.get("toll") or [0] * 6}
    pending = old.get("pending")
    steps: list[Step] = []
    if pending:
        options = old["options"]
        opponent = "elisabeth" if {1, 2} & set(options.get("modules") or []) else "leopold"
        card = gah_data().decks[opponent].card(pending["card"])
        steps = [_step(s, card) for s in pending["steps"][pending.get("step", 0) :]]
        new["pending"] = {k: pending.get(k) for k in ("card", "queue_stale", "dice", "coloured")}
    new["agenda"] = {"steps": [s.model_dump() for s in steps], "ask": None}
    return new


def _step(text: str, card: Any) -> Step:
    kind, _, arg = text.partition(":")
    if kind == "guest":
        return GuestStep(index=int(arg))
    if kind == "dancer":
        return DancerStep(arrows=int(arg))
    if kind == "die":
        return DieStep()
    extra = card.extras[int(arg)]
    if extra.type == "dancer":
        return DancerStep(arrows=extra.arrows or 1, extra=True)
    if extra.type == "emperor":
        return EmperorStep(steps=extra.steps)
    if extra.type == "staff":
        return StaffStep()
    return ObjectiveStep(shown=extra.card or "?")
