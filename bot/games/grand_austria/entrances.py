"""Module 3, Unique Hotels: the four entrances printed for the solo opponent."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.deck import seeded_rng
from bot.core.errors import InputError
from bot.core.said import say
from bot.games.grand_austria.commands import Start
from bot.games.grand_austria.data import Colour, Item, gah_data


def entrance_facts(key: str) -> dict:
    return gah_data().waltz.entrances[key]


# ------------------------------------------------------------------ Hautel Couture
@dataclass(frozen=True)
class HautelSetup:
    guests: list[int]
    rooms: list[str]  # the reserved room of each guest, in the same order
    room_vp: int  # VP printed on the covered spaces
    pool: list[Item]  # the 18 items, in the order they were added
    shuffled: list[Item]  # the pool after shuffling: drawn from the front
    spaces: dict[int, Item]  # the item drawn for each action space


def draw_reserved_guests(seed: int) -> list[int]:
    """Reveal guests from a shuffled deck until three show 5, 6 or 7 VP."""
    wanted = set(entrance_facts("hautel_couture")["reserved_vp"])
    deck = sorted(gah_data().guests)
    seeded_rng(seed, "hautel").shuffle(deck)
    return [n for n in deck if gah_data().guests[n].vp in wanted][:3]


def check_reserved(numbers: list[int]) -> list[int]:
    guests, wanted = gah_data().guests, set(entrance_facts("hautel_couture")["reserved_vp"])
    if len(numbers) != 3 or len(set(numbers)) != 3:
        raise InputError(
            "Hautel Couture needs three different guests, like "
            f"`{Start.line(modules=3, entrance='hautel_couture', reserved='55 69 72')}`."
        )
    for n in numbers:
        if n not in guests:
            raise InputError(
                say(
                    "Guest cards are numbered {low} to {high}; not {n}.",
                    low=min(guests),
                    high=max(guests),
                    n=n,
                )
            )
        if guests[n].vp not in wanted:
            raise InputError(
                f"Guest {n} ({guests[n].name}) shows {guests[n].vp} VP; reserved guests show "
                "5, 6 or 7."
            )
    return numbers


def reserve_rooms(guests: list[int]) -> list[str]:
    """From the top floor down, left to right: the first empty space of the guest's colour;
    a green guest takes the first empty space of any colour."""
    taken: set[str] = set()
    spaces = sorted(gah_data().spaces, key=lambda s: (-s.floor, s.column))
    rooms = []
    for number in guests:
        colour = gah_data().guests[number].colour
        space = next(s for s in spaces if s.label not in taken and colour in ("green", s.colour))
        taken.add(space.label)
        rooms.append(space.label)
    return rooms


def item_pool(guests: list[int]) -> list[Item]:
    """The items these guests ordered, then strudel, cake, wine, coffee, ... up to 18."""
    facts = entrance_facts("hautel_couture")
    pool: list[Item] = []
    for number in guests:
        for item, count in gah_data().guests[number].order.items():
            pool += [item] * count  # type: ignore[list-item]
    fill = facts["item_fill_order"]
    i = 0
    while len(pool) < facts["item_pool_size"]:
        pool.append(fill[i % len(fill)])
        i += 1
    return pool


def hautel_setup(guests: list[int], seed: int) -> HautelSetup:
    rooms = reserve_rooms(guests)
    pool = item_pool(guests)
    shuffled = list(pool)
    seeded_rng(seed, "hautel-items").shuffle(shuffled)
    count = entrance_facts("hautel_couture")["action_spaces"]
    spaces = {space: shuffled[space - 1] for space in range(1, count + 1)}
    room_vp = sum(gah_data().space_by_label(label).vp for label in rooms)
    return HautelSetup(guests, rooms, room_vp, pool, shuffled[count:], spaces)


def room_colour(label: str) -> Colour:
    return gah_data().space_by_label(label).colour


# ------------------------------------------------------------------ Nine Stars Inn
def stars_rows(tokens: int) -> list[int]:
    """Tokens per row, top row ("III") first, filled left to right."""
    per = entrance_facts("nine_stars_inn")["spaces_per_row"]
    return [max(0, min(per, tokens - per * row)) for row in range(3)]


def star_space(tokens: int) -> tuple[str, str]:
    """Where the latest of `tokens` lies: its row and its place beside the requirement box."""
    facts = entrance_facts("nine_stars_inn")
    row, column = divmod(tokens - 1, facts["spaces_per_row"])
    return facts["rows"][row], ["left of", "inside", "right of"][column]


def stars_vp(tokens: int) -> tuple[str | None, int]:
    """The VP at the right of the bottommost row holding a token (0 with no token)."""
    facts = entrance_facts("nine_stars_inn")
    rows = stars_rows(tokens)
    for row in (2, 1, 0):
        if rows[row]:
            name = facts["rows"][row]
            return name, int(facts["row_vp"][name])
    return None, 0
