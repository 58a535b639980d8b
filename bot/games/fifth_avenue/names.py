"""Every value /alea commands take, declared once with its German name (bot/core/values.py):
the models, the cog's choices, the refusals and the German lines all use these. Imports
nothing of the game: the cog declares its choices without loading it."""

from __future__ import annotations

from bot.core.values import Word, words
from bot.core.vocabulary import YES_NO

GROUP = "alea"

MODE = words(
    "mode",
    Word("virtual", "virtuell", label="virtual"),
    Word("physical", "physisch", label="physical", aliases=("echt",)),
    group=GROUP,
)
OUTCOME = words(
    "how the auction ended",
    Word("passed", "gepasst", label="passed", aliases=("passt",)),
    Word("overbid", "überboten", label="overbid", aliases=("ueberboten",)),
    group=GROUP,
)
CONFIRM = YES_NO.only("yes")
# what a player types in `breakdown:`, each labelled with its scoring round, in order
BREAKDOWN = words(
    "scoring round",
    Word("stop1", "baustopp1", label="First building stop"),
    Word("stop2", "baustopp2", label="Second building stop"),
    Word("districts", "bezirke", label="Final scoring: districts"),
    Word("park", label="Final scoring: Central Park"),
    group=GROUP,
)
