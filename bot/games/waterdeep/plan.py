"""The round plan: where Pseudo's agents go for the rest of the round, before you place yours.

His next placement depends only on the free spaces and his own tavern and quests (7A-7D). Your
agent changes his choice only when it stands on the space he takes (or on one of the spaces a
coin chose among, D15). So the bot plays the round ahead by the same steps as when you report
every agent, with your agents placed `elsewhere` (counted, not on a space), and shows where he
goes and where he would go instead if you took that space first. You report only what breaks
it (`/waterdeep place … agent:N`: your agent N of the round, the ones before it went as
planned) and confirm the rest of the round at once (`/waterdeep round`). His 7F cards' "do you
have one?" waits for the round's end (owed.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.core import agenda
from bot.core.agenda import Agenda, Ask, Inputs
from bot.core.errors import RuleError, SoloistError
from bot.core.next_step import NextStep
from bot.core.said import Listed, Said, listed, say
from bot.core.secrecy import WHEN_DRAWN, is_secret
from bot.games.waterdeep.commands import Place, Round
from bot.games.waterdeep.data import BUILDERS_HALL, HARBOR, Space, waterdeep_data
from bot.games.waterdeep.owed import MISSING, missing_choices
from bot.games.waterdeep.script import Decision, decide
from bot.games.waterdeep.state import CHECKPOINT, LATER, DrawIntrigue, WaterdeepState
from bot.games.waterdeep.turn import HANDLERS, advance
from bot.games.waterdeep.visits import Collect, you_visit

ROUND_AS_PLANNED = "Round as planned"
INSTEAD_DRAWS = (
    "he draws his top intrigue card for your visit and plays it, then places by what it "
    "leaves him (shown when it is drawn)"
)
MOST_TURNS = 20  # your agents in a round are at most six; more turns than this is a bug


@dataclass
class Planned:
    """One placement of his in the plan."""

    agent: int  # his agent's number this round; 0 for his Harbor agent reassigned at round end
    space: Space | None  # None: no space is open for him
    instead: Space | None = None  # where he goes if you take `space` before him
    instead_tied: list[Space] = field(default_factory=list)  # the others a coin chose among
    # if you take `space` first: what your visit gives him first makes him draw a face-down
    # card (his owner reward's intrigue card, 7F), so where he goes then is not known yet
    instead_draws: bool = False
    tied: list[Space] = field(default_factory=list)  # the others a coin chose among
    yours: int = 0  # your agents placed before it this round
    facts: list[str] = field(default_factory=list)  # what he does there
    owed: list[str] = field(default_factory=list)  # his 7F cards' colours asked at round end
    drawn: list[str] = field(default_factory=list)  # the names of what he drew there


Piles = tuple[tuple[int, ...], ...]


def piles(st: WaterdeepState) -> Piles:
    """His three face-down piles as they stand (what a step drew left them)."""
    return (
        tuple(st.buildings.draw_pile),
        tuple(st.quest_deck.draw_pile),
        tuple(st.intrigue_deck.draw_pile),
    )


def drawn_between(before: Piles, after: Piles) -> list[str]:
    """The names of what left his piles between two moments."""
    data = waterdeep_data()
    found = []
    for cards, was, now in zip(
        (data.buildings, data.quests, data.intrigue), before, after, strict=True
    ):
        gone = Counter(was) - Counter(now)  # a deck may hold two of a card
        for i in was:
            if gone[i] > 0:
                gone[i] -= 1
                found.append(cards[i].name)
    return found


@dataclass
class Trail:
    """Records his placements while a round is played ahead (the state's `_trail`)."""

    round: int
    alternatives: bool = True
    steps: list[Planned] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)  # each step's first fact
    owing: list[int] = field(default_factory=list)  # cards owed before each step
    end: int | None = None  # the first fact of the round's end
    owed_end: int | None = None  # his 7F cards owed when the round's end began
    marks: list[Piles] = field(default_factory=list)  # his piles as each step began
    end_mark: Piles | None = None  # and as the round's end began

    def placed(
        self,
        st: WaterdeepState,
        space: Space | None,
        tied: tuple[Space, ...],
        *,
        harbor: bool,
        at: int,
    ) -> None:
        """His placement on `space`, decided on `st` (before it acts); `at`: its first fact."""
        yours = st.placed["you"]
        step = Planned(0 if harbor else st.placed["pseudo"] + 1, space, yours=yours)
        if space is not None and self.alternatives:
            step.tied = [s for s in tied if s.id != space.id]
            other = instead(st, space, harbor=harbor) if st.elsewhere > 0 else None
            if other is DRAWS:
                step.instead_draws = True
            elif other is not None:  # one of your agents before him could stand there
                step.instead = other.space
                step.instead_tied = [
                    s for s in other.tied if s.id != getattr(other.space, "id", "")
                ]
        self.steps.append(step)
        self.starts.append(at)
        self.owing.append(len(st.owed))
        self.marks.append(piles(st))

    def ended(self, st: WaterdeepState, at: int) -> None:
        """The round's end begins at fact `at` (his 7F cards owed by then are this round's)."""
        if self.end is None:
            self.end, self.owed_end = at, len(st.owed)
            self.end_mark = piles(st)

    def first_draw(self, last: Piles) -> int | None:
        """The first of his steps that drew from his piles (`last`: his piles when the play
        stopped), or None: where a plan shown ahead stopped naming what he does."""
        marks = [*self.marks[1:], self.end_mark if self.end_mark is not None else last]
        return next((i for i, mark in enumerate(self.marks) if mark != marks[i]), None)

    def split(self, facts: list[str], owed: list[int], last: Piles) -> None:
        """Give each step the facts it produced (without its own "Pseudo → …" line), the
        colours of the 7F cards it left for the round's end (`owed`: all of them, in order)
        and what it drew (`last`: his piles when the plan stopped)."""
        cards = waterdeep_data().intrigue
        stops = [*self.starts[1:], self.end if self.end is not None else len(facts)]
        upto = [*self.owing[1:], len(owed) if self.owed_end is None else self.owed_end]
        marks = [*self.marks[1:], self.end_mark if self.end_mark is not None else last]
        for i, step in enumerate(self.steps):
            step.facts = facts[self.starts[i] + 1 : stops[i]]
            step.owed = [str(cards[k].first_cube_color) for k in owed[self.owing[i] : upto[i]]]
            step.drawn = drawn_between(self.marks[i], marks[i])


