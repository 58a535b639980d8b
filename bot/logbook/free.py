"""Plays of games the bot does not run: a solo player logs all their plays, not only the five
the bot knows. Such a game is named freely; its plays are kept under a key derived from the
name in any case (`~spirit island`), so `spirit island` joins `Spirit Island` in every count,
filter and challenge without a query knowing about free games. The name as first written is
kept beside it (`plays.game_name`). The opponent is free text too (a variant, a scenario, a
mention of another real player); the bot knows no difficulty, module or tie rule for them."""

from __future__ import annotations

import hashlib
import re
from difflib import SequenceMatcher

from bot.core.errors import InputError
from bot.core.scoresheet import outcome as scored_outcome
from bot.logbook.catalogue import DECIDED, catalogue

FREE = "~"  # a free game's key begins with it; no key in data/games.yaml does
NAME_CHARS = 60  # plays.game_name
KEY_CHARS = 32  # plays.game_key
OPPONENT_CHARS = 40  # plays.opponent
NOT_IN_NAMES = "`*_~|<>@\\"  # Markdown and mentions: a name shows as it was typed
MENTION = re.compile(r"<@!?(\d{1,20})>")
UNDECIDED = "unscored"


def is_free(key: str) -> bool:
    return key.startswith(FREE)


def known_game(text: str) -> str | None:
    """The key of one of the bot's games named by key or full name, in any case."""
    needle = " ".join(text.split()).lower()
    for key, entry in catalogue().items():
        if needle in (key, entry.name.lower()):
            return key
    return None


def free_name(text: str) -> str:
    """A free game's name as shown: trimmed, inner spaces made one."""
    shown = " ".join(text.split())
    if not shown:
        raise InputError("Name the game you played, e.g. `Spirit Island`.")
    if len(shown) > NAME_CHARS:
        raise InputError(f"A game's name has at most {NAME_CHARS} characters.")
    if any(char in NOT_IN_NAMES for char in shown):
        raise InputError("A game's name may not contain ` * _ ~ | < > @ or \\.")
    return shown


def free_key(name: str) -> str:
    """The key of a free game: its name in any case, cut to the column with a digest of the
    whole name when it is longer (so two long names never share a key)."""
    identity = " ".join(name.casefold().split())
    if len(FREE + identity) <= KEY_CHARS:
        return FREE + identity
    digest = hashlib.sha1(identity.encode()).hexdigest()[:8]
    return f"{FREE}{identity[: KEY_CHARS - len(FREE) - 9]}#{digest}"


def free_opponent(text: str | None, user_id: int) -> tuple[str, int | None]:
    """The opponent or variant as typed ('' for none) and the other real player it mentions,
    if any: a play with one is no solo play."""
    if text is None:
        return "", None
    shown = " ".join(text.split())
    if len(shown) > OPPONENT_CHARS:
        raise InputError(f"The opponent has at most {OPPONENT_CHARS} characters.")
    if any(char in NOT_IN_NAMES for char in MENTION.sub("", shown)):
        raise InputError(
            "The opponent may not contain ` * _ ~ | < > @ or \\; name another player by "
            "mentioning them."
        )
    others = [int(m) for m in MENTION.findall(shown) if int(m) != user_id]
    return shown, others[0] if others else None


def no_options_for(name: str, difficulty: str | None, modules: str | None) -> None:
    """A free game has no difficulty or modules the bot knows: they are refused, not kept."""
    if difficulty is not None:
        raise InputError(
            f"{name} is not one of the bot's games, so it has no difficulty here; "
            "put the level in `opponent` (e.g. `opponent:Level 3`)."
        )
    if modules:
        raise InputError(
            f"{name} is not one of the bot's games, so it has no modules here; "
            "put the expansion in `opponent` (e.g. `opponent:with Jagged Earth`)."
        )


def free_outcome(score: int | None, other: int | None, given: str | None) -> str:
    """The bot knows no rule of a free game: the outcome given stands (its own rules decide a
    tie or a low score that wins); without one the higher score wins and equal is a tie."""
    if given is not None:
        if given not in DECIDED:
            raise InputError("The outcome is win, loss or tie.")
        return given
    if score is not None and other is not None:
        return scored_outcome(score, other, "tie")
    if score is None:
        raise InputError("Give your score, both scores, or the outcome (win, loss or tie).")
    return UNDECIDED


def game_label(key: str, name: str | None) -> str:
    """A game as a line names it: the bot's game by its name, a free one as written."""
    known = catalogue().get(key)
    if known is not None:
        return known.name
    return name or key.removeprefix(FREE)


def near_known(name: str) -> str | None:
    """One of the bot's games a free name is probably a slip for (`Glasgo`, `Great Western
    Trail`), or None: the play is logged either way, with a hint."""
    needle = name.casefold()
    for key, entry in catalogue().items():
        full = entry.name.casefold()
        if len(needle) >= 4 and full.startswith(needle):
            return key
        if max(SequenceMatcher(None, needle, text).ratio() for text in (full, key)) >= 0.8:
            return key
    return None
