"""The setup list for the chosen modules: exactly the changes each one makes, for both sides."""

from __future__ import annotations

import re
from typing import Any

from bot.core.deck import seeded_rng
from bot.core.errors import InputError
from bot.core.said import say
from bot.core.tokens import number
from bot.games.grand_austria.data import ENTRANCES, gah_data
from bot.games.grand_austria.entrances import HautelSetup, entrance_facts, room_colour
from bot.games.grand_austria.voice import Voice

_NUMBER = re.compile(r"[0-9]{1,2}")  # ASCII digits only: `²` is not a module


def parse_modules(value: Any) -> list[int]:
    """'1 3 5' (or a list): any of 1, 2, 3 and 5; module 4 is refused with the book's reason."""
    if value in (None, "", [], "none", "0"):
        return []
    if isinstance(value, str):
        tokens = [t for t in re.split(r"[\s,;+]+", value.strip()) if t]
        if not all(_NUMBER.fullmatch(t) for t in tokens):
            raise InputError(say("List the Let's Waltz! modules by number, like `1 3 5`."))
        numbers = [number(t, what="module") for t in tokens]
    elif isinstance(value, list) and all(type(v) is int for v in value):
        numbers = list(value)
    else:
        raise InputError(say("List the Let's Waltz! modules by number, like `1 3 5`."))
    waltz = gah_data().waltz
    for n in numbers:
        if n in waltz.refused_modules:
            refused = waltz.refused_modules[n]
            raise InputError(f"Module {n} ({refused['name']}): {refused['reason']}")
        if n not in waltz.modules:
            raise InputError(say("Let's Waltz! has modules 1 to 5; there is no module {n}.", n=n))
    return sorted(set(numbers))


def pick_entrance(choice: str | None, seed: int) -> str:
    if choice in ENTRANCES:
        return str(choice)
    return ENTRANCES[seeded_rng(seed, "entrance").randrange(len(ENTRANCES))]


BASE_SETUP = (
    "Set up a normal 2-player game, with these changes for {name}:",
    "1. {name} takes the **1/4** turn-order tile and always starts; you take **2/3**.",
    "2. {name} uses the **night side** of a random hotel board; choose your own side.",
    "3. I shuffle and keep {name}'s 20-card instruction deck.",
    "4. {name} has no money track and no money.",
    "5. {name} starts with no kitchen items and never gets any.",
    "6. Before you draw staff, pull all staff cards with the end-game arrow, shuffle them, "
    "deal **5 face down** as {name}'s private deck and shuffle the rest back.",
    "7. Draw **10 staff cards**, keep 6, return 4 to the bottom of the deck in any order.",
    "8. {name} takes no starting guest and prepares no rooms; only you do.",
)


def base_setup(v: Voice) -> list[str]:
    return [say(key, **({"name": v.name} if "{name}" in key else {})) for key in BASE_SETUP]


def module_setup(
    v: Voice, modules: list[int], entrance: str | None, hautel: HautelSetup | None
) -> list[str]:
    waltz = gah_data().waltz
    facts = []
    for n in modules:
        title = f"**Module {n}, {waltz.modules[n]['name']}**"
        if n == 1:
            facts.append(
                say(
                    f"{title}: take a **random** rehearsal room board for yourself (you do not "
                    "choose). {name} gets no rehearsal room board but her **10 dancers** beside "
                    f"her hotel, and no champagne: {v.his} kitchen stays empty. I place {v.his} "
                    "dancers; which ballroom is scored when is reconstructed (ballrooms 1-3 after "
                    "rounds 3, 5 and 7, the balcony with the last), so check it against your "
                    "boards.",
                    name=v.name,
                )
            )
        elif n == 2:
            facts.append(
                say(
                    f"{title}: no solo change to the setup. {{name}} takes coloured dice first "
                    "and gets a bonus for their colour instead of the celebrity's effect; I "
                    "resolve it when you give me the coloured dice and the lounge.",
                    name=v.name,
                )
            )
        elif n == 3 and entrance is not None:
            facts += entrance_setup(v, entrance, hautel)
            facts.append(
                f"{title}: draw **three regular hotel entrance tiles** and choose one for "
                "yourself. You start with **7 krone**. Put the remaining cogwheels in the supply."
            )
        elif n == 5:
            facts.append(f"{title}: the solo game needs no change; set it up as for 2 players.")
    return facts


def entrance_setup(v: Voice, entrance: str, hautel: HautelSetup | None) -> list[str]:
    name = entrance_facts(entrance)["name"]
    head = f"{v.name}'s hotel entrance: **{name}** (mark it with a cogwheel)."
    if entrance == "nine_stars_inn":
        return [
            head,
            f"Place an objective card from those remaining face up and sideways beside "
            f"{v.name}'s hotel as the **stars track** (if Ninas Melange is among your three "
            "entrance tiles, draw its three objective cards first).",
        ]
    if entrance == "sushi_resort":
        spaces = ", ".join(entrance_facts(entrance)["cogwheel_spaces"])
        return [head, f"Place 6 cogwheels in {v.name}'s hotel on the spaces {spaces}."]
    if entrance == "toll_bridge_hotel":
        return [head, "No additional setup."]
    assert hautel is not None
    guests = gah_data().guests
    listed = ", ".join(
        f"#{n} {guests[n].name} ({guests[n].colour}, {guests[n].vp} VP)" for n in hautel.guests
    )
    rooms = ", ".join(f"{room_colour(label)} on {label}" for label in hautel.rooms)
    counts = {item: hautel.pool.count(item) for item in ("strudel", "cake", "wine", "coffee")}
    pool = ", ".join(f"{n} {item}" for item, n in counts.items())
    spaces = ", ".join(f"{space}: {item}" for space, item in hautel.spaces.items())
    covered = f" (+{hautel.room_vp} VP for the covered spaces)" if hautel.room_vp else ""
    return [
        head,
        f"Before filling the queue, take these guests out of the guest deck and put them in "
        f"{v.name}'s café, in this order: {listed}. Then shuffle and fill the queue as normal.",
        f"Reserved vacant rooms, top floor first: {rooms}{covered}.",
        f"Item pool of 18 beside the action board: {pool}.",
        f"Items on the action spaces: {spaces}.",
    ]