class _Draws:
    """`instead`'s answer when your visit makes him draw a face-down card before he places."""


DRAWS = _Draws()


def instead(st: WaterdeepState, space: Space, *, harbor: bool) -> Decision | _Draws | None:
    """Where he goes when one of your agents the plan put elsewhere stands on `space` (with
    what your visit gives him: his owner reward); None where what you buy or play decides;
    `DRAWS` where your visit makes him draw and play a face-down card first (his owner
    reward's intrigue card, 7F, on the Tower of the Order or the Dragon Tower): where he goes
    then depends on a card nobody has seen, so the plan does not read it (in any game)."""
    if space.id == BUILDERS_HALL or space.id in HARBOR:
        return None
    other = WaterdeepState.model_validate(st.model_dump())
    other.elsewhere -= 1
    visit = Collect([])
    you_visit(other, space, None, visit)  # type: ignore[arg-type]
    if any(isinstance(step, DrawIntrigue) for step in visit.inserted):
        return DRAWS
    if visit.inserted:
        other.agenda = Agenda(steps=visit.inserted)
        if agenda.run(other.agenda, other, HANDLERS, Inputs({LATER: True}), []) is not None:
            return None
    if piles(other) != piles(st):  # your visit drew from his piles: not read ahead
        return DRAWS
    return decide(other, reassigning=harbor)


@dataclass
class Plan:
    round: int
    yours: int  # your agents this round
    placed: int  # of which placed (told or elsewhere) now
    steps: list[Planned]
    owed: int  # his 7F cards the round's end asks about: already waiting and planned
    stop: Ask | None  # the question the plan ends at before the round's end, if any
    veiled: bool = False  # the plan ends at his next draw (a challenge's: or coin)
    until: int | None = None  # then: your agent the plan plays up to (None: the whole round)

    @property
    def whole(self) -> bool:
        return self.stop is None


def elsewhere(st: WaterdeepState) -> None:
    """Your next agent goes where the plan does not care: counted as placed, on no space."""
    st.placed["you"] += 1
    st.elsewhere += 1
    st.to_move = "pseudo"
    st.table.moved_on()  # your turn: your tavern may have changed
    CHECKPOINT.clear(st)  # you moved after him: his placement stands


