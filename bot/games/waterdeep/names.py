"""Names the /waterdeep commands offer, with no import beyond typing: the cog declares its
options from these without loading the game (a game loads on its first command)."""

from __future__ import annotations

from typing import Literal

LordName = Literal[
    "Brianne",
    "Caladorn",
    "Durnan",
    "Khelben",
    "Kyriani",
    "Larissa",
    "Mirt",
    "Nindil",
    "Nymara",
    "Piergeiron",
    "Sammereza",
]
Cube = Literal["cleric", "fighter", "rogue", "wizard"]
