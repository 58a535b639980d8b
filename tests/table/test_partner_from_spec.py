"""Whether a server challenge's game takes a partner is its spec's `partner` (issue 44), not
a game's key written in the table service."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from bot.core.errors import InputError
from bot.core.reply import Ctx
from bot.games import registry
from bot.table import contests
from bot.table.contest_standings import Challenge
from bot.table.contests import check_partner

ME = Ctx(guild_id=1, channel_id=2, user_id=3)


def challenge(game_key: str) -> Challenge:
    when = datetime(2026, 1, 1, tzinfo=UTC)
    fields = {f.name: None for f in dataclasses.fields(Challenge)}
    return Challenge(
        **fields
        | {"id": 7, "game_key": game_key, "options": {}, "opened_at": when, "closes_at": when}
    )


def test_fifth_avenue_takes_a_partner_and_a_game_played_alone_refuses_one():
    check_partner(challenge("alea"), ME, 4)
    with pytest.raises(InputError, match="played by two: name your partner"):
        check_partner(challenge("alea"), ME, None)
    check_partner(challenge("gah"), ME, None)
    with pytest.raises(InputError, match="Grand Austria Hotel is played alone"):
        check_partner(challenge("gah"), ME, 4)


def test_a_game_whose_spec_names_a_partner_takes_one(monkeypatch):
    gah = dataclasses.replace(registry.spec_for("gah"), partner="mate")
    monkeypatch.setattr(contests, "spec_for", lambda key: gah)
    with pytest.raises(InputError, match="Grand Austria Hotel is played by two"):
        check_partner(challenge("gah"), ME, None)
    check_partner(challenge("gah"), ME, 4)
