"""Great Western Trail (2nd edition) solo: Sam, from "Lonely are the Brave".

A turn: draw the top card of Sam's deck (or the one the player drew), the card view turns it
into agenda steps (move, the card's action family, Kansas City), and the handlers resolve them
from what the player reports of the table, asking (`Ask`) where only the table knows or the
rules leave a tie open."""

from __future__ import annotations

from typing import Any

from bot.core import agenda
from bot.core.agenda import Inputs
from bot.core.commands import Command
from bot.core.errors import InputError, RuleError
from bot.core.game import NextStep, Outcome, Picture, SeatResult
from bot.core.kit import KitRules, Upgrade
from bot.core.said import listed, say
from bot.core.scoresheet import FinalSheet, outcome, tie_rule
from bot.core.secrecy import is_secret, needs_report
from bot.core.table_facts import is_unchanged
from bot.games.great_western_trail import buildings, cattle, hire, kansas_city, railroad, trail
from bot.games.great_western_trail.cards import DRAWN, card_of, describe, fix_line, view
from bot.games.great_western_trail.cattle import card_name
from bot.games.great_western_trail.commands import (
    COMMANDS,
    CORRECT_CARD,
    KANSAS_CITY,
    TURN_INPUTS,
    Answer,
    CardCmd,
    End,
    Start,
    TurnCmd,
)
from bot.games.great_western_trail.data import gwt_data
from bot.games.great_western_trail.facts import FACTS, read_count, read_token
from bot.games.great_western_trail.scoring import cities_line, final_sheet, sam_sheet, yours
from bot.games.great_western_trail.setup import new_state
from bot.games.great_western_trail.state import CardFix, GwtState

HANDLERS = {
    "move": trail.move,
    "hire": hire.hire,
    "cattle": cattle.buy_cattle,
    "value3": cattle.take_value_3,
    "build": buildings.build,
    "engine": railroad.engine,
    "objective": trail.objective,
    "outlaw": trail.outlaw,
    "hazard": trail.hazard,
    "kansas_city": kansas_city.kansas_city,
    "disc": railroad.disc,
}
READ = {
    "jobs": hire.read_jobs,
    "token": read_token,
    "cattle": cattle.read_cattle,
    "engine": railroad.read_engine,
    "outlaws": trail.read_outlaws,
    "hazards": trail.read_hazards,
    "buildings": read_count,
}
WHOLE_TABLE = TurnCmd.line(
    jobs="6:CB 6:E 7:-",
    token=3,
    cattle="C3 C3 L2 S4 H5",
    engine=0,
    outlaws="none",
    hazards="none",
    buildings=0,
)
TABLE_TIP = say(
    "Sam reads your table where his card needs it. Tell me all of it once with his first turn, "
    f"later only what changed: `{WHOLE_TABLE}`"
)
UNCHANGED_ARGS = (("table", "same"),)
SAME_TABLE = TurnCmd.line(table="same")
END = End.line(you="…", objectives="…", job_token="…")
SAMS_TURN = (
    f"`{TurnCmd.line()}` for Sam's (`{TurnCmd.line(card='N')}` if you drew his physical card)"
)
CHANGED = (
    f"(`{TurnCmd.line(cattle='…', engine='…')}`; a job-market row alone: "
    f"`{TurnCmd.line(jobs='3=CB')}`)"
)
NAMES = {"cowboy": "cowboys", "builder": "builders", "engineer": "engineers"}


def _your_engine(st: GwtState) -> dict[str, int | None] | None:
    """Your engine as you last told it (for the picture), or None."""
    told = st.table.recall("engine")
    if told is None:
        return None
    yours = railroad.parse_engine(told)
    return {"space": yours.space, "station": yours.station}


