"""A toy opponent, defined only in tests, that uses every part of the game kit.

Magpie draws an instruction card each turn from a seeded deck:
- "take": take the most valuable item of the market the player reports (`label:value` list);
  a tie is the player's choice (`TieBreak.ASK` -> an `Ask` with buttons or a select);
  a taken item inserts a "score" step right after it.
- "flip": a coin flip decides between two items (seeded, logged as a fact).
- "rest": nothing.
Six cards; the game ends when the deck is empty.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from bot.core import agenda
from bot.core.agenda import Agenda, Ask, Inputs, Step, Turn
from bot.core.commands import Command, CommandSet
from bot.core.deck import Deck
from bot.core.errors import RuleError
from bot.core.game import Outcome, SeatResult
from bot.core.kit import KitRules
from bot.core.priority import Key, TieBreak, ask_for, coin_flip, draw_seed, resolve
from bot.core.spec import GameSpec
from bot.core.table_facts import Table
from bot.core.tokens import is_none, labelled, number
from bot.core.values import Word, words

CARDS = ["take", "take", "flip", "rest", "take", "flip"]
DECK = list(range(len(CARDS)))  # a Deck holds card numbers


# ---------------------------------------------------------------- commands, declared once
# each value a player types, with its German name (bot/core/values.py; a real game: names.py)
GREED = words("greed", Word("low", "niedrig"), Word("high", "hoch"), group="toy")


class Start(Command):
    command: Literal["start"] = "start"
    greed: Annotated[str, GREED] = "low"


class TurnCmd(Command):
    command: Literal["turn"]
    market: Annotated[str, Field(min_length=1, max_length=100)] | None = None


class Answer(Command):
    command: Literal["answer"]
    pick: Annotated[str, Field(min_length=1, max_length=20)]


class End(Command):
    command: Literal["end"]
    score: Annotated[int, Field(ge=0, le=999)]


Fact = Annotated[str, Field(min_length=1, max_length=20)]


class TallyCmd(Command):
    """Two table facts asked at once (the kit's `Table.ask_all`): a form on Discord."""

    command: Literal["tally"]
    coins: Fact | None = None
    gems: Fact | None = None


COMMANDS = CommandSet("Magpie", [TurnCmd, Answer, End, TallyCmd])


# ---------------------------------------------------------------- steps and state
class Take(Step):
    kind: Literal["take"] = "take"
    market: str | None = None


class Flip(Step):
    kind: Literal["flip"] = "flip"
    between: tuple[str, str] = ("left", "right")


class Score(Step):
    kind: Literal["score"] = "score"
    item: str
    value: int


class Tally(Step):
    kind: Literal["tally"] = "tally"


TurnStep = Annotated[Take | Flip | Score | Tally, Field(discriminator="kind")]


class MagpieState(BaseModel):
    seed: int
    greed: str = "low"
    deck: Deck
    turn: int = 0
    vp: int = 0
    taken: list[str] = Field(default_factory=list)
    agenda: Agenda[TurnStep] = Field(default_factory=Agenda)
    table: Table = Field(default_factory=Table)
    finished: bool = False


# ---------------------------------------------------------------- handlers
def take(st: MagpieState, turn: Turn[Any]) -> Ask | None:
    step: Take = turn.step
    step.market = turn.inputs.take("market") or step.market  # kept on the step while it asks
    if step.market is None:
        return Ask(
            prompt="Which items are on the market? e.g. `a:3 b:5`", command="turn", option="market"
        )
    if is_none(step.market):
        turn.facts.append("Magpie finds nothing to take.")
        return None
    items = [
        (entry.label, number(entry.values[0], what="value", high=20))
        for entry in labelled(step.market, what="an item", example="a:3 b:5")
    ]
    choice = resolve(items, keys=[Key("most valuable", lambda i: i[1])], tie_break=TieBreak.ASK)
    chosen = choice.option
    picked = turn.inputs.take("pick")
    if picked is not None:
        chosen = next((i for i in choice.tied if i[0] == picked), None)
        if chosen is None:
            raise RuleError(f"`{picked}` is not one of the tied items.")
    elif choice.needs_player:
        return ask_for(
            choice,
            prompt="Magpie takes the most valuable item: which of the tied ones?",
            command="answer",
            option="pick",
            label=lambda i: f"{i[0]} ({i[1]})",
            value=lambda i: i[0],
        )
    assert chosen is not None
    turn.facts.append(f"Magpie takes {chosen[0]} ({chosen[1]}): {choice.reason}.")
    turn.insert(Score(item=chosen[0], value=chosen[1]))
    return None


def flip(st: MagpieState, turn: Turn[Any]) -> Ask | None:
    step: Flip = turn.step
    seed = draw_seed(st.seed, "flip", st.turn)
    heads = coin_flip(seed)
    item = step.between[0] if heads else step.between[1]
    turn.facts.append(f"Coin flip (seed {seed}): {'heads' if heads else 'tails'}, the {item}.")
    turn.insert(Score(item=item, value=1))
    return None


def score(st: MagpieState, turn: Turn[Any]) -> Ask | None:
    step: Score = turn.step
    bonus = 1 if st.greed == "high" else 0
    st.vp += step.value + bonus
    st.taken.append(step.item)
    turn.facts.append(f"+{step.value + bonus} VP for {step.item}.")
    return None


TALLIED = [("coins", "coins", "Coins in your purse"), ("gems", "gems", "Gems on your table")]


def tally(st: MagpieState, turn: Turn[Any]) -> Ask | None:
    coins = st.table.take(turn.inputs, "coins")
    gems = st.table.take(turn.inputs, "gems")
    if coins is None or gems is None:
        return st.table.ask_all(
            TALLIED, prompt="How many coins and gems do you have?", command="tally"
        )
    turn.facts.append(f"Magpie counts your {coins} coins and {gems} gems.")
    return None


HANDLERS = {"take": take, "flip": flip, "score": score, "tally": tally}


# ---------------------------------------------------------------- rules
class MagpieRules(KitRules[MagpieState]):
    key = "toy"
    name = "Magpie"
    colour = 0x336699
    state_type = MagpieState
    command_set = COMMANDS

    def new_game(self, options: dict[str, Any], seed: int) -> tuple[MagpieState, Outcome]:
        opts = Start.model_validate({"command": "start", **options})
        st = MagpieState(seed=seed, greed=opts.greed, deck=Deck.shuffled(DECK, seed))
        return st, Outcome(facts=["Magpie is ready: six cards."], prompt="`/toy turn`")

    def over(self, state: MagpieState) -> bool:
        return False  # the service refuses a finished game's commands

    def run(self, st: MagpieState, cmd: Any, facts: list[str]) -> None:
        if isinstance(cmd, End):
            st.finished = True
            facts.append(f"Final: you {cmd.score}, Magpie {st.vp}.")
            st.agenda.clear()
        elif isinstance(cmd, TallyCmd):
            if st.agenda.steps and (st.agenda.ask is None or st.agenda.ask.command != "tally"):
                raise RuleError("Answer Magpie's question first.")
            if not st.agenda.steps:
                st.table.moved_on()  # your table may have changed since the last count
                st.agenda.extend([Tally()])
            self._run(st, Inputs({"coins": cmd.coins, "gems": cmd.gems}), facts)
        elif isinstance(cmd, Answer):
            if st.agenda.ask is None or st.agenda.ask.command != "answer":
                raise RuleError("Magpie is not asking anything now.")
            if not st.agenda.ask.accepts(cmd.pick):
                raise st.agenda.ask.refuse(cmd.pick, f"`{cmd.pick}` is not one of the choices.")
            self._run(st, Inputs({"pick": cmd.pick}), facts)
        else:
            if st.agenda.steps and st.agenda.ask is not None and st.agenda.ask.command != "turn":
                raise RuleError("Answer Magpie's question first.")
            if not st.agenda.steps:
                if not st.deck.draw_pile:
                    raise RuleError("The deck is empty: `/toy end score:N`.")
                card = CARDS[st.deck.draw()]
                st.turn += 1
                facts.append(f"Turn {st.turn}: Magpie draws {card}.")
                st.agenda.extend([Take()] if card == "take" else [Flip()] if card == "flip" else [])
            self._run(st, Inputs({"market": cmd.market}), facts)

    def after(self, before: MagpieState, st: MagpieState, cmd: Any, outcome: Outcome) -> None:
        outcome.finished = st.finished

    def _run(self, st: MagpieState, inputs: Inputs, facts: list[str]) -> None:
        agenda.run(st.agenda, st, HANDLERS, inputs, facts)

    def describe(self, state: Any) -> Outcome:
        st: MagpieState = state
        if st.finished:
            return Outcome(facts=[], finished=True)
        if st.agenda.ask is not None:
            return Outcome(prompt=st.agenda.ask.text(), ask=st.agenda.ask)
        return Outcome(prompt="`/toy turn` for Magpie's next card.")

    def summary(self, state: Any) -> dict[str, Any]:
        return {"vp": state.vp, "taken": list(state.taken), "turn": state.turn}

    def board(self, state: Any) -> str:
        return f"Magpie: {state.vp} VP, took {', '.join(state.taken) or 'nothing'}"

    def results(self, state: Any, *, abandoned: bool = False) -> list[SeatResult]:
        return []


RULES = MagpieRules()
SPEC = GameSpec(
    key="toy",
    rules=RULES,
    cog="tests.toy.cog",
    commands=COMMANDS,
    start=Start,
    queries={"board": lambda state: Outcome(facts=[RULES.board(state)])},
)
