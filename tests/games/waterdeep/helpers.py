"""Constructed boards for Pseudo's rules: exactly the quests, tavern, spaces and buildings a
test names, nothing drawn."""

from __future__ import annotations

from bot.core.agenda import Inputs
from bot.core.deck import Deck
from bot.core.pool import Pool
from bot.games.waterdeep.data import waterdeep_data
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.spec import RULES
from bot.games.waterdeep.state import HallSlot, InPlay, WaterdeepState
from bot.games.waterdeep.turn import advance

EVERY_BOARD_SPACE = [s.id for s in waterdeep_data().spaces]


def intrigue_index(card: str) -> int:
    return next(i for i, c in enumerate(waterdeep_data().intrigue) if c.id == card)


def quest_index(quest: str) -> int:
    return next(i for i, q in enumerate(waterdeep_data().quests) if q.id == quest)


def board(
    quests: list[str],
    *,
    tavern: dict[str, int] | None = None,
    occupied: dict[str, str] | None = None,
    taken: list[str] = (),  # type: ignore[assignment]
    free: list[str] | None = None,
    in_play: list[tuple[str, str]] = (),  # type: ignore[assignment]
    hall: list[tuple[str, int]] | None = None,
    intrigue: list[str] = (),  # type: ignore[assignment]
    lord: str = "brianne_byndraeth",
    **options: str,
) -> WaterdeepState:
    """A state where Pseudo is to place. `taken`: spaces holding your agents; `free`: only these
    board spaces are free (the rest hold your agents)."""
    data = waterdeep_data()
    settings = {r.option: r.default for r in HOUSE_RULES} | options
    held = dict(occupied or {})
    held |= {s: "you" for s in taken}
    if free is not None:
        held |= {s: "you" for s in EVERY_BOARD_SPACE if s not in free}
    st = WaterdeepState(
        seed=1,
        options=settings,
        lord=lord,
        buildings=Deck(
            draw_pile=[
                i
                for i, b in enumerate(data.buildings)
                if b.id not in {h for h, _ in hall or []} | {p for p, _ in in_play}
            ]
        ),
        quest_deck=Deck(draw_pile=[i for i in range(60) if data.quests[i].id not in quests]),
        intrigue_deck=Deck(draw_pile=[intrigue_index(c) for c in intrigue]),
        tavern=Pool(counts={k: v for k, v in (tavern or {}).items() if v}),
        quests=list(quests),
        occupied=held,
        hall=[HallSlot(building=b, vp=vp) for b, vp in (hall or [])],
        in_play=[
            InPlay(building=b, owner=owner, pile=dict(data.space(b).accumulates))
            for b, owner in in_play
        ],
        to_move="pseudo",
    )
    return st


def pseudo_turn(st: WaterdeepState, **answers: str) -> list[str]:
    """Pseudo places one agent (and completes a quest per D3); the facts it gives."""
    facts: list[str] = []
    st.to_move = "pseudo"
    advance(st, Inputs(answers), facts)
    return facts


def act(st: WaterdeepState, command: str, **options: object) -> tuple[WaterdeepState, list[str]]:
    new, out = RULES.apply(st, {"command": command, **options})
    return new, out.facts
