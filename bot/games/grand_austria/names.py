"""Every value /gah commands take, declared once with its German name (bot/core/values.py):
the models, the cog's choices, the queue and dice readers, the refusals and the German lines
all use these. Imports nothing of the game: the cog declares its choices without loading it."""

from __future__ import annotations

from dataclasses import replace

from bot.core.values import Word, words
from bot.core.vocabulary import DIFFICULTY, NONE, RANDOM

GROUP = "gah"

DIFFICULTIES = DIFFICULTY.relabel(
    easy="easy: silver and gold symbols ignored",
    medium="medium: gold symbols ignored",
    hard="hard: every symbol applies",
)

EMPEROR_TABLE = words(
    "Emperor table",
    Word("ask", "fragen", label="ask me when it matters"),
    Word("S2", label="S2: space 8 = 5 VP, space 10 = 6 VP"),
    Word("S3", label="S3: space 8 = 6 VP, space 10 = 7 VP"),
    group=GROUP,
)
ENTRANCE = words(
    "hotel entrance",
    Word("hautel_couture", label="Hautel Couture", aliases=("Hautel Couture",)),
    Word("nine_stars_inn", label="Nine Stars Inn", aliases=("Nine Stars Inn",)),
    Word("sushi_resort", label="Sushi Resort", aliases=("Sushi Resort",)),
    Word("toll_bridge_hotel", label="Toll Bridge Hotel", aliases=("Toll Bridge Hotel",)),
    replace(RANDOM, label="random"),
    group=GROUP,
)
ITEM_GUEST = words(
    "guest",
    Word("1", label="guest 1 (revealed first)"),
    Word("2", label="guest 2"),
    Word("3", label="guest 3"),
    replace(
        NONE.word("none"),
        label="no guest needs it: back to the supply",
        aliases=(*NONE.word("none").aliases, "supply", "0", "vorrat"),
    ),
    group=GROUP,
)
COGWHEEL_EVENT = words(
    "cogwheel event",
    Word("taken", "genommen", label="you took the cogwheel guest"),
    Word("rightmost", "ganz_rechts", label="it reached the rightmost queue space"),
    group=GROUP,
)
OBJECTIVE = words("objective card", Word("A", label="A"), Word("B"), Word("C"), group=GROUP)
# a guest's or a die's colour, typed as a letter glued to a number (`Y3`): German shows its
# own letters (`Ge3`: G would be both gelb and grün), and every name of either language is read
COLOUR = words(
    "colour",
    Word("yellow", "gelb", short=("Y", "Ge")),
    Word("blue", "blau", short=("B", "Bl")),
    Word("red", "rot", short=("R", "Ro")),
    Word("green", "grün", aliases=("gruen",), short=("G", "Gr")),
    group=GROUP,
    glued=True,
)
DIE_COLOUR = COLOUR.only("yellow", "blue", "red")  # the coloured dice of module 2
# what the player types in `breakdown:`, each labelled with its category of the final scoring
BREAKDOWN = words(
    "category of the score pad",
    Word("track", "leiste", label="VP track"),
    Word("staff", "personal", label="End-game staff"),
    Word("rooms", "zimmer", label="Occupied rooms"),
    Word("krone", "kronen", label="Krone (1 VP each)"),
    Word("items", "waren", label="Dishes and drinks (1 VP each)"),
    Word("cafe", "café", label="Guests in the café (−5 VP each)"),
    Word("champagne", "champagner", label="Champagne (1 VP each)"),
    group=GROUP,
)
