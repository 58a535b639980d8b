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
from bot.core.scoresheet import outcome, tie_rule
from bot.core.tokens import labelled, number
from bot.core.words import plain
from bot.games.glasgow import reports
from bot.games.glasgow.city import Dealt, activated, label, parse_cell
from bot.games.glasgow.commands import STORED, Action, Build, Done, Final
from bot.games.glasgow.data import glasgow_data
from bot.games.glasgow.freddy import FREDDIES, Placement, rank
from bot.games.glasgow.names import BUILDING, GOOD
from bot.games.glasgow.reports import ROW_EXAMPLE
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

FACTORY_GOODS = ("stone", "steel", "gold", "whisky", "other")
BANK_GOODS = ("stone", "steel", "gold", "factory")
# the contract question's buttons: each answers both options, the one chosen and the one ignored
CONTRACTS = [
    AskChoice(label=text, value=chosen, also={"ignored": ignored})
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
            "Set up: four architects in a column, the top one face down; your merchant next to "
            "the bottom architect. Deal buildings face up to their right, bottom to top: 3, 3, 2, "
            "2. Shuffle the contracts, discard 2 unseen, stack the rest face down. Your board: "
            "1 stone, 1 steel. Freddy gets no components and no goods.",
        ]
    return [
        "Round 2: deal 3, 3, 2, 2 buildings again from the bottom up, your merchant back to the "
        "bottom architect; shuffle all contracts, discard 2 unseen, stack the rest face down.",
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
            "Your builds can come in the same line, after the rows: add `building:… at:… "
            "done:suggested` (more: `building2:… at2:…`)"
            + (storage if st.freddy == "II" else "")
            + "."
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
        f"Your builds in the same line, Freddy on his suggested cells where he ties: `{line}` "
        "(more: `building2:… at2:…`)."
    ]


# ---------------------------------------------------------------- reading the table
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
                raise InputError("A landmark needs its printed VP: `landmark:4:7` (cost 4, 7 VP).")
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
        raise InputError(f"This architect has {expected} buildings, got {len(row)}.")
    return row


def freddy_takes_the_barrel(st: GlasgowState) -> str:
    """What happens to the whisky barrel when Freddy takes yours (an ignored whisky contract,
    his whisky factory), by who holds it as far as the bot heard."""
    holder, st.barrel = st.barrel, "freddy" if st.barrel else None
    if holder == "you":
        return "Freddy takes your whisky barrel (if you have spent it, nothing happens)"
    if holder == "freddy":
        return "Freddy has the whisky barrel already"
    return "if you have the whisky barrel, Freddy takes it"


def activation_facts(st: GlasgowState, cell: Cell) -> list[str]:
    facts = []
    for where, factory in activated(st.city, cell, st.settings.factory_trigger):
        good = factory.good or "other"  # type: ignore[attr-defined]
        name = f"{good} factory on {label(where)}"
        if factory.owner == "you":
            facts.append(f"Your {name} is activated: take what it gives.")
            if good == "whisky" and st.barrel == "freddy":
                st.barrel = None  # it may have given you whisky: Freddy's hold is not known now
        elif good == "whisky":
            facts.append(f"Freddy's {name} is activated: {freddy_takes_the_barrel(st)}.")
        else:
            facts.append(f"Freddy's {name} is activated: nothing happens.")
    return facts


