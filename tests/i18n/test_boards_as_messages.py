"""The boards said from messages (issue 45, item 1): `/… board` typed in German every few
lines of a seeded game of each opponent (tests/i18n/walks.py) while it runs, each line the
German reader sees counted as said from a message or matched (bot.i18n.messages.TALLY). A
game whose board is built as messages has none matched."""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from bot.console import Console
from bot.core.reply import Reply
from bot.i18n import messages
from bot.on_discord.client import SoloistBot
from bot.table.service import TableService
from tests.i18n.test_german_games import BOARD, english_letters, english_words
from tests.i18n.walks import OPPONENTS, in_german, walk

EVERY = 4  # the board is looked at every 4th line of play (and after the start)

# the games whose `/… board` is built as messages throughout: all of them
AS_MESSAGES = set(OPPONENTS)


async def boards(db, opponent: str) -> tuple[Counter[Any], list[str]]:
    """The tally of the German boards of one seeded game of `opponent`, and their texts."""
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    tally: Counter[Any] = Counter()
    seen: Counter[str] = Counter()
    texts: list[str] = []

    async def look(console: Console, line: str, reply: Reply) -> None:
        if console.user_id != 3:  # the German console of the walk
            return
        seen["lines"] += 1
        game = seen.setdefault("game", line.split()[0])  # the start line's slash group
        if seen["lines"] % EVERY != 1:
            return
        messages.TALLY = Counter()
        try:
            shown = await console.execute(in_german(f"{game} board"))
        finally:
            counted, messages.TALLY = messages.TALLY, None
        if any(str(k[1]).startswith("Game #") for k in counted if isinstance(k, tuple)):
            seen["over"] = 1  # the table's lines of an ended game (bot/table) lead its board
        if shown.ok and not seen["over"]:
            tally.update(counted)
            texts.append(shown.text)

    await walk(bot, opponent, list(OPPONENTS).index(opponent), look)
    return tally, texts


@pytest.mark.parametrize("opponent", list(OPPONENTS))
async def test_a_board_in_german_is_said_from_messages(db, opponent, capsys):
    tally, texts = await boards(db, opponent)
    said, matched = tally["said"], tally["matched"]
    with capsys.disabled():
        print(f"\n{opponent} boards: {said} lines said, {matched} matched")
        if os.environ.get("SOLOIST_SHOW_MATCHED"):
            print("\n".join(f"  {k[1]}" for k in tally if isinstance(k, tuple))[:3000])
            print(texts[-1] if texts else "")  # the last board seen
    assert said + matched > 0
    if opponent in AS_MESSAGES:
        assert [k[1] for k in tally if isinstance(k, tuple)] == []
        lines = [line for text in texts for line in text.split("\n") if not BOARD.match(line)]
        assert [(line, english_words(line)) for line in lines if english_words(line)] == []
        # nor an English colour letter shown bare (Elisabeth's lounge was `R3 Y5 B2`)
        letters = english_letters().get(OPPONENTS[opponent]().start().split()[0][1:])
        if letters is not None:
            assert [line for line in lines if letters.search(line)] == []


def test_a_hotel_board_with_an_entrance_is_said_from_messages():
    """Grand Austria Hotel's module 3: each entrance's lines of the board in text (its name,
    Hautel Couture's guests and items, the stars track, the cogwheels, the tolls) are
    messages, so the whole German board is said from messages, none of it matched, through
    a seeded game of each entrance; its English and German as the matcher said them."""
    from bot.games.grand_austria.entrance_rules import entrance_of
    from bot.i18n import needs_translation, tr
    from tests.games.grand_austria.helpers import RULES
    from tests.games.grand_austria.test_german import SETUPS, play_one

    seen: set[str] = set()
    for options in [o for o in SETUPS if "entrance" in o]:
        state, _ = RULES.new_game(options, 5)
        texts: list[str] = []
        for i in range(40):
            board = RULES.board(state)
            messages.TALLY = Counter()
            try:
                messages.tally(board, needs_translation)
                german = tr(board, "de")
            finally:
                counted, messages.TALLY = messages.TALLY, None
            assert counted["matched"] == 0, [k for k in counted if isinstance(k, tuple)]
            lines = entrance_of(state).board_lines(state)
            # the entrance's lines as the matcher said them before (the lounge above them is
            # said by the reader's colour letters now, which the matcher never did)
            entrance = german.split("Eingang: ", 1)[1].split("```")[0]
            assert entrance == tr(str(board), "de").split("Eingang: ", 1)[1].split("```")[0]
            seen.update(line.key for line in lines)
            assert "Eingang: " in german and "Entrance" not in german
            state = play_one(state, i, texts)
    assert len(seen) == 7, seen  # every entrance's lines were seen, Hautel's guest both ways
