"""Glasgow against Freddy I or Freddy II: the rules class the table service calls."""

from __future__ import annotations

import re
from typing import Any

from bot.core import agenda
from bot.core.agenda import Ask, Inputs
from bot.core.commands import Command
from bot.core.errors import InputError, RuleError
from bot.core.game import NextStep, Outcome, Picture, SeatResult
from bot.core.kit import KitRules, LoggedUpgrade, Upgrade
from bot.core.said import Said, fenced, say, stored
from bot.core.scoresheet import FinalSheet, outcome, tie_rule
from bot.games.glasgow import city as city_mod
from bot.games.glasgow.city import parse_cell
from bot.games.glasgow.commands import (
    COMMANDS,
    STORED,
    Action,
    Build,
    Done,
    Final,
    Pick,
    Room,
    Row,
    Start,
)
from bot.games.glasgow.scoring import Settings
from bot.games.glasgow.sheet import final_sheet
from bot.games.glasgow.state import (
    GlasgowState,
    storage_answers_to_facts,
    stored_storage_answers,
)
from bot.games.glasgow.turn import (
    CONTRACTS,
    HANDLERS,
    opponent,
    setup_facts,
    turn_steps,
)

ROWS = ("buildings", "row2", "row3", "row4")
BUILDS = ("building", "at", "building2", "at2", "building3", "at3", "done")
SUGGESTED_DONE = "Done: Freddy builds the rest, on his suggested cells where tied"


def _bare_contract_question(data: dict[str, Any]) -> bool:
    ask = (data.get("agenda") or {}).get("ask") or {}
    return ask.get("command") == "action" and not ask.get("choices")


def _contract_choices(data: dict[str, Any]) -> dict[str, Any]:
    agenda_data = dict(data["agenda"])
    agenda_data["ask"] = {**agenda_data["ask"], "choices": [c.model_dump() for c in CONTRACTS]}
    return {**data, "agenda": agenda_data}


def _detail(building: Any) -> str:
    """What the picture writes under the type: a factory's or bank's good, a landmark's VP."""
    if building.vp is not None:
        return f"{building.vp} VP"
    return str(building.good or "")


def _drawn(st: GlasgowState) -> list[list[Any]]:
    """What the city's picture shows of it: each building's cell, type, owner and detail."""
    return [[r, c, b.kind, b.owner, _detail(b)] for (r, c), b in st.city.items()]


def room_answers(ask: Ask, cmd: Room) -> dict[str, Any]:
    """The storage answers for the question asked: its one good, or its several goods (each
    given, "same" for unchanged); any other good is refused naming the ones asked."""
    asked = [f.option for f in ask.fields] or [ask.extra.get("good", "")]
    given = {g: getattr(cmd, g) for g in STORED.tokens if getattr(cmd, g) is not None}
    if cmd.good is not None or cmd.full is not None:
        if cmd.good is None or cmd.full is None:
            raise InputError(say("Give the good and whether it is full: `good:steel full:yes`."))
        given[cmd.good] = cmd.full
    wrong = sorted(set(given) - set(asked))
    missing = [g for g in asked if g not in given]
    if wrong or missing:
        which = ", ".join(asked)
        raise RuleError(say("Freddy asks about your {good} storage.", good=which))
    if not ask.fields:
        good = asked[0]
        return {"good": good, "full": given[good]}
    return given


def check_action(st: GlasgowState, cmd: Action) -> None:
    """The second action comes only with the first; a special contract is drawn once."""
    second = cmd.chosen2 is not None or cmd.ignored2 is not None
    if second and st.actions_done > 0:
        raise InputError(
            f"This is your second action already: `{Action.line(chosen='…', ignored='…')}`."
        )
    if second and cmd.both == "yes":
        raise InputError(
            "`both:yes` says neither action had a special contract: give it or "
            "`chosen2`/`ignored2`, not both."
        )
    if cmd.both == "yes" and st.actions_done > 0:
        raise InputError(
            "`both:yes` comes with the turn's first action. No special contract in this one: "
            f"`{Action.line(chosen='other')}`."
        )
    first = {"chosen": cmd.chosen, "ignored": cmd.ignored}
    named = {name: value for name, value in first.items() if value != "other"}
    if cmd.both == "yes" and named:
        line = Action.line(**named, chosen2="other")
        raise InputError(
            "`both:yes` says neither action had a special contract, but your first had one. "
            f"No special contract in the second: `{line}`."
        )
    named = [c for c in (cmd.chosen, cmd.ignored, cmd.chosen2, cmd.ignored2) if c]
    for special in ("whisky", "exchange", "double"):
        if named.count(special) > 1:
            raise InputError(say("There is only one {special} contract.", special=special))


