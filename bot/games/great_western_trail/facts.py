"""What Sam remembers of your table (`bot.core.table_facts`): the job market and its token,
the cattle market, your engine, the outlaws, the hazards and your building count.

A step takes a fact with `given`: typed now (a partial job market merges into the remembered
one), "Unchanged", or remembered and fresh. Sam's own moves change the remembered facts here
(the worker he hired leaves its row, the cattle he bought leave the market); where his move
draws what nobody has told the bot yet (cards revealed, foresight tiles placed) the fact is
doubted and asked again."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from bot.core.agenda import Ask, Inputs
from bot.core.errors import InputError
from bot.core.said import say
from bot.core.table_facts import UNCHANGED, is_unchanged
from bot.core.tokens import is_none, labelled, number, short, words
from bot.games.great_western_trail.commands import TurnCmd
from bot.games.great_western_trail.state import GwtState

FACTS = ("jobs", "token", "cattle", "engine", "outlaws", "hazards", "buildings")
NUMBERS = ("token", "buildings")  # whole-number options: "Unchanged" sends the number itself
PARTIAL_JOBS_EXAMPLE = "3=CB 4=7:E"
# a report as it is remembered: checked (InputError when it cannot be read) and, for a
# partial job market, merged into the remembered one
Read = Callable[[str | None, str], str]


def given(st: GwtState, inputs: Inputs, name: str, read: Read) -> str | None:
    """This step's value of fact `name`: typed now, "Unchanged" (the remembered value), or
    remembered and fresh; None when the step must ask."""
    raw = inputs.peek(name)
    if raw is not None and not is_unchanged(str(raw)):
        inputs.take(name)
        text = read(st.table.recall(name), str(raw).strip())
        st.table.remember(name, text)
        return text
    return st.table.take(inputs, name)


def rest_unchanged(st: GwtState, inputs: Inputs, names: Iterable[str]) -> None:
    """Facts asked together: those not typed in an answer that types one of them stay as
    remembered (the player types only what differs)."""
    names = list(names)
    if not any(inputs.has(n) for n in names):
        return
    for name in names:
        remembered = st.table.recall(name)
        if not inputs.has(name) and remembered is not None:
            st.table.remember(name, remembered)


def ask_fact(st: GwtState, name: str, **kwargs: Any) -> Ask:
    """The question for one fact (`Table.ask`), its "Unchanged" as a value the option takes."""
    return numbers_unchanged(st, st.table.ask(name, command="turn", **kwargs))


def numbers_unchanged(st: GwtState, question: Ask) -> Ask:
    """A number option's "Unchanged" sends the remembered number: the command takes it as
    typed, and the answer reads the same in the log."""
    for choice in question.choices:
        if choice.value == UNCHANGED and question.option in NUMBERS:
            choice.value = st.table.recall(question.option) or UNCHANGED
        for option, value in list(choice.also.items()):
            if value == UNCHANGED and option in NUMBERS:
                choice.also[option] = st.table.recall(option) or UNCHANGED
    return question


def ask_together(
    st: GwtState, names: list[tuple[str, str]], *, prompt: str, reason_if_known: bool = True
) -> Ask:
    """Several facts in one question, remembered values shown and pre-filled."""
    question = st.table.ask_all(
        [(n, n, label) for n, label in names], prompt=prompt, command="turn"
    )
    known = [f"{n}:{st.table.recall(n)}" for n, _ in names if st.table.recall(n) is not None]
    if known and reason_if_known:
        question.reason = say("last time: `{value}`", value=" ".join(known))
    return numbers_unchanged(st, question)


# ---------------------------------------------------------------- reading reports
def read_count(_: str | None, typed: str) -> str:
    return str(number(typed, what="number of buildings", high=12))


def read_token(_: str | None, typed: str) -> str:
    return str(number(typed, what="job-market row", low=1, high=12))


def merge_jobs(remembered: str | None, typed: str) -> str:
    """`3=CB 4=7:E`: row 3 now holds C and B (its cost kept), a new row 4 costs 7 and holds
    an E; rows not named stay as remembered. A report without `=` is the whole market."""
    if "=" not in typed:
        return typed
    if remembered is None:
        raise InputError(
            say(
                "I have no job market remembered yet: type every row, like `{example}`.",
                example=TurnCmd.line(jobs=JOBS_EXAMPLE),  # the reader's letters, as typed
            )
        )
    rows = [(e.label, e.values[0]) for e in labelled(remembered, what="a row", example="")]
    for token in words(typed):
        where, sep, row = token.partition("=")
        if not sep or not row:
            raise InputError(
                say(
                    "`{token}`: name each changed row, like `{example}`.",
                    token=short(token),
                    example=TurnCmd.line(jobs=PARTIAL_JOBS_EXAMPLE),
                )
            )
        index = number(where, what="job-market row", low=1, high=12)
        cost, _, workers = row.rpartition(":")
        if index > len(rows) + 1:
            raise InputError(
                say(
                    "Row {index}: I remember {n} rows; name the next one ({next}).",
                    index=index,
                    n=len(rows),
                    next=len(rows) + 1,
                )
            )
        if index == len(rows) + 1:
            if not cost:
                example = f"{index}=7:CB"
                key = "Row {index} is new: give its cost too, like `{example}`."
                raise InputError(say(key, index=index, example=example))
            rows.append((cost, workers))
        else:
            rows[index - 1] = (cost or rows[index - 1][0], workers)
    return " ".join(f"{cost}:{workers}" for cost, workers in rows)


JOBS_EXAMPLE = "6:CB 6:E 7:BB 5:-"


# ---------------------------------------------------------------- Sam's own moves
def without_worker(jobs: str, row: int, position: int) -> str:
    """The job market once Sam hired the worker in `row` at `position` (the letters kept as
    the player typed them)."""
    rows = [(e.label, e.values[0]) for e in labelled(jobs, what="a row", example="")]
    cost, workers = rows[row - 1]
    left = workers[: position - 1] + workers[position:]
    rows[row - 1] = (cost, left or "-")
    return " ".join(f"{c}:{w}" for c, w in rows)


def without_tokens(text: str, gone: list[str], key: Callable[[str], Any]) -> str:
    """A report with the entries Sam took removed (each once), the rest as typed; `none`
    when nothing is left."""
    left = words(text) if not is_none(text) else []
    for item in gone:
        for i, token in enumerate(left):
            if key(token) == item:
                del left[i]
                break
    return " ".join(left) or "none"
