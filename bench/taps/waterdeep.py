"""A typical full game against Pseudo (Lords of Waterdeep): Durnan, eight rounds.

The player keeps their own tavern, purse, quest hand and intrigue hand. Each turn they place
an agent where their top quest's first missing adventurer is (else Castle Waterdeep, else
Cliffwatch Inn), buy a building now and then (rounds 2-6, up to three, when the purse allows),
go to Waterdeep Harbor on even rounds to play an intrigue card that hits Pseudo, and complete
a quest as soon as their tavern covers it. The quest and intrigue cards come from the box
(the game's data file), as a real deck would; what the bot asks is answered from this table.

How they talk to the bot (issue 25): by the round plan. They play the round at the table, his
agents where the plan puts them, and tell the bot only what the plan's rules ask for (an agent
on a space of his before him or one a coin chose among, Builder's Hall, the Harbor, a building
of his or with a pile: `/waterdeep place … agent:N`), then the rest at once: "Round as planned"
(with the count of his 7F cards they could not pay, a quest done meanwhile, Castle Waterdeep,
where their Harbor agent goes). `by_plan=False` reports every agent one by one instead: the
same player and the same game, as the bot took it before the plan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bench.taps.waterdeep_board import Board
from bench.taps.waterdeep_words import CUBE_WORDS, ENGLISH, GERMAN
from bot.core.agenda import Ask
from bot.core.reply import Reply
from bot.games.waterdeep.data import (
    BUILDERS_HALL,
    CASTLE,
    CUBES,
    HARBOR,
    RESOURCES,
    Quest,
    Space,
    waterdeep_data,
)

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
    # this round, played by the bot's plan: my agents the bot has elsewhere (space -> number),
    # quests I completed with them, Castle Waterdeep taken there, his 7F cards answered
    round: int = 0
    unreported: dict[str, int] = field(default_factory=dict)
    pending: list[str] = field(default_factory=list)
    castle: bool = False
    answered: int = 0
    missing: int = 0
    his_drawn: set[str] = field(default_factory=set)  # his quests as the plan deals them
    harbor_told: str | None = None  # my Harbor agent's space, told with my last agent
    by_plan: bool = True  # False: every agent reported one by one, as before the plan
    # his placement where the plan stopped at his draw, already done at the table: the reply
    # that plays it shows it again in full, its "→" line and these many facts of it
    ahead: int | None = None

    # ------------------------------------------------------------ the runner's protocol
    def start(self) -> str:
        return f"/waterdeep start lord:{self.lord} seed:2025"

    def over(self, reply: Reply) -> bool:
        self.german = reply.locale == "de"
        self.read(reply)
        return bool(reply.state and reply.state.get("phase") == "finished")

    def opponent_turns(self, reply: Reply) -> int:
        return self.turns

    def answer(self, reply: Reply) -> str:
        ask = reply.ask
        state = reply.state or {}
        if self.harbor_told is not None:  # it went there, unless the bot asks after all
            told, self.harbor_told = self.harbor_told, None
            if not (ask is not None and ask.command == "place" and reassigning(ask)):
                quest, _ = self.act(told)
                if quest is not None:
                    self.pending.append(quest.name)  # told with my next report
        if ask is not None and ask.command == "answer":
            return self.pick(ask)  # his 7F right after my report, or a tie
        if state.get("phase") == "final":
            self.queue.clear()  # the bot takes no report after round 8: it is on the track
            return self.final()
        if self.queue:
            return self.queue.pop(0)
        if ask is not None and ask.command == "round":
            return self.press(reply, "round", missing=str(self.missing))
        if ask is not None and ask.command == "place" and reassigning(ask):
            chosen = self.reassign(self.board(state))
            quest, _ = self.act(chosen)
            return self.place_line(reply, chosen, quest, None)
        plan = state.get("plan")
        if plan is None:
            raise RuntimeError(f"nothing asked: {reply.text}")
        return self.play(reply, plan)

    # ------------------------------------------------------------ reading the replies
    def read(self, reply: Reply) -> None:
        """What happened to this table in the reply: Pseudo's placements, a quest 7E gives,
        a mandatory quest he plays on the player, his 7F cards (answered at the round's end)."""
        state = reply.state or {}
        if state.get("round", self.round) != self.round:
            self.round = state["round"]
            self.unreported, self.pending, self.castle = {}, [], False
            self.answered = self.missing = 0
        skipping = False
        for line in reply.facts:
            if line.startswith("›"):
                continue  # the plan: it happens at the table when his turn comes (play)
            if self.ahead is not None and "→ **" in line and not skipping:
                skipping = True  # his placement the plan showed up to his draw: done already
                continue
            if skipping and self.ahead:
                self.ahead -= 1
                continue
            if skipping:
                skipping, self.ahead = False, None
            self.his_fact(line, reply.state or {})
        if skipping:
            self.ahead = None
        for colour in state.get("owed", [])[self.answered :]:
            self.lose(colour)
        self.answered = max(self.answered, len(state.get("owed", [])))
        if not self.dealt and state.get("phase") == "play":
            self.dealt = True
            for _ in range(2):
                self.quests.append(self.draw_quest(state, any_type=True))
        self.forget_his(state)

    def forget_his(self, state: dict) -> None:
        """A quest of mine the bot dealt to him is his (the bot's deck does not know my hand)."""
        his = {*state.get("pseudo_quests", []), *state.get("pseudo_completed", [])}
        his |= self.his_drawn
        self.quests = [q for q in self.quests if q.name not in his]

    def his_fact(self, line: str, state: dict) -> None:
        if "→ **" in line:
            self.turns += 1
        drawn = re.match(r"Pseudo draws a new quest: (.+?) \(", line)
        if drawn:  # the bot dealt it to him (his planned turns: the state comes later)
            self.his_drawn.add(drawn.group(1))
            self.quests = [q for q in self.quests if q.name != drawn.group(1)]
        if line.startswith("7E"):
            self.quests.append(self.draw_quest(state))
        for quest in waterdeep_data().mandatory:
            if quest.name in line and "(D2)" in line:
                self.quests.insert(0, quest)

    def draw_quest(self, state: dict, *, any_type: bool = False) -> Quest:
        """The next quest of the player's deck: not Pseudo's, not one already out, and (7E)
        not of the Lord's types (Durnan: Warfare, Commerce) when 7E gives it."""
        out = {*state.get("pseudo_quests", []), *state.get("pseudo_completed", [])}
        out |= {q.name for q in (*self.quests, *self.done)} | self.his_drawn
        for quest in waterdeep_data().quests:
            wanted = any_type or quest.type not in LORD_TYPES
            if quest.name not in out and not quest.plot and wanted:
                return quest
        raise RuntimeError("the quest deck is empty")

    # ------------------------------------------------------------ the round, by the plan
    def play(self, reply: Reply, plan: dict) -> str:
        """Play the round on at the table: my agents where I want them, his where the plan
        puts them, until something the bot must hear (then say it) or the round's end."""
        state = reply.state or {}
        board = self.board(state)
        steps = plan["steps"]
        for space, who in state.get("occupied", {}).items():  # he went where mine stands
            if who == "pseudo" and space in self.unreported:
                agent = self.unreported.pop(space)
                return self.place_line(reply, space, None, None, agent=agent, next_=False)
        for step in steps:  # the plan now sends him where an agent of mine already stands
            for space in (step["space"], *step["tied"]):
                if space in self.unreported:
                    agent = self.unreported.pop(space)
                    return self.place_line(reply, space, None, None, agent=agent, next_=False)
        placed, done = plan["placed"], 0
        # The plan ends at his first draw (nothing he draws is shown before): up to it, then
        # the next plan; a draw after my last agent leaves the rest of his round unknown, so
        # my agents are told as they go (he may want any space after it).
        until, unknown = plan.get("until"), plan.get("veiled") and plan.get("until") is None
        while True:
            while done < len(steps) and steps[done]["yours"] <= placed:
                if plan.get("veiled") and done == len(steps) - 1 and steps[done]["draws"]:
                    self.ahead = len(steps[done]["facts"])  # shown again when it is played
                self.his_step(steps[done], board, state)
                done += 1
            if placed >= plan["yours"]:
                break
            agent = placed + 1
            if self.by_plan and until is not None and agent >= until:
                return self.press(reply, "round", agent=str(until))  # up to his draw
            chosen = self.choose(board.choices(), int(state.get("round", 1)))
            quest, card = self.act(chosen)
            self.forget_his(state)  # as after each turn reported one by one
            if not self.by_plan or unknown or self.breaks(chosen, steps[done:], board):
                harbor = None
                if self.by_plan and agent == plan["yours"] and plan["stop"] == "space":
                    harbor = self.harbor_ahead(chosen, steps[done:], board)
                return self.place_line(
                    reply,
                    chosen,
                    quest,
                    card,
                    agent=agent,
                    next_=agent == plan["placed"] + 1,
                    harbor=harbor,
                )
            space = board.occupy(chosen, "you")
            self.unreported[space] = agent
            self.castle = self.castle or space == CASTLE
            if quest is not None:
                self.pending.append(quest.name)
            placed += 1
        return self.confirm(reply, plan, board)

    def board(self, state: dict) -> Board:
        """The bot's board and my agents it has elsewhere: the table as I see it."""
        board = Board.read(state)
        board.occupied |= {space: "you" for space in self.unreported}
        return board

    def his_step(self, step: dict, board: Board, state: dict) -> None:
        """His planned placement happens at the table: the player moves his agent and does
        what the plan says he does."""
        if step["space"] is not None:
            board.occupied[step["space"]] = "pseudo"
        for line in step["facts"]:
            self.his_fact(line, state)
            board.pseudo_builds(line)
        self.turns += 1
        for colour in step["owed"]:
            self.lose(colour)
        self.answered += len(step["owed"])

    def breaks(self, chosen: str, later: list[dict], board: Board) -> bool:
        """Whether the bot must hear of this agent: it takes a space the plan still wants (or
        a coin chose among), buys a building, plays in the Harbor, or uses a building of his
        or one with a pile."""
        if chosen.startswith(f"{BUILDERS_HALL}.") or chosen == "waterdeep_harbor":
            return True
        if any(chosen == s["space"] or chosen in s["tied"] for s in later):
            return True
        owner = board.owner(chosen)
        return owner == "pseudo" or bool(owner and waterdeep_data().space(chosen).accumulates)

    def confirm(self, reply: Reply, plan: dict, board: Board) -> str:
        """The round's end: one press, or one line with what only I know."""
        if plan["stop"] not in (None, "space"):
            return self.press(reply, "round")  # up to the question it asks
        words = GERMAN if self.german else ENGLISH
        parts = []
        if plan["stop"] == "space":  # my Harbor agent, reassigned at the round's end
            chosen = self.reassign(board)
            parts.append(self.where(chosen, words))
            quest, _ = self.act(chosen)
            if quest is not None:
                self.pending.append(quest.name)
        if self.castle:
            parts.append(f"{words['castle']}:{words['yes']}")
        if self.pending:
            *before, last = self.pending
            self.queue = [
                f"/waterdeep {words['round']} "
                + " ".join([*parts, f"{words['quest']}:{last}", *self.missing_part(plan, words)])
            ]
            self.pending = []
            lines = [f"/waterdeep {words['complete']} {words['quest']}:{q}" for q in before]
            self.queue[:0] = lines[1:]
            return lines[0] if lines else self.queue.pop(0)
        if parts:
            return f"/waterdeep {words['round']} " + " ".join(
                [*parts, *self.missing_part(plan, words)]
            )
        return self.press(reply, "round", missing=str(self.missing) if plan["owed"] else None)

    def harbor_ahead(self, chosen: str, later: list[dict], board: Board) -> str | None:
        """My last agent goes to `chosen`, then his last agents as the plan shows: where my
        Harbor agent will go at the round's end, told with it (a space a coin may give him
        avoided; if he takes mine anyway, the bot asks as before)."""
        risky = board.after_last(chosen, later)
        values = [v for v in board.choices(reassigning=True) if v not in risky]
        told = self.choose(values, self.round)
        if told.startswith(f"{BUILDERS_HALL}."):
            return None  # a purchase is told when the bot asks
        self.harbor_told = told
        return told

    def missing_part(self, plan: dict, words: dict[str, str]) -> list[str]:
        return [f"{words['missing']}:{self.missing}"] if plan["owed"] else []

    def reassign(self, board: Board) -> str:
        chosen = self.choose(board.choices(reassigning=True), self.round)
        board.occupy(chosen, "you")
        return chosen

    # ------------------------------------------------------------ lines
    def press(self, reply: Reply, command: str, **args: str | None) -> str:
        wanted = tuple((k, v) for k, v in args.items() if v is not None)
        for i, step in enumerate(reply.next_steps, 1):
            if step.command == command and all(a in step.args for a in wanted):
                return f"press {i}"
        raise RuntimeError(f"no button for {command} {args}: {reply.next_steps}")

    def where(self, chosen: str, words: dict[str, str]) -> str:
        data = waterdeep_data()
        if chosen.startswith(f"{BUILDERS_HALL}."):
            building = data.space(chosen.removeprefix(f"{BUILDERS_HALL}.")).name
            return f"{words['space']}:Builder's Hall {words['building']}:{building}"
        if chosen == "waterdeep_harbor" or chosen in HARBOR:
            return f"{words['space']}:Waterdeep Harbor"
        return f"{words['space']}:{data.space(chosen).label}"

    def place_line(
        self,
        reply: Reply,
        chosen: str,
        quest: Quest | None,
        card: str | None,
        *,
        agent: int | None = None,
        next_: bool = True,
        harbor: str | None = None,
    ) -> str:
        """My agent as the bot must hear it: a press when it is the next one and nothing rides
        on it, else one line (the quest done with it or earlier, the Harbor's card)."""
        told = quest.name if quest is not None else None
        if told is None and self.pending:
            told = self.pending.pop(0)
        if next_ and told is None and card is None and harbor is None:
            step = next(
                (i for i, s in enumerate(reply.next_steps, 1) if ("space", chosen) in s.args),
                None,
            )
            if step is not None:
                return f"press {step}"
        words = GERMAN if self.german else ENGLISH
        parts = [f"/waterdeep {words['place']}", self.where(chosen, words)]
        if agent is not None and not next_:
            parts.append(f"{words['agent']}:{agent}")
        if card is not None:
            parts.append(f"{words['card']}:{card}")
            if card == "Recruit Spies":
                parts.append(f"{words['give']}:{words['no']}")
        if told is not None:
            parts.append(f"{words['quest']}:{told}")
        if harbor is not None:
            parts.append(f"{words['harbor']}:{self.where(harbor, words).split(':', 1)[1]}")
        return " ".join(parts)

    # ------------------------------------------------------------ my turn
    def need(self) -> str | None:
        for quest in self.quests:
            for resource in RESOURCES:
                if self.tavern.get(resource, 0) < quest.requires.get(resource, 0):
                    return resource
        return None

    def choose(self, values: list[str], round_: int) -> str:
        """Where my agent goes among the open spaces, in the bot's order."""
        data = waterdeep_data()
        need = self.need()
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
        return chosen

    def act(self, chosen: str) -> tuple[Quest | None, str | None]:
        """My agent's action at the table: what I take, the quest I then complete, the
        intrigue card I play in the Harbor."""
        self.visit(chosen)
        completing = self.completable()
        card = None
        if chosen == "waterdeep_harbor":
            self.harbor_round = self.round
            card = self.intrigue.pop(0)
        return completing, card

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
            return "press 1" if self.lose(colour) else "press 2"
        return "press 1"  # a tie (D15 `coin:ask`): the first

    def lose(self, colour: str) -> bool:
        """His 7F card: I return one of that colour if I have one (True), else lose 2 VP."""
        if self.tavern.get(colour, 0) > 0:
            self.tavern[colour] -= 1
            return True
        self.vp -= 2
        self.missing += 1
        return False

    def final(self) -> str:
        adventurers = sum(self.tavern.get(c, 0) for c in CUBES)
        track = max(self.vp, 0)
        return (
            f"/waterdeep final track:{track} adventurers:{adventurers} "
            f"gold:{self.tavern['gold']} quests:{len(self.quests)}"
        )
