"""Grand Austria Hotel solo ("Dinner for One"): Leopold and Elisabeth, with Let's Waltz! 1, 2, 3, 5.

A turn is a list of steps resolved top to bottom ("guest:0", "dancer:1", "die", "extra:1"). A step
that needs what only the player's table shows (the queue, the dice, the coloured dice, the
lounge, whether a ballroom is full) waits; the next `/gah turn` carries on where it stopped."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.core.commands import input_error
from bot.core.deck import Deck
from bot.core.errors import InputError, RuleError
from bot.core.game import NextStep, Outcome, Picture, SeatResult
from bot.core.tokens import number as ascii_number
from bot.core.tokens import words
from bot.games.grand_austria import ballrooms as rooms
from bot.games.grand_austria import entrances as ent
from bot.games.grand_austria import hotel as hotel_board
from bot.games.grand_austria.choices import (
    choose_celebrity,
    choose_die,
    choose_guest,
    choose_objective,
    hand_words,
)
from bot.games.grand_austria.commands import COMMANDS, Start
from bot.games.grand_austria.data import BORDERS_BY_DIFFICULTY, InstructionCard, gah_data
from bot.games.grand_austria.inputs import (
    COLOURED_EXAMPLE,
    DICE_EXAMPLE,
    LOUNGE_EXAMPLE,
    QUEUE_EXAMPLE,
    parse_ballrooms,
    parse_coloured,
    parse_dice,
    parse_lounge,
    parse_queue,
)
from bot.games.grand_austria.scoring import final_result, staff_line
from bot.games.grand_austria.setup import base_setup, module_setup, parse_modules, pick_entrance
from bot.games.grand_austria.state import (
    Celebrity,
    GahOptions,
    GahState,
    PendingTurn,
    QueueGuest,
    ReservedGuest,
)
from bot.games.grand_austria.voice import VOICES, Voice


def voice(st: GahState) -> Voice:
    return VOICES[st.options.opponent]


def deck_of(st: GahState):
    return gah_data().decks[st.options.opponent]


SLASH_NAMES = {"emperor_vp_variant": "emperor_table"}
RIGHTMOST = "a cogwheel guest reached the rightmost queue space"


@dataclass
class TurnInputs:
    """What this one `/gah turn` brought from the table; used up as the steps need it."""

    queue: list[QueueGuest] | None = None
    full: set[int] | None = None


class GahRules:
    key = "gah"
    name = "Grand Austria Hotel"
    colour = 0xB8860B

    @property
    def commands(self) -> frozenset[str]:
        return COMMANDS.names

    # ----------------------------------------------------------------- lifecycle
    def new_game(self, options: dict[str, Any], seed: int) -> tuple[GahState, Outcome]:
        try:
            start = Start.model_validate({"command": "start", **options})
        except ValidationError as exc:
            raise input_error(exc, "`/gah start`") from None
        raw = start.model_dump(exclude={"command"})
        raw["modules"] = parse_modules(raw.get("modules"))
        if isinstance(raw.get("reserved"), str):
            raw["reserved"] = _numbers(raw["reserved"])
        try:
            opts = GahOptions.model_validate(raw)
        except ValidationError as exc:
            raise InputError(_first_error(exc)) from None
        if opts.entrance is not None and 3 not in opts.modules:
            raise InputError("An entrance for the opponent needs module 3 (Unique Hotels).")
        entrance = pick_entrance(opts.entrance, seed) if 3 in opts.modules else None
        if opts.reserved is not None and entrance != "hautel_couture":
            raise InputError("Reserved guests belong to the Hautel Couture entrance.")
        data = gah_data()
        deck = Deck.shuffled([c.number for c in data.decks[opts.opponent].cards], seed)
        marked = Deck.shuffled(data.private_deck_candidates, seed + 1)
        staff = Deck(draw_pile=marked.peek(5), seed=seed + 1)
        st = GahState(options=opts, seed=seed, deck=deck, staff_deck=staff, entrance=entrance)
        hautel = self._set_up_entrance(st, opts.reserved)
        v = voice(st)
        facts = [*base_setup(v), *module_setup(v, opts.modules, entrance, hautel)]
        facts.append(f"Difficulty: **{opts.difficulty}** — {_difficulty_words(opts)}.")
        if data.private_deck_uncertain:
            facts.append(
                f"{v.name}'s private staff deck: I keep a virtual one drawn from the end-game "
                "staff cards (a reconstructed list). If you deal the physical deck, tell me "
                "each revealed card with `/gah staff card:`."
            )
        if opts.emperor_vp_variant == "ask":
            facts.append(
                "Emperor spaces 8 and 10 are reconstructed: I will ask you for their VP "
                f"the first time {v.name} is scored there."
            )
        outcome = self.describe(st)
        outcome.facts = facts + outcome.facts
        if st.entrance is not None:  # an entrance puts rooms, cogwheels or a track on the board
            outcome.picture = self.picture(st)
        return st, outcome

    def _set_up_entrance(self, st: GahState, reserved: list[int] | None) -> Any:
        if st.entrance == "sushi_resort":
            st.sushi_spaces = list(ent.entrance_facts("sushi_resort")["cogwheel_spaces"])
        if st.entrance != "hautel_couture":
            return None
        guests = ent.check_reserved(reserved) if reserved else ent.draw_reserved_guests(st.seed)
        setup = ent.hautel_setup(guests, st.seed)
        for number, label in zip(guests, setup.rooms, strict=True):
            st.vacant[label] = ent.room_colour(label)
            st.reserved.append(ReservedGuest(number=number, room=label))
        st.vp += setup.room_vp
        st.item_pool = list(setup.shuffled)
        st.items = dict(setup.spaces)
        return setup

    def replay_hint(self, options: dict[str, Any], seed: int) -> str:
        """The start line that replays this game, in the slash options' names."""
        shown = " ".join(
            f"{SLASH_NAMES.get(k, k)}:{v}"
            for k, v in options.items()
            if v not in (None, "", [], False)
        )
        return f"Seed {seed}: `/gah start {shown} seed:{seed}` starts this game again the same way."

    def load(self, state: dict[str, Any]) -> GahState:
        return GahState.model_validate(state)

    def apply(self, state: Any, action: dict[str, Any]) -> tuple[Any, Outcome]:
        """With an entrance (module 3) a picture of the board comes at the start, with each
        Emperor scoring and with a player's entrance action that changed the board; any game
        draws it on `/gah board`. Otherwise the text grid shows all there is, and drawing
        costs more than the rest of a command (docs/performance.md)."""
        cmd = COMMANDS.parse(action)
        command = cmd.command
        new = GahState.model_validate(state.model_dump())  # a deep copy, fast
        facts: list[str] = []
        getattr(self, f"_{command}")(new, cmd.model_dump(), facts)
        outcome = self.describe(new)
        outcome.facts = facts + outcome.facts
        scoring = command == "round_end" and state.round in gah_data().emperor_scoring_rounds
        changed = command != "turn" and _board_of(new) != _board_of(state)
        if new.entrance is not None and (scoring or changed):
            outcome.picture = self.picture(new)
        return new, outcome

    # ------------------------------------------------------------------ the turn
    def _turn(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        if st.phase != "play":
            raise RuleError("All seven rounds are over: enter the final scores with `/gah final`.")
        v = voice(st)
        modules = st.options.modules
        inputs = TurnInputs()
        if action.get("queue"):
            inputs.queue = parse_queue(action["queue"])
            self._check_cogwheels(st, inputs.queue)
        dice = parse_dice(action["dice"]) if action.get("dice") else None
        if action.get("full"):
            if 1 not in modules:
                raise InputError("Ballrooms are only in play with module 1.")
            inputs.full = parse_ballrooms(action["full"], len(rooms.limited()))
        for option in ("coloured", "lounge"):
            if action.get(option) and 2 not in modules:
                raise InputError("Coloured dice and celebrities are only in play with module 2.")
        card = action.get("card")
        given = any(action.get(k) for k in ("queue", "dice", "full", "coloured", "lounge"))
        if st.pending is None:
            if st.turns_this_round >= 2:
                raise RuleError(
                    f"{v.name} has taken both turns of round {st.round}: end it with "
                    "`/gah round-end`."
                )
            self._draw(st, card, facts)
        elif card is not None:
            raise RuleError(f"{v.name} is still resolving card {st.pending.card}; finish it first.")
        elif not given:
            raise RuleError(self._waiting_for(st))
        pending = st.pending
        assert pending is not None
        if inputs.queue is not None:
            pending.queue_stale = False
        if dice is not None:
            pending.dice = dice
            pending.coloured = None
        if action.get("coloured"):
            if pending.dice is None:
                raise InputError("Give the dice with the coloured dice: `dice:` and `coloured:`.")
            pending.coloured = parse_coloured(action["coloured"], pending.dice)
            gone = [c for c in pending.coloured if c in st.celebrities]
            if gone:
                raise InputError(
                    f"{v.name} took the {gone[0]} die this round: it is not on the board."
                )
        if action.get("lounge"):
            self._set_lounge(st, parse_lounge(action["lounge"]))
        card_data = deck_of(st).card(pending.card)
        while pending.step < len(pending.steps):
            if not self._step(st, card_data, pending.steps[pending.step], inputs, facts):
                return
            pending.step += 1
        st.deck.discard(pending.card)
        st.pending = None
        st.turns_this_round += 1

    def _draw(self, st: GahState, card: int | None, facts: list[str]) -> None:
        v, deck = voice(st), deck_of(st)
        if card is not None and card not in {c.number for c in deck.cards}:
            numbers = [c.number for c in deck.cards]
            raise InputError(
                f"Card {card} is not in {v.name}'s deck ({min(numbers)}-{max(numbers)})."
            )
        number = st.deck.draw() if card is None else st.deck.draw_specific(int(card))
        card_data = deck.card(number)
        st.pending = PendingTurn(card=number, steps=self._steps(st, card_data))
        turn = st.turn_numbers[st.turns_this_round]
        who = "you drew" if card is not None else "I draw"
        flag = " (card number reconstructed)" if card_data.uncertain else ""
        facts.append(
            f"**Round {st.round}, turn {turn}** — {who} {v.name}'s card **{number}**{flag}: "
            f"{describe_card(card_data, st.options.difficulty, st.options.modules)}."
        )
        if not any(s.startswith("guest") for s in st.pending.steps):
            facts.append(f"{v.name} takes no guest this turn.")

    def _steps(self, st: GahState, card: InstructionCard) -> list[str]:
        allowed = BORDERS_BY_DIFFICULTY[st.options.difficulty]
        steps = [f"guest:{i}" for i, g in enumerate(card.guests) if g.border in allowed]
        steps.append("die")
        for i, extra in enumerate(card.extras):
            if extra.border in allowed and (extra.type != "dancer" or 1 in st.options.modules):
                steps.append(f"extra:{i}")
        return steps

    def _step(
        self, st: GahState, card: InstructionCard, step: str, inputs: TurnInputs, facts: list[str]
    ) -> bool:
        kind, _, arg = step.partition(":")
        if kind == "guest":
            return self._guest_step(st, card, int(arg), inputs, facts)
        if kind == "dancer":
            return self._place_dancer(st, int(arg), inputs, facts)
        if kind == "die":
            return self._take_die(st, card, facts)
        extra = card.extras[int(arg)]
        if extra.type == "dancer":
            return self._place_dancer(st, extra.arrows or 1, inputs, facts, extra=True)
        if extra.type == "emperor":
            self._advance_emperor(st, extra.steps, facts)
        elif extra.type == "staff":
            self._reveal_staff(st, facts)
        elif extra.type == "objective":
            self._advance_objective(st, extra.card or "?", card, facts)
            self._add_star(st, facts)
        return True

    # --------------------------------------------------------------- guests
    def _check_cogwheels(self, st: GahState, queue: list[QueueGuest]) -> None:
        marked = sum(g.cogwheel for g in queue)
        if marked and st.entrance != "sushi_resort":
            raise InputError("Cogwheels on guests (`*`) belong to the Sushi Resort entrance.")
        if marked > st.sushi_queue:
            raise InputError(
                f"Only {st.sushi_queue} cogwheel(s) lie on queue guests, but the queue marks "
                f"{marked}."
            )

    def _guest_step(
        self, st: GahState, card: InstructionCard, index: int, inputs: TurnInputs, f: list[str]
    ) -> bool:
        pending = st.pending
        assert pending is not None
        if inputs.queue is None or pending.queue_stale:
            return False
        v = voice(st)
        queue = inputs.queue
        self._sushi_rightmost(st, queue, f)
        symbol = card.guests[index]
        choice = choose_guest(queue, symbol.color, st.hotel | st.vacant, card.hand)
        if choice.slot is None or choice.room is None:
            f.append(f"{v.name} takes no guest: {choice.reason}.")
            return True
        guest = choice.slot.guest
        st.vp += guest.vp
        f.append(
            f"{v.name} takes the **{guest}** at queue position {choice.slot.position} "
            f"({choice.reason}) and scores {guest.vp} VP."
        )
        if guest.cogwheel:
            guest.cogwheel = False
            self._score_cogwheel(st, "a cogwheel lay on that guest", f)
        pending.queue_stale = True
        dancing = symbol.dancer_arrows and 1 in st.options.modules
        if dancing and sum(st.dancers) < gah_data().waltz.dancers:
            f.append(
                f"The guest goes dancing: discard the card; {v.name} places no room, pays no "
                "champagne and gets no row bonus."
            )
            pending.steps.insert(pending.step + 1, f"dancer:{symbol.dancer_arrows}")
            return True
        if dancing:
            f.append(f"{v.name} has no dancer left, so the guest takes a room as normal.")
        self._occupy(st, choice.room.label, guest.colour, f)
        return True

    def _occupy(self, st: GahState, label: str, colour: Any, f: list[str]) -> None:
        v = voice(st)
        space = gah_data().space_by_label(label)
        st.hotel[label] = colour
        st.vp += space.vp
        covered = f", covering {space.vp} VP (+{space.vp})" if space.vp else ""
        f.append(
            f"{v.He} places an occupied {space.colour} room on **{label}** "
            f"(floor {space.floor}, column {space.column}){covered}. "
            "Discard the guest card and refill the queue."
        )
        if label in st.sushi_spaces:
            st.sushi_spaces.remove(label)
            st.sushi_queue += 1
            f.append(
                f"Sushi Resort: move the cogwheel from {label} onto the **leftmost guest** of "
                "the refilled queue (mark it `*` when you give me the queue)."
            )

    def _sushi_rightmost(self, st: GahState, queue: list[QueueGuest], f: list[str]) -> None:
        if queue[-1].cogwheel:
            queue[-1].cogwheel = False
            self._score_cogwheel(st, RIGHTMOST, f)

    def _score_cogwheel(self, st: GahState, why: str, f: list[str]) -> None:
        """Sushi Resort: the opponent scores a queue guest's cogwheel, which goes back."""
        vp = ent.entrance_facts("sushi_resort")["vp"]
        st.sushi_queue -= 1
        st.vp += vp
        stays = "; the guest stays in the queue" if why == RIGHTMOST else ""
        f.append(
            f"Sushi Resort: {why}, so {voice(st).name} scores **{vp} VP**; return the token to "
            f"the supply{stays}."
        )

    # --------------------------------------------------------------- dancers
    def _place_dancer(
        self, st: GahState, arrows: int, inputs: TurnInputs, f: list[str], extra: bool = False
    ) -> bool:
        v = voice(st)
        if sum(st.dancers) >= gah_data().waltz.dancers:
            f.append(f"{v.name} has placed all {gah_data().waltz.dancers} dancers: none is sent.")
            return True
        full = set(st.ballrooms_full) | (inputs.full or set())
        space = set(rooms.limited()) - full if inputs.full is not None else set()
        target = rooms.dancer_target(arrows, st.round, full, space)
        if target.room is None:
            return False
        if inputs.full:
            st.ballrooms_full = sorted(set(st.ballrooms_full) | inputs.full)
        inputs.full = None  # an answer serves one placement
        st.dancers[target.room] += 1
        name = rooms.ballroom_names()[target.room]
        f.append(
            f"{v.name} places {'an extra dancer, without a guest,' if extra else 'a dancer'} in "
            f"**{name}** ({target.reason}), on a free space of the bottommost row possible; "
            f"{v.he} now has {st.dancers[target.room]} there."
        )
        return True

    # --------------------------------------------------------------- the die
    def _die_plan(self, st: GahState, card: InstructionCard) -> tuple[int | None, list[str], str]:
        """The action space taken (None: wherever the chosen coloured die lies), the coloured
        dice on offer (module 2), and why."""
        pending = st.pending
        assert pending is not None and pending.dice is not None
        shown = [d.value for d in card.dice]
        coloured = pending.coloured or {}
        if 2 in st.options.modules and shown == ["colored_max"] and coloured:
            return None, list(coloured), "the card shows the coloured MAX die"
        plain = [s if s != "colored_max" else "?" for s in shown]
        choice = choose_die(pending.dice, plain, card.hand)
        assert choice.option is not None
        here = [c for c, value in coloured.items() if value == choice.option]
        return choice.option, here, choice.reason

    def _take_die(self, st: GahState, card: InstructionCard, f: list[str]) -> bool:
        v = voice(st)
        pending = st.pending
        assert pending is not None
        if pending.dice is None:
            if self._die_changes_state(st):
                return False
            shown = [d.value for d in card.dice]
            f.append(f"{v.name} takes a die: {die_instruction(shown, card.hand)}.")
            return True
        if self._needs_coloured(st):
            return False
        value, offered, reason = self._die_plan(st, card)
        if offered:
            if self._missing_lounge(st, offered):
                return False
            assert st.lounge is not None
            vp = {c.colour: c.vp for c in st.lounge}
            pick = choose_celebrity(offered, [c.colour for c in st.lounge], vp, card.hand)
            colour = pick.option
            assert colour is not None
            if value is None:
                value = (pending.coloured or {})[colour]
            f.append(
                f"{v.name} takes the **{colour} die** from action space {value} ({reason}; "
                f"coloured dice first: {pick.reason}) and places it on {v.his} turn-order tile, "
                "without its action."
            )
            self._take_celebrity(st, colour, card, f)
        else:
            assert value is not None
            f.append(
                f"{v.name} takes a **{value}** die ({reason}) and places it on {v.his} "
                "turn-order tile, without its action."
            )
        if st.entrance == "toll_bridge_hotel":
            st.toll[value - 1] += 1
            f.append(
                f"Toll Bridge: leave a cogwheel on action space {value} "
                f"({st.toll[value - 1]} there now)."
            )
        return True

    def _die_changes_state(self, st: GahState) -> bool:
        """Module 2 and the Toll Bridge need the dice: the die taken changes the game."""
        return 2 in st.options.modules or st.entrance == "toll_bridge_hotel"

    def _needs_coloured(self, st: GahState) -> bool:
        pending = st.pending
        assert pending is not None
        return (
            2 in st.options.modules
            and pending.coloured is None
            and len(st.celebrities) < 3  # once all three are taken, no coloured die is left
        )

    def _missing_lounge(self, st: GahState, colours: list[str]) -> list[str]:
        known = {c.colour for c in st.lounge or []}
        return [c for c in colours if c not in known]

    def _set_lounge(self, st: GahState, pairs: list[tuple[str, int]]) -> None:
        st.lounge = [Celebrity(colour=colour, vp=vp) for colour, vp in pairs]  # type: ignore[arg-type]

    def _take_celebrity(
        self, st: GahState, colour: str, card: InstructionCard, f: list[str]
    ) -> None:
        v = voice(st)
        assert st.lounge is not None
        celebrity = next(c for c in st.lounge if c.colour == colour)
        st.celebrities.append(colour)
        st.vp += celebrity.vp
        f.append(
            f"{v.He} takes the {colour} celebrity and scores {celebrity.vp} VP, ignoring its "
            f"effect; instead {v.he} gets the {colour} bonus:"
        )
        if colour == "red":
            self._advance_objective(st, "least", card, f)
        elif colour == "yellow":
            self._advance_emperor(st, 2, f)
        else:
            st.vp += 2
            f.append(f"{v.name} scores 2 VP.")

    # --------------------------------------------------------------- the extras
    def _advance_emperor(self, st: GahState, steps: int, facts: list[str]) -> None:
        last = gah_data().emperor_last_space
        moved = min(steps, last - st.emperor)
        beyond = steps - moved
        st.emperor += moved
        st.vp += beyond
        extra = f", and scores {beyond} VP for the steps past the end" if beyond else ""
        facts.append(
            f"{voice(st).name} advances {steps} on the Emperor track to space {st.emperor}{extra}."
        )

    def _reveal_staff(self, st: GahState, facts: list[str]) -> None:
        v = voice(st)
        if not st.staff_deck.draw_pile:
            facts.append(f"{v.name}'s private staff deck is empty: nothing to reveal.")
            return
        number = st.staff_deck.draw()
        st.staff_revealed.append(number)
        facts.append(
            f"{v.name} reveals the top card of {v.his} private staff deck: {staff_line(number)} "
            "(if your physical card differs, tell me with `/gah staff card:`)."
        )

    def _advance_objective(
        self, st: GahState, shown: str, card: InstructionCard, facts: list[str]
    ) -> None:
        v = voice(st)
        choice = choose_objective(st.objectives, shown, card.hand)
        if choice.option is None:
            facts.append(f"No objective to advance: {choice.reason}.")
            return
        track, name = st.objectives[choice.option], f"objective **{choice.option}**"
        if track.progress == "none":
            track.progress = "III"
            facts.append(f"{v.name} places a marker on {name} at III ({choice.reason}).")
        elif track.progress == "III":
            track.progress = "II"
            facts.append(f"{v.name} moves {v.his} marker on {name} to II ({choice.reason}).")
        else:
            vp = _highest_free_spot(track.taken_spots())
            track.progress, track.opponent_vp = "claimed", vp
            st.vp += vp
            facts.append(
                f"{v.name}'s marker on objective **{choice.option}** reaches I: {v.he} claims "
                f"the {vp} VP spot ({choice.reason})."
            )

    def _add_star(self, st: GahState, facts: list[str]) -> None:
        if st.entrance != "nine_stars_inn":
            return
        if st.stars >= 9:
            facts.append("Nine Stars Inn: the stars track is full (nine tokens); nothing happens.")
            return
        st.stars += 1
        row, place = ent.star_space(st.stars)
        facts.append(
            f"Nine Stars Inn: put a cogwheel on the stars track, row {row}, {place} the "
            f"requirement box ({st.stars} token{'s' if st.stars > 1 else ''})."
        )

    # ------------------------------------------------------------------ round end
    def _round_end(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        v = voice(st)
        if st.phase != "play":
            raise RuleError("All seven rounds are over: enter the final scores with `/gah final`.")
        if st.pending is not None:
            raise RuleError(self._waiting_for(st))
        if st.turns_this_round < 2:
            raise RuleError(
                f"{v.name} still has turn {st.turn_numbers[st.turns_this_round]} in round "
                f"{st.round}: use `/gah turn` first."
            )
        data = gah_data()
        answer = action.get("emperor_vp")
        if st.round in data.emperor_scoring_rounds:
            vp = self._emperor_vp(st, answer)
            back = data.emperor_move_back[st.round]
            st.vp += vp
            facts.append(
                f"**Emperor scoring**: {v.name} scores {vp} VP for space {st.emperor} and moves "
                f"back {back} to space {max(0, st.emperor - back)}. Score yours and take your "
                f"reward or penalty; {v.name} gets neither."
            )
            st.emperor = max(0, st.emperor - back)
            if st.entrance == "nine_stars_inn":
                row, stars = ent.stars_vp(st.stars)
                st.vp += stars
                facts.append(
                    f"Nine Stars Inn: {v.name} scores **{stars} VP** from row {row}, the "
                    "bottommost row with a token."
                    if row
                    else f"Nine Stars Inn: no token on the stars track, so {v.name} scores nothing."
                )
        elif answer is not None:
            raise InputError(f"There is no Emperor scoring after round {st.round}.")
        self._score_ballrooms(st, action.get("ballroom_vp"), facts)
        if 2 in st.options.modules and st.celebrities:
            facts.append(
                f"{v.name} discards {v.his} celebrity tiles ({', '.join(st.celebrities)})."
            )
        st.lounge, st.celebrities = None, []
        if st.round == 7:
            st.phase = "final"
            facts.append("The seventh round is over: score your tableau, then `/gah final`.")
            return
        facts.append(
            f"Round {st.round} ends: swap the turn-order tiles ({v.name} now holds "
            f"{'2/3' if st.opponent_first else '1/4'}), turn your round staff upright and "
            f"start round {st.round + 1}."
        )
        st.round += 1
        st.turns_this_round = 0
        self._replenish_items(st, facts)

    def _score_ballrooms(self, st: GahState, answer: Any, facts: list[str]) -> None:
        v = voice(st)
        scored = rooms.scored_after(st.round) if 1 in st.options.modules else []
        if not scored:
            if answer is not None:
                raise InputError(f"No ballroom is scored after round {st.round}.")
            return
        names = rooms.ballroom_names()
        where = " and ".join(f"{st.dancers[r]} in {names[r]}" for r in scored)
        if not sum(st.dancers[r] for r in scored):
            if answer:
                raise InputError(f"{v.name} has no dancer in the scored ballroom: {v.he} scores 0.")
            facts.append(f"**Ballroom scoring**: {v.name} has no dancer there ({where}).")
            return
        if answer is None:
            raise RuleError(
                f"**Ballroom scoring**: {v.name} has {where}. Score the ballroom as normal for "
                f"both of you and tell me {v.his} VP: `/gah round-end ballroom_vp:<VP>`."
            )
        if not 0 <= int(answer) <= 99:
            raise InputError("`ballroom_vp` is between 0 and 99.")
        st.vp += int(answer)
        facts.append(f"**Ballroom scoring**: {v.name} ({where}) scores {answer} VP.")

    def _replenish_items(self, st: GahState, facts: list[str]) -> None:
        if st.entrance != "hautel_couture":
            return
        placed = []
        for space in range(1, 7):
            if space not in st.items and st.item_pool:
                st.items[space] = st.item_pool.pop(0)
                placed.append(f"{space}: {st.items[space]}")
        if placed:
            facts.append(
                f"Hautel Couture: put items from the pool on the empty action spaces — "
                f"{', '.join(placed)}."
            )
        elif len(st.items) < 6:
            facts.append("Hautel Couture: the item pool is empty; the empty spaces stay empty.")

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
                f"{voice(st).name} is scored on Emperor space {space.space}, whose VP is "
                f"reconstructed ({' or '.join(map(str, options))}). Read it off your board: "
                f"`/gah round-end emperor_vp:{options[0]}`."
            )
        if int(answer) not in options:
            raise InputError(
                f"Space {space.space} scores {' or '.join(map(str, options))} VP, not {answer}."
            )
        st.emperor_vp_answers[space.space] = int(answer)
        return int(answer)

    # ------------------------------------------------------------ player actions
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
        v = voice(st)
        number = action.get("card")
        data = gah_data()
        if not st.staff_revealed:
            raise RuleError(f"{v.name} has not revealed a staff card yet.")
        if not isinstance(number, int) or number not in data.staff:
            raise InputError(f"Staff cards are numbered 1 to {max(data.staff)}.")
        if number in st.staff_revealed:
            raise RuleError(f"Staff card {number} is already face up beside {v.name}.")
        old = st.staff_revealed[-1]
        if number in st.staff_deck.draw_pile:
            st.staff_deck.draw_pile[st.staff_deck.draw_pile.index(number)] = old
        st.staff_revealed[-1] = number
        facts.append(f"{v.name}'s latest staff card is now {staff_line(number)} (was #{old}).")

    def _item(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        """Hautel Couture: you took a die from a space with an item; it goes to a guest of the
        opponent's if possible, else back to the supply."""
        v = voice(st)
        self._in_play(st, "hautel_couture")
        space, guest = action.get("space"), str(action.get("guest") or "").strip().lower()
        if space not in st.items:
            on = ", ".join(f"{s}: {i}" for s, i in sorted(st.items.items())) or "none"
            raise InputError(f"There is no item on action space {space} (items on: {on}).")
        item = st.items[space]
        open_guests = [i for i, g in enumerate(st.reserved) if not g.done]
        wanting = [i for i in open_guests if st.reserved[i].missing().get(item)]
        if guest in {"", "none", "supply", "0"}:
            if wanting:
                names = ", ".join(str(i + 1) for i in wanting)
                raise RuleError(
                    f"You must place the {item} on one of {v.name}'s guests if possible: guest "
                    f"{names} still needs it (`guest:{wanting[0] + 1}`)."
                )
            del st.items[space]
            facts.append(f"No guest of {v.name}'s needs the {item}: return it to the supply.")
            return
        if guest not in {"1", "2", "3"} or int(guest) - 1 >= len(st.reserved):
            raise InputError("Name the guest 1, 2 or 3 (the order they were revealed), or `none`.")
        index = int(guest) - 1
        target = st.reserved[index]
        name = gah_data().guests[target.number].name
        if index not in wanting:
            raise RuleError(f"Guest {guest} ({name}) does not need a {item}.")
        del st.items[space]
        target.served[item] = target.served.get(item, 0) + 1
        left = target.missing()
        if left:
            rest = ", ".join(f"{n} {k}" for k, n in left.items())
            facts.append(
                f"Put the {item} on {v.name}'s guest {guest} ({name}); still missing: {rest}."
            )
            return
        guest_data = gah_data().guests[target.number]
        st.vp += guest_data.vp
        del st.vacant[target.room]
        st.hotel[target.room] = guest_data.colour
        facts.append(
            f"The {item} completes the order of {name}: {v.name} scores **{guest_data.vp} VP** "
            f"and moves the guest into the reserved room {target.room} (turn it to occupied)."
        )

    def _completed(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        """Nine Stars Inn: you completed a floor or column of your hotel."""
        self._in_play(st, "nine_stars_inn")
        if st.stars == 0:
            facts.append("No token is on the stars track: nothing happens.")
            return
        st.stars -= 1
        facts.append(
            f"You completed a floor or column: remove the latest cogwheel from the stars track "
            f"({st.stars} left)."
        )

    def _cogwheel(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        """Sushi Resort, between the opponent's turns: you took a cogwheel guest, or one reached
        the rightmost queue space."""
        v = voice(st)
        self._in_play(st, "sushi_resort")
        event = str(action.get("event") or "").strip().lower()
        if event not in {"taken", "rightmost"}:
            raise InputError("Say what happened: `event:taken` or `event:rightmost`.")
        if st.sushi_queue == 0:
            raise RuleError("No cogwheel lies on a guest in the queue.")
        if event == "rightmost":
            self._score_cogwheel(st, RIGHTMOST, facts)
            return
        st.sushi_queue -= 1
        facts.append(
            "You take the cogwheel guest: pay **1 krone more** (even if the guest is free "
            f"for you) and return the token to the supply; {v.name} scores nothing."
        )

    def _toll(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        """Toll Bridge Hotel: you use an action space with cogwheels on it."""
        v = voice(st)
        self._in_play(st, "toll_bridge_hotel")
        space, money = action.get("space"), action.get("money")
        if not isinstance(space, int) or not 1 <= space <= 6:
            raise InputError("Action spaces are numbered 1 to 6.")
        if money is not None and not 0 <= money <= 99:
            raise InputError("`money` is your krone, 0 to 99.")
        tokens = st.toll[space - 1]
        if not tokens:
            raise RuleError(f"Action space {space} has no cogwheel: use it as normal, no toll.")
        if money == 0:
            if not all(st.toll):
                free = ", ".join(str(i + 1) for i, n in enumerate(st.toll) if not n)
                raise RuleError(
                    f"You cannot pay the toll: choose an action space without cogwheels ({free})."
                )
            pay = "You cannot use any action space: you **lose 5 VP** and use it without paying."
        else:
            pay = "Pay exactly **1 krone**."
        st.vp += tokens
        st.toll[space - 1] -= 1
        facts.append(
            f"{pay} {v.name} scores **{tokens} VP** (1 per cogwheel), then one token goes back "
            f"to the supply ({st.toll[space - 1]} left on space {space})."
        )

    def _in_play(self, st: GahState, entrance: str) -> None:
        if st.entrance != entrance:
            name = ent.entrance_facts(entrance)["name"]
            raise RuleError(f"That belongs to the {name} entrance, which is not in this game.")
        if st.phase != "play":
            raise RuleError("The seven rounds are over.")

    def _final(self, st: GahState, action: dict[str, Any], facts: list[str]) -> None:
        v = voice(st)
        if st.phase != "final":
            raise RuleError(
                f"Final scoring comes after round 7 ends; the game is in round {st.round}."
                if st.phase == "play"
                else "The game is over."
            )
        result = final_result(st, action, v.name)
        st.result = result
        st.phase = "finished"
        b = result.breakdown
        facts.append(
            f"{v.name} scores {b['track']} on the VP track + {b['rooms']} for occupied rooms "
            f"+ {b['staff']} for staff = **{result.opponent_score} VP**."
        )
        if result.winner == "player":
            facts.append(f"You win, {result.player_score} to {result.opponent_score}!")
        else:
            tie = (
                f" (a tie goes to {v.name})" if result.player_score == result.opponent_score else ""
            )
            facts.append(f"{v.name} wins, {result.opponent_score} to {result.player_score}{tie}.")

    # ------------------------------------------------------------------ reading
    def _waiting_for(self, st: GahState) -> str:
        """What the step the turn stopped at needs from the table."""
        v = voice(st)
        pending = st.pending
        assert pending is not None
        card = deck_of(st).card(pending.card)
        kind, _, arg = pending.steps[pending.step].partition(":")
        head = f"{v.name}'s card {pending.card}"
        if kind == "guest":
            symbol = card.guests[int(arg)]
            which = "the refilled queue" if pending.queue_stale else "the guest queue"
            star = " (`*` after a guest with a cogwheel)" if st.entrance == "sushi_resort" else ""
            return (
                f"{head} needs {which}: {guest_instruction(symbol.color, card.hand, v)} "
                f"Give it left to right{star}: `/gah turn queue:{QUEUE_EXAMPLE}`."
            )
        if kind == "die":
            if pending.dice is None:
                why = (
                    "the die it takes changes the game"
                    if self._die_changes_state(st)
                    else "it takes a die"
                )
                coloured = f" coloured:{COLOURED_EXAMPLE}" if 2 in st.options.modules else ""
                return (
                    f"{head} needs the action board ({why}): "
                    f"`/gah turn dice:{DICE_EXAMPLE}{coloured}`."
                )
            if self._needs_coloured(st):
                return (
                    f"{head} needs the coloured dice still on the action board, by colour and "
                    f"action space: `/gah turn coloured:{COLOURED_EXAMPLE}` (or `coloured:none`)."
                )
            _, offered, _ = self._die_plan(st, card)
            missing = ", ".join(self._missing_lounge(st, offered))
            return (
                f"{head}: {v.name} takes a coloured die ({missing} on offer). Give the "
                f"celebrities' VP in the order of the dice on the lounge tile: "
                f"`/gah turn lounge:{LOUNGE_EXAMPLE}`."
            )
        arrows, ask = self._asked_ballroom(st) or (1, 0)
        return (
            f"{head}: {v.name} sends a dancer ({arrows} arrow{'s' if arrows > 1 else ''}) to "
            f"**{rooms.ballroom_names()[ask]}** if it has space. Which ballrooms are full? "
            f"`/gah turn full:none` or `full:{ask + 1}` (list every full one)."
        )

    def _asked_ballroom(self, st: GahState) -> tuple[int, int] | None:
        """A dancer the pending turn waits to place: its arrows and the ballroom in question."""
        pending = st.pending
        assert pending is not None
        kind, _, arg = pending.steps[pending.step].partition(":")
        extras = deck_of(st).card(pending.card).extras
        if kind == "dancer":
            arrows = int(arg)
        elif kind == "extra" and extras[int(arg)].type == "dancer":
            arrows = extras[int(arg)].arrows or 1
        else:
            return None
        target = rooms.dancer_target(arrows, st.round, set(st.ballrooms_full), set())
        return None if target.ask is None else (arrows, target.ask)

    def _waiting_steps(self, st: GahState) -> list[NextStep]:
        """Buttons for the answers that fit on one: a ballroom's space, no coloured die."""
        pending = st.pending
        assert pending is not None
        step = pending.steps[pending.step]
        if step == "die" and pending.dice is not None and self._needs_coloured(st):
            return [NextStep("No coloured die left", "turn", (("coloured", "none"),))]
        asked = self._asked_ballroom(st)
        if asked is None:
            return []
        name = rooms.ballroom_names()[asked[1]]
        return [
            NextStep(f"{name} has space", "turn", (("full", "none"),)),
            NextStep(f"{name} is full", "turn", (("full", str(asked[1] + 1)),)),
        ]

    def describe(self, state: Any) -> Outcome:
        st: GahState = state
        v = voice(st)
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
                f"(add `player_staff:` with your end-game staff numbers if {v.name} has #29 "
                f"Secretary, or `staff_vp:` to override {v.his} staff VP)."
            )
            return out
        if st.pending is not None:
            out.prompt = self._waiting_for(st)
            out.next_steps = self._waiting_steps(st)
            return out
        if st.turns_this_round < 2:
            turn = st.turn_numbers[st.turns_this_round]
            yours = _player_turns_before(st)
            lead = f"Take your turn{'s' if ' and ' in yours else ''} {yours}, then" if yours else ""
            needs = "`queue:` and `dice:`" + (
                " (and `coloured:`)" if 2 in st.options.modules else ""
            )
            out.prompt = (
                f"{lead + ' d' if lead else 'D'}raw {v.name}'s card for turn {turn} of round "
                f"{st.round}: `/gah turn` (add {needs} to let me resolve it)."
            )
            out.next_steps.append(NextStep(f"{v.name}'s turn {turn}", "turn"))
        else:
            yours = "Take your turn 4, then e" if not st.opponent_first else "E"
            out.prompt = f"{yours}nd round {st.round}: `/gah round-end`."
            out.next_steps.append(NextStep(f"End round {st.round}", "round_end"))
        return out

    def summary(self, state: Any) -> dict[str, Any]:
        st: GahState = state
        return {
            "game": self.key,
            "opponent": voice(st).name,
            "difficulty": st.options.difficulty,
            "modules": list(st.options.modules),
            "entrance": st.entrance,
            "phase": st.phase,
            "round": st.round,
            "turns_this_round": st.turns_this_round,
            "opponent_turn_order": "1/4" if st.opponent_first else "2/3",
            "vp": st.vp,
            "emperor": st.emperor,
            "hotel": dict(sorted(st.hotel.items())),
            "vacant": dict(sorted(st.vacant.items())),
            "objectives": {k: o.model_dump() for k, o in st.objectives.items()},
            "staff_revealed": list(st.staff_revealed),
            "dancers": list(st.dancers),
            "ballrooms_full": list(st.ballrooms_full),
            "celebrities": list(st.celebrities),
            "reserved": [g.model_dump() for g in st.reserved],
            "items": {str(k): i for k, i in sorted(st.items.items())},
            "item_pool": len(st.item_pool),
            "stars": st.stars,
            "sushi": {"hotel": list(st.sushi_spaces), "queue": st.sushi_queue},
            "toll": list(st.toll),
            "cards_left": st.deck.size,
            "cards_played": list(st.deck.discards),
            "pending_card": st.pending.card if st.pending else None,
            "pending_step": st.pending.steps[st.pending.step] if st.pending else None,
            "result": st.result.model_dump() if st.result else None,
        }

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

    def board(self, state: Any) -> str:
        st: GahState = state
        v = voice(st)
        objectives = ", ".join(
            f"{k}: {o.progress if o.progress != 'claimed' else f'claimed {o.opponent_vp} VP'}"
            for k, o in st.objectives.items()
        )
        staff = ", ".join(f"#{n}" for n in st.staff_revealed) or "none"
        modules = (
            f" · modules {' '.join(map(str, st.options.modules))}" if st.options.modules else ""
        )
        lines = [
            f"{v.name} · {st.options.difficulty}{modules} · round {st.round}/7 · {st.vp} VP · "
            f"Emperor {st.emperor} · objectives {objectives} · staff {staff}"
        ]
        lines += self._module_lines(st)
        grid = hotel_board.render(st.hotel, st.vacant, st.sushi_spaces)
        return "\n".join(lines) + f"\n```\n{grid}\n```"

    def _module_lines(self, st: GahState) -> list[str]:
        lines = []
        if 1 in st.options.modules:
            names = rooms.ballroom_names()
            dancers = ", ".join(
                f"{names[i]} {n}{' (full)' if i in st.ballrooms_full else ''}"
                for i, n in enumerate(st.dancers)
            )
            left = gah_data().waltz.dancers - sum(st.dancers)
            lines.append(f"Dancers: {dancers} · {left} left")
        if 2 in st.options.modules:
            taken = ", ".join(st.celebrities) or "none"
            lounge = (
                " · lounge " + " ".join(f"{c.colour[0].upper()}{c.vp}" for c in st.lounge)
                if st.lounge
                else ""
            )
            lines.append(f"Celebrities this round: {taken}{lounge}")
        if st.entrance is not None:
            lines.append(f"Entrance: {ent.entrance_facts(st.entrance)['name']}")
        if st.entrance == "hautel_couture":
            guests = gah_data().guests
            for i, g in enumerate(st.reserved):
                state = (
                    "served"
                    if g.done
                    else "needs " + (", ".join(f"{n} {k}" for k, n in g.missing().items()))
                )
                lines.append(f"Guest {i + 1}: {guests[g.number].name} in {g.room} — {state}")
            items = ", ".join(f"{s}: {i}" for s, i in sorted(st.items.items())) or "none"
            lines.append(f"Items on action spaces: {items} · pool {len(st.item_pool)}")
        elif st.entrance == "nine_stars_inn":
            _row, vp = ent.stars_vp(st.stars)
            lines.append(
                f"Stars track: {st.stars}/9 tokens · worth {vp} VP at the next Emperor scoring"
            )
        elif st.entrance == "sushi_resort":
            lines.append(
                f"Cogwheels: in the hotel on {', '.join(st.sushi_spaces) or 'none'} · "
                f"{st.sushi_queue} on queue guests"
            )
        elif st.entrance == "toll_bridge_hotel":
            tolls = " ".join(f"{i + 1}:{n}" for i, n in enumerate(st.toll))
            lines.append(f"Cogwheels on action spaces: {tolls}")
        return lines

    def show_board(self, state: Any) -> Outcome:
        """A read-only look at the opponent's board, with the picture."""
        return Outcome(facts=[self.board(state)], picture=self.picture(state))

    def picture(self, state: Any) -> Picture:
        st: GahState = state
        return Picture(
            kind="gah_board",
            data={
                "title": f"{voice(st).name} · round {st.round} · {st.vp} VP",
                "hotel": dict(st.hotel),
                "vacant": dict(st.vacant),
                "cogwheels": list(st.sushi_spaces),
                "stars": st.stars if st.entrance == "nine_stars_inn" else None,
            },
        )


def _board_of(st: GahState) -> tuple[Any, ...]:
    return (st.hotel, st.vacant, st.sushi_spaces, st.stars)


def _numbers(text: str) -> list[int]:
    tokens = [t.lstrip("#") for t in words(text)]
    if not tokens:
        raise InputError("List the guest card numbers, like `55 69 72`.")
    return [ascii_number(t, what="guest card number", high=999) for t in tokens]


def _highest_free_spot(taken: set[int]) -> int:
    free = [vp for vp in gah_data().objective_vp if vp not in taken]
    if not free:
        raise RuleError("Every VP spot on that objective is taken.")
    return max(free)


def _player_turns_before(st: GahState) -> str:
    """Your turns that come before the opponent's next one in this round."""
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


def guest_instruction(wanted: str, hand: str, v: Voice = VOICES["leopold"]) -> str:
    colour = "" if wanted == "any" else f"{wanted} "
    base = f"{v.he} takes the {colour}guest worth most VP" + (
        "" if wanted == "any" else f"; with no {wanted} guest {v.he} can house, the best other"
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


def describe_card(card: InstructionCard, difficulty: str, modules: list[int] | None = None) -> str:
    """The card as it applies at this difficulty; with `modules=None`, every symbol it shows."""
    allowed = BORDERS_BY_DIFFICULTY[difficulty]
    dancing = modules is None or 1 in modules
    guests = [
        g.color + (f" (dancer {'→' * g.dancer_arrows})" if g.dancer_arrows and dancing else "")
        for g in card.guests
        if g.border in allowed
    ]
    dice = "/".join("coloured MAX" if d.value == "colored_max" else str(d.value) for d in card.dice)
    parts = ["guests " + " then ".join(guests) if guests else "no guest", f"die {dice}"]
    for extra in card.extras:
        if extra.border not in allowed:
            continue
        if extra.type == "emperor":
            parts.append(f"Emperor +{extra.steps}")
        elif extra.type == "staff":
            parts.append("staff")
        elif extra.type == "objective":
            parts.append(f"objective {extra.card}")
        elif extra.type == "dancer" and dancing:
            parts.append(f"dancer {'→' * (extra.arrows or 1)}")
    parts.append(f"hand {card.hand}")
    return ", ".join(parts)
