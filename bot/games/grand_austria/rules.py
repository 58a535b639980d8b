"""Grand Austria Hotel solo ("Dinner for One"): Leopold and Elisabeth, with Let's Waltz! 1, 2, 3, 5.

The lifecycle and the command table. Each command is a model (commands.py) with one handler:
the turn (turn.py: the card's steps as an agenda that stops and asks the table), the round end
(round_end.py), the player's own actions below, and the entrances' commands (entrance_rules.py).
What the players see is view.py; what a card means is card_view.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from bot.core import agenda
from bot.core.commands import input_error
from bot.core.deck import Deck
from bot.core.errors import InputError, RuleError
from bot.core.game import Outcome, Picture, SeatResult
from bot.core.kit import KitRules, Upgrade
from bot.core.said import say, value
from bot.core.scoresheet import FinalSheet
from bot.core.tokens import number as ascii_number
from bot.core.tokens import words
from bot.games.grand_austria import legacy, view
from bot.games.grand_austria.commands import COMMANDS, Claim, Final, RoundEnd, Staff, Start
from bot.games.grand_austria.commands import Turn as TurnCmd
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.entrance_rules import (
    ENTRANCE_COMMANDS,
    ENTRANCE_RULES,
    NO_ENTRANCE,
    player_command,
)
from bot.games.grand_austria.names import DIFFICULTIES
from bot.games.grand_austria.objectives import highest_free_spot
from bot.games.grand_austria.round_end import SEVENTH_OVER, end_round
from bot.games.grand_austria.scoring import final_result, staff_line
from bot.games.grand_austria.setup import base_setup, module_setup, parse_modules, pick_entrance
from bot.games.grand_austria.sheet import final_sheet
from bot.games.grand_austria.state import GahOptions, GahState
from bot.games.grand_austria.turn import HANDLERS as TURN_HANDLERS
from bot.games.grand_austria.turn import play_turn
from bot.games.grand_austria.voice import voice

Facts = list[str]


# ------------------------------------------------------------------ the player's actions
def claim(st: GahState, cmd: Claim, facts: Facts) -> None:
    letter = cmd.objective
    if st.phase != "play":
        raise RuleError(say("Objectives can only be claimed during the seven rounds."))
    track = st.objectives[letter]
    if track.player_vp is not None:
        raise RuleError(
            say(
                "You have already claimed objective {letter} ({vp} VP).",
                letter=letter,
                vp=track.player_vp,
            )
        )
    track.player_vp = highest_free_spot(track.taken_spots())
    facts.append(f"You claim objective **{letter}**: take the {track.player_vp} VP spot.")


def staff(st: GahState, cmd: Staff, facts: Facts) -> None:
    v = voice(st)
    number = cmd.card
    if not st.staff_revealed:
        raise RuleError(say("{name} has not revealed a staff card yet.", name=v.name))
    if number not in gah_data().staff:
        raise InputError(say("Staff cards are numbered 1 to {n}.", n=max(gah_data().staff)))
    if number in st.staff_revealed:
        raise RuleError(
            say("Staff card {n} is already face up beside {name}.", n=number, name=v.name)
        )
    old = st.staff_revealed[-1]
    if number in st.staff_deck.draw_pile:
        st.staff_deck.draw_pile[st.staff_deck.draw_pile.index(number)] = old
    st.staff_revealed[-1] = number
    facts.append(f"{v.name}'s latest staff card is now {staff_line(number)} (was #{old}).")


def final(st: GahState, cmd: Final, facts: Facts) -> None:
    v = voice(st)
    last = st.phase == "play" and st.round == 7 and st.turns_this_round >= 2
    if last and st.pending is None:  # the final scoring ends round 7 first
        numbers = RoundEnd(
            command="round_end", emperor_vp=cmd.emperor_vp, ballroom_vp=cmd.ballroom_vp
        )
        if not end_round(st, numbers, facts):
            return
        if SEVENTH_OVER in facts:  # and this is that final scoring
            facts[facts.index(SEVENTH_OVER)] = say("The seventh round is over.")
    elif cmd.emperor_vp is not None or cmd.ballroom_vp is not None:
        raise InputError(
            say("The round end's numbers come with the final scoring only after round 7.")
        )
    if st.phase != "final":
        raise RuleError(
            f"Final scoring comes after round 7 ends; the game is in round {st.round}."
            if st.phase == "play"
            else "The game is over."
        )
    result = final_result(st, cmd.model_dump(), v.name)
    st.result = result
    st.phase = "finished"
    b = result.breakdown
    facts.append(
        say(
            "{name} scores {track} on the VP track + {rooms} for occupied rooms "
            "+ {staff} for staff = **{total} VP**.",
            name=v.name,
            track=b["track"],
            rooms=b["rooms"],
            staff=b["staff"],
            total=result.opponent_score,
        )
    )
    scores = {"you": result.player_score, "them": result.opponent_score}
    if result.winner == "player":
        facts.append(say("You win, {you} to {them}!", **scores))
    elif result.player_score == result.opponent_score:
        facts.append(
            say(
                "{name} wins, {them} to {you} (a tie goes to {again}).",
                name=v.name,
                again=v.name,
                **scores,
            )
        )
    else:
        facts.append(say("{name} wins, {them} to {you}.", name=v.name, **scores))


def turn(st: GahState, cmd: TurnCmd, facts: Facts) -> None:
    """The opponent's turn; after both of a round's turns, a turn that brings the table ends
    the round first (with the round end's numbers, kept until all are there)."""
    brings = any((cmd.queue, cmd.dice, cmd.coloured, cmd.lounge, cmd.full))
    numbers = cmd.emperor_vp is not None or cmd.ballroom_vp is not None
    ending = st.phase == "play" and st.pending is None and st.turns_this_round >= 2
    if ending and (brings or numbers):
        round_end = RoundEnd(
            command="round_end", emperor_vp=cmd.emperor_vp, ballroom_vp=cmd.ballroom_vp
        )
        if not end_round(st, round_end, facts) or st.phase != "play":
            return
    elif numbers:
        raise InputError(say("The round end's numbers come with the turn after the round's end."))
    play_turn(st, cmd, facts)


def round_end(st: GahState, cmd: RoundEnd, facts: Facts) -> None:
    end_round(st, cmd, facts)


Handler = Callable[[GahState, Any, Facts], None]
HANDLERS: dict[str, Handler] = {
    "turn": turn,
    "round_end": round_end,
    "claim": claim,
    "staff": staff,
    "final": final,
}
assert set(HANDLERS) | set(ENTRANCE_COMMANDS) == COMMANDS.names


class GahRules(KitRules[GahState]):
    key = "gah"
    name = "Grand Austria Hotel"
    colour = 0xB8860B
    state_type = GahState
    command_set = COMMANDS
    upgrades = (Upgrade("the turn became an agenda", legacy.is_legacy, legacy.upgrade),)

    # ----------------------------------------------------------------- lifecycle
    def new_game(self, options: dict[str, Any], seed: int) -> tuple[GahState, Outcome]:
        try:
            start = Start.model_validate({"command": "start", **options})
        except ValidationError as exc:
            raise input_error(exc, f"`{Start.line()}`") from None
        modules = parse_modules(start.modules)
        reserved = _numbers(start.reserved) if start.reserved else None
        opts = GahOptions(
            difficulty=start.difficulty,
            emperor_table=start.emperor_table,
            modules=modules,
            entrance=start.entrance,
            reserved=reserved,
        )
        if opts.entrance is not None and 3 not in opts.modules:
            raise InputError(say("An entrance for the opponent needs module 3 (Unique Hotels)."))
        entrance = pick_entrance(opts.entrance, seed) if 3 in opts.modules else None
        data = gah_data()
        deck = Deck.shuffled([c.number for c in data.decks[opts.opponent].cards], seed)
        marked = Deck.shuffled(data.private_deck_candidates, seed + 1)
        staff_deck = Deck(draw_pile=marked.peek(5), seed=seed + 1)
        st = GahState(options=opts, seed=seed, deck=deck, staff_deck=staff_deck, entrance=entrance)
        rules = ENTRANCE_RULES[entrance] if entrance is not None else NO_ENTRANCE
        hautel = rules.setup(st, opts.reserved)
        v = voice(st)
        facts = [*base_setup(v), *module_setup(v, opts.modules, entrance, hautel)]
        facts.append(
            say(
                "Difficulty: **{difficulty}** — {how}.",
                difficulty=value(DIFFICULTIES, opts.difficulty),
                how=say(_difficulty_words(opts)),
            )
        )
        if data.private_deck_uncertain:
            facts.append(
                say(
                    "{name}'s private staff deck: I keep a virtual one drawn from the end-game "
                    "staff cards (a reconstructed list). If you deal the physical deck, tell me "
                    f"each revealed card with `{Staff.line(card='')}`.",
                    name=v.name,
                )
            )
        if opts.emperor_table == "ask":
            facts.append(
                say(
                    "Emperor spaces 8 and 10 are reconstructed: I will ask you for their VP "
                    "the first time {name} is scored there.",
                    name=v.name,
                )
            )
        outcome = self.describe(st)
        outcome.facts = facts + outcome.facts
        if st.entrance is not None:  # an entrance puts rooms, cogwheels or a track on the board
            outcome.picture = self.picture(st)
        return st, outcome

    def replay_hint(self, options: dict[str, Any], seed: int) -> str:
        """The start line that replays this game, built from the start model (options
        stored under an older name read as the slash names them now)."""
        given = Start.model_validate({"command": "start", **options}).model_dump()
        shown = {k: v for k, v in given.items() if k != "command" and v not in ("", [], False)}
        line = f"{Start.line(**shown)} seed:{seed}"
        return say(
            "Seed {seed}: `{command}` starts this game again the same way.", seed=seed, command=line
        )

    def reask(self, state: GahState) -> None:
        if state.pending is not None:
            agenda.run(state.agenda, state, TURN_HANDLERS, agenda.Inputs(), [])

    def run(self, state: GahState, command: Any, facts: Facts) -> None:
        if command.command in ENTRANCE_COMMANDS:
            handler: Handler = player_command(state, command.command)
        else:
            handler = HANDLERS[command.command]
        handler(state, command, facts)

    def after(self, before: GahState, state: GahState, command: Any, outcome: Outcome) -> None:
        """With an entrance (module 3) a picture of the board comes at the start, with each
        Emperor scoring and with a player's entrance action that changed the board; any game
        draws it on `/gah board`. Otherwise the text grid shows all there is, and drawing
        costs more than the rest of a command (docs/performance.md)."""
        name = command.command
        scoring = name == "round_end" and before.round in gah_data().emperor_scoring_rounds
        changed = name != "turn" and view.board_key(state) != view.board_key(before)
        if state.entrance is not None and (scoring or changed):
            outcome.picture = self.picture(state)

    # ------------------------------------------------------------------ reading
    def describe(self, state: Any) -> Outcome:
        return view.describe(state)

    def summary(self, state: Any) -> dict[str, Any]:
        return view.summary(state)

    def board(self, state: Any) -> str:
        return view.board(state)

    def picture(self, state: Any) -> Picture:
        return view.picture(state)

    def sheet(self, state: GahState) -> FinalSheet | None:
        return final_sheet(state)

    def show_board(self, state: Any) -> Outcome:
        """A read-only look at the opponent's board, with the picture."""
        return Outcome(facts=[self.board(state)], picture=self.picture(state))

    def results(self, state: Any, *, abandoned: bool = False) -> list[SeatResult]:
        st: GahState = state
        result = st.result
        if abandoned or result is None:
            outcome = "abandoned" if abandoned else "unscored"
            scores: tuple[int | None, int | None] = (None, None)
        else:
            outcome = "win" if result.winner == "player" else "loss"  # a tie goes to the bot
            scores = (result.player_score, result.opponent_score)
        return [
            SeatResult(
                seat="owner",
                opponent=voice(st).name,
                difficulty=st.options.difficulty,
                modules=" ".join(str(m) for m in st.options.modules),
                score=scores[0],
                opponent_score=scores[1],
                outcome=outcome,
                turns=len(st.deck.discards),
            )
        ]


def _numbers(text: str) -> list[int]:
    tokens = [t.lstrip("#") for t in words(text)]
    if not tokens:
        raise InputError(say("List the guest card numbers, like `55 69 72`."))
    return [ascii_number(t, what="guest card number", high=999) for t in tokens]


def _difficulty_words(opts: GahOptions) -> str:
    return {
        "easy": "symbols with a silver or gold border are ignored",
        "medium": "symbols with a gold border are ignored",
        "hard": "every symbol applies",
    }[opts.difficulty]
