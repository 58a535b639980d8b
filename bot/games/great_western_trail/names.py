"""Names the /gwt commands offer, with no import at all: the cog declares its choices from
these without loading the game (a game loads on its first command)."""

from __future__ import annotations

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
ACTION_WORDS = {
    "hire_cheapest": "hire the cheapest worker",
    "hire_specialization": "hire a worker of his specialization",
    "buy_cattle": "buy cattle",
    "place_building": "place a building",
    "move_engine": "move his engine",
    "gain_objective": "gain an objective card",
    "outlaw_bounty": "collect the bounty for an outlaw",
    "remove_hazard": "remove a hazard",
}
