"""A turn as an agenda: two actions (turns 1-3), the row read off the display, your builds,
then Freddy builds the leftovers left to right, one step per building; the 20th building
ends the game and the final step scores it."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask, Turn, refused
from bot.core.agenda import Choice as AskChoice
from bot.core.errors import InputError, RuleError
from bot.core.grid import Cell
from bot.core.priority import ask_for
from bot.core.said import say, stacked
from bot.core.scoresheet import outcome, tie_rule
from bot.games.glasgow import reports
from bot.games.glasgow.city import activated, label, parse_cell
from bot.games.glasgow.commands import STORED, Action, Build, Done, Final
from bot.games.glasgow.data import glasgow_data
from bot.games.glasgow.display import numbered, parse_row
from bot.games.glasgow.freddy import FREDDIES, Placement, rank
from bot.games.glasgow.scoring import freddy_goods, score
from bot.games.glasgow.state import (
    ActionStep,
    BuildStep,
    EndTurnStep,
    FinalStep,
    FreddyStep,
    GlasgowState,
    Result,
    RowStep,
)
from bot.i18n.plural import count

# the contract question's buttons: each answers both options, the one chosen and the one ignored
CONTRACTS = [
    AskChoice(label=say(text), value=chosen, also={"ignored": ignored})
    for text, chosen, ignored in (
        ("No special contract", "other", "other"),
        ("Chose whisky", "whisky", "other"),
        ("Ignored whisky", "other", "whisky"),
        ("Chose exchange", "exchange", "other"),
        ("Ignored exchange", "other", "exchange"),
        ("Chose double", "double", "other"),
    )
]
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}

# the fact Freddy's building is told with (bot/games/glasgow/narrate.py reads it back)
BUILDS = "{name} builds the {building} on {cell}: {reason}."


def opponent(st: GlasgowState) -> str:
    return FREDDIES[st.freddy].name


def actions_this_turn(st: GlasgowState) -> int:
    return glasgow_data().soloist.actions_per_turn[st.turn - 1]


def turn_steps(st: GlasgowState) -> list[Any]:
    actions = actions_this_turn(st)
    return [
        *(ActionStep(number=n) for n in range(1, actions + 1)),
        RowStep(),
        BuildStep(),
        EndTurnStep(),
    ]


def setup_facts(round_: int) -> list[str]:
    if round_ == 1:
        return [
            say(
                "Set up: four architects in a column, the top one face down; your merchant next "
                "to the bottom architect. Deal buildings face up to their right, bottom to top: "
                "3, 3, 2, 2. Shuffle the contracts, discard 2 unseen, stack the rest face down. "
                "Your board: 1 stone, 1 steel. Freddy gets no components and no goods."
            ),
        ]
    return [
        say(
            "Round 2: deal 3, 3, 2, 2 buildings again from the bottom up, your merchant back to "
            "the bottom architect; shuffle all contracts, discard 2 unseen, stack the rest face "
            "down."
        ),
    ]


def builds_ahead(st: GlasgowState, number: int) -> list[str]:
    """Your builds told with the action, while this turn's row is known: the line with the
    likely values filled in (your first building on a free cell, your last; Freddy on his
    suggested cells; Freddy II's storage as last told, else not full), so a turn is one line."""
    text = reports.row_now(st)
    if text is None:
        if not reports.rows_asked(st):
            return []
        storage = " and Freddy II's storage: `stone:… steel:… gold:… whisky:…`"
        return [
            say(
                "Your builds can come in the same line, after the rows: add `building:… at:… "
                "done:suggested` (more: `building2:… at2:…`)"
                + (storage if st.freddy == "II" else "")
                + "."
            )
        ]
    row = parse_row(text, glasgow_data().soloist.display[st.turn - 1])
    first = {"both": "yes"} if number < actions_this_turn(st) else {"chosen": "other"}
    made = {b.good for _, b in st.city.owned("you", "factory")}  # type: ignore[attr-defined]
    made |= {d.good for d in row if d.kind == "factory"}
    goods = [g for g in STORED if g in made] if st.freddy == "II" else []
    storage = {g: st.table.recall(reports.storage_fact(g)) or "no" for g in goods}
    cell = label(st.city.legal_cells()[0])
    line = Action.line(**first, building=1, at=cell, done="suggested", **storage)
    return [
        say(
            f"Your builds in the same line, Freddy on his suggested cells where he ties: "
            f"`{Action.line()} {{line}}` (more: `building2:… at2:…`).",
            line=line.removeprefix(f"{Action.line()} "),
        )
    ]


def freddy_takes_the_barrel(st: GlasgowState) -> str:  # a part of a message's key
    """What happens to the whisky barrel when Freddy takes yours (an ignored whisky contract,
    his whisky factory), by who holds it as far as the bot heard."""
    holder, st.barrel = st.barrel, "freddy" if st.barrel else None
    if holder == "you":
        return "Freddy takes your whisky barrel (if you have spent it, nothing happens)"
    if holder == "freddy":
        return "Freddy has the whisky barrel already"
    return "if you have the whisky barrel, Freddy takes it"


def activation_facts(st: GlasgowState, cell: Cell) -> list[str]:
    facts: list[str] = []
    for where, factory in activated(st.city, cell, st.settings.factory_trigger):
        good = factory.good or "other"  # type: ignore[attr-defined]
        name = say(f"{good} factory on {{cell}}", cell=label(where))
        if factory.owner == "you":
            facts.append(say("Your {factory} is activated: take what it gives.", factory=name))
            if good == "whisky" and st.barrel == "freddy":
                st.barrel = None  # it may have given you whisky: Freddy's hold is not known now
        elif good == "whisky":
            taken = freddy_takes_the_barrel(st)
            facts.append(say(f"Freddy's {{factory}} is activated: {taken}.", factory=name))
        else:
            facts.append(say("Freddy's {factory} is activated: nothing happens.", factory=name))
    return facts


def build_for_you(st: GlasgowState, position: int, at: str, facts: list[str]) -> None:
    """Your build: checked against the city's rules, with the extra gold of the turn."""
    if position > len(st.row):
        raise InputError(say("This row has {n} buildings.", n=len(st.row)))
    index = position - 1
    if index in st.built:
        raise RuleError(say("You already built building {n} this turn.", n=position))
    cell = parse_cell(at)
    dealt = st.row[index]
    st.city.build(cell, dealt, "you")
    nth = len(st.built) + 1
    extra = glasgow_data().soloist.extra_gold[nth - 1]
    pay = (
        say("pay its cost {cost} + {gold} gold", cost=dealt.cost, gold=extra)
        if extra
        else say("pay its cost {cost}", cost=dealt.cost)
    )
    facts.append(
        say(
            "You build the {building} on {cell}: {pay} (your {nth} building this turn).",
            building=dealt.name(),
            cell=label(cell),
            pay=pay,
            nth=ORDINAL[nth],
        )
    )
    facts += activation_facts(st, cell)
    st.built.append(index)


# ---------------------------------------------------------------- handlers
def action(st: GlasgowState, turn: Turn[Any]) -> Ask | None:
    step: ActionStep = turn.step
    chosen, ignored = turn.inputs.take("chosen"), turn.inputs.take("ignored")
    if step.number > 1 and chosen is None and ignored is None:
        # the first action's command told this one too: `chosen2`/`ignored2`, or none special
        chosen, ignored = turn.inputs.take("chosen2"), turn.inputs.take("ignored2")
        if chosen is None and ignored is None and turn.inputs.take("both") == "yes":
            chosen = ignored = "other"
    if chosen is None and ignored is None:
        twice = " It counts twice (double contract)." if st.double else ""
        both = (
            f" No special contract in either action: `{Action.line(both='yes')}`."
            if step.number < actions_this_turn(st)
            else ""
        )
        asked = say(
            "Round {round}, turn {turn}, action {n} of 2: move your merchant, draw 2 contracts, "
            f"resolve one, discard both.{twice}{both} Which special contract came up? "
            f"`{Action.line(chosen='…', ignored='…')}`",
            round=st.round,
            turn=st.turn,
            n=step.number,
        )
        under = [*reports.ahead_of_actions(st, step.number), *builds_ahead(st, step.number)]
        return Ask(
            prompt=stacked([asked, *under]),
            command="action",
            option="chosen",
            choices=[c.model_copy() for c in CONTRACTS],
        )
    chosen, ignored = chosen or "other", ignored or "other"
    if chosen == ignored != "other":
        raise InputError(say("There is only one {special} contract.", special=chosen))
    facts = turn.facts
    n = step.number
    if st.double:
        facts.append(
            say("Action {n} counts twice (double contract): carry out your contract twice.", n=n)
        )
        st.double = False
    if chosen == "whisky":
        source = " (from Freddy)" if st.barrel == "freddy" else ""
        facts.append(say(f"Action {{n}}: you take the whisky barrel{source}.", n=n))
        st.barrel = "you"
    elif chosen == "exchange":
        st.check_rows = True  # you may have exchanged any row: the rows left are asked again
        facts.append(
            say(
                "Action {n}: you may discard the buildings of any row (this one too) and deal as "
                "many new ones.",
                n=n,
            )
        )
    elif chosen == "double":
        facts.append(say("Action {n}: double contract, your next action counts twice.", n=n))
        st.double = True
    else:
        facts.append(say("Action {n}: you resolve your contract.", n=n))
    if ignored == "whisky":
        facts.append(say(f"You ignored the whisky contract: {freddy_takes_the_barrel(st)}."))
    elif ignored == "exchange":
        nxt = st.turn + 1
        st.replaced.append(nxt)
        reports.forget_row(st, nxt)
        facts.append(
            say(
                "You ignored the exchange contract: Freddy replaces all buildings of the next "
                "row (architect {n}): discard them and deal as many new ones.",
                n=nxt,
            )
        )
    st.actions_done += 1
    return None


def row(st: GlasgowState, turn: Turn[Any]) -> Ask | None:
    expected = glasgow_data().soloist.display[st.turn - 1]
    reports.take_rows(st, turn.inputs, parse_row)
    text = reports.row_now(st)
    if text is None:
        replaced = " (Freddy replaced this row)" if st.turn in st.replaced else ""
        return reports.ask_rows(
            st,
            f"Which {{n}} buildings lie to the right of architect {{turn}}{replaced}, "
            "left to right?",
            n=expected,
        )
    st.row = parse_row(text, expected)
    st.built = []
    if st.turn in st.replaced:
        st.replaced.remove(st.turn)
    shown = numbered(st.row, list(range(len(st.row))))
    turn.facts.append(say("Architect {turn}'s row: {row}.", turn=st.turn, row=shown))
    return None


def take_builds(inputs: Any) -> list[tuple[int, str]]:
    """Your buildings given with this command, in order: `building`/`at`, then
    `building2`/`at2` and `building3`/`at3` (each pair whole)."""
    pairs = []
    for n in ("", "2", "3"):
        position, at = inputs.take(f"building{n}"), inputs.take(f"at{n}")
        if position is None and at is None:
            continue
        if position is None or at is None:
            missing = f"building{n}:N" if position is None else f"at{n}:CELL"
            raise InputError(f"`building{n}` and `at{n}` come together: add `{missing}`.")
        pairs.append((int(position), str(at)))
    return pairs


def build(st: GlasgowState, turn: Turn[Any]) -> Ask | None:
    for position, at in take_builds(turn.inputs):
        build_for_you(st, position, at, turn.facts)
    left = [i for i in range(len(st.row)) if i not in st.built]
    done = turn.inputs.take("done")
    st.suggested_rest = done == "suggested"
    if done in ("yes", "suggested") or not left:
        names = numbered(st.row, left) if left else ""
        if len(left) == 1:
            turn.facts.append(say("Freddy builds the building you left: {names}.", names=names))
        elif left:
            many = count(len(left), "building")
            turn.facts.append(
                say(
                    "Freddy builds the {buildings} you left, left to right: {names}.",
                    buildings=many,
                    names=names,
                )
            )
        else:
            turn.facts.append(say("You built the whole row: the turn ends, Freddy builds nothing."))
        turn.insert(*(FreddyStep(index=i) for i in left))
        return None
    extra = glasgow_data().soloist.extra_gold[len(st.built)]
    offer = numbered(st.row, left)
    where = say(
        "the first building starts the city on E5"
        if not st.city.cells
        else "next to the city, within 4×5 or 5×4"
    )
    cost = " + {gold} gold" if extra else ""
    gold = {"gold": extra} if extra else {}
    cell = label(st.city.legal_cells()[0])  # a cell the line can take as it is
    # the likely answer first: one building, the last, Freddy on his suggested cells
    line = Build.line(building="{n}", at="{cell}", done="suggested")
    asked = say(
        f"Build any of {{offer}} with `{line}` ({{where}}): your last building, and Freddy "
        "builds the rest, on his suggested cells where his rules tie. More in the same line: "
        "`building2:… at2:…`; to go on building, leave out `done`; to choose his cells "
        f"yourself, `done:yes`. Your next building costs its printed cost{cost}. Nothing to "
        f"build: `{Done.line(suggested='yes')}`, or `{Done.line()}` to choose his cells "
        "(build them all and the turn ends without it).",
        offer=offer,
        n=left[0] + 1,
        cell=cell,
        where=where,
        **gold,
    )
    return Ask(
        prompt=stacked([asked, *reports.storage_ahead(st)]),
        command="build",
        option="at",
    )


def freddy(st: GlasgowState, turn: Turn[Any]) -> Ask | None:
    step: FreddyStep = turn.step
    dealt = st.row[step.index]
    who = FREDDIES[st.freddy]
    if len(st.city) >= glasgow_data().city_size:
        turn.facts.append(
            say(
                "The city is complete; Freddy does not build the {building}.",
                building=dealt.name(),
            )
        )
        return None
    reports.take_storage(st, turn.inputs)
    trigger = st.settings.factory_trigger
    full = reports.full_storage(st)
    p = Placement(st.city, dealt, trigger, full, st.settings.tenement_neighbours)
    questions = who.storage_questions(p)
    if questions:
        yours = [b.good or "other" for _, b in st.city.owned("you", "factory")]  # type: ignore[attr-defined]
        return reports.ask_storage(st, questions, yours, who.name, dealt)
    choice = rank(who, p)
    cell = choice.option
    picked = turn.inputs.take("cell")
    if cell is None and picked is None and st.suggested_rest and choice.tied:
        picked = label(choice.tied[0])
    if cell is None and picked is not None:
        cell = parse_cell(picked)
        if cell not in choice.tied:
            raise refused(
                f"{label(cell)} is not one of Freddy's best cells.", map(label, choice.tied)
            )
    elif cell is None:
        suggested = label(choice.tied[0])
        return ask_for(
            choice,
            prompt=say(
                f"{who.name} builds the {{building}}: where? (suggested {{cell}})",
                building=dealt.name(),
                cell=suggested,
            ),
            command="pick",
            option="cell",
            label=label,
            value=label,
            suggested=choice.tied[0],
        )
    assert cell is not None
    st.city.build(cell, dealt, "freddy")
    why = "; you chose" if choice.option is None else ""
    if why and st.suggested_rest:
        why = "; his suggested cell, as you chose"
    turn.facts.append(
        say(
            BUILDS.replace("{name}", who.name).replace("{reason}", "{reason}" + why),
            building=dealt.name(),
            cell=label(cell),
            reason=choice.reason,
        )
    )
    turn.facts.extend(activation_facts(st, cell))
    for _, factory in activated(st.city, cell, trigger):
        good = factory.good or ""  # type: ignore[attr-defined]
        if factory.owner == "you" and full.get(good) is False:
            st.table.forget(reports.storage_fact(good))  # it may be full now
    return None


def end_turn(st: GlasgowState, turn: Turn[Any]) -> Ask | None:
    data = glasgow_data()
    if len(st.city) >= data.city_size:
        turn.facts.append(say(f"The {data.city_size}th building is placed: the game ends."))
        turn.insert(FinalStep())
        return None
    st.actions_done, st.row, st.built, st.suggested_rest = 0, [], [], False
    st.table.moved_on()  # your turn comes: your storage may change
    if st.turn < len(data.soloist.display):
        st.turn += 1
    elif st.round < data.soloist.rounds:
        st.round, st.turn = st.round + 1, 1
        for architect in range(1, len(data.soloist.display) + 1):
            reports.forget_row(st, architect)  # a new deal
        turn.facts.extend(setup_facts(st.round))
    else:
        raise RuleError(say("The last turn ended before the city was complete; please report it."))
    turn.facts.append(
        say(
            "Round {round}, turn {turn} (architect {architect}).",
            round=st.round,
            turn=st.turn,
            architect=st.turn,
        )
    )
    turn.insert(*turn_steps(st))
    return None


def final(st: GlasgowState, turn: Turn[Any]) -> Ask | None:
    goods = {g: turn.inputs.take(g) for g in ("stone", "steel", "gold")}
    if any(v is None for v in goods.values()):
        return Ask(
            prompt=say(
                "The city is complete. How many goods are left in your storage? "
                f"`{Final.line(stone='N', steel='N', gold='N')}` (Freddy's banks count your free "
                "spaces)"
            ),
            command="final",
            option="stone",
        )
    yours: dict[str, int] = {g: int(v) for g, v in goods.items()}
    his = freddy_goods(yours)
    you_sheet = score(st.city, "you", yours, st.settings)
    his_sheet = score(st.city, "freddy", his, st.settings)
    st.result = Result(
        you=you_sheet.categories,
        freddy=his_sheet.categories,
        your_goods=yours,
        freddy_goods=his,
    )
    st.finished = True
    name = opponent(st)
    you, his = you_sheet.total, his_sheet.total
    turn.facts += [
        say("You score **{you}**, {name} **{his}**.", you=you, name=name, his=his),
        st.settings.text(),
    ]
    won = outcome(you, his, tie_rule("glasgow", name))
    if won == "win":
        turn.facts.append(say("You win, {you} to {freddy}.", you=you, freddy=his))
    elif you == his:
        turn.facts.append(say(f"{name} wins: a tie at {{n}} is a loss for you.", n=you))
    else:
        turn.facts.append(say(f"{name} wins, {{freddy}} to {{you}}.", freddy=his, you=you))
    return None


HANDLERS = {
    "action": action,
    "row": row,
    "build": build,
    "freddy": freddy,
    "end_turn": end_turn,
    "final": final,
}
