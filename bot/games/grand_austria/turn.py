"""The opponent's turn: draw an instruction card and resolve its steps top to bottom.

The card's steps (bot/games/grand_austria/card_view.py) are the state's agenda. A step that
needs what only the player's table shows (the queue, the dice, the coloured dice, the lounge,
whether a ballroom is full) returns an `Ask`, stored in `st.agenda.ask`; the next `/gah turn`
carries on where it stopped. The queue and the full ballrooms are used up by the steps that
take them (a queue lasts until a guest leaves it; an answer about the ballrooms serves one
dancer); the dice stay on the action board for the whole turn, the lounge for the round."""

from __future__ import annotations

from typing import Any

from bot.core import agenda
from bot.core.agenda import Ask, Choice, Inputs, Turn
from bot.core.errors import InputError, RuleError
from bot.core.said import say, typed
from bot.core.said import value as value_of
from bot.core.secrecy import needs_report
from bot.games.grand_austria import ballrooms as rooms
from bot.games.grand_austria import known
from bot.games.grand_austria.card_view import CardView, die_instruction
from bot.games.grand_austria.choices import (
    choose_celebrity,
    choose_die,
    choose_guest,
)
from bot.games.grand_austria.commands import Final, RoundEnd, Staff
from bot.games.grand_austria.commands import Turn as TurnCmd
from bot.games.grand_austria.data import InstructionCard, gah_data
from bot.games.grand_austria.entrance_rules import entrance_of
from bot.games.grand_austria.inputs import (
    COLOURED_EXAMPLE,
    DICE_EXAMPLE,
    LOUNGE_EXAMPLE,
    parse_ballrooms,
    parse_lounge,
)
from bot.games.grand_austria.names import COLOUR
from bot.games.grand_austria.objectives import advance_objective
from bot.games.grand_austria.queue_ask import ask_queue
from bot.games.grand_austria.scoring import staff_line
from bot.games.grand_austria.state import Celebrity, GahState, PendingTurn
from bot.games.grand_austria.steps import (
    DancerStep,
    EmperorStep,
    GuestStep,
    ObjectiveStep,
)
from bot.games.grand_austria.voice import voice

Facts = list[str]
# the fact a drawn card is told with (bot/games/grand_austria/narrate.py reads it back)
DRAWN = "**Round {round}, turn {turn}** — {who} {name}'s card **{card}**{flag}: {view}."
OVER = f"All seven rounds are over: enter the final scores with `{Final.line()}`."


def deck_of(st: GahState):  # type: ignore[no-untyped-def]
    return gah_data().decks[st.options.opponent]


def current_card(st: GahState) -> InstructionCard:
    assert st.pending is not None
    return deck_of(st).card(st.pending.card)  # type: ignore[no-any-return]


def view_of(st: GahState, card: InstructionCard) -> CardView:
    return CardView(card, st.options.difficulty, tuple(st.options.modules))


# ------------------------------------------------------------------ the command
def play_turn(st: GahState, cmd: TurnCmd, facts: Facts) -> None:
    if st.phase != "play":
        raise RuleError(OVER)
    v = voice(st)
    modules = st.options.modules
    full = None
    if cmd.full:
        if 1 not in modules:
            raise InputError(say("Ballrooms are only in play with module 1."))
        full = parse_ballrooms(cmd.full, len(rooms.limited()))
        known.report_full(st, full)  # given with the turn: true for its dancers too
    if (cmd.coloured or cmd.lounge) and 2 not in modules:
        raise InputError(say("Coloured dice and celebrities are only in play with module 2."))
    given = any((cmd.queue, cmd.dice, cmd.full, cmd.coloured, cmd.lounge))
    if st.pending is None:
        if st.turns_this_round >= 2:
            raise RuleError(
                f"{v.name} has taken both turns of round {st.round}: end it with "
                f"`{RoundEnd.line()}`."
            )
        options = {f.option: "…" for f in known.turn_fields(st)} or {"queue": "…"}
        line = f"`{TurnCmd.line(**options)}`."
        needs_report(st.seed, given or st.table.told(), who=v.name, line=line)
        draw(st, cmd.card, facts)
    elif cmd.card is not None:
        still = "{name} is still resolving card {card}; finish it first."
        raise RuleError(say(still, name=v.name, card=st.pending.card))
    elif not given:
        assert st.agenda.ask is not None
        raise RuleError(st.agenda.ask.text())
    pending = st.pending
    assert pending is not None
    queue = None
    if cmd.queue:
        queue = known.give_queue(st, cmd.queue)
        entrance_of(st).check_queue(st, queue)
        pending.queue_stale = False
    if cmd.dice:
        pending.dice = known.give_dice(st, cmd.dice)
        pending.coloured = None
    if cmd.coloured:
        if pending.dice is None:
            pending.dice = known.known_dice(st)
        if pending.dice is None:
            example = TurnCmd.line(dice="…", coloured="…")
            key = "Give the dice with the coloured dice: `{line}`."
            raise InputError(say(key, line=typed(example)))
        pending.coloured = known.give_coloured(st, cmd.coloured, pending.dice)
        gone = [c for c in pending.coloured if c in st.celebrities.taken]
        if gone:
            raise InputError(f"{v.name} took the {gone[0]} die this round: it is not on the board.")
    if cmd.lounge:
        st.celebrities.lounge = [
            Celebrity(colour=colour, vp=vp)  # type: ignore[arg-type]
            for colour, vp in parse_lounge(cmd.lounge)
        ]
    inputs = Inputs({"queue": queue, "full": full})
    if agenda.run(st.agenda, st, HANDLERS, inputs, facts) is None:
        st.deck.discard(pending.card)
        st.pending = None
        st.turns_this_round += 1
        if st.opponent_first or st.turns_this_round != 1:  # the player's turn comes next
            st.table.moved_on()


