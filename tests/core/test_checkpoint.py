"""Checkpoint: the state before the opponent's last step, kept in the state, for a redo."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field

from bot.core.checkpoint import Checkpoint
from bot.core.errors import RuleError


class Table(BaseModel):
    where: str = "start"
    moves: list[str] = Field(default_factory=list)
    checkpoint: str | None = None


class Other(BaseModel):
    n: int = 0
    before: str | None = None


def test_restore_gives_the_state_as_it_was_when_kept_as_the_same_model():
    keeper = Checkpoint()
    st = Table(where="inn")
    keeper.keep(st)
    st.where, st.moves = "tower", ["tower"]
    before = keeper.restore(st, "nothing to redo")
    assert type(before) is Table
    assert before == Table(where="inn")
    assert st.where == "tower" and keeper.held(st)  # the state given is not changed


def test_a_checkpoint_never_holds_the_one_before_it():
    keeper = Checkpoint()
    st = Table()
    keeper.keep(st)
    st.where = "inn"
    keeper.keep(st)
    assert keeper.restore(st, "-").checkpoint is None
    assert keeper.restore(st, "-").where == "inn"


def test_once_cleared_there_is_nothing_to_redo_and_the_refusal_is_the_games_line():
    keeper = Checkpoint()
    st = Table()
    keeper.keep(st)
    keeper.clear(st)
    assert not keeper.held(st)
    with pytest.raises(RuleError, match=r"^No placement to move now\.$"):
        keeper.restore(st, "No placement to move now.")


def test_the_field_may_have_another_name():
    keeper = Checkpoint("before")
    st = Other(n=3)
    keeper.keep(st)
    st.n = 4
    assert keeper.restore(st, "-") == Other(n=3)


def test_a_kept_state_survives_storage_as_json():
    keeper = Checkpoint()
    st = Table(where="inn")
    keeper.keep(st)
    stored = Table.model_validate(st.model_dump(mode="json"))
    assert keeper.restore(stored, "-") == Table(where="inn")
