"""What the player reports of their table, remembered with the game (`state.table`).

The rows: all four are dealt at the start of a round, so the first row question asks for
every row not yet known, in one line; a row is asked again only when an exchange contract
changed it (Freddy's replacement forgets it; your own exchange asks the rows left again,
remembered values shown, "Unchanged" in one press).

Your storage: Freddy II asks whether it is full only where it decides his cell, and then for
every good your factories make at once, so at most once per row; the answers hold until your
next turn (`moved_on` at each turn's start), shown with "Unchanged" when asked again."""

from __future__ import annotations

from bot.core.agenda import Ask, Inputs
from bot.core.agenda import Choice as AskChoice
from bot.core.said import say
from bot.core.table_facts import is_unchanged
from bot.games.glasgow.city import Dealt
from bot.games.glasgow.commands import STORED, Action, Done, Room, Row
from bot.games.glasgow.data import glasgow_data
from bot.games.glasgow.state import GlasgowState

BOTH_ACTIONS = ("chosen", "ignored", "chosen2", "ignored2")  # the turn's two actions in one line
ROW_EXAMPLE = "shop:3 tenement:2 landmark:4:7 factory:2:steel bank:3:gold"
# one example row per architect, with as many buildings as it holds (3, 3, 2, 2)
ROW_EXAMPLES = (
    "shop:3 tenement:2 park:1",
    "factory:2:steel bank:3:gold landmark:4:7",
    "park:1 station:3",
    "tenement:2 shop:2",
)


def row_fact(architect: int) -> str:
    return f"row{architect}"


def row_option(st: GlasgowState, architect: int) -> str:
    """The option that carries a row: `buildings` for this turn's, `row3` for architect 3's."""
    return "buildings" if architect == st.turn else row_fact(architect)


def take_rows(st: GlasgowState, inputs: Inputs, parse: object) -> None:
    """Remember every row given with this command (checked first), "same" for unchanged.
    After your exchange, the rows left that are not given are as remembered (unchanged)."""
    display = glasgow_data().soloist.display
    architects = range(st.turn, len(display) + 1)
    kept = []
    for architect in architects:
        given = inputs.take(row_option(st, architect))
        if given is None:
            kept.append(architect)
            continue
        name, text = row_fact(architect), str(given).strip()
        if is_unchanged(text):
            text = st.table.keep(name, option=row_option(st, architect))
        parse(text, display[architect - 1])  # type: ignore[operator]
        st.table.remember(name, text)
    if len(kept) < len(architects) and st.check_rows:
        for architect in kept:
            if st.table.recall(row_fact(architect)) is not None:
                st.table.keep(row_fact(architect))
    if len(kept) < len(architects):
        st.check_rows = False


def row_now(st: GlasgowState) -> str | None:
    """This turn's row as reported, unless it must be asked (again)."""
    if st.check_rows:
        return None
    return st.table.recall(row_fact(st.turn))


def rows_asked(st: GlasgowState) -> list[int]:
    """The architects whose rows the row question asks: this turn's and every one above it
    not known (all of them after your exchange); none while this turn's row is known."""
    if row_now(st) is not None:
        return []
    display = glasgow_data().soloist.display
    return [st.turn] + [
        a
        for a in range(st.turn + 1, len(display) + 1)
        if st.check_rows or st.table.recall(row_fact(a)) is None
    ]


def ahead_of_actions(st: GlasgowState, number: int) -> list[str]:
    """What the action question lets you tell at once, as lines under it: the turn's second
    action with the first, and the rows the row question after the actions would ask."""
    lines: list[str] = []
    # the rows come with the turn's last action: here, told with the first
    second: dict[str, str] = {}
    if number < glasgow_data().soloist.actions_per_turn[st.turn - 1]:
        both = Action.line(**dict.fromkeys(BOTH_ACTIONS, "…"))
        lines.append(say(f"Both actions at once: `{both}`."))
        second = {"chosen2": "…"}
    asked = rows_asked(st)
    if asked:
        rows = {row_option(st, a): "…" for a in asked}
        head = Action.line(chosen="…")
        lines.append(
            say(
                f"The rows are asked next: report them with your last action, `{head} {{rows}}`.",
                rows=Action.line(chosen="…", **second, **rows).removeprefix(f"{head} "),
            )
        )
    elif st.turn < len(glasgow_data().soloist.display):
        row = {row_fact(st.turn + 1): "…"}
        head = Action.line(chosen="exchange")
        shown = Action.line(chosen="exchange", **second, **row)
        lines.append(
            say(
                "An exchange changes a row: report the new one with your last action, "
                f"`{head} {{row}}:…`.",
                row=shown.removeprefix(f"{head} ").removesuffix(":…"),
            )
        )
    return lines


