"""Text Discord shows behind a spoiler (`||14||`, Alea's bids in a round), for the console:
printed as `[hidden: reveal N]`, opened one at a time by `reveal N`, like a tap on Discord."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.core.reply import Reply
from bot.i18n import tr

SPOILER = re.compile(r"\|\|(.+?)\|\|")


def _texts(reply: Reply) -> list[str]:
    """The texts of a reply that may hold hidden text, in the order they are shown."""
    return [*reply.facts, *([reply.board] if reply.board else []), reply.prompt]


def _hide(text: str, locale: str, before: int = 0, open_at: int = 0) -> str:
    """`text` with each hidden text replaced by `[hidden: reveal N]` (N counted on from
    `before`), except the `open_at`-th, shown as it is."""
    seen = before

    def one(match: re.Match[str]) -> str:
        nonlocal seen
        seen += 1
        return match.group(1) if seen == open_at else tr(f"[hidden: reveal {seen}]", locale)

    return SPOILER.sub(one, text)


@dataclass
class Shown:
    facts: list[str]
    board: str
    prompt: str


def hidden(reply: Reply) -> Shown:
    """The reply's facts, board and prompt with nothing hidden on Discord in clear."""
    count, shown = 0, []
    for text in _texts(reply):
        shown.append(_hide(text, reply.locale, count))
        count += len(SPOILER.findall(text))
    facts, rest = shown[: len(reply.facts)], shown[len(reply.facts) :]
    return Shown(facts, rest[0] if reply.board else "", rest[-1])


def count(reply: Reply | None) -> int:
    return 0 if reply is None else sum(len(SPOILER.findall(t)) for t in _texts(reply))


def opened(reply: Reply, number: int, locale: str) -> str:
    """The line holding the `number`-th hidden text (1 to `count`), that one shown."""
    seen = 0
    for text in _texts(reply):
        found = len(SPOILER.findall(text))
        if seen + found >= number:
            return _hide(text, locale, seen, open_at=number)
        seen += found
    raise ValueError(f"No hidden text number {number}.")
