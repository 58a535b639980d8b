"""Issue 25 for Grand Austria Hotel: the scripted games of bench.taps play to their end, in
half the taps they took before (Leopold 36, Elisabeth 63) and at most 1.5 per opponent turn;
in German every example the replies print runs as printed."""

import re

import pytest

from bench.taps import gah
from bench.taps.runner import play
from bot.console import split_line
from bot.core.reply import Reply
from bot.core.tokens import words
from bot.games.grand_austria.inputs import (
    parse_ballrooms,
    parse_dice,
    parse_lounge,
    read_coloured_pairs,
    read_guests,
)

BEFORE = {"Leopold": 36, "Elisabeth": 63}  # bench.taps on the code before issue 25


@pytest.mark.parametrize("make", [gah.leopold, gah.elisabeth])
async def test_a_scripted_game_takes_half_the_taps_and_at_most_one_and_a_half_per_turn(make):
    count = await play(make())
    assert count.turns == 14
    assert count.taps <= BEFORE[count.label] / 2, count.lines
    assert count.per_turn <= 1.5, count.lines


class Collecting(gah.GahPlayer):
    """The same player, keeping every command the replies print as an example."""

    examples: set[str]

    def answer(self, reply: Reply) -> str:
        self.examples |= set(re.findall(r"`(/[^`]+)`", reply.text))
        return super().answer(reply)


PARSERS = {
    "queue": lambda text: read_guests(words(text)),  # `G2`: the one new guest, when asked
    "dice": parse_dice,
    "coloured": read_coloured_pairs,
    "lounge": parse_lounge,
    "full": lambda text: parse_ballrooms(text, 3),
}


async def test_every_german_example_line_runs_as_printed(db):
    from tests.test_console import make_console

    player = Collecting("Elisabeth", "/gah start difficulty:hard modules:1,2 seed:4", (1, 2), 4)
    player.examples = set()
    count = await play(player, locale="de")
    assert count.turns == 14
    # examples with a value to fill in (`…`, `<VP>`, `karte:` at the end, the `?` of a new
    # guest) are templates
    runnable = {
        e
        for e in player.examples
        if "…" not in e and "<" not in e and not e.endswith(":") and "?" not in e
    }
    assert any(e.startswith("/gah zug warteschlange:") for e in runnable), runnable
    console = await make_console(db)
    await console.execute("lang de")
    for example in sorted(runnable):
        _, options = console.parse(split_line(example))  # German command and option names
        for name, value in options.items():
            if name in PARSERS:
                PARSERS[name](value)  # and values the bot reads