def ask_rows(st: GlasgowState, prompt: str, **values: object) -> Ask:
    """This turn's row and every row above it not known (all of them after your exchange),
    in one question: one console line, one form on Discord. `prompt` is a message's key,
    `values` fill it (and `turn`, this turn)."""
    architects = rows_asked(st)
    if len(architects) == 1 and st.table.recall(row_fact(st.turn)) is None:
        example = Row.line(buildings=ROW_EXAMPLE)
        asked = say(f"{prompt} `{example}`", turn=st.turn, **values)
        return Ask(prompt=asked, command="row", option="buildings")
    fields = [(row_fact(a), row_option(st, a), say("Architect {a}'s row", a=a)) for a in architects]
    rows = {
        row_option(st, a): st.table.recall(row_fact(a)) or ROW_EXAMPLES[a - 1] for a in architects
    }
    head = Row.line()
    return st.table.ask_all(
        fields,
        prompt=say(
            f"{prompt} With the rows above it too: `{head} {{line}}`",
            turn=st.turn,
            line=Row.line(**rows).removeprefix(f"{head} "),
            **values,
        ),
        command="row",
    )


def forget_row(st: GlasgowState, architect: int) -> None:
    st.table.forget(row_fact(architect))


# ---------------------------------------------------------------- storage
def storage_fact(good: str) -> str:
    return f"storage:{good}"


def full_storage(st: GlasgowState) -> dict[str, bool]:
    """What you said of your storage since your last turn: good -> full."""
    return {
        good: st.table.recall(storage_fact(good)) == "yes"
        for good in STORED
        if st.table.fresh(storage_fact(good))
    }


def take_storage(st: GlasgowState, inputs: Inputs) -> None:
    """Remember the answers given: one good (`good`, `full`) or several (`steel:yes`)."""
    good, full = inputs.take("good"), inputs.take("full")
    answers = {good: full} if good is not None and full is not None else {}
    for g in STORED:
        given = inputs.take(g)
        if given is not None:
            answers[g] = given
    for g, answer in answers.items():
        name = storage_fact(g)
        if is_unchanged(str(answer)):
            refusal = f"I have nothing remembered for your {g} storage yet: yes or no."
            st.table.keep(name, refusal=refusal)
        else:
            st.table.remember(name, str(answer))
            if g == "whisky":  # a full whisky storage is the barrel
                st.barrel = "you" if answer == "yes" else None if st.barrel == "you" else st.barrel


def ask_storage(
    st: GlasgowState, needed: list[str], your_goods: list[str], who: str, dealt: Dealt
) -> Ask:
    """Is your storage full? For one good with buttons; for every good your factories make
    at once when more than one may matter this row."""
    asked = [g for g in STORED if g in your_goods and not st.table.fresh(storage_fact(g))]
    asked = asked if len(asked) > 1 else needed[:1]
    head = (
        f"{who} builds the {{building}} and avoids activating your factories unless your "
        "storage for that good is full:"
    )
    if len(asked) == 1:
        good = asked[0]
        ask = st.table.ask(
            storage_fact(good),
            prompt=say(f"{head} is your {{good}} storage full?", building=dealt.name(), good=good),
            command="room",
            option="full",
            extra={"good": good},
            choices=[
                AskChoice(label=say(f"{good} full"), value="yes"),
                AskChoice(label=say(f"room for {good}"), value="no"),
            ],
        )
        return ask
    line = Room.line(**{g: st.table.recall(storage_fact(g)) or "no" for g in asked})
    room = Room.line()
    return st.table.ask_all(
        [(storage_fact(g), g, say("{good} storage full? yes or no", good=g)) for g in asked],
        prompt=say(
            f"{head} which of your storages are full? `{room} {{line}}`",
            building=dealt.name(),
            line=line.removeprefix(f"{room} "),
        ),
        command="room",
    )


def storage_ahead(st: GlasgowState) -> list[str]:
    """Freddy II's storage question can be answered with your last building: the line that
    says so under the build question, while your factories (or the row's factories left for
    you to build) make a good with a storage row."""
    made = {b.good for _, b in st.city.owned("you", "factory")}  # type: ignore[attr-defined]
    made |= {d.good for i, d in enumerate(st.row) if d.kind == "factory" and i not in st.built}
    goods = [g for g in STORED if g in made]
    if st.freddy != "II" or not goods:
        return []
    line = Done.line(**{g: st.table.recall(storage_fact(g)) or "no" for g in goods})
    done = Done.line()
    return [
        say(
            "Freddy II asks whether your storage is full where that decides his cell: answer "
            f"ahead with your last building or `{done} {{line}}`.",
            line=line.removeprefix(f"{done} "),
        )
    ]
