"""The scripted players, one per opponent (each in its own module beside this one)."""

from __future__ import annotations

from collections.abc import Callable

from bench.taps import gah
from bench.taps.alea import AleaPlayers
from bench.taps.glasgow import FreddyII
from bench.taps.gwt import GwtPlayer
from bench.taps.runner import Player
from bench.taps.waterdeep import WaterdeepPlayer

PLAYERS: list[Callable[[], Player]] = [
    gah.leopold,
    gah.elisabeth,
    GwtPlayer,
    FreddyII,
    AleaPlayers,
    WaterdeepPlayer,
]