def play_on(
    st: WaterdeepState, inputs: Inputs, facts: list[str], *, until: int | None = None
) -> Ask | None:
    """Play the round on as planned: your agents elsewhere, his by the script, until your agent
    `until` is next (None: through the round's end). Returns the question it stops at."""
    start = st.round
    for _ in range(MOST_TURNS):
        if st.agenda.ask is not None:
            return st.agenda.ask
        if st.round != start or st.phase != "play":
            return None
        if until is not None and st.placed["you"] + 1 >= until:
            return None
        if st.to_move != "you" or st.left("you") <= 0:
            raise RuleError("The round plan lost its turn order; please report it.")
        elsewhere(st)
        advance(st, inputs, facts, hold=True)
    raise RuleError("The round plan does not come to an end; please report it.")


def round_plan(st: WaterdeepState) -> Plan | None:
    """The rest of the round as the step-by-step flow would play it, your agents elsewhere;
    None when the game does not wait on your agent now."""
    if st.phase != "play" or st.agenda.ask is not None or st.to_move != "you":
        return None
    if st.left("you") <= 0:
        return None
    sim = WaterdeepState.model_validate(st.model_dump())
    trail = Trail(st.round)
    sim._trail = trail
    facts: list[str] = []
    try:
        stop = play_on(sim, Inputs({LATER: True}), facts)
    except SoloistError:  # what stops the round ahead stops it when it comes: no plan now
        return None
    trail.split(facts, sim.owed, piles(sim))
    # the round's end asks about his cards, or it came and the next round went on
    at_end = sim.round != st.round or (stop is not None and stop.command == "round")
    owed = len(st.owed) + sum(len(s.owed) for s in trail.steps)
    plan = Plan(
        round=st.round,
        yours=st.agents("you"),
        placed=st.placed["you"],
        steps=trail.steps,
        owed=owed,
        stop=None if at_end else stop,
    )
    veil(plan, len(st.owed), coins=is_secret(st.seed))
    return plan


def veil(plan: Plan, owed_now: int, *, coins: bool = False) -> None:
    """No plan names a card before it is drawn (the kit's show-policy, `bot.core.secrecy`,
    in every game): the plan ends with his first placement that draws from his decks (rule
    7E/7F: a quest he gives you, his top intrigue card); there it says that he draws, not
    what (nor its kind: a card may make him draw another), and his placements after it wait
    until it is seen (what he draws may change them). `coins`: a challenge's plan shows no
    coin's fall either (it ends at his first coin too; a coin for a space you might take
    first shows its candidates); an ordinary game's coin is a seeded draw of no card."""
    if coins:
        for step in plan.steps:
            if step.instead is not None and step.instead_tied:
                step.instead_tied = [step.instead, *step.instead_tied]
                step.instead = None
    cut = next((i for i, s in enumerate(plan.steps) if (coins and s.tied) or s.drawn), None)
    if cut is None:
        return
    step = plan.steps[cut]
    if coins and step.tied:  # where he goes is the coin's: nothing of what he does there yet
        assert step.space is not None
        step.tied = [step.space, *step.tied]
        step.space, step.facts, step.drawn = None, [], []
    else:
        first = next(
            (i for i, f in enumerate(step.facts) if any(n in f for n in step.drawn)),
            len(step.facts),
        )
        step.facts = step.facts[:first]
    step.owed = []
    plan.steps = plan.steps[: cut + 1]
    plan.owed = owed_now
    plan.veiled, plan.stop = True, None
    later = step.yours + 1  # your agent after his: the plan plays up to it
    plan.until = later if later <= plan.yours else None


def label(space: Space | None) -> str:
    """A space as the plan names it: its printed name, or a message when there is none."""
    return say("no space (he cannot place)") if space is None else space.label


def marked(line: str) -> str:
    """A line of the plan under his placement (`› Pseudo takes 2 rogue.`): a message stays one,
    a plain line (not built as a message yet) stays plain."""
    return say("› {line}", line=line) if isinstance(line, Said) else f"› {line}"


def names(spaces: list[Space]) -> Listed:
    return listed(s.label for s in spaces)  # printed names, each as it is