class GwtRules(KitRules[GwtState]):
    key = "gwt"
    name = "Great Western Trail"
    colour = 0x8B5A2B
    state_type = GwtState
    command_set = COMMANDS
    upgrades = (Upgrade.moved("held", "agenda", "answers given before asked moved to the agenda"),)

    # ------------------------------------------------------------------ lifecycle
    def new_game(self, options: dict[str, Any], seed: int) -> tuple[GwtState, Outcome]:
        opts = Start.model_validate({"command": "start", **options})
        st, facts = new_state(opts, seed)
        out = self.describe(st)
        out.facts = [*facts, TABLE_TIP, *out.facts]
        out.picture = self.picture(st)
        return st, out

    def run(self, state: GwtState, command: Command, facts: list[str]) -> None:
        handler = {"turn": self._turn, "answer": self._answer, "card": self._card, "end": self._end}
        handler[command.command](state, command, facts)

    # ------------------------------------------------------------------ Sam's turn
    def _turn(self, st: GwtState, cmd: TurnCmd, facts: list[str]) -> None:
        given = {k: getattr(cmd, k) for k in TURN_INPUTS if getattr(cmd, k) is not None}
        if st.agenda.steps and not self._next_turn(st, cmd, given, facts):
            if cmd.card is not None:
                raise RuleError(f"Sam is still resolving card #{st.card}; finish it first.")
            ask = st.agenda.ask
            if ask is not None and ask.command == "answer":
                raise RuleError(f"Answer Sam's question first: {ask.prompt}")
            if cmd.table is not None:
                raise RuleError(ask.text() if ask is not None else "Sam's turn goes on.")
            if not given:
                raise RuleError(ask.text() if ask is not None else "Sam's turn goes on.")
            self._run(st, given, facts)
            return
        reported = {k: given.pop(k) for k in FACTS if k in given}
        self._draw(st, cmd.card, facts, reported, unchanged=cmd.table is not None)
        self._run(st, given, facts)

    def _next_turn(
        self, st: GwtState, cmd: TurnCmd, given: dict[str, Any], facts: list[str]
    ) -> bool:
        """Sam waits to hear where his herder stopped, and the command is his next turn (your
        table unchanged, or what changed on it): he stopped on the trail (or, named, reached
        Kansas City), so this turn ends and the next begins."""
        ask = st.agenda.ask
        if ask is None or ask.option != "herder":
            return False
        if cmd.table is None and not any(k in FACTS for k in given):
            return False
        where = given.pop("herder", None) or "trail"
        self._run(st, {"herder": where}, facts)
        if st.agenda.steps:  # his Kansas City asks something first (a disc from a station)
            raise RuleError(f"Sam's Kansas City needs an answer first: `{KANSAS_CITY}` alone.")
        return True

    def _draw(
        self,
        st: GwtState,
        card: int | None,
        facts: list[str],
        reported: dict[str, Any] | None = None,
        *,
        unchanged: bool = False,
    ) -> None:
        """A new turn of Sam's: you had yours, so your table may have changed, except where you
        say it did not (`table:same`) or tell what did (the rest as Sam remembers it)."""
        reported = reported or {}
        needs_report(
            st.seed,
            unchanged or bool(reported),
            who="Sam",
            line=f"`{SAME_TABLE}`, or what changed (`{TurnCmd.line(jobs='…')}`).",
        )
        read = {
            name: READ[name](st.table.recall(name), str(value).strip())
            for name, value in reported.items()
            if not is_unchanged(str(value))
        }  # a report that cannot be read is refused before anything changes
        if not st.deck.draw_pile:
            st.deck.reshuffle_discards()
            facts.append(say("Sam's deck is empty: shuffle his discard pile to form a new deck."))
        if card is not None and card not in st.deck.draw_pile + st.deck.discards:
            raise RuleError(f"Card #{card} is not in Sam's deck at this difficulty.")
        number = st.deck.draw() if card is None else st.deck.draw_specific(card)
        st.table.moved_on()
        if unchanged or reported:
            st.table.confirm()
        for name, value in read.items():
            st.table.remember(name, value)
        for name in sorted(reported.keys() - read.keys()):  # typed "same": it still holds
            st.table.keep(name)  # refused when nothing was ever reported for it
        st.turn += 1
        st.card = number
        st.drawn_by_player = card is not None
        cv = view(st, number)
        who = "you drew" if card is not None else "I draw"
        data_card = gwt_data().card(number)
        flag = (
            " (card face reconstructed)" if data_card.uncertain and number not in st.fixes else ""
        )
        fixed = fix_line(st.fixes[number]) if number in st.fixes else ""
        yours = {"fix": fixed} if fixed else {}
        key = DRAWN.replace("{who}", who).replace("{flag}", flag)
        key = key.replace("{yours}", " — your card says: {fix}" if fixed else "")
        what = describe(cv.card, st.board.specialization)
        facts.append(say(key, turn=st.turn, number=number, what=what, **yours))
        st.agenda.extend(cv.steps)

    def _run(self, st: GwtState, given: dict[str, Any], facts: list[str]) -> None:
        """Sam's agenda with what this command brought; answers given before they are asked
        for wait on the agenda (`hold`) for the step that asks them."""
        inputs = Inputs(given)
        if agenda.run(st.agenda, st, HANDLERS, inputs, facts, hold=True) is not None:
            return
        unused = inputs.unused()
        if unused:
            names = ", ".join(f"`{k}`" for k in unused)
            facts.append(say("({names} was not needed this turn.)", names=names))
        assert st.card is not None
        st.deck.discard(st.card)
        facts.append(say("Put card #{card} face up on Sam's discard pile.", card=st.card))
        st.card = None

    def _answer(self, st: GwtState, cmd: Answer, facts: list[str]) -> None:
        ask = st.agenda.ask
        if ask is None or ask.command != "answer":
            raise RuleError("Sam is not asking anything now.")
        pick = ask.answer(cmd.pick)
        if pick is None:
            raise ask.refuse(cmd.pick, f"`{cmd.pick}` is not one of the choices.")
        self._run(st, {"pick": pick}, facts)

    # ------------------------------------------------------------------ corrections
    def _card(self, st: GwtState, cmd: CardCmd, facts: list[str]) -> None:
        if cmd.movement is None and cmd.value is None and cmd.action is None:
            raise InputError(f"Say what your card shows: `{CORRECT_CARD}`.")
        fix = st.fixes.get(cmd.number, CardFix()).model_copy()
        if cmd.movement is not None:
            fix.movement = cmd.movement
        if cmd.value is not None:
            fix.steps = cmd.value
        if cmd.action is not None:
            fix.action = cmd.action
        card = card_of(st.model_copy(update={"fixes": {**st.fixes, cmd.number: fix}}), cmd.number)
        if card.movement.kind == "fixed" and card.movement.steps == 0:
            raise RuleError(
                "A card that moves a fixed number of steps needs its steps: "
                f"`{CardCmd.line(number=cmd.number, value='N')}` (1-5)."
            )
        st.fixes[cmd.number] = fix
        when = " from its next draw" if st.card == cmd.number else ""
        facts.append(
            say(
                f"Card #{{number}} corrected{when} ({{fix}}): your card says {{card}}.",
                number=cmd.number,
                fix=fix_line(fix),
                card=describe(card),
            )
        )

    # ------------------------------------------------------------------ the end
    def _end(self, st: GwtState, cmd: End, facts: list[str]) -> None:
        if st.agenda.steps:
            ask = st.agenda.ask
            end = End.line(you="…", objectives="…", job_token="…")
            if ask is not None and ask.option == "herder":  # his turn's last question
                raise RuleError(
                    f"Sam waits to hear where his herder stopped: `{TurnCmd.line(herder='trail')}`"
                    f" or `{KANSAS_CITY}` first, then `{end}`."
                )
            if ask is not None:
                model = COMMANDS.models.get(ask.command)
                line = model.line(**{ask.option: "…"}) if model is not None else ""
                if line:
                    raise RuleError(
                        f"Sam is still resolving card #{st.card}: answer `{line}` first, "
                        f"then `{end}`."
                    )
            raise RuleError(f"Sam is still resolving card #{st.card}; finish his turn first.")
        sheet = sam_sheet(st.board, cmd)
        mine = yours(cmd)
        result = outcome(cmd.you, sheet.total, tie_rule("gwt", "Sam"))
        st.finished = True
        st.result = {"you": cmd.you, "sam": sheet.total, "outcome": result}
        st.result |= {"cities": sheet.categories["Cities"], "objectives": cmd.objectives}
        st.result |= {"job_token": cmd.job_token, "yours": mine}
        facts.append(cities_line(st.board, cmd.cities))
        facts.append(say("Sam scores **{vp} VP**.", vp=sheet.total))
        facts.append(
            {
                "win": say("You win, {you} to {sam}!", you=cmd.you, sam=sheet.total),
                "loss": say("Sam wins, {sam} to {you}.", you=cmd.you, sam=sheet.total),
                "tie": say("A tie at {you}.", you=cmd.you),
            }[result]
        )

    # ------------------------------------------------------------------ reading
    def sheet(self, state: GwtState) -> FinalSheet | None:
        return final_sheet(state)

    def describe(self, state: Any) -> Outcome:
        st: GwtState = state
        if st.finished:
            return Outcome(
                prompt=say("The game is over. `/game history` shows every step."),
                finished=True,
                result=dict(st.result or {}),
            )
        ask = st.agenda.ask
        if ask is not None:
            return Outcome(prompt=ask.text(), ask=ask)
        if is_secret(st.seed):  # a challenge: his card comes with the table you report
            return Outcome(
                prompt=say(
                    "Take your turn, then report your table with Sam's turn: what changed "
                    f"{CHANGED}, or `{SAME_TABLE}` if nothing did. When the game ends: `{END}`."
                ),
                next_steps=[
                    NextStep(say("My turn is done · table unchanged"), "turn", UNCHANGED_ARGS)
                ],
            )
        if not st.table.facts:
            return Outcome(
                prompt=say(f"Take your turn, then {SAMS_TURN}. When the game ends: `{END}`."),
                next_steps=[NextStep(say("Sam's turn"), "turn")],
            )
        return Outcome(
            prompt=say(
                f"Take your turn, then {SAMS_TURN}. Tell me what changed on your table with it "
                f"{CHANGED}, or press “table unchanged” if nothing did. When the game ends: "
                f"`{END}`."
            ),
            next_steps=[
                NextStep(say("Sam's turn"), "turn"),
                NextStep(say("Sam's turn · table unchanged"), "turn", UNCHANGED_ARGS),
            ],
        )

    def summary(self, state: Any) -> dict[str, Any]:
        st: GwtState = state
        return {
            "difficulty": st.options.difficulty,
            "turn": st.turn,
            "card": st.card,
            "specialization": st.board.specialization,
            "workers": dict(st.board.workers),
            "sam": st.board.line(),
            "deck": st.deck.size,
            "discards": list(st.deck.discards),
            "waiting_for": st.agenda.ask.option if st.agenda.ask else None,
            "remembered": {name: fact.value for name, fact in st.table.facts.items()},
            "finished": st.finished,
            "result": st.result,
        }

    def board(self, state: Any) -> str:
        st: GwtState = state
        b = st.board
        none = "none"  # a word the catalog says
        count = {c: b.outlaws.count(c) for c in ("green", "orange")}
        outlaws: str = (
            say("{g} green, {o} orange", g=count["green"], o=count["orange"])
            if all(count.values())
            else next((say(f"{{n}} {c}", n=n) for c, n in count.items() if n), none)
        )
        engine: str = (
            say("off the track")
            if b.engine_off
            else (
                say("station {n}", n=b.engine_station)
                if b.engine_station
                else say("space {n}", n=b.engine)
            )
        )
        return say(
            "{sam}\n{workers}\n{buildings}\n{deliveries}\n{cattle}",
            sam=say(
                "Sam · {difficulty} · specialization **{spec}** · deck {n} left, {m} discarded",
                difficulty=st.options.difficulty,  # words the catalog says (`mittel`, `Cowboys`)
                spec=NAMES[b.specialization],
                n=st.deck.size,
                m=len(st.deck.discards),
            ),
            workers=say(
                "Workers: cowboys {c} · builders {b} · engineers {e}",
                c=b.workers["cowboy"],
                b=b.workers["builder"],
                e=b.workers["engineer"],
            ),
            buildings=say(
                "Buildings: {buildings} · stations {stations} · engine {engine} · discs in "
                "supply {discs}",
                buildings=", ".join(f"#{n}b" for n in b.buildings) or none,
                stations=", ".join(map(str, b.stations)) or none,
                engine=engine,
                discs=b.discs,
            ),
            deliveries=say(
                "Deliveries: {deliveries} · objectives {objectives} · outlaws {outlaws} · "
                + ("hazards {n} ({vp} VP)" if b.hazards else "hazards none"),
                deliveries=listed(b.deliveries) if b.deliveries else none,  # printed names
                objectives=b.objectives,
                outlaws=outlaws,
                **({"n": len(b.hazards), "vp": sum(h.vp for h in b.hazards)} if b.hazards else {}),
            ),
            cattle=say(
                "Cattle: {herd}",
                herd=listed(card_name(c) for c in b.cattle) if b.cattle else none,
            ),
        )

    def picture(self, state: Any) -> Picture:
        st: GwtState = state
        b = st.board
        return Picture(
            kind="gwt_board",
            data={
                "title": f"Sam · {st.options.difficulty} · turn {st.turn}",
                "workers": dict(b.workers),
                "specialization": b.specialization,
                "buildings": list(b.buildings),
                "removed_buildings": list(b.removed_buildings),
                "stations": list(b.stations),
                "herder": b.herder,
                "engine": b.engine,
                "engine_station": b.engine_station,
                "engine_off": b.engine_off,
                "your_engine": _your_engine(st),
                "deliveries": list(b.deliveries),
                "objectives": b.objectives,
                "outlaws": list(b.outlaws),
                "hazards": [h.vp for h in b.hazards],
                "cattle": [c.vp for c in b.cattle],
                "discs": b.discs,
            },
        )

    def show_board(self, state: Any) -> Outcome:
        return Outcome(facts=[self.board(state)], picture=self.picture(state))

    def show_card(self, state: Any, number: int = 1) -> Outcome:
        st: GwtState = state
        if number not in {c.number for c in gwt_data().cards}:
            raise InputError("Sam's cards are numbered 1 to 15.")
        card = card_of(st, number)
        facts: list[str] = [say("Card #{number}: {card}.", number=number, card=describe(card))]
        if number in st.fixes and fix_line(st.fixes[number]):
            facts.append(say("Your card says: {fix}.", fix=fix_line(st.fixes[number])))
        elif card.uncertain:
            facts.append(
                say(
                    "Reconstructed: the card faces were pictures in the rule text. If yours "
                    f"differs, `{CORRECT_CARD}`."
                )
            )
        return Outcome(facts=facts)

    def results(self, state: Any, *, abandoned: bool = False) -> list[SeatResult]:
        st: GwtState = state
        result = st.result
        if abandoned or result is None:
            return [
                SeatResult(
                    seat="owner",
                    opponent="Sam",
                    difficulty=st.options.difficulty,
                    outcome="abandoned" if abandoned else "unscored",
                    turns=st.turn,
                )
            ]
        return [
            SeatResult(
                seat="owner",
                opponent="Sam",
                difficulty=st.options.difficulty,
                score=int(result["you"]),
                opponent_score=int(result["sam"]),
                outcome=str(result["outcome"]),
                turns=st.turn,
            )
        ]