def draw(st: GahState, card: int | None, facts: Facts) -> None:
    v, deck = voice(st), deck_of(st)
    if card is not None and card not in {c.number for c in deck.cards}:
        numbers = [c.number for c in deck.cards]
        low, high = min(numbers), max(numbers)
        wrong = "Card {card} is not in {name}'s deck ({low}-{high})."
        raise InputError(say(wrong, card=card, name=v.name, low=low, high=high))
    number = st.deck.draw() if card is None else st.deck.draw_specific(card)
    data = deck.card(number)
    view = view_of(st, data)
    st.pending = PendingTurn(card=number)
    known.first_round(st)
    st.agenda.clear()
    st.agenda.extend(view.steps())  # type: ignore[arg-type]
    turn = st.turn_numbers[st.turns_this_round]
    who = "you drew" if card is not None else "I draw"
    flag = " (card number reconstructed)" if data.uncertain else ""
    facts.append(
        say(
            DRAWN.replace("{who}", who).replace("{flag}", flag),
            round=st.round,
            turn=turn,
            name=v.name,
            card=number,
            view=view.text(),
        )
    )
    if not view.guests():
        facts.append(say("{name} takes no guest this turn.", name=v.name))


# ------------------------------------------------------------------ guests
def guest(st: GahState, turn: Turn[Any]) -> Ask | None:
    step: GuestStep = turn.step
    pending = st.pending
    assert pending is not None
    card = current_card(st)
    symbol = card.guests[step.index]
    turn.inputs.peek("queue")
    queue = known.known_queue(st)
    v, f = voice(st), turn.facts
    if queue is None:
        return ask_queue(st, symbol.color, card.hand)
    entrance = entrance_of(st)
    entrance.queue_seen(st, queue, f)
    choice = choose_guest(queue, symbol.color, st.hotel | st.vacant, card.hand)
    if choice.slot is None or choice.room is None:
        f.append(f"{v.name} takes no guest: {choice.reason}.")
        st.table.update(known.QUEUE, known.queue_text(queue))
        return None  # nobody left the queue: the next guest symbol reads the same one
    taken = choice.slot.guest
    known.guest_left(st, queue, choice.slot.position)
    st.score("Guests", taken.vp)
    f.append(
        say(
            "{name} takes the **{colour} guest worth {vp} VP** at queue position {position} "
            "({why}) and scores {again} VP.",
            name=v.name,
            colour=value_of(COLOUR, taken.colour),
            vp=taken.vp,
            position=choice.slot.position,
            why=choice.reason,
            again=taken.vp,
        )
    )
    entrance.guest_taken(st, taken, f)
    pending.queue_stale = True  # a guest left: the queue is refilled before the next guest
    dancing = symbol.dancer_arrows and 1 in st.options.modules
    if dancing and sum(st.ballrooms.dancers) < gah_data().waltz.dancers:
        f.append(
            say(
                "The guest goes dancing: discard the card; {name} places no room, pays no "
                "champagne and gets no row bonus.",
                name=v.name,
            )
        )
        turn.insert(DancerStep(arrows=symbol.dancer_arrows or 1))
        return None
    if dancing:
        f.append(f"{v.name} has no dancer left, so the guest takes a room as normal.")
    occupy(st, choice.room.label, taken.colour, f)
    return None


def occupy(st: GahState, label: str, colour: Any, f: Facts) -> None:
    v = voice(st)
    space = gah_data().space_by_label(label)
    st.hotel[label] = colour
    st.score("Covered VP symbols", space.vp)
    covered = ", covering {vp} VP (+{again})" if space.vp else ""
    f.append(
        say(
            f"{v.He} places an occupied {{colour}} room on **{{space}}** "
            f"(floor {{floor}}, column {{column}}){covered}. "
            "Discard the guest card and refill the queue.",
            colour=value_of(COLOUR, space.colour),
            space=label,
            floor=space.floor,
            column=space.column,
            **({"vp": space.vp, "again": space.vp} if space.vp else {}),
        )
    )
    entrance_of(st).room_placed(st, label, f)


