"""Hire one worker (cards #1 and #2) and Sam's specialization.

#1: the cheapest worker; tie -> his specialization; then leftmost in the highest row.
#2: a worker of his specialization if possible, else of the next-most numerous type on his
board; tie -> the cheapest; then leftmost in the highest row. Never from the row holding the
job-market token; he pays nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.core.agenda import Ask, Choice, Turn
from bot.core.errors import InputError
from bot.core.priority import ONLY, Filter, Key, TieBreak, resolve
from bot.core.said import say
from bot.core.tokens import is_none, labelled, number, short
from bot.games.great_western_trail.commands import TurnCmd
from bot.games.great_western_trail.data import WORKERS, Worker, gwt_data, why
from bot.games.great_western_trail.facts import (
    JOBS_EXAMPLE,
    ask_fact,
    ask_together,
    given,
    merge_jobs,
    read_token,
    rest_unchanged,
    without_worker,
)
from bot.games.great_western_trail.state import GwtState, Hire, SamBoard
from bot.games.great_western_trail.ties import decide

LETTERS: dict[str, Worker] = {"c": "cowboy", "b": "builder", "e": "engineer"}
LETTERS |= {"h": "builder", "l": "engineer"}  # Handwerker, Lokführer (German edition)
JOBS_PROMPT = say(
    "Which workers are in the job market? Each row from the top: its cost, `:`, the workers "
    "left to right (C cowboy, B builder, E engineer, `-` empty), and the row holding the "
    f"job-market token: `{TurnCmd.line(jobs=JOBS_EXAMPLE, token=4)}`"
)


@dataclass(frozen=True)
class JobWorker:
    row: int  # 1 = the top row
    position: int  # 1 = leftmost
    type: Worker
    cost: int


def job_rows(text: str) -> list[tuple[int, str]]:
    """The job market's rows from the top: each row's cost and its workers' letters."""
    rows = labelled(text, what="a job-market row", example=TurnCmd.line(jobs=JOBS_EXAMPLE))
    if len(rows) > 12:
        raise InputError(say("The job market has 12 rows."))
    return [(number(entry.label, what="row cost", high=20), entry.values[0]) for entry in rows]


def parse_jobs(text: str) -> list[JobWorker]:
    found: list[JobWorker] = []
    for row, (cost, workers) in enumerate(job_rows(text), 1):
        letters = workers.lower()
        if is_none(letters):
            continue
        spaces = gwt_data().workers.job_market_spaces_per_row
        if len(letters) > spaces:
            raise InputError(
                say(
                    "Row {row} (`{workers}`) lists {n} workers: with 2 players each job-market "
                    "row has {spaces} spaces.",
                    row=row,
                    workers=short(workers, 10),
                    n=len(letters),
                    spaces=spaces,
                )
            )
        for position, letter in enumerate(letters, 1):
            if letter not in LETTERS:
                raise InputError(
                    say(
                        "`{token}`: workers are C, B or E, like `{example}`.",
                        token=workers[:10],
                        example=TurnCmd.line(jobs=JOBS_EXAMPLE),
                    )
                )
            found.append(JobWorker(row, position, LETTERS[letter], cost))
    return found


def read_jobs(remembered: str | None, typed: str) -> str:
    """A job-market report as remembered: a partial one (`3=CB`) merged, then checked."""
    jobs = merge_jobs(remembered, typed)
    parse_jobs(jobs)
    return jobs


def token_ask(st: GwtState, jobs: str) -> Ask:
    """Which row holds the token: one button (or select option) per row reported."""
    parse_jobs(jobs)  # a wrong report is refused now, not after the token is given
    return ask_fact(
        st,
        "token",
        prompt=say(
            f"Which row holds the job-market token? `{TurnCmd.line(token='N')}` (1 = top row)"
        ),
        choices=[
            Choice(label=say("Row {row} (${cost})", row=row, cost=cost), value=str(row))
            for row, (cost, _) in enumerate(job_rows(jobs), 1)
        ],
    )


