"""A typical full game against Pseudo (Lords of Waterdeep): Durnan, eight rounds.

The player keeps their own tavern, purse, quest hand and intrigue hand. Each turn they place
an agent where their top quest's first missing adventurer is (else Castle Waterdeep, else
Cliffwatch Inn), buy a building now and then (rounds 2-6, up to three, when the purse allows),
go to Waterdeep Harbor on even rounds to play an intrigue card that hits Pseudo, and complete
a quest as soon as their tavern covers it. The quest and intrigue cards come from the box
(the game's data file), as a real deck would; what the bot asks is answered from this table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.core.agenda import Ask
from bot.games.waterdeep.data import CUBES, RESOURCES, Quest, Space, waterdeep_data
from bot.table.reply import Reply

INTRIGUE_HAND = [  # the player's intrigue cards as they are drawn, all ones that touch Pseudo
    "Ambush",
    "Lack of Faith",
    "Recruit Spies",
    "Arcane Mishap",
    "Assassination",
    "Call for Adventurers",
]
MOST_BUILDINGS = 3
LORD_TYPES = ("Warfare", "Commerce")  # Durnan's: 7E draws past them
CUBE_WORDS = {  # as the replies print them, in English and German
    "cleric": ("cleric", "Kleriker"),
    "fighter": ("fighter", "Kämpfer"),
    "rogue": ("rogue", "Schurke"),
    "wizard": ("wizard", "Magier"),
}
ENGLISH = {
    "place": "place",
    "space": "space",
    "building": "building",
    "card": "card",
    "give": "give",
    "no": "no",
    "quest": "quest",
}
GERMAN = {  # what the German replies tell a German player to type
    "place": "einsetzen",
    "space": "feld",
    "building": "gebäude",
    "card": "karte",
    "give": "geben",
    "no": "nein",
    "quest": "auftrag",
}


def reassigning(ask: Ask) -> bool:
    """The round's end asks where the player's Harbor agent goes."""
    return "waterdeep_harbor" not in [c.value for c in ask.choices] and "Harbor" in ask.prompt


@dataclass
class WaterdeepPlayer:
    label: str = "Pseudo"
    lord: str = "Durnan"
    tavern: dict[str, int] = field(default_factory=lambda: {"gold": 5})
    quests: list[Quest] = field(default_factory=list)
    done: list[Quest] = field(default_factory=list)
    intrigue: list[str] = field(default_factory=lambda: INTRIGUE_HAND[:2])
    drawn_intrigue: int = 2
    buildings: int = 0
    vp: int = 0
    turns: int = 0
    harbor_round: int = 0
    queue: list[str] = field(default_factory=list)  # lines already decided, typed next
    dealt: bool = False
    german: bool = False
    one_line: bool = False  # the bot takes a whole turn (space, quest, card) in one line

    # ------------------------------------------------------------ the runner's protocol
    def start(self) -> str:
        return f"/waterdeep start lord:{self.lord} seed:2025"

    def over(self, reply: Reply) -> bool:
        self.german = reply.locale == "de"
        words = (f" {ENGLISH['quest']}:", f" {GERMAN['quest']}:")  # the start names one-line turns
        self.one_line = self.one_line or any(w in reply.text for w in words)
        self.read(reply)
        return bool(reply.state and reply.state.get("phase") == "finished")

    def opponent_turns(self, reply: Reply) -> int:
        return self.turns

    def answer(self, reply: Reply) -> str:
        ask = reply.ask
        if ask is not None and ask.command == "answer":
            return self.pick(ask)  # his 7F first: the bot waits on it
        if ask is not None and ask.command == "place" and reassigning(ask):
            return self.place(ask, reply.state or {})  # the round's end waits on it too
        state = reply.state or {}
        if state.get("phase") == "final":
            self.queue.clear()  # the bot takes no report after round 8: it is on the track
            return self.final()
        if self.queue:
            return self.queue.pop(0)
        if ask is None:
            raise RuntimeError(f"nothing asked: {reply.text}")
        if ask.command == "place":
            return self.place(ask, state)
        raise RuntimeError(f"an unexpected question: {ask.prompt}")

    # ------------------------------------------------------------ reading the replies
    def read(self, reply: Reply) -> None:
        """What happened to this table in the reply: Pseudo's placements, a quest 7E gives,
        a mandatory quest he plays on the player."""
        data = waterdeep_data()
        for line in reply.facts:
            if "→ **" in line:
                self.turns += 1
            if line.startswith("7E"):
                self.quests.append(self.draw_quest(reply))
            for quest in data.mandatory:
                if quest.name in line and "(D2)" in line:
                    self.quests.insert(0, quest)
        state = reply.state or {}
        if not self.dealt and state.get("phase") == "play":
            self.dealt = True
            for _ in range(2):
                self.quests.append(self.draw_quest(reply, any_type=True))
        his = {*state.get("pseudo_quests", []), *state.get("pseudo_completed", [])}
        self.quests = [q for q in self.quests if q.name not in his]  # the bot dealt it to him

    def draw_quest(self, reply: Reply, *, any_type: bool = False) -> Quest:
        """The next quest of the player's deck: not Pseudo's, not one already out, and (7E)
        not of the Lord's types (Durnan: Warfare, Commerce) when 7E gives it."""
        state = reply.state or {}
        out = {*state.get("pseudo_quests", []), *state.get("pseudo_completed", [])}
        out |= {q.name for q in (*self.quests, *self.done)}
        for quest in waterdeep_data().quests:
            wanted = any_type or quest.type not in LORD_TYPES
            if quest.name not in out and not quest.plot and wanted:
                return quest
        raise RuntimeError("the quest deck is empty")

    # ------------------------------------------------------------ my turn
    def need(self) -> str | None:
        for quest in self.quests:
            for resource in RESOURCES:
                if self.tavern.get(resource, 0) < quest.requires.get(resource, 0):
                    return resource
        return None

    def place(self, ask: Ask, state: dict) -> str:
        data = waterdeep_data()
        values = [c.value for c in ask.choices]
        need = self.need()
        round_ = int(state.get("round", 1))
        chosen: str | None = None
        if (
            "waterdeep_harbor" in values
            and self.intrigue
            and round_ % 2 == 0
            and self.harbor_round != round_
        ):
            chosen = "waterdeep_harbor"
        if chosen is None and 2 <= round_ <= 6 and self.buildings < MOST_BUILDINGS:
            for value in values:
                if value.startswith("builders_hall."):
                    building = data.space(value.removeprefix("builders_hall."))
                    if self.tavern["gold"] >= building.cost + 2:
                        chosen = value
                        break
        if chosen is None and need is not None:
            best = 0
            for value in values:
                if "." in value or value == "waterdeep_harbor":
                    continue
                got = self.gains(data.space(value), need).get(need, 0)
                if got > best:
                    best, chosen = got, value
        for fallback in ("castle_waterdeep", "cliffwatch_inn_1", "cliffwatch_inn_2"):
            if chosen is None and fallback in values:
                chosen = fallback
        if chosen is None:
            chosen = values[0]
        self.visit(chosen)
        completing = self.completable()
        card = None
        if chosen == "waterdeep_harbor":
            self.harbor_round = round_
            card = self.intrigue.pop(0)
        one_line = self.one_line
        if one_line and (completing or card):
            return self.turn_line(ask, chosen, completing, card)
        if completing is not None:
            self.queue.append(f"/waterdeep complete quest:{completing.name}")
        if card is not None:
            extra = " give:no" if card == "Recruit Spies" else ""
            self.queue.append(f"/waterdeep intrigue card:{card}{extra}")
        return f"press {values.index(chosen) + 1}"

    def turn_line(self, ask: Ask, chosen: str, quest: Quest | None, card: str | None) -> str:
        """The whole turn typed: the space, the quest completed, the intrigue card played."""
        words = GERMAN if self.german else ENGLISH
        data = waterdeep_data()
        if chosen.startswith("builders_hall."):
            building = data.space(chosen.removeprefix("builders_hall.")).name
            where = f"{words['space']}:Builder's Hall {words['building']}:{building}"
        elif chosen == "waterdeep_harbor":
            where = f"{words['space']}:Waterdeep Harbor"
        else:
            where = f"{words['space']}:{data.space(chosen).label}"
        parts = [f"/waterdeep {words['place']}", where]
        if card is not None:
            parts.append(f"{words['card']}:{card}")
            if card == "Recruit Spies":
                parts.append(f"{words['give']}:{words['no']}")
        if quest is not None:
            parts.append(f"{words['quest']}:{quest.name}")
        return " ".join(parts)

    def gains(self, space: Space, need: str | None) -> dict[str, int]:
        out = dict(space.gives)
        if space.choose is not None:
            cube = need if need in space.choose.options else space.choose.options[0]
            out[cube] = out.get(cube, 0) + space.choose.count
        if space.owner_one_of:
            pass  # the owner's reward goes to the owner, not the visitor
        return out

    def visit(self, value: str) -> None:
        data = waterdeep_data()
        if value.startswith("builders_hall."):
            building = data.space(value.removeprefix("builders_hall."))
            self.tavern["gold"] -= building.cost
            self.buildings += 1
            self.vp += 2
            return
        if value == "waterdeep_harbor":
            return
        space = data.space(value)
        for resource, amount in self.gains(space, self.need()).items():
            if resource == "quest":
                self.quests.append(self.next_quest())
            elif resource == "intrigue":
                self.intrigue.append(INTRIGUE_HAND[self.drawn_intrigue % len(INTRIGUE_HAND)])
                self.drawn_intrigue += 1
            elif resource in RESOURCES:
                self.tavern[resource] = self.tavern.get(resource, 0) + amount

    def next_quest(self) -> Quest:
        taken = {q.name for q in (*self.quests, *self.done)}
        for quest in reversed(waterdeep_data().quests):  # Cliffwatch's face-up row
            if quest.name not in taken and not quest.plot:
                return quest
        raise RuntimeError("no quest left")

    def completable(self) -> Quest | None:
        for quest in self.quests:
            if all(self.tavern.get(r, 0) >= n for r, n in quest.requires.items()):
                for r, n in quest.requires.items():
                    self.tavern[r] -= n
                self.quests.remove(quest)
                self.done.append(quest)
                self.vp += int(quest.reward.get("vp", 0))
                for r in RESOURCES:
                    self.tavern[r] = self.tavern.get(r, 0) + int(quest.reward.get(r, 0))
                return quest
            if quest.mandatory:
                return None  # a held mandatory quest blocks the others
        return None

    # ------------------------------------------------------------ his intrigue (7F) and ties
    def pick(self, ask: Ask) -> str:
        values = [c.value for c in ask.choices]
        if values == ["returned", "none"]:
            colour = next(c for c in CUBES if any(w in ask.prompt for w in CUBE_WORDS[c]))
            if self.tavern.get(colour, 0) > 0:
                self.tavern[colour] -= 1
                return "press 1"
            self.vp -= 2
            return "press 2"
        return "press 1"  # a tie (D15 `coin:ask`): the first

    def final(self) -> str:
        adventurers = sum(self.tavern.get(c, 0) for c in CUBES)
        track = max(self.vp, 0)
        return (
            f"/waterdeep final track:{track} adventurers:{adventurers} "
            f"gold:{self.tavern['gold']} quests:{len(self.quests)}"
        )
