"""Every value /gwt commands take, declared once with its German name (bot/core/values.py):
the models, the cog's choices, the parsers, the refusals and the German lines all use these.
Imports nothing of the game: the cog declares its choices without loading it."""

from __future__ import annotations

from dataclasses import replace

from bot.core.values import Word, Words, words
from bot.core.vocabulary import NONE, RANDOM

GROUP = "gwt"

CITIES = {
    "fulton": "Fulton",
    "st_louis": "St. Louis",
    "bloomington": "Bloomington",
    "peoria": "Peoria",
    "chicago": "Chicago",
    "toledo": "Toledo",
    "pittsburgh": "Pittsburgh",
    "philadelphia": "Philadelphia",
    "new_york": "New York",
}
CITY = words(
    "city",
    *(Word(key, label=name, aliases=(name,)) for key, name in CITIES.items()),
    group=GROUP,
)
# a worker of the job market, typed as a letter in a row (`6:CB`): German shows the German
# edition's letters (Cowboy C, Handwerker H, Lokführer L), read by hire.LETTERS
WORKER = Words(
    "worker",
    (
        Word("cowboy", "cowboy", aliases=("cowboys",), short=("C", "C")),
        Word("builder", "handwerker", aliases=("builders",), short=("B", "H")),
        Word("engineer", "lokführer", aliases=("engineers",), short=("E", "L")),
    ),
    group=GROUP,
    lettered=True,
)
TILE = words(
    'the "2" worker tile',
    *(replace(WORKER.word(kind), label=kind) for kind in WORKER.tokens),
    replace(RANDOM, label="random (I draw it)"),
    group=GROUP,
)
HERDER = words(
    "where Sam's herder stopped",
    Word("trail", "unterwegs", label="he stopped on the trail", aliases=("weg",)),
    Word("kansas_city", label="he reached Kansas City", aliases=("kc",)),
    group=GROUP,
)
BUILDING_SPACE = words(
    "empty building space",
    Word("free", "frei", label="an empty non-risk building space is left"),
    # `none` as every game says it, without NONE's aliases (`empty` would read as `free`)
    replace(NONE.word("none"), label="no empty non-risk building space is left", aliases=()),
    group=GROUP,
)
MOVEMENT = words(
    "movement",
    Word("fixed", "fest", label="fixed steps (give value:)"),
    Word("workers", "arbeiter", label="1 step per worker of his specialization"),
    Word("buildings", "gebäude", label="1 step per building of the player with most"),
    group=GROUP,
)
ACTION = words(
    "card action",
    Word("hire_cheapest", "billigster_arbeiter", label="hire the cheapest worker"),
    Word("hire_specialization", "spezialist", label="hire a worker of his specialization"),
    Word("buy_cattle", "rinder_kaufen", label="buy cattle"),
    Word("place_building", "gebäude_bauen", label="place a building"),
    Word("move_engine", "lok_bewegen", label="move his engine"),
    Word("gain_objective", "auftrag_nehmen", label="gain an objective card"),
    Word("outlaw_bounty", "kopfgeld", label="collect the bounty for an outlaw"),
    Word("remove_hazard", "gefahr_entfernen", label="remove a hazard"),
    group=GROUP,
)
ACTION_WORDS = {word.token: word.label for word in ACTION.words}  # what a card's action does
JOB_TOKEN = words(
    "who took the job-market token",
    Word("sam", label="Sam took it"),
    Word("you", "du", label="you took it", aliases=("ich", "me")),
    group=GROUP,
)
HAZARD = words(
    "hazard section",
    Word("flood", "überschwemmung", aliases=("flut", "ueberschwemmung")),
    Word("drought", "dürre", aliases=("duerre",)),
    Word("rockfall", "steinschlag"),
    group=GROUP,
)
OUTLAW = words(
    "outlaw colour",
    Word("green", "grün", aliases=("g", "gruen")),
    Word("orange", "orange", aliases=("o",)),
    group=GROUP,
)
# what the player types in `breakdown:` → the scoring pad's category (its label)
BREAKDOWN = words(
    "category of the score pad",
    Word("dollars", "dollar", label="Dollars"),
    Word("buildings", "gebäude", label="Buildings"),
    Word("cities", "städte", label="Cities"),
    Word("stations", "bahnhöfe", label="Train stations"),
    Word("hazards", "gefahren", label="Hazard tiles"),
    Word("cattle", "rinder", label="Cattle cards"),
    Word("objectives", "aufträge", label="Objective cards"),
    Word("masters", "vorsteher", label="Station master tiles"),
    Word("workers", "arbeiter", label="Workers"),
    Word("disc", "scheibe", label="Cleared disc space"),
    Word("token", "marker", label="Job market token"),
    group=GROUP,
)
