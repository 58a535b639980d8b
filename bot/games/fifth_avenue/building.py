"""Where Alea builds when he wins a district: one skyscraper on the most valuable empty plot,
one on each plot if several tie; no empty plot means he declares a building stop there."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.core.errors import InputError
from bot.core.said import say
from bot.core.tokens import number, words
from bot.games.fifth_avenue.data import alea_data

MAX_PLOTS = 6
LABEL = re.compile(r"[A-Za-z0-9]{1,8}")  # ASCII only
TYPES = re.compile(r"[0-9]{1,2}")  # `²` passes str.isdigit() but is no number


@dataclass(frozen=True)
class Plot:
    label: str
    types: int  # different business types directly next to the plot, 0 to 4

    @property
    def vp(self) -> int:
        return alea_data().vp_by_types[self.types]


def parse_plots(text: str) -> list[Plot]:
    """'a:2 b:0 c:2' (label:types) or '2 0 2' (plots 1, 2, 3); 'none' for no empty plot."""
    if text.strip().lower() in {
        "none",
        "keine",
        "0 plots",
        "-",
    }:  # not `0`: that is one plot, 0 types
        return []
    tokens = words(text)
    if len(tokens) > MAX_PLOTS:
        raise InputError(f"A district has at most {MAX_PLOTS} plots; you listed {len(tokens)}.")
    plots: list[Plot] = []
    for i, token in enumerate(tokens, start=1):
        label, sep, value = token.rpartition(":") if ":" in token else ("", "", token)
        label = label if sep else str(i)
        if not LABEL.fullmatch(label) or not TYPES.fullmatch(value):
            raise InputError(
                "Give each empty plot as label:types (types = different business types next "
                "to it, 0 to 4), like `a:2 b:0 c:2`, or `none`."
            )
        types = number(value, what="number of business types")
        if types > 4:
            raise InputError(say("There are only 4 business types: types runs from 0 to 4."))
        if any(p.label == label for p in plots):
            raise InputError(say("Plot `{plot}` is listed twice.", plot=label))
        plots.append(Plot(label, types))
    return plots


def choose_plots(plots: list[Plot], supply: int) -> list[Plot]:
    """Every empty plot that would score most, as many as Alea has skyscrapers left."""
    if not plots:
        return []
    best = max(p.vp for p in plots)
    return [p for p in plots if p.vp == best][:supply]
