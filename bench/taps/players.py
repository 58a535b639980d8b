"""The players, one per opponent (each in its own module beside this one): the scripted best
case (`PLAYERS`) and the prompt-only player (`PROMPTED`), the same table and the same own
turns, in the same order."""

from __future__ import annotations

from collections.abc import Callable

from bench.taps import gah, gah_prompted
from bench.taps.alea import AleaPlayers
from bench.taps.alea_prompted import AleaPrompted
from bench.taps.glasgow import FreddyII
from bench.taps.glasgow_prompted import FreddyPrompted
from bench.taps.gwt import GwtPlayer
from bench.taps.gwt_prompted import GwtPrompted
from bench.taps.prompted import PromptPlayer
from bench.taps.runner import Player
from bench.taps.waterdeep import WaterdeepPlayer
from bench.taps.waterdeep_prompted import WaterdeepPrompted

PLAYERS: list[Callable[[], Player]] = [
    gah.leopold,
    gah.elisabeth,
    GwtPlayer,
    FreddyII,
    AleaPlayers,
    WaterdeepPlayer,
]
PROMPTED: list[Callable[[], PromptPlayer]] = [
    gah_prompted.leopold,
    gah_prompted.elisabeth,
    GwtPrompted,
    FreddyPrompted,
    AleaPrompted,
    WaterdeepPrompted,
]