def storage_ahead(st: GlasgowState, cmd: Action | Build | Done) -> dict[str, str]:
    """Freddy II's storage question answered with your last building: good -> full."""
    given = {g: getattr(cmd, g) for g in STORED.tokens if getattr(cmd, g) is not None}
    if not given:
        return {}
    if st.freddy != "II":
        raise InputError(
            say("Only Freddy II asks about your storage; leave out stone/steel/gold/whisky.")
        )
    if isinstance(cmd, Build | Action) and cmd.done in ("no", None):
        raise InputError(
            "Your storage comes with your last building, after you paid for it: add `done:yes`, "
            f"or give it with `{Done.line()}`."
        )
    return given


def _both_meant_second(st: GlasgowState, action: dict[str, Any]) -> bool:
    """`both:yes` logged beside a special contract, or with the second action: stored while
    it meant "no special contract in the turn's second action" (now: in neither action)."""
    if action.get("command") != "action" or action.get("both") != "yes":
        return False
    specials = {action.get("chosen"), action.get("ignored")} - {None, "other"}
    return bool(specials) or st.actions_done > 0


def _second_had_none(st: GlasgowState, action: dict[str, Any]) -> dict[str, Any]:
    action = {**action, "both": "no"}
    if st.actions_done > 0:  # it said nothing: the second action's own options tell it
        return action
    return {**action, "chosen2": "other", "ignored2": "other"}


