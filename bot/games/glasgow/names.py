"""Every value /glasgow commands take, declared once with its German name (bot/core/values.py):
the models, the cog's choices, the row parser, the refusals and the German lines all use
these. Imports nothing of the game: the cog declares its choices without loading it."""

from __future__ import annotations

from bot.core.values import Word, words
from bot.core.vocabulary import NONE, SAME, YES_NO

GROUP = "glasgow"

FREDDY = words(
    "Freddy",
    Word("I", label="I"),
    Word("II", label="II"),
    group=GROUP,
)
NEIGHBOURS = words(
    "which tenements count",
    Word("own", "eigene", label="own"),
    Word("any", "alle", label="any"),
    group=GROUP,
)
TRIGGER = words(
    "when a factory fires",
    Word("line", "linie", label="line", aliases=("reihe",)),
    Word("adjacent", "benachbart", label="adjacent", aliases=("angrenzend",)),
    group=GROUP,
)
SPECIAL = words(
    "contract",
    # the button "No special contract" typed: `chosen:none`, `gewählt:kein`
    Word(
        "other",
        "andere",
        label="other",
        aliases=("normal", "sonstiger", "sonstige", *NONE.word("none").names()),
    ),
    Word("whisky", label="whisky"),
    Word("exchange", "austausch", label="exchange"),
    Word("double", "doppelauftrag", label="double", aliases=("doppel",)),
    group=GROUP,
)
DONE = words(
    "your last building",
    YES_NO.word("no"),
    YES_NO.word("yes"),
    Word("suggested", "vorschlag", aliases=("vorgeschlagen",)),
    group=GROUP,
)
FULL = words("storage full", YES_NO.word("yes"), YES_NO.word("no"), SAME.word("same"), group=GROUP)
BUILDING = words(
    "building",
    Word("shop", "laden", aliases=("shops",)),
    Word("tenement", "wohnhaus", aliases=("mietshaus", "house", "haus")),
    Word("park"),
    Word("landmark", "wahrzeichen", aliases=("monument", "denkmal")),
    Word("factory", "fabrik"),
    Word("bank"),
    Word("station", "bahnhof"),
    group=GROUP,
)
GOOD = words(
    "good",
    Word("stone", "stein"),
    Word("steel", "stahl"),
    Word("gold"),
    Word("whisky"),
    Word("other", "andere", aliases=("sonstige",)),
    BUILDING.word("factory"),  # a bank that pays for factories
    group=GROUP,
)
STORED = GOOD.only("stone", "steel", "gold", "whisky")  # the goods with a storage row