# ------------------------------------------------------------------ dancers
def dancer(st: GahState, turn: Turn[Any]) -> Ask | None:
    step: DancerStep = turn.step
    v, f = voice(st), turn.facts
    inputs = turn.inputs
    ballrooms = st.ballrooms
    if sum(ballrooms.dancers) >= gah_data().waltz.dancers:
        f.append(f"{v.name} has placed all {gah_data().waltz.dancers} dancers: none is sent.")
        return None
    given: set[int] | None = inputs.take("full")
    if given is not None:
        known.report_full(st, given)
    target = rooms.dancer_target(step.arrows, st.round, set(ballrooms.full), known.known_space(st))
    if target.room is None:
        assert target.ask is not None
        return _ask_ballroom(st, step.arrows, target.ask)
    known.dancer_sent(st, target.room)  # it may have taken the last space there
    ballrooms.dancers[target.room] += 1
    name = rooms.ballroom_names()[target.room]
    f.append(
        say(
            f"{{name}} places {'an extra dancer, without a guest,' if step.extra else 'a dancer'} "
            f"in **{{room}}** ({{why}}), on a free space of the bottommost row possible; "
            f"{v.he} now has {{n}} there.",
            name=v.name,
            room=name,
            why=target.reason,
            n=ballrooms.dancers[target.room],
        )
    )
    return None


def _ask_ballroom(st: GahState, arrows: int, ask: int) -> Ask:
    assert st.pending is not None
    v = voice(st)
    name = rooms.ballroom_names()[ask]
    return Ask(
        prompt=(
            f"{v.name}'s card {st.pending.card}: {v.name} sends a dancer ({arrows} "
            f"arrow{'s' if arrows > 1 else ''}) to **{name}** if it has space. Which ballrooms "
            f"are full? `{TurnCmd.line(full='none')}` or `{TurnCmd.line(full=ask + 1)}` (list "
            "every full one)."
        ),
        command="turn",
        option="full",
        choices=[
            Choice(label=f"{name} has space", value="none"),
            Choice(label=f"{name} is full", value=str(ask + 1)),
        ],
    )


# ------------------------------------------------------------------ the die
def die(st: GahState, turn: Turn[Any]) -> Ask | None:
    v, f = voice(st), turn.facts
    pending = st.pending
    assert pending is not None
    card = current_card(st)
    head = f"{v.name}'s card {pending.card}"
    if pending.dice is None:
        pending.dice = known.known_dice(st)
    if pending.dice is None:
        if _die_changes_state(st):
            why = "the die it takes changes the game"
            coloured = COLOURED_EXAMPLE if 2 in st.options.modules else None
            line = TurnCmd.line(dice=DICE_EXAMPLE, coloured=coloured)
            return Ask(
                prompt=f"{head} needs the action board ({why}): `{line}`.",
                command="turn",
                option="dice",
            )
        shown = [d.value for d in card.dice]
        f.append(
            say("{name} takes a die: {how}.", name=v.name, how=die_instruction(shown, card.hand))
        )
        return None
    if _needs_coloured(st):
        pending.coloured = known.known_coloured(st, pending.dice)
    if _needs_coloured(st):
        return Ask(
            prompt=(
                f"{head} needs the coloured dice still on the action board, by colour and "
                f"action space: `{TurnCmd.line(coloured=COLOURED_EXAMPLE)}` "
                f"(or `{TurnCmd.line(coloured='none')}`)."
            ),
            command="turn",
            option="coloured",
            choices=[Choice(label="No coloured die left", value="none")],
        )
    value, offered, reason = _die_plan(st, card)
    if offered:
        on_lounge = {c.colour for c in st.celebrities.lounge or []}
        missing = [c for c in offered if c not in on_lounge]
        if missing:
            return Ask(
                prompt=(
                    f"{head}: {v.name} takes a coloured die ({', '.join(missing)} on offer). "
                    "Give the celebrities' VP in the order of the dice on the lounge tile: "
                    f"`{TurnCmd.line(lounge=LOUNGE_EXAMPLE)}`."
                ),
                command="turn",
                option="lounge",
            )
        lounge = st.celebrities.lounge
        assert lounge is not None
        vp = {c.colour: c.vp for c in lounge}
        pick = choose_celebrity(offered, [c.colour for c in lounge], vp, card.hand)
        colour = pick.option
        assert colour is not None
        if value is None:
            value = (pending.coloured or {})[colour]
        f.append(
            say(
                "{name} takes the **{colour} die** from action space {space} ({why}; "
                f"coloured dice first: {{pick}}) and places it on {v.his} turn-order tile, "
                "without its action.",
                name=v.name,
                colour=value_of(COLOUR, colour),
                space=value,
                why=reason,
                pick=pick.reason,
            )
        )
        known.die_left(st, value, colour)
        _take_celebrity(st, colour, card, f)
    else:
        assert value is not None
        f.append(
            say(
                f"{{name}} takes a **{{value}}** die ({{why}}) and places it on {v.his} "
                "turn-order tile, without its action.",
                name=v.name,
                value=value,
                why=reason,
            )
        )
        known.die_left(st, value, None)
    entrance_of(st).die_taken(st, value, f)
    return None


