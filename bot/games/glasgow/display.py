"""The display as the player reads and sees it: a row typed back (`shop:3 goldbank:3`) and a
row's buildings shown by their places in it, each line a message."""

from __future__ import annotations

from bot.core.errors import InputError
from bot.core.said import Said, say
from bot.core.tokens import labelled, number
from bot.core.words import plain
from bot.games.glasgow.city import Dealt
from bot.games.glasgow.names import BUILDING, GOOD
from bot.games.glasgow.reports import ROW_EXAMPLE

FACTORY_GOODS = ("stone", "steel", "gold", "whisky", "other")
BANK_GOODS = ("stone", "steel", "gold", "factory")


def numbered(row: list[Dealt], positions: list[int]) -> Said:
    """`1. shop (cost 3), 3. park (cost 1)`: buildings of a row by their places in it."""
    letters = "abc"
    key = ", ".join(f"{p + 1}. {{{letters[i]}}}" for i, p in enumerate(positions))
    return say(key, **{letters[i]: row[p].name() for i, p in enumerate(positions)})


def _compounds() -> dict[str, tuple[str, str]]:
    """A factory or bank named with its good in one word, as a row is shown back (German
    `Goldbank`, `Stahlfabrik`; `gold_bank`) → (kind, good)."""
    found = {"whiskybrennerei": ("factory", "whisky")}
    for kind, goods in (("factory", FACTORY_GOODS), ("bank", BANK_GOODS)):
        for good in goods:
            for g in GOOD.word(good).names():
                for k in BUILDING.word(kind).names():
                    found.setdefault(plain(g + k), (kind, good))
                    found.setdefault(plain(f"{g}_{k}"), (kind, good))
    return found


def _split_compounds(text: str) -> str:
    """`goldbank:3` → `bank:3:gold`: the row's shown name typed back."""
    compounds = _compounds()

    def one(token: str) -> str:
        name, sep, rest = token.partition(":")
        found = compounds.get(plain(name)) if sep and ":" not in rest else None
        return token if found is None else f"{found[0]}:{rest}:{found[1]}"

    return " ".join(one(token) for token in text.split())


def parse_row(text: str, expected: int) -> list[Dealt]:
    """`shop:3 tenement:2 landmark:4:7 factory:2:steel bank:3:gold`: type and printed cost,
    then the printed VP of a landmark or the good of a factory or bank (`goldbank:3`, as a
    row is shown back, is `bank:3:gold`)."""
    text = _split_compounds(text)
    entries = labelled(text, what="a building", example=ROW_EXAMPLE, labels=BUILDING, max_values=2)
    row: list[Dealt] = []
    for entry in entries:
        cost = number(entry.values[0], what="cost", high=20)
        extra = entry.values[1] if len(entry.values) > 1 else None
        kind = entry.label
        if kind == "landmark":
            if extra is None:
                raise InputError(
                    say("A landmark needs its printed VP: `landmark:4:7` (cost 4, 7 VP).")
                )
            row.append(Dealt(kind=kind, cost=cost, vp=number(extra, what="VP", high=30)))
        elif kind in ("factory", "bank"):
            goods = FACTORY_GOODS if kind == "factory" else BANK_GOODS
            good = GOOD.read(extra) if extra is not None else None
            if good not in goods:
                valid = ", ".join(f"`{g}`" for g in goods)
                raise InputError(f"A {kind} needs its kind, one of {valid}: `{kind}:2:{goods[1]}`.")
            row.append(Dealt(kind=kind, cost=cost, good=good))
        elif extra is not None:
            raise InputError(f"A {kind} has only a cost: `{kind}:{cost}`.")
        else:
            row.append(Dealt(kind=kind, cost=cost))
    if len(row) != expected:
        raise InputError(
            say("This architect has {expected} buildings, got {n}.", expected=expected, n=len(row))
        )
    return row