def build_for_you(st: GlasgowState, position: int, at: str, facts: list[str]) -> None:
    """Your build: checked against the city's rules, with the extra gold of the turn."""
    if position > len(st.row):
        raise InputError(f"This row has {len(st.row)} buildings.")
    index = position - 1
    if index in st.built:
        raise RuleError(f"You already built building {position} this turn.")
    cell = parse_cell(at)
    dealt = st.row[index]
    st.city.build(cell, dealt, "you")
    nth = len(st.built) + 1
    extra = glasgow_data().soloist.extra_gold[nth - 1]
    pay = f"pay its cost {dealt.cost}" + (f" + {extra} gold" if extra else "")
    facts.append(
        f"You build the {dealt.name()} on {label(cell)}: {pay} (your {ORDINAL[nth]} building "
        "this turn)."
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
        return Ask(
            prompt=(
                f"Round {st.round}, turn {st.turn}, action {step.number} of 2: move your merchant, "
                f"draw 2 contracts, resolve one, discard both.{twice}{both} Which special contract "
                f"came up? `{Action.line(chosen='…', ignored='…')}`"
                + "".join(f"\n{line}" for line in reports.ahead_of_actions(st, step.number))
                + "".join(f"\n{line}" for line in builds_ahead(st, step.number))
            ),
            command="action",
            option="chosen",
            choices=[c.model_copy() for c in CONTRACTS],
        )
    chosen, ignored = chosen or "other", ignored or "other"
    if chosen == ignored != "other":
        raise InputError(f"There is only one {chosen} contract.")
    facts = turn.facts
    head = f"Action {step.number}"
    if st.double:
        facts.append(f"{head} counts twice (double contract): carry out your contract twice.")
        st.double = False
    if chosen == "whisky":
        source = " (from Freddy)" if st.barrel == "freddy" else ""
        facts.append(f"{head}: you take the whisky barrel{source}.")
        st.barrel = "you"
    elif chosen == "exchange":
        st.check_rows = True  # you may have exchanged any row: the rows left are asked again
        facts.append(
            f"{head}: you may discard the buildings of any row (this one too) and deal as many "
            "new ones."
        )
    elif chosen == "double":
        facts.append(f"{head}: double contract, your next action counts twice.")
        st.double = True
    else:
        facts.append(f"{head}: you resolve your contract.")
    if ignored == "whisky":
        facts.append(f"You ignored the whisky contract: {freddy_takes_the_barrel(st)}.")
    elif ignored == "exchange":
        nxt = st.turn + 1
        st.replaced.append(nxt)
        reports.forget_row(st, nxt)
        facts.append(
            f"You ignored the exchange contract: Freddy replaces all buildings of the next row "
            f"(architect {nxt}): discard them and deal as many new ones."
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
            f"Which {expected} buildings lie to the right of architect {st.turn}{replaced}, "
            "left to right?",
        )
    st.row = parse_row(text, expected)
    st.built = []
    if st.turn in st.replaced:
        st.replaced.remove(st.turn)
    listed = ", ".join(f"{i}. {d.name()}" for i, d in enumerate(st.row, 1))
    turn.facts.append(f"Architect {st.turn}'s row: {listed}.")
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
        names = ", ".join(f"{i + 1}. {st.row[i].name()}" for i in left)
        if len(left) == 1:
            turn.facts.append(f"Freddy builds the building you left: {names}.")
        elif left:
            many = count(len(left), "building")
            turn.facts.append(f"Freddy builds the {many} you left, left to right: {names}.")
        else:
            turn.facts.append("You built the whole row: the turn ends, Freddy builds nothing.")
        turn.insert(*(FreddyStep(index=i) for i in left))
        return None
    extra = glasgow_data().soloist.extra_gold[len(st.built)]
    offer = ", ".join(f"{i + 1}. {st.row[i].name()}" for i in left)
    where = (
        "the first building starts the city on E5"
        if not st.city.cells
        else "next to the city, within 4×5 or 5×4"
    )
    cost = f" + {extra} gold" if extra else ""
    cell = label(st.city.legal_cells()[0])  # a cell the line can take as it is
    # the likely answer first: one building, the last, Freddy on his suggested cells
    line = Build.line(building=left[0] + 1, at=cell, done="suggested")
    return Ask(
        prompt=(
            f"Build any of {offer} with `{line}` ({where}): your last building, and Freddy "
            "builds the rest, on his suggested cells where his rules tie. More in the same line: "
            "`building2:… at2:…`; to go on building, leave out `done`; to choose his cells "
            f"yourself, `done:yes`. Your next building costs its printed cost{cost}. Nothing to "
            f"build: `{Done.line(suggested='yes')}`, or `{Done.line()}` to choose his cells "
            "(build them all and the turn ends without it)."
            + "".join(f"\n{line}" for line in reports.storage_ahead(st))
        ),
        command="build",
        option="at",
    )


def freddy(st: GlasgowState, turn: Turn[Any]) -> Ask | None:
    step: FreddyStep = turn.step
    dealt = st.row[step.index]
    who = FREDDIES[st.freddy]
    if len(st.city) >= glasgow_data().city_size:
        turn.facts.append(f"The city is complete; Freddy does not build the {dealt.name()}.")
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
            prompt=f"{who.name} builds the {dealt.name()}: where? (suggested {suggested})",
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
        BUILDS.format(
            name=who.name, building=dealt.name(), cell=label(cell), reason=choice.reason + why
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
        turn.facts.append(f"The {data.city_size}th building is placed: the game ends.")
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
        raise RuleError("The last turn ended before the city was complete; please report it.")
    turn.facts.append(f"Round {st.round}, turn {st.turn} (architect {st.turn}).")
    turn.insert(*turn_steps(st))
    return None


def final(st: GlasgowState, turn: Turn[Any]) -> Ask | None:
    goods = {g: turn.inputs.take(g) for g in ("stone", "steel", "gold")}
    if any(v is None for v in goods.values()):
        return Ask(
            prompt=(
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
    turn.facts += [
        f"You score **{you_sheet.total}**, {name} **{his_sheet.total}**.",
        st.settings.text(),
    ]
    won = outcome(you_sheet.total, his_sheet.total, tie_rule("glasgow", name))
    if won == "win":
        turn.facts.append(f"You win, {you_sheet.total} to {his_sheet.total}.")
    elif you_sheet.total == his_sheet.total:
        turn.facts.append(f"{name} wins: a tie at {you_sheet.total} is a loss for you.")
    else:
        turn.facts.append(f"{name} wins, {his_sheet.total} to {you_sheet.total}.")
    return None


HANDLERS = {
    "action": action,
    "row": row,
    "build": build,
    "freddy": freddy,
    "end_turn": end_turn,
    "final": final,
}
