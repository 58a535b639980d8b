"""What the player told the bot about their table, remembered with the game (the kit's
`Table`, bot/core/table_facts.py): the guest queue, the dice on the action board and the
coloured dice (module 2); which ballrooms have space (module 1) is kept in `Ballrooms`.

The opponent's own moves are applied: a guest he takes leaves the queue (the guests left of
it shift one space right and a new guest, not yet known, `?`, fills the leftmost space, as the
rule book's queue works); a die he takes leaves the board. The table's epoch moves on when an
opponent turn ends and the player's turn comes next (not between the opponent's turns 2 and 3
of an even round): a fact reported since then cannot have changed and is not asked again."""

from __future__ import annotations

from bot.core.agenda import AskField
from bot.core.errors import InputError
from bot.core.table_facts import is_unchanged
from bot.core.tokens import words
from bot.games.grand_austria import ballrooms as rooms
from bot.games.grand_austria.commands import Turn
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.inputs import (
    COLOURED_EXAMPLE,
    DICE_EXAMPLE,
    LOUNGE_EXAMPLE,
    QUEUE_EXAMPLE,
    QUEUE_SIZE,
    parse_coloured,
    parse_dice,
    parse_queue,
)
from bot.games.grand_austria.state import GahState, QueueGuest

QUEUE, DICE, COLOURED = "queue", "dice", "coloured"
UNKNOWN = "?"  # a queue space refilled after the opponent's guest, not reported yet
BLANK = "…"  # how that space is shown: a blank to fill in a line, never a value typed back
LETTER = {"blue": "B", "red": "R", "yellow": "Y", "green": "G"}
LABELS = {
    QUEUE: "Guest queue, left to right",
    DICE: "Dice on the action spaces 1 to 6",
    COLOURED: "Coloured dice and their action spaces",
    "lounge": "Celebrities' VP, in the lounge's order",
    "ballroom_vp": "Elisabeth's VP from the ballroom scoring",
    "emperor_vp": "Emperor VP your board shows",
    "player_score": "Your final total",
    "full": "Full ballrooms (1 to 3, or none)",
}
EXAMPLES = {
    QUEUE: QUEUE_EXAMPLE,
    DICE: DICE_EXAMPLE,
    COLOURED: COLOURED_EXAMPLE,
    "lounge": LOUNGE_EXAMPLE,
}


# ------------------------------------------------------------------ the guest queue
def queue_text(queue: list[QueueGuest]) -> str:
    return " ".join(f"{LETTER[g.colour]}{g.vp}{'*' if g.cogwheel else ''}" for g in queue)


def give_queue(st: GahState, typed: str) -> list[QueueGuest]:
    """The queue as typed: all five guests; only the new ones, in place of the remembered
    queue's `?` (left to right); or "Unchanged". Remembered as the table now."""
    remembered = (st.table.recall(QUEUE) or "").split()
    # only the new guests: while the rest cannot have changed (the player has not played since)
    unknown = remembered.count(UNKNOWN) if st.table.fresh(QUEUE) else 0
    if is_unchanged(typed):
        if not remembered or UNKNOWN in remembered:
            raise InputError(
                "I do not know the whole queue: give it left to right, like "
                f"`{Turn.line(queue=QUEUE_EXAMPLE)}`."
            )
        text = " ".join(remembered)
    else:
        tokens = words(typed)
        if UNKNOWN in tokens or BLANK in tokens:
            raise InputError(
                f"Put the guest now in that space in place of `{BLANK}`, like "
                f"`{Turn.line(queue=QUEUE_EXAMPLE)}`."
            )
        if unknown and len(tokens) == unknown < QUEUE_SIZE:
            new = iter(tokens)
            text = " ".join(next(new) if t == UNKNOWN else t for t in remembered)
        else:
            text = typed
    queue = parse_queue(text)
    st.table.remember(QUEUE, queue_text(queue))
    return queue


def known_queue(st: GahState) -> list[QueueGuest] | None:
    """The queue as reported since the player's last turn, with the opponent's guests gone;
    None when it must be asked (never reported, stale, or a refilled space not known)."""
    text = st.table.current(QUEUE)
    if text is None or UNKNOWN in text.split():
        return None
    return parse_queue(text)


def guest_left(st: GahState, queue: list[QueueGuest], position: int) -> None:
    """The opponent took the guest at `position` (1-5) from `queue`: the guests left of it
    shift right and the leftmost space is refilled from the deck (unknown)."""
    left = [queue_text([g]) for g in queue]
    del left[position - 1]
    st.table.update(QUEUE, " ".join([UNKNOWN, *left]))


# ------------------------------------------------------------------ the dice
def give_dice(st: GahState, typed: str) -> list[int]:
    text = _unchanged_or(st, DICE, typed, DICE_EXAMPLE)
    dice = parse_dice(text)
    st.table.remember(DICE, " ".join(map(str, dice)))
    return dice


def known_dice(st: GahState) -> list[int] | None:
    text = st.table.current(DICE)
    return None if text is None else parse_dice(text)


