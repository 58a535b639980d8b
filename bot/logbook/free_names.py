"""A player's own free games (bot/logbook/free.py) as they wrote them: a new play, an import
or a filter takes the spelling of their earlier plays of that game and opponent."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select

from bot.store.models import PlayRow


class Spellings:
    """The names a player has written for their free games, and their opponents per game,
    read once; a new play is given the first spelling of its game and opponent, in any case."""

    def __init__(self, rows: Iterable[tuple[str, str | None, str]]) -> None:
        self.names: dict[str, str] = {}
        self.opponents: dict[tuple[str, str], str] = {}
        for key, name, opponent in rows:
            if name:
                self.names.setdefault(key, name)
            self.opponents.setdefault((key, opponent.casefold()), opponent)

    def spell(self, key: str, name: str, opponent: str) -> tuple[str, str]:
        """(name, opponent) as written first; remembered for the plays after this one."""
        name = self.names.setdefault(key, name)
        opponent = self.opponents.setdefault((key, opponent.casefold()), opponent)
        return name, opponent


def spellings_query(user_id: int, keys: Iterable[str]) -> Any:
    """The player's earlier free plays of these games, oldest first."""
    return (
        select(PlayRow.game_key, PlayRow.game_name, PlayRow.opponent)
        .where(PlayRow.user_id == user_id, PlayRow.game_key.in_(sorted(set(keys))))
        .order_by(PlayRow.id)
    )