def placement(step: Planned) -> Said:
    """His placement in the plan, and where he goes instead if you take that space first."""
    who = "His agent {n}" if step.agent else "Round end: his Harbor agent"
    agent: dict[str, Any] = {"n": step.agent} if step.agent else {}
    if step.space is None and step.tied:  # a challenge: the coin falls when he places
        return say(
            f"{who} → a coin among {{names}} (it falls when he places).",
            names=names(step.tied),
            **agent,
        )
    head = f"{who} → **{{space}}**"
    values: dict[str, Any] = {"space": label(step.space), **agent}
    if step.instead is None and step.instead_tied:  # a challenge: no coin's fall ahead
        head += " (if you take it first: a coin among {names})"
        values["names"] = names(step.instead_tied)
    elif step.tied:
        head += " (a coin, also among {names}: tell me if you take one of them first)"
        values["names"] = names(step.tied)
    elif step.instead is not None and step.instead_tied:
        head += " (if you take it first: {instead}, by a coin also among {names})"
        values |= {"instead": step.instead.label, "names": names(step.instead_tied)}
    elif step.instead is not None:
        head += " (if you take it first: {instead})"
        values["instead"] = step.instead.label
    elif step.instead_draws:
        head += " (if you take it first: {instead})"
        values["instead"] = say(INSTEAD_DRAWS)
    return say(f"{head}.", **values)


def plan_lines(plan: Plan) -> list[str]:
    """The plan as the reply shows it: his placements in order, what each does, then what
    only the table can answer, then what to report."""
    lines = [say("Pseudo's plan for the rest of round {round}:", round=plan.round)]
    if not plan.steps and plan.stop is None:
        lines = [say("Pseudo places no more agents this round.")]
    for step in plan.steps:
        lines.append(marked(placement(step)))
        lines += [marked(line) for line in step.facts]
        if plan.veiled and step.drawn:  # that he draws there, not what (even its kind: a
            # card may make him draw another)
            what = say(WHEN_DRAWN, what=say("from his decks"))
            lines.append(marked(say("There he draws {what}.", what=what)))
    if plan.veiled:
        lines.append(
            marked(
                say(
                    "The rest of his round waits until that is seen (nothing he draws is shown "
                    "before he draws it)."
                )
            )
        )
        if plan.until is not None:
            lines.append(
                marked(
                    say(
                        f"Confirm up to it: `{Round.line(agent='{n}')}`, or report your "
                        "agents as they differ.",
                        n=plan.until,
                    )
                )
            )
    if plan.stop is not None:
        question = plan.stop.text()
        if isinstance(question, Said):
            lines.append(marked(say("Then I ask: {question}", question=question)))
        else:
            lines.append(f"› Then I ask: {question}")
        if plan.stop.command == "place":  # your Harbor agent: it may come with your last one
            lines.append(
                marked(
                    say(
                        "Or tell it with your last agent: "
                        f"`{Place.line(space='…', harbor='…')}` (if he takes that space first, "
                        "I ask)."
                    )
                )
            )
    lines.append(
        say(
            "Tell me only what differs from the plan: your agent on a space of his before him, "
            "in Builder's Hall or Waterdeep Harbor, or on a building of his or with a pile: "
            f"`{Place.line(space='…', agent='…')}` (your agent's number this round); Castle "
            "Waterdeep where he does not go: `castle:yes` with the round."
        )
    )
    return lines


def plan_steps(plan: Plan) -> list[NextStep]:
    """The buttons that confirm the plan: the whole round (one per count of his 7F cards that
    found you without the cube), or up to the question it stops at."""
    if plan.until is not None:
        return [NextStep(say("As planned, up to his draw"), "round", (("agent", str(plan.until)),))]
    if plan.stop is not None:
        return [NextStep(say("As planned, up to the question"), "round")]
    if plan.veiled or not plan.owed:  # cut at a draw: the round's end asks about his cards
        return [NextStep(say(ROUND_AS_PLANNED), "round")]
    return [
        NextStep(c.label, "round", ((MISSING, c.value),))
        for c in missing_choices(plan.owed, planned=ROUND_AS_PLANNED)
    ]


def summary(st: WaterdeepState) -> dict[str, Any] | None:
    """The plan as plain data (the state a front-end or a script reads)."""
    plan = round_plan(st)
    if plan is None:
        return None

    def sid(space: Space | None) -> str | None:
        return None if space is None else space.id

    return {
        "round": plan.round,
        "yours": plan.yours,
        "placed": plan.placed,
        "owed": plan.owed,
        "stop": None if plan.stop is None else plan.stop.option,
        "veiled": plan.veiled,
        "until": plan.until,
        "steps": [
            {
                "agent": s.agent,
                "space": sid(s.space),
                "instead": sid(s.instead),
                "instead_tied": [t.id for t in s.instead_tied],
                "instead_draws": s.instead_draws,
                "tied": [t.id for t in s.tied],
                "yours": s.yours,
                "facts": s.facts,
                "owed": s.owed,
                "draws": bool(s.drawn),
            }
            for s in plan.steps
        ],
    }
