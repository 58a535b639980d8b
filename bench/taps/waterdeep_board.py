"""The physical Waterdeep board as the bench's player sees it during a round played by the
bot's plan: every agent on it (the bot knows only those reported), Builder's Hall and the
buildings in play, read from the bot's state and from the plan's words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.waterdeep.data import BUILDERS_HALL, HARBOR, waterdeep_data


@dataclass
class Board:
    """The physical board as the player sees it this round: every agent on it (the bot knows
    only the ones reported), Builder's Hall and the buildings in play."""

    occupied: dict[str, str]
    hall: list[str]  # building ids, left to right
    in_play: list[tuple[str, str]]  # (building id, owner)
    refill: int = 0  # the Hall place his planned purchase emptied

    @classmethod
    def read(cls, state: dict) -> Board:
        data = waterdeep_data()
        ids = {b.name: b.id for b in data.buildings}
        hall = [ids[name] for slot in state.get("hall", []) for name in slot]
        in_play = [(ids[name], owner) for name, owner in state.get("in_play", {}).items()]
        return cls(dict(state.get("occupied", {})), hall, in_play)

    def choices(self, *, reassigning: bool = False) -> list[str]:
        """The open spaces in the order the bot lists them (Harbor once, Builder's Hall once
        per building on offer): what the player looks at when choosing."""
        data = waterdeep_data()
        out: list[str] = []
        harbor = False
        spaces = [*data.spaces, *(data.space(b) for b, _ in self.in_play)]
        for space in spaces:
            if space.id in self.occupied:
                continue
            if space.id in HARBOR:
                if not reassigning and not harbor:
                    out.append("waterdeep_harbor")
                harbor = True
            elif space.id == BUILDERS_HALL:
                out += [f"{BUILDERS_HALL}.{b}" for b in self.hall]
            else:
                out.append(space.id)
        return out[:25]

    def occupy(self, value: str, who: str) -> str:
        """The agent's space id (the Harbor: its first free place)."""
        if value == "waterdeep_harbor":
            value = next(h for h in HARBOR if h not in self.occupied)
        elif value.startswith(f"{BUILDERS_HALL}."):
            value = BUILDERS_HALL
        self.occupied[value] = who
        return value

    def owner(self, space: str) -> str | None:
        return next((o for b, o in self.in_play if b == space), None)

    def pseudo_builds(self, line: str) -> None:
        """What his planned Builder's Hall visit does to the Hall, read from the plan."""
        data = waterdeep_data()
        ids = {b.name: b.id for b in data.buildings}
        bought = re.match(r"Pseudo buys (.+) for \d+ gold", line)
        if bought:
            self.in_play.append((ids[bought.group(1)], "pseudo"))
            self.refill = self.hall.index(ids[bought.group(1)])
        put = re.match(r"Builder's Hall: put (.+) in the empty place\.", line)
        if put:
            self.hall[self.refill] = ids[put.group(1)]
