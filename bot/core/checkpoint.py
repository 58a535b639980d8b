"""Redo the opponent's last step when the real table differs.

The bot decides where its opponent goes; the player moves the real piece. When the player
moved it elsewhere (misread the board, or the table's truth differs), the game goes back to
the state before that step and does it again the player's way. `Checkpoint` keeps that earlier
state inside the state itself, in one `str | None` field of the game's state model (stored,
exported and undone with it), and gives it back for the redo:

    CHECKPOINT = Checkpoint()                     # the state model has `checkpoint: str | None`
    CHECKPOINT.keep(state)                        # in the handler, just before the step acts
    CHECKPOINT.clear(state)                       # once the player moved after it: too late
    before = CHECKPOINT.restore(state, "No …")   # the override: the state before the step

Generic over the state model: `restore` returns the same model as the state it is given.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from bot.core.errors import RuleError

S = TypeVar("S", bound=BaseModel)


class Checkpoint:
    """The state before the opponent's last step, kept in the state's field `field`."""

    def __init__(self, field: str = "checkpoint") -> None:
        self.field = field

    def keep(self, state: BaseModel) -> None:
        """Remember `state` as it is now (without an earlier checkpoint inside it)."""
        setattr(state, self.field, state.model_dump_json(exclude={self.field}))

    def clear(self, state: BaseModel) -> None:
        setattr(state, self.field, None)

    def held(self, state: BaseModel) -> bool:
        return getattr(state, self.field) is not None

    def restore(self, state: S, refusal: str) -> S:
        """The state kept before the last step, as a new state of the same model, to redo
        that step from; `refusal` is the one line when there is none."""
        kept = getattr(state, self.field)
        if kept is None:
            raise RuleError(refusal)
        return type(state).model_validate_json(kept)
