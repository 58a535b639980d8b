"""The question for the guest queue when a card needs it, with what the bot remembers of it
(moved out of turn.py)."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask
from bot.core.said import say, stacked
from bot.games.grand_austria import known
from bot.games.grand_austria.card_view import guest_instruction
from bot.games.grand_austria.commands import Turn as TurnCmd
from bot.games.grand_austria.inputs import QUEUE_EXAMPLE
from bot.games.grand_austria.state import GahState
from bot.games.grand_austria.voice import voice


def ask_queue(st: GahState, colour: Any, hand: Any) -> Ask:
    """The queue, with what the bot remembers of it: after the opponent's own guest only the
    refilled leftmost space is new, so that guest alone answers."""
    pending = st.pending
    assert pending is not None
    v = voice(st)
    which = "the refilled queue" if pending.queue_stale else "the guest queue"
    star = " (`*` after a guest with a cogwheel)" if st.entrance == "sushi_resort" else ""
    ask = st.table.ask(
        known.QUEUE,
        prompt=say(
            f"{{name}}'s card {{card}} needs {which}: {{how}} "
            f"Give it left to right{star}: `{TurnCmd.line(queue='{example}')}`.",
            name=v.name,
            card=pending.card,
            how=guest_instruction(colour, hand, v),
            example=QUEUE_EXAMPLE,
        ),
        command="turn",
    )
    remembered = st.table.recall(known.QUEUE) or ""
    new = remembered.split().count(known.UNKNOWN)
    if new:
        ask.choices = []  # nothing to keep unchanged: a guest is new
        line = TurnCmd.line(queue=known.shown_queue(remembered))
        if not st.table.fresh(known.QUEUE):  # the player has played since: all five again
            ask.reason = say(
                "Last time: `{queue}`; give all five guests, left to right", queue=line
            )
        elif new == 1:  # only the new guest, read into the blank (known.give_queue)
            ask.reason = say(
                f"I know `{{queue}}`: give only the new guest, like `{TurnCmd.line(queue='G2')}`",
                queue=line,
            )
        else:
            ask.reason = say(
                "I know `{queue}`: give the {n} new guests, left to right", queue=line, n=new
            )
    if ask.reason:  # on its own line: the prompt may hold brackets of its own
        ask.prompt, ask.reason = stacked([ask.prompt, ask.reason]), ""
    return ask