def room_for(board: SamBoard, worker: Worker) -> bool:
    return board.workers[worker] < gwt_data().workers.spaces_per_row


def add_worker(st: GwtState, worker: Worker, facts: list[str]) -> None:
    """Put a worker on his board and move the specialization tile if another type is now
    strictly more numerous (ties keep the current one)."""
    board = st.board
    board.workers[worker] += 1
    best = max(WORKERS, key=lambda t: board.workers[t])
    if board.workers[best] > board.workers[board.specialization]:
        facts.append(
            say(
                "Sam now has more {best} ({n}) than {current} ({m}): move the specialization "
                "tile to **{again}**.",
                best=f"{best}s",  # the workers as the catalog names them
                n=board.workers[best],
                current=f"{board.specialization}s",
                m=board.workers[board.specialization],
                again=f"{best}s",
            )
        )
        board.specialization = best


def hire(st: GwtState, turn: Turn[Any]) -> Ask | None:
    step: Hire = turn.step
    rest_unchanged(st, turn.inputs, ("jobs", "token"))
    jobs = given(st, turn.inputs, "jobs", read_jobs)
    token = given(st, turn.inputs, "token", read_token)
    step.jobs = jobs or step.jobs
    step.token = int(token) if token else step.token
    if step.jobs is None or step.token is None:
        if step.jobs is not None:
            return token_ask(st, step.jobs)
        return ask_together(
            st, [("jobs", "Job market rows"), ("token", "Token row")], prompt=JOBS_PROMPT
        )
    board = st.board
    workers = [w for w in parse_jobs(step.jobs) if w.row != step.token]
    if step.mode == "cheapest":
        choice = resolve(
            workers,
            filters=[Filter("a type he has room for", lambda w: room_for(board, w.type), True)],
            keys=[
                Key("the cheapest", lambda w: w.cost, highest=False),
                Key("his specialization", lambda w: w.type == board.specialization),
                Key("the highest row", lambda w: w.row, highest=False),
                Key("the leftmost", lambda w: w.position, highest=False),
            ],
            tie_break=TieBreak.LEFTMOST,
        )
        chosen = choice.option
    else:
        types = sorted({w.type for w in workers if room_for(board, w.type)}, key=WORKERS.index)
        kind = resolve(
            types,
            keys=[
                Key("his specialization", lambda t: t == board.specialization),
                Key("the next-most numerous on his board", lambda t: board.workers[t]),
            ],
            tie_break=TieBreak.ASK,
        )
        wanted, ask = decide(
            kind,
            turn,
            prompt=say("Sam has as many of both other types: which type does he hire?"),
            label=say,  # the worker as the catalog names it
        )
        if ask is not None:
            return ask
        choice = resolve(
            [w for w in workers if w.type == wanted],
            keys=[
                Key("the cheapest", lambda w: w.cost, highest=False),
                Key("the highest row", lambda w: w.row, highest=False),
                Key("the leftmost", lambda w: w.position, highest=False),
            ],
            tie_break=TieBreak.LEFTMOST,
        )
        chosen = choice.option
        if chosen is not None:
            said = [r for r in (kind.reason, choice.reason) if r != ONLY] or [ONLY]
            both = say("{a}; {b}", a=said[0], b=said[1]) if len(said) > 1 else said[0]
            choice = type(choice)(chosen, both)
    if chosen is None:
        turn.facts.append(say("Sam hires nobody: no worker he can take is in the job market."))
        return None
    st.table.update("jobs", without_worker(step.jobs, chosen.row, chosen.position))
    turn.facts.append(
        say(
            "Sam hires the **{worker} in row {row}, place {place} (${cost})** for free ({why}): "
            "put it in the leftmost free space of his {type} row.",
            worker=chosen.type,  # the worker as the catalog names it (`Handwerker`)
            row=chosen.row,
            place=chosen.position,
            cost=chosen.cost,
            why=why(choice.reason),
            type=chosen.type,
        )
    )
    add_worker(st, chosen.type, turn.facts)
    return None
