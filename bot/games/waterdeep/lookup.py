"""Cards by the name a player types: quests (the 60 and the 6 mandatory) and intrigue cards."""

from __future__ import annotations

from bot.core.errors import InputError
from bot.core.said import say
from bot.core.tokens import nearest, short
from bot.games.waterdeep.data import Intrigue, Quest, waterdeep_data

COULD_BE = "`{text}` could be {names}: write more of the name."


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").replace("'", "").split())


def find_quest(text: str, *, mandatory: bool = True) -> Quest:
    data = waterdeep_data()
    pool = [*data.quests, *(data.mandatory if mandatory else [])]
    needle = _norm(text)
    exact = [q for q in pool if needle in (_norm(q.name), _norm(q.id))]
    found = exact or [q for q in pool if needle and needle in _norm(q.name)]
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(q.name for q in found[:5])
        raise InputError(say(COULD_BE, text=short(text), names=names))
    near = ", ".join(nearest(text, (q.name for q in pool)))
    if not near:
        raise InputError(say("`{text}` is no quest of the base game.", text=short(text)))
    key = "`{text}` is no quest of the base game; nearest: {names}."
    raise InputError(say(key, text=short(text), names=near))


def find_intrigue(text: str) -> Intrigue:
    needle = _norm(text)
    cards = waterdeep_data().intrigue
    exact = [c for c in cards if needle in (_norm(c.name), _norm(c.id))]
    found = exact or [c for c in cards if needle and needle in _norm(c.name)]
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(c.name for c in found[:5])
        raise InputError(say(COULD_BE, text=short(text), names=names))
    near = ", ".join(nearest(text, (c.name for c in cards)))
    if not near:
        raise InputError(say("`{text}` is no intrigue card of the base game.", text=short(text)))
    key = "`{text}` is no intrigue card of the base game; nearest: {names}."
    raise InputError(say(key, text=short(text), names=near))


def quest_names(current: str, *, mandatory: bool = False) -> list[str]:
    """Autocomplete: quest names containing what was typed, at most 25."""
    data = waterdeep_data()
    needle = _norm(current)
    pool = [*data.quests, *(data.mandatory if mandatory else [])]
    return [q.name for q in pool if needle in _norm(q.name)][:25]


def intrigue_names(current: str) -> list[str]:
    needle = _norm(current)
    return [c.name for c in waterdeep_data().intrigue if needle in _norm(c.name)][:25]