def _die_plan(st: GahState, card: InstructionCard) -> tuple[int | None, list[str], str]:
    """The action space taken (None: wherever the chosen coloured die lies), the coloured
    dice on offer (module 2), and why."""
    pending = st.pending
    assert pending is not None and pending.dice is not None
    shown = [d.value for d in card.dice]
    coloured = pending.coloured or {}
    if 2 in st.options.modules and shown == ["colored_max"] and coloured:
        return None, list(coloured), say("the card shows the coloured MAX die")
    plain = [s if s != "colored_max" else "?" for s in shown]
    choice = choose_die(pending.dice, plain, card.hand)
    assert choice.option is not None
    here = [c for c, value in coloured.items() if value == choice.option]
    return choice.option, here, choice.reason


def _die_changes_state(st: GahState) -> bool:
    """Module 2 and the Toll Bridge need the dice: the die taken changes the game."""
    return 2 in st.options.modules or entrance_of(st).die_matters


def _needs_coloured(st: GahState) -> bool:
    assert st.pending is not None
    return (
        2 in st.options.modules
        and st.pending.coloured is None
        and len(st.celebrities.taken) < 3  # once all three are taken, no coloured die is left
    )


def _take_celebrity(st: GahState, colour: str, card: InstructionCard, f: Facts) -> None:
    v = voice(st)
    assert st.celebrities.lounge is not None
    celebrity = next(c for c in st.celebrities.lounge if c.colour == colour)
    st.celebrities.taken.append(colour)
    st.score("Celebrities", celebrity.vp)
    f.append(
        say(
            f"{v.He} takes the {{colour}} celebrity and scores {{vp}} VP, ignoring its "
            f"effect; instead {v.he} gets the {{again}} bonus:",
            colour=value_of(COLOUR, colour),
            vp=celebrity.vp,
            again=value_of(COLOUR, colour),
        )
    )
    if colour == "red":
        advance_objective(st, "least", card, f)
    elif colour == "yellow":
        advance_emperor(st, 2, f)
    else:
        st.score("Celebrities", 2)
        f.append(say("{name} scores {vp} VP.", name=v.name, vp=2))


# ------------------------------------------------------------------ the extras
def emperor(st: GahState, turn: Turn[Any]) -> Ask | None:
    step: EmperorStep = turn.step
    advance_emperor(st, step.steps, turn.facts)
    return None


def staff(st: GahState, turn: Turn[Any]) -> Ask | None:
    v, f = voice(st), turn.facts
    if not st.staff_deck.draw_pile:
        f.append(f"{v.name}'s private staff deck is empty: nothing to reveal.")
        return None
    number = st.staff_deck.draw()
    st.staff_revealed.append(number)
    f.append(
        say(
            f"{{name}} reveals the top card of {v.his} private staff deck: {{staff}} "
            f"(if your physical card differs, tell me with `{Staff.line(card='')}`).",
            name=v.name,
            staff=say(staff_line(number)),
        )
    )
    return None


def objective(st: GahState, turn: Turn[Any]) -> Ask | None:
    step: ObjectiveStep = turn.step
    advance_objective(st, step.shown, current_card(st), turn.facts)
    entrance_of(st).objective(st, turn.facts)
    return None


def advance_emperor(st: GahState, steps: int, facts: Facts) -> None:
    last = gah_data().emperor_last_space
    moved = min(steps, last - st.emperor)
    beyond = steps - moved
    st.emperor += moved
    st.score("Emperor track", beyond)
    extra = ", and scores {vp} VP for the steps past the end" if beyond else ""
    facts.append(
        say(
            f"{{name}} advances {{steps}} on the Emperor track to space {{space}}{extra}.",
            name=voice(st).name,
            steps=steps,
            space=st.emperor,
            **({"vp": beyond} if beyond else {}),
        )
    )


HANDLERS: dict[str, agenda.Handler] = {
    "guest": guest,
    "dancer": dancer,
    "die": die,
    "emperor": emperor,
    "staff": staff,
    "objective": objective,
}