class GlasgowRules(KitRules[GlasgowState]):
    key = "glasgow"
    name = "Glasgow"
    colour = 0x2E6B8A
    state_type = GlasgowState
    command_set = COMMANDS
    over_message = "This game is over."
    logged_upgrades = (
        LoggedUpgrade(
            "`both:yes` now means neither action had a special contract",
            _both_meant_second,
            _second_had_none,
        ),
    )
    upgrades = (
        Upgrade(
            "the contract question offers its buttons as choices",
            _bare_contract_question,
            _contract_choices,
        ),
        Upgrade(
            "Freddy II's storage answers became remembered table facts",
            stored_storage_answers,
            storage_answers_to_facts,
        ),
    )

    def new_game(self, options: dict[str, Any], seed: int) -> tuple[GlasgowState, Outcome]:
        opts = Start.model_validate({"command": "start", **options})
        settings = Settings.model_validate(opts.model_dump(exclude={"command", "freddy"}))
        st = GlasgowState(seed=seed, freddy=opts.freddy, settings=settings)
        st.agenda.extend(turn_steps(st))
        facts = [say("Glasgow against {opponent}.", opponent=opponent(st)), *setup_facts(1)]
        agenda.run(st.agenda, st, HANDLERS, Inputs(), facts)
        described = self.describe(st)
        described.facts = facts
        return st, described

    def replay_hint(self, options: dict[str, Any], seed: int) -> str:
        """The start line that replays this game: Freddy, the settings changed from their
        defaults, and the seed."""
        defaults = Start.model_validate({"command": "start"}).model_dump()
        changed = {k: v for k, v in options.items() if k == "freddy" or defaults.get(k) != v}
        line = f"{Start.line(**changed)} seed:{seed}"
        return say(
            "Seed {seed}: `{command}` starts this game again the same way.", seed=seed, command=line
        )

    def run(self, st: GlasgowState, cmd: Command, facts: list[str]) -> None:
        ask = st.agenda.ask
        waiting = ask.command if ask is not None else None
        allowed = {"build": {"build", "done"}}.get(waiting or "", {waiting})
        if cmd.command not in allowed:
            now = ask.text() if ask is not None else "nothing"
            first = first_line(now)
            if now == "nothing" or first is not None:
                # a question built as a message: its first line, a message of messages
                raise RuleError(say("Not now: {now}", now=now if first is None else first))
            # the question's first line whole, so it reads in German too (a cut one would not)
            raise RuleError(f"Not now: {now.splitlines()[0]}")
        inputs: dict[str, Any] = {}
        if isinstance(cmd, Action):
            check_action(st, cmd)
            inputs = cmd.model_dump(exclude={"command", *STORED.tokens})
            inputs.update(storage_ahead(st, cmd))
        elif isinstance(cmd, Row):
            inputs = cmd.model_dump(include=set(ROWS))
        elif isinstance(cmd, Build):
            inputs = cmd.model_dump(include=set(BUILDS))
            inputs.update(done=cmd.done if cmd.done != "no" else None, **storage_ahead(st, cmd))
        elif isinstance(cmd, Done):
            inputs = {"done": "suggested" if cmd.suggested == "yes" else "yes"}
            inputs.update(storage_ahead(st, cmd))
        elif isinstance(cmd, Pick):
            cell = city_mod.label(parse_cell(cmd.cell))
            assert ask is not None
            if not ask.accepts(cell):
                raise ask.refuse(cell, f"{cell} is not one of Freddy's best cells.")
            inputs = {"cell": cell}
        elif isinstance(cmd, Room):
            assert ask is not None
            inputs = room_answers(ask, cmd)
        elif isinstance(cmd, Final):
            inputs = {"stone": cmd.stone, "steel": cmd.steel, "gold": cmd.gold}
        given = Inputs(inputs)
        agenda.run(st.agenda, st, HANDLERS, given, facts)
        if any(name in BUILDS for name in given.unused()):
            raise RuleError(
                say(
                    "Your builds come with the turn's last action once its row is known: report "
                    "the row first, or build when asked."
                )
            )
        if any(name in ROWS for name in given.unused()):
            raise RuleError(
                say(
                    "The rows come with the turn's last action: add the second one (`chosen2:…` "
                    "and `ignored2:…`, `chosen2:other` for a normal contract), or report the "
                    "rows when asked."
                )
            )

    def describe(self, state: Any) -> Outcome:
        st: GlasgowState = state
        if st.finished:
            return Outcome(finished=True)
        ask = st.agenda.ask
        if ask is None:
            return Outcome(prompt=say("Nothing to do."))
        steps: list[NextStep] = []
        if ask.command == "build":
            steps = [  # the likely answer first: his suggested cells where he ties
                NextStep(say(SUGGESTED_DONE), "done", (("suggested", "yes"),)),
                NextStep(say("Done: Freddy builds the rest"), "done"),
            ]
        return Outcome(prompt=ask.text(), ask=ask, next_steps=steps)

    def after(self, before: GlasgowState, st: GlasgowState, command: Any, out: Outcome) -> None:
        """The city's picture comes with a command that changed what it shows (a building
        placed by you or Freddy) and with `/glasgow board`; an answer that left the city as
        it was (a contract, a row, a storage answer) is text only."""
        if _drawn(st) != _drawn(before):
            out.picture = self.picture(st)

    def picture(self, st: GlasgowState) -> Picture | None:
        if not st.city.cells:
            return None
        return Picture(
            "glasgow_city",
            {
                "cells": _drawn(st),
                # a message in its stored form (JSON data), said where it is drawn
                "title": stored(
                    say(
                        "Glasgow · round {round}, turn {turn} · {opponent}",
                        round=st.round,
                        turn=st.turn,
                        opponent=opponent(st),
                    )
                ),
            },
        )

    def summary(self, state: Any) -> dict[str, Any]:
        st: GlasgowState = state
        ask = st.agenda.ask
        waiting = ask.command if ask is not None else None
        return {
            "freddy": st.freddy,
            "round": st.round,
            "turn": st.turn,
            "actions_done": st.actions_done,
            "double": st.double,
            "buildings": len(st.city),
            "waiting": waiting,
            "row": [d.name() for d in st.row],
            "built": list(st.built),
            "city": {city_mod.label(c): b.mark for c, b in st.city.items()},
            "legal": [city_mod.label(c) for c in st.city.legal_cells()],
            "tied": [c.value for c in ask.choices] if ask and waiting == "pick" else [],
            "result": (
                {"you": st.result.your_score, "freddy": st.result.freddy_score}
                if st.result
                else None
            ),
        }

    def board(self, state: Any) -> str:
        st: GlasgowState = state
        pending = " · double contract pending" if st.double else ""
        head = say(
            f"Round {{round}}/2 · turn {{turn}}/4 · actions {{done}}/{{of}}{pending} · "
            "{n}/20 buildings",
            round=st.round,
            turn=st.turn,
            done=st.actions_done,
            of=2 if st.turn < 4 else 0,
            n=len(st.city),
        )
        legend = say("lower case: yours · CAPITALS: Freddy's · ··: where building is possible")
        grid = fenced(city_mod.text(st.city))  # its rows as they are, their marks said
        return say("{head}\n{grid}\n{legend}", head=head, grid=grid, legend=legend)

    def show_board(self, state: Any) -> Outcome:
        st: GlasgowState = state
        return Outcome(facts=[self.board(st)], picture=self.picture(st))

    def sheet(self, state: GlasgowState) -> FinalSheet | None:
        return final_sheet(state)

    def results(self, state: Any, *, abandoned: bool = False) -> list[SeatResult]:
        st: GlasgowState = state
        name = opponent(st)
        turns = (st.round - 1) * 4 + st.turn
        if abandoned or st.result is None:
            return [
                SeatResult(
                    seat="owner",
                    opponent=name,
                    outcome="abandoned" if abandoned else "unscored",
                    turns=turns,
                )
            ]
        mine, his = st.result.your_score, st.result.freddy_score
        return [
            SeatResult(
                seat="owner",
                opponent=name,
                score=mine,
                opponent_score=his,
                outcome=outcome(mine, his, tie_rule("glasgow", name)),
                turns=turns,
            )
        ]


def first_line(text: str) -> Said | None:
    """The first line of a question built as a message (lines put together, `{line0}\n…`,
    each said on its own), as a message; None for a plain text."""
    while isinstance(text, Said) and "\n" in text:
        head = re.match(r"\{(\w+)\}\n", text.key)
        if head is None:
            return None
        text = text.values[head.group(1)]
    return text if isinstance(text, Said) else None
