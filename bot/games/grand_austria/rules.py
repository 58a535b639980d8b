"""Grand Austria Hotel solo ("Dinner for One"): Leopold, the base-game opponent."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from bot.core.deck import Deck
from bot.core.errors import InputError, RuleError
from bot.core.game import CommandRules, NextStep, Outcome, SeatResult
from bot.games.grand_austria import hotel as hotel_board
from bot.games.grand_austria.choices import (
    choose_die,
    choose_guest,
    choose_objective,
    hand_words,
)
from bot.games.grand_austria.data import BORDERS_BY_DIFFICULTY, InstructionCard, gah_data
from bot.games.grand_austria.inputs import QUEUE_EXAMPLE, parse_dice, parse_queue
from bot.games.grand_austria.scoring import final_result, staff_line
from bot.games.grand_austria.state import GahOptions, GahState, PendingTurn

OPPONENT = "Leopold"
DECK = "leopold"
SETUP = [
    "Set up a normal 2-player game, with these changes for Leopold:",
    "1. Leopold takes the **1/4** turn-order tile and always starts; you take **2/3**.",
    "2. Leopold uses the **night side** of a random hotel board; choose your own side.",
    "3. I shuffle and keep Leopold's 20-card instruction deck.",
    "4. Leopold has no money track and no money.",
    "5. Leopold starts with no kitchen items and never gets any.",
    "6. Before you draw staff, pull all staff cards with the end-game arrow, shuffle them, "
    "deal **5 face down** as Leopold's private deck and shuffle the rest back.",
    "7. Draw **10 staff cards**, keep 6, return 4 to the bottom of the deck in any order.",
    "8. Leopold takes no starting guest and prepares no rooms; only you do.",
]


class GahRules(CommandRules):
    key = "gah"
    name = "Grand Austria Hotel"
    colour = 0xB8860B
    arguments = {  # noqa: RUF012
        "turn": {"queue": str, "dice": str, "card": int},
        "round_end": {"emperor_vp": int},
        "claim": {"objective": str},
        "staff": {"card": int},
        "final": {"player_score": int, "player_staff": str, "staff_vp": int},
    }

    # ----------------------------------------------------------------- lifecycle
    def new_game(self, options: dict[str, Any], seed: int) -> tuple[GahState, Outcome]:
        try:
            opts = GahOptions.model_validate(options)
        except ValidationError as exc:
            raise InputError(_first_error(exc)) from None
        data = gah_data()
        deck = Deck.shuffled([c.number for c in data.decks[DECK].cards], seed)
        marked = Deck.shuffled(data.private_deck_candidates, seed + 1)
        staff = Deck(draw_pile=marked.peek(5), seed=seed + 1)
        state = GahState(options=opts, seed=seed, deck=deck, staff_deck=staff)
        facts = [*SETUP, f"Difficulty: **{opts.difficulty}** — {_difficulty_words(opts)}."]
        if data.private_deck_uncertain:
            facts.append(
                "Leopold's private staff deck: I keep a virtual one drawn from the end-game "
                "staff cards (a reconstructed list). If you deal the physical deck, tell me "
                "each revealed card with `/gah staff card:`."
            )
        if opts.emperor_vp_variant == "ask":
            facts.append(
                "Emperor spaces 8 and 10 are reconstructed: I will ask you for their VP "
                "the first time Leopold is scored there."
            )
        outcome = self.describe(state)
        outcome.facts = facts + outcome.facts
        return state, outcome

    def load(self, state: dict[str, Any]) -> GahState:
        return GahState.model_validate(state)

    # ------------------------------------------------------------------ commands
    def _turn(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        queue_text, dice_text, card = action.get("queue"), action.get("dice"), action.get("card")
        if st.phase != "play":
            raise RuleError("All seven rounds are over: enter the final scores with `/gah final`.")
        queue = parse_queue(queue_text) if queue_text else None
        dice = parse_dice(dice_text) if dice_text else None
        if st.pending is None:
            if st.turns_this_round >= 2:
                raise RuleError(
                    f"Leopold has taken both turns of round {st.round}: end it with "
                    "`/gah round-end`."
                )
            self._draw(st, card, facts)
        elif card is not None:
            raise RuleError(f"Leopold is still resolving card {st.pending.card}; finish it first.")
        elif queue is None and dice is None:
            raise RuleError(self._waiting_for(st))
        pending = st.pending
        assert pending is not None
        if dice is not None:
            pending.dice = dice
        card_data = gah_data().decks[DECK].card(pending.card)
        while pending.guests_taken < len(pending.guests):
            if queue is None:
                return
            took = self._take_guest(
                st, card_data, pending.guests[pending.guests_taken], queue, facts
            )
            pending.guests_taken += 1
            if took:  # the queue was refilled: the next guest needs the new one
                queue = None
        self._take_die(st, card_data, facts)
        self._extras(st, card_data, facts)
        st.deck.discard(pending.card)
        st.pending = None
        st.turns_this_round += 1

    def _draw(self, st: GahState, card: int | None, facts: list[str]) -> None:
        number = st.deck.draw() if card is None else st.deck.draw_specific(int(card))
        card_data = gah_data().decks[DECK].card(number)
        allowed = BORDERS_BY_DIFFICULTY[st.options.difficulty]
        guests = [g.color for g in card_data.guests if g.border in allowed]
        st.pending = PendingTurn(card=number, guests=guests)
        turn = st.turn_numbers[st.turns_this_round]
        who = "you drew" if card is not None else "I draw"
        flag = " (card number reconstructed)" if card_data.uncertain else ""
        facts.append(
            f"**Round {st.round}, turn {turn}** — {who} Leopold's card **{number}**{flag}: "
            f"{describe_card(card_data, st.options.difficulty)}."
        )
        if not guests:
            facts.append("Leopold takes no guest this turn.")

    def _take_guest(
        self, st: GahState, card: InstructionCard, wanted: str, queue: list, facts: list[str]
    ) -> bool:
        """Take and house one guest; False if none in the queue can be housed."""
        choice = choose_guest(queue, wanted, st.hotel, card.hand)
        if choice.slot is None or choice.room is None:
            facts.append(f"Leopold takes no guest: {choice.reason}.")
            return False
        guest = choice.slot.guest
        st.hotel[choice.room.label] = guest.colour
        st.vp += guest.vp + choice.room.vp
        facts.append(
            f"Leopold takes the **{guest}** at queue position {choice.slot.position} "
            f"({choice.reason}) and scores {guest.vp} VP."
        )
        covered = f", covering {choice.room.vp} VP (+{choice.room.vp})" if choice.room.vp else ""
        facts.append(
            f"He places an occupied {choice.room.colour} room on **{choice.room.label}** "
            f"(floor {choice.room.floor}, column {choice.room.column}){covered}. "
            "Discard the guest card and refill the queue."
        )
        return True

    def _take_die(self, st: GahState, card: InstructionCard, facts: list[str]) -> None:
        shown = [d.value for d in card.dice]
        pending = st.pending
        assert pending is not None
        if pending.dice is None:
            facts.append(f"Leopold takes a die: {die_instruction(shown, card.hand)}.")
            return
        choice = choose_die(pending.dice, shown, card.hand)
        facts.append(
            f"Leopold takes a **{choice.option}** die ({choice.reason}) and places it on his "
            "turn-order tile, without its action."
        )

    def _extras(self, st: GahState, card: InstructionCard, facts: list[str]) -> None:
        allowed = BORDERS_BY_DIFFICULTY[st.options.difficulty]
        for extra in card.extras:
            if extra.border not in allowed:
                continue
            if extra.type == "emperor":
                self._advance_emperor(st, extra.steps, facts)
            elif extra.type == "staff":
                self._reveal_staff(st, facts)
            elif extra.type == "objective":
                self._advance_objective(st, extra.card or "?", card, facts)

    def _advance_emperor(self, st: GahState, steps: int, facts: list[str]) -> None:
        last = gah_data().emperor_last_space
        moved = min(steps, last - st.emperor)
        beyond = steps - moved
        st.emperor += moved
        st.vp += beyond
        extra = f", and scores {beyond} VP for the steps past the end" if beyond else ""
        facts.append(f"Leopold advances {steps} on the Emperor track to space {st.emperor}{extra}.")

    def _reveal_staff(self, st: GahState, facts: list[str]) -> None:
        if not st.staff_deck.draw_pile:
            facts.append("Leopold's private staff deck is empty: nothing to reveal.")
            return
        number = st.staff_deck.draw()
        st.staff_revealed.append(number)
        facts.append(
            f"Leopold reveals the top card of his private staff deck: {staff_line(number)} "
            "(if your physical card differs, tell me with `/gah staff card:`)."
        )

    def _advance_objective(
        self, st: GahState, shown: str, card: InstructionCard, facts: list[str]
    ) -> None:
        choice = choose_objective(st.objectives, shown, card.hand)
        if choice.option is None:
            facts.append(f"No objective to advance: {choice.reason}.")
            return
        track, name = st.objectives[choice.option], f"objective **{choice.option}**"
        if track.progress == "none":
            track.progress = "III"
            facts.append(f"Leopold places a marker on {name} at III ({choice.reason}).")
        elif track.progress == "III":
            track.progress = "II"
            facts.append(f"Leopold moves his marker on {name} to II ({choice.reason}).")
        else:
            vp = _highest_free_spot(track.taken_spots())
            track.progress, track.opponent_vp = "claimed", vp
            st.vp += vp
            facts.append(
                f"Leopold's marker on objective **{choice.option}** reaches I: he claims the "
                f"{vp} VP spot ({choice.reason})."
            )

    def _round_end(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        if st.phase != "play":
            raise RuleError("All seven rounds are over: enter the final scores with `/gah final`.")
        if st.pending is not None:
            raise RuleError(self._waiting_for(st))
        if st.turns_this_round < 2:
            raise RuleError(
                f"Leopold still has turn {st.turn_numbers[st.turns_this_round]} in round "
                f"{st.round}: use `/gah turn` first."
            )
        data = gah_data()
        answer = action.get("emperor_vp")
        if st.round in data.emperor_scoring_rounds:
            vp = self._emperor_vp(st, answer)
            back = data.emperor_move_back[st.round]
            st.vp += vp
            facts.append(
                f"**Emperor scoring**: Leopold scores {vp} VP for space {st.emperor} and moves "
                f"back {back} to space {max(0, st.emperor - back)}. Score yours and take your "
                "reward or penalty; Leopold gets neither."
            )
            st.emperor = max(0, st.emperor - back)
        elif answer is not None:
            raise InputError(f"There is no Emperor scoring after round {st.round}.")
        if st.round == 7:
            st.phase = "final"
            facts.append("The seventh round is over: score your tableau, then `/gah final`.")
            return
        facts.append(
            f"Round {st.round} ends: swap the turn-order tiles (Leopold now holds "
            f"{'2/3' if st.opponent_first else '1/4'}), turn your round staff upright and "
            f"start round {st.round + 1}."
        )
        st.round += 1
        st.turns_this_round = 0

    def _emperor_vp(self, st: GahState, answer: Any) -> int:
        space = gah_data().emperor[st.emperor]
        if space.vp is not None:
            if answer is not None:
                raise InputError(f"Emperor space {st.emperor} is known to score {space.vp} VP.")
            return space.vp
        variant = st.options.emperor_vp_variant
        if variant != "ask":
            return space.candidates[variant]
        if space.space in st.emperor_vp_answers:
            return st.emperor_vp_answers[space.space]
        options = sorted(set(space.candidates.values()))
        if answer is None:
            raise RuleError(
                f"Leopold is scored on Emperor space {space.space}, whose VP is reconstructed "
                f"({' or '.join(map(str, options))}). Read it off your board: "
                f"`/gah round-end emperor_vp:{options[0]}`."
            )
        if int(answer) not in options:
            raise InputError(
                f"Space {space.space} scores {' or '.join(map(str, options))} VP, not {answer}."
            )
        st.emperor_vp_answers[space.space] = int(answer)
        return int(answer)

    def _claim(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        letter = str(action.get("objective", "")).upper()
        if letter not in st.objectives:
            raise InputError("Name the objective card: A, B or C.")
        if st.phase != "play":
            raise RuleError("Objectives can only be claimed during the seven rounds.")
        track = st.objectives[letter]  # type: ignore[index]
        if track.player_vp is not None:
            raise RuleError(f"You have already claimed objective {letter} ({track.player_vp} VP).")
        track.player_vp = _highest_free_spot(track.taken_spots())
        facts.append(f"You claim objective **{letter}**: take the {track.player_vp} VP spot.")

    def _staff(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        number = action.get("card")
        data = gah_data()
        if not st.staff_revealed:
            raise RuleError("Leopold has not revealed a staff card yet.")
        if not isinstance(number, int) or number not in data.staff:
            raise InputError(f"Staff cards are numbered 1 to {max(data.staff)}.")
        if number in st.staff_revealed:
            raise RuleError(f"Staff card {number} is already face up beside Leopold.")
        old = st.staff_revealed[-1]
        if number in st.staff_deck.draw_pile:
            st.staff_deck.draw_pile[st.staff_deck.draw_pile.index(number)] = old
        st.staff_revealed[-1] = number
        facts.append(f"Leopold's latest staff card is now {staff_line(number)} (was #{old}).")

    def _final(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        if st.phase != "final":
            raise RuleError(
                f"Final scoring comes after round 7 ends; the game is in round {st.round}."
                if st.phase == "play"
                else "The game is over."
            )
        result = final_result(st, action)
        st.result = result
        st.phase = "finished"
        b = result.breakdown
        facts.append(
            f"Leopold scores {b['track']} on the VP track + {b['rooms']} for occupied rooms "
            f"+ {b['staff']} for staff = **{result.opponent_score} VP**."
        )
        if result.winner == "player":
            facts.append(f"You win, {result.player_score} to {result.opponent_score}!")
        else:
            tie = " (a tie goes to Leopold)" if result.player_score == result.opponent_score else ""
            facts.append(f"Leopold wins, {result.opponent_score} to {result.player_score}{tie}.")

    # ------------------------------------------------------------------ reading
    def _waiting_for(self, st: GahState) -> str:
        pending = st.pending
        assert pending is not None
        card = gah_data().decks[DECK].card(pending.card)
        wanted = pending.guests[pending.guests_taken]
        which = "the refilled queue" if pending.guests_taken else "the guest queue"
        return (
            f"Leopold's card {pending.card} needs {which}: {guest_instruction(wanted, card.hand)} "
            f"Give it left to right: `/gah turn queue:{QUEUE_EXAMPLE}`."
        )

    def describe(self, state: Any) -> Outcome:
        st: GahState = state
        out = Outcome()
        if st.phase == "finished":
            out.finished = True
            assert st.result is not None
            out.result = st.result.model_dump()
            out.prompt = "The game is over. `/game history` shows every step."
            return out
        if st.phase == "final":
            out.prompt = (
                "Final scoring: `/gah final player_score:<your total>` "
                "(add `player_staff:` with your end-game staff numbers if Leopold has #29 "
                "Secretary, or `staff_vp:` to override his staff VP)."
            )
            return out
        if st.pending is not None:
            out.prompt = self._waiting_for(st)
            return out
        if st.turns_this_round < 2:
            turn = st.turn_numbers[st.turns_this_round]
            yours = _player_turns_before(st)
            lead = f"Take your turn{'s' if ' and ' in yours else ''} {yours}, then" if yours else ""
            out.prompt = (
                f"{lead + ' d' if lead else 'D'}raw Leopold's card for turn {turn} of round "
                f"{st.round}: `/gah turn` (add `queue:` and `dice:` to let me resolve it)."
            )
            out.next_steps.append(NextStep(f"Leopold's turn {turn}", "turn"))
        else:
            yours = "Take your turn 4, then e" if not st.opponent_first else "E"
            out.prompt = f"{yours}nd round {st.round}: `/gah round-end`."
            out.next_steps.append(NextStep(f"End round {st.round}", "round_end"))
        return out

    def summary(self, state: Any) -> dict[str, Any]:
        st: GahState = state
        return {
            "game": self.key,
            "opponent": OPPONENT,
            "difficulty": st.options.difficulty,
            "phase": st.phase,
            "round": st.round,
            "turns_this_round": st.turns_this_round,
            "opponent_turn_order": "1/4" if st.opponent_first else "2/3",
            "vp": st.vp,
            "emperor": st.emperor,
            "hotel": dict(sorted(st.hotel.items())),
            "objectives": {k: v.model_dump() for k, v in st.objectives.items()},
            "staff_revealed": list(st.staff_revealed),
            "cards_left": st.deck.size,
            "cards_played": list(st.deck.discards),
            "pending_card": st.pending.card if st.pending else None,
            "result": st.result.model_dump() if st.result else None,
        }

    def results(self, state: Any, *, abandoned: bool = False) -> list[SeatResult]:
        st: GahState = state
        result = st.result
        if abandoned or result is None:
            outcome = "abandoned" if abandoned else "unscored"
            scores: tuple[int | None, int | None] = (None, None)
        else:
            outcome = "win" if result.winner == "player" else "loss"  # a tie goes to Leopold
            scores = (result.player_score, result.opponent_score)
        return [
            SeatResult(
                seat="owner",
                opponent=OPPONENT,
                difficulty=st.options.difficulty,
                score=scores[0],
                opponent_score=scores[1],
                outcome=outcome,
                turns=len(st.deck.discards),
            )
        ]

    def board(self, state: Any) -> str:
        st: GahState = state
        objectives = ", ".join(
            f"{k}: {v.progress if v.progress != 'claimed' else f'claimed {v.opponent_vp} VP'}"
            for k, v in st.objectives.items()
        )
        staff = ", ".join(f"#{n}" for n in st.staff_revealed) or "none"
        return (
            f"Leopold · {st.options.difficulty} · round {st.round}/7 · {st.vp} VP · "
            f"Emperor {st.emperor} · objectives {objectives} · staff {staff}\n"
            f"```\n{hotel_board.render(st.hotel)}\n```"
        )


def _highest_free_spot(taken: set[int]) -> int:
    free = [vp for vp in gah_data().objective_vp if vp not in taken]
    if not free:
        raise RuleError("Every VP spot on that objective is taken.")
    return max(free)


def _player_turns_before(st: GahState) -> str:
    """Your turns that come before Leopold's next one in this round."""
    if st.opponent_first:
        return "2 and 3" if st.turns_this_round == 1 else ""
    return "1" if st.turns_this_round == 0 else ""


