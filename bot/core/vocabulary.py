"""The values the bot's own commands take, and those every game's take: declared once, each
with its German name (bot/core/values.py). A game's own values are in its `names.py`."""

from __future__ import annotations

from bot.core.tokens import NONE_WORDS
from bot.core.values import COMMON, Word, words

# ------------------------------------------------------------------ every game's commands
YES_NO = words("yes or no", Word("yes", "ja"), Word("no", "nein"), group=COMMON)
# `none` by the words any typed text reads as it (bot.core.tokens), but `no` and `nothing`,
# which name other values of some game (YES_NO's `no`, Waterdeep's `nothing`), and `0` and `-`,
# which inside a text are numbers and blanks (`a:0`)
NONE = words(
    "nothing",
    Word(
        "none",
        "keine",
        aliases=tuple(sorted(w for w in NONE_WORDS - {"no", "nothing"} if w.isalpha())),
    ),
    group=COMMON,
)
SAME = words(
    "unchanged",
    Word(
        "same",
        "unverändert",
        label="unchanged",
        aliases=("unchanged", "gleich", "wie gehabt", "="),
    ),
    group=COMMON,
)
# `random` where a game lets the bot draw (a start tile, an entrance): one Word, not a list of
# values of its own, so it is shown and read as `zufall` only where a game takes it
RANDOM = Word("random", "zufall", aliases=("zufällig",))
DIFFICULTY = words(
    "difficulty",
    Word("easy", "leicht"),
    Word("medium", "mittel"),
    Word("hard", "schwer"),
    group=COMMON,
)

# ------------------------------------------------------------------ the bot's own commands
HELP_TOPIC = words(
    "help topic",
    Word("turn", "zug", label="a turn's commands"),
    Word("start", "start", label="the start options"),
    Word("challenge", "herausforderung", label="play-count challenges (no game needed)"),
    Word("server", "server", label="server challenges"),
    group="help",
)
OUTCOME = words(
    "outcome",
    Word("win", "sieg", aliases=("gewonnen",)),
    Word("loss", "niederlage", aliases=("verloren",)),
    Word("tie", "unentschieden"),
    group=("log",),
)
PERIOD = words(
    "period",
    Word("all", "alle", aliases=("gesamt",)),
    Word("year", "jahr"),
    Word("month", "monat"),
    Word("week", "woche"),
    group="leaderboard",
)
EXPORT_FORMAT = words(
    "export format",
    Word("csv", "csv", label="CSV and JSON"),
    Word("bgstats", "bgstats", label="BG Stats"),
    Word("bgg", "bgg", label="BoardGameGeek"),
    group=("log",),
)
SWITCH = words(
    "on or off",
    Word("on", "an", aliases=("ein",)),
    Word("off", "aus"),
    group="settings",
)
LANGUAGE = words(
    "language",
    Word("auto", "automatisch", label="auto"),
    Word("en", label="English", aliases=("English", "Englisch")),
    Word("de", label="Deutsch", aliases=("Deutsch", "German")),
    group="settings",
)
