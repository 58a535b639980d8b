"""How the bot speaks of the opponent: Leopold (he) or Elisabeth (she)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.games.grand_austria.state import GahState


@dataclass(frozen=True)
class Voice:
    name: str
    he: str
    his: str
    him: str

    @property
    def He(self) -> str:
        return self.he.capitalize()

    @property
    def His(self) -> str:
        return self.his.capitalize()


VOICES = {
    "leopold": Voice("Leopold", "he", "his", "him"),
    "elisabeth": Voice("Elisabeth", "she", "her", "her"),
}


def voice(st: GahState) -> Voice:
    return VOICES[st.options.opponent]