def _difficulty_words(opts: GahOptions) -> str:
    return {
        "easy": "symbols with a silver or gold border are ignored",
        "medium": "symbols with a gold border are ignored",
        "hard": "every symbol applies",
    }[opts.difficulty]


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "options"
    return f"`{where}`: {err['msg']}."


def guest_instruction(wanted: str, hand: str) -> str:
    colour = "" if wanted == "any" else f"{wanted} "
    base = f"he takes the {colour}guest worth most VP" + (
        "" if wanted == "any" else f"; with no {wanted} guest he can house, the best other"
    )
    return f"{base}; ties: {hand_words(hand)}."  # type: ignore[arg-type]


def die_instruction(shown: list[int | str], hand: str) -> str:
    numbers = [str(v) for v in shown if isinstance(v, int)]
    if not numbers:
        what = "the value with most dice"
    elif len(numbers) == 1:
        what = f"a {numbers[0]}, or if none is left the value with most dice"
    else:
        what = (
            f"the {' or '.join(numbers)} with more dice, or if neither is left the value with most"
        )
    return f"{what}; ties: {hand_words(hand)}"  # type: ignore[arg-type]


def describe_card(card: InstructionCard, difficulty: str) -> str:
    allowed = BORDERS_BY_DIFFICULTY[difficulty]
    guests = [g.color for g in card.guests if g.border in allowed]
    parts = [
        "guests " + " then ".join(guests) if guests else "no guest",
        "die " + "/".join(str(d.value) for d in card.dice),
    ]
    for extra in card.extras:
        if extra.border not in allowed:
            continue
        if extra.type == "emperor":
            parts.append(f"Emperor +{extra.steps}")
        elif extra.type == "staff":
            parts.append("staff")
        elif extra.type == "objective":
            parts.append(f"objective {extra.card}")
    parts.append(f"hand {card.hand}")
    return ", ".join(parts)