def give_coloured(st: GahState, typed: str, dice: list[int]) -> dict[str, int]:
    text = _unchanged_or(st, COLOURED, typed, COLOURED_EXAMPLE)
    coloured = parse_coloured(text, dice)
    st.table.remember(COLOURED, _coloured_text(coloured))
    return coloured


def known_coloured(st: GahState, dice: list[int]) -> dict[str, int] | None:
    text = st.table.current(COLOURED)
    return None if text is None else parse_coloured(text, dice)


def die_left(st: GahState, value: int, colour: str | None) -> None:
    """The opponent took a die from action space `value` (the `colour` die, if coloured)."""
    text = st.table.recall(DICE)
    if text is not None:
        dice = parse_dice(text) if text.split() != ["0"] * 6 else [0] * 6
        dice[value - 1] = max(0, dice[value - 1] - 1)
        st.table.update(DICE, " ".join(map(str, dice)))
    remembered = st.table.recall(COLOURED)
    if colour is not None and remembered is not None:
        left = [t for t in remembered.split() if not t.lower().startswith(colour[0])]
        st.table.update(COLOURED, " ".join(left) or "none")


def new_round(st: GahState) -> None:
    """The dice are rolled again: what was on the action board is gone."""
    st.table.forget(DICE)
    st.table.forget(COLOURED)


def _coloured_text(coloured: dict[str, int]) -> str:
    return " ".join(f"{c[0].upper()}{v}" for c, v in coloured.items()) or "none"


def _unchanged_or(st: GahState, name: str, typed: str, example: str) -> str:
    if not is_unchanged(typed):
        return typed
    refusal = f"I have nothing remembered for `{name}` yet: type it, like `{example}`."
    return st.table.keep(name, refusal=refusal)


# ------------------------------------------------------------------ module 1: space
def known_space(st: GahState) -> set[int]:
    """Ballrooms known to have space now: those reported with space since the player's last
    turn (or, in round 1, every one: no ballroom fills in the first round), unless the
    opponent has sent a dancer there since (it may have taken the last space)."""
    balls = st.ballrooms
    return set(balls.open) if balls.open_epoch == st.table.epoch else set()


def first_round(st: GahState) -> None:
    """At each draw in round 1: every ballroom has space (none fills in the first round)."""
    if st.round == 1 and 1 in st.options.modules:
        report_full(st, set())


def report_full(st: GahState, full: set[int]) -> None:
    balls = st.ballrooms
    balls.full = sorted(set(balls.full) | full)
    balls.open = sorted(set(rooms.limited()) - set(balls.full))
    balls.open_epoch = st.table.epoch


def dancer_sent(st: GahState, room: int) -> None:
    if st.round > 1 and room in st.ballrooms.open:
        st.ballrooms.open.remove(room)


# ------------------------------------------------------------------ the next turn's question
def turn_fields(st: GahState, *, new_round_: bool = False) -> list[AskField]:
    """The table facts the opponent's next turn will need and the bot does not know."""
    fields = []
    if known_queue(st) is None:
        fields.append(_field(st, QUEUE))
    modules = st.options.modules
    die_matters = 2 in modules or st.entrance == "toll_bridge_hotel"
    if die_matters and (new_round_ or known_dice(st) is None):
        fields.append(_field(st, DICE, shown=not new_round_))
    celebrities = st.celebrities
    coloured_left = len(celebrities.taken) < 3 or new_round_
    if 2 in modules and coloured_left:
        if new_round_ or st.table.current(COLOURED) is None:
            fields.append(_field(st, COLOURED, shown=not new_round_))
        if new_round_ or celebrities.lounge is None:
            fields.append(_field(st, "lounge", shown=False))
    if _ballroom_may_matter(st, new_round_):
        full = " ".join(str(r + 1) for r in st.ballrooms.full) or "none"
        fields.append(AskField(option="full", label=LABELS["full"], remembered=full))
    return fields


def _ballroom_may_matter(st: GahState, new_round_: bool) -> bool:
    """Module 1 after round 1: a card may send a dancer to a ballroom whose space the bot
    does not know (asked up front with the turn, so no second question comes)."""
    if 1 not in st.options.modules or (st.round == 1 and not new_round_):
        return False
    if sum(st.ballrooms.dancers) >= gah_data().waltz.dancers:
        return False
    return bool(set(rooms.limited()) - set(st.ballrooms.full) - known_space(st))


def _field(st: GahState, option: str, *, shown: bool = True) -> AskField:
    """One fact asked, with its remembered value (pre-filled on Discord, shown in the console)."""
    remembered = st.table.recall(option) if shown else None
    return AskField(
        option=option,
        label=LABELS[option],
        remembered=shown_queue(remembered) if remembered is not None else None,
        example=EXAMPLES.get(option, ""),
    )


def shown_queue(remembered: str) -> str:
    """A remembered queue as shown: its refilled space a blank (`… B0 R3`), so no line
    printed or pre-filled with it is mistaken for one that runs."""
    return " ".join(BLANK if token == UNKNOWN else token for token in remembered.split())


def complete(field: AskField) -> bool:
    """Remembered in full: "Unchanged" can answer it."""
    return field.remembered is not None and not {UNKNOWN, BLANK} & set(field.remembered.split())


def number_field(option: str) -> AskField:
    return AskField(option=option, label=LABELS[option])
