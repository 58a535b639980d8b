"""bench.taps' prompt-only player (issue 34): whole games read from the replies alone, with
slips fixed from the refusals, every tap counted. A small run: Sam in English (the herder
question's short path), Leopold in English and German (the same count), Alea to the real
end (every hidden bid opened); `python -m bench.taps` plays all six in both languages."""

import random
from typing import ClassVar

import pytest

from bench.taps.alea_prompted import AleaPrompted
from bench.taps.gah_prompted import leopold
from bench.taps.gwt_prompted import GwtPrompted
from bench.taps.prompted import Press, Typed, Vocabulary, play_prompted, slip
from bench.taps.screen import Screen


async def test_sam_from_the_replies_alone_stays_within_one_and_a_half_taps_a_turn():
    count = await play_prompted(GwtPrompted(), locale="en")
    assert count.turns == 30
    assert count.per_turn <= 1.5, count.lines
    assert count.slips >= 3 and count.refused == count.fixed_in_one  # each fixed at once
    assert count.unclear == 0, count.refusals
    # the herder question led to the short path: never "He stopped on the trail" mid-game
    assert sum(line.startswith("/gwt turn herder:kansas_city ") for line in count.lines) >= 5


async def test_a_german_player_taps_as_often_as_an_english_one():
    english = await play_prompted(leopold(), locale="en")
    german = await play_prompted(leopold(), locale="de")
    assert german.taps == english.taps and german.turns == english.turns == 14
    assert german.lines[1].startswith("/gah zug warteschlange:")


async def test_alea_is_played_to_the_real_end_and_every_hidden_bid_is_a_tap():
    count = await play_prompted(AleaPrompted(), locale="en")
    assert count.reveals == count.turns >= 12  # one spoiler opened per auction
    assert "/alea supply-empty" in count.lines  # the business supply row ran out
    assert count.lines[-1].startswith("/alea end score:")
    assert count.taps == count.typed + count.presses + count.reveals + count.refused


class Cheat:
    """A player typing an option no reply has named."""

    label = "Sam"
    german: ClassVar[dict] = {}

    def start(self) -> str:
        return "/gwt start seed:25"

    def decide(self, screen, english, speak):  # type: ignore[no-untyped-def]
        return Typed.of("gwt end", you=90, objectives=9, job_token="you", breakdown="x:1")

    def over(self, state) -> bool:  # type: ignore[no-untyped-def]
        return False

    def opponent_turns(self, state) -> int:  # type: ignore[no-untyped-def]
        return 0


async def test_an_option_no_reply_named_is_refused_as_a_script_error():
    with pytest.raises(RuntimeError, match="typed but no reply named it"):
        await play_prompted(Cheat(), slips=0)


def test_a_screen_reads_buttons_the_line_to_edit_and_hidden_texts_in_either_language():
    english = Screen(
        "== Game ==\nfact\n→ Which?\nedit and send: `/gwt turn jobs:… token:…`\n"
        "buttons (press N): [1] Unchanged  [2] Row 3 ($5)\n1. **Times Square**: Alea bids "
        "[hidden: reveal 1]"
    )
    assert english.buttons == ["Unchanged", "Row 3 ($5)"] and english.button("Row 3 ($5)") == 2
    assert english.edit == "/gwt turn jobs:… token:…" and english.hidden == 1
    assert english.prompt == "Which?" and english.facts == ["fact"]
    german = Screen(
        "== Spiel ==\n→ Welche?\nKnöpfe (drück N): [1] Unverändert\n[verdeckt: aufdecken 2]"
    )
    assert german.buttons == ["Unverändert"] and german.hidden == 1
    speak = Vocabulary("de")
    assert speak.read(Screen("`/gwt zug rinder:C3 A1 lok:4`"), "gwt turn") == [
        {"cattle": "C3 A1", "engine": "4"}
    ]
    assert speak.parts(Typed.of("gwt turn", hazards="flood:4")) == (
        "/gwt zug",
        [("gefahren", "überschwemmung:4")],
    )


def test_a_slip_is_a_neighbouring_key_or_two_letters_swapped():
    rng = random.Random(1)
    assert slip("C3 A1", rng) in ("Ce A1", "C3 Aq")
    assert slip("kansas_city", rng) == "knasas_city"
    assert slip("-", rng) is None
    assert Press(1) != Press(2)
