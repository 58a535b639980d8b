"""The finished city's score sheet: both sides by building type as the base game scores them,
the banks good by good, the shops' corner bonus on its own row. Freddy's goods banks count
your free storage spaces; his factory bank counts his factories."""

from __future__ import annotations

from collections.abc import Callable

from bot.core.scoresheet import FinalSheet, Row, tie_rule
from bot.games.glasgow import scoring as sc
from bot.games.glasgow.state import GlasgowState
from bot.games.glasgow.turn import opponent

BANKS = {"stone": "Stone bank", "steel": "Steel bank", "gold": "Gold bank"}
BANKS |= {"factory": "Factory bank"}


def final_sheet(st: GlasgowState) -> FinalSheet | None:
    result = st.result
    if not st.finished or result is None:
        return None
    city, s = st.city, st.settings
    goods = {"you": result.your_goods, "freddy": result.freddy_goods}

    def both(name: str, points: dict[str, int]) -> Row:
        return Row(name, points["you"], points["freddy"])

    def each(score: Callable[[str], int]) -> dict[str, int]:
        return {owner: score(owner) for owner in ("you", "freddy")}

    banks = {owner: sc.bank_points(city, owner, goods[owner], s) for owner in goods}
    corner = each(lambda o: sc.corner_bonus(city, o, s))
    rows = [
        both("Factories", each(lambda o: sc.factories(city, o, s))),
        both("Parks", each(lambda o: sc.parks(city, o))),
        both("Tenements", each(lambda o: sc.tenements(city, o, s))),
        both("Landmarks", each(lambda o: sc.landmarks(city, o))),
        both("Banks", {owner: sum(points.values()) for owner, points in banks.items()}),
        *(
            Row(name, banks["you"].get(good), banks["freddy"].get(good), detail=True)
            for good, name in BANKS.items()
            if good in banks["you"] or good in banks["freddy"]
        ),
        both("Train stations", each(lambda o: sc.stations(city, o, s))),
        both("Shops", {o: sc.shops(city, o, s) - corner[o] for o in corner}),
        both("Corner bonus", corner),
    ]
    name = opponent(st)
    free = result.freddy_goods
    return FinalSheet(
        sides=("You", name),
        rows=rows,
        totals=(result.your_score, result.freddy_score),
        tie=tie_rule("glasgow", name),
        notes=[
            f"{name}'s goods banks count your free storage: {free.get('stone', 0)} stone, "
            f"{free.get('steel', 0)} steel, {free.get('gold', 0)} gold."
        ],
    )
