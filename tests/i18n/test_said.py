"""A line built as a message (bot/core/said.py): English as a str, said in German from its key
and typed values at the edge (bot/i18n/messages.py), never matched, never half-translated."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from bot.core.agenda import MAX_LISTED, Ask, Choice, refused, valid
from bot.core.errors import said_as
from bot.core.reply import Reply
from bot.core.said import Said, listed, say, value
from bot.games.grand_austria.names import COLOUR
from bot.i18n import catalog, localize, messages, tr

BID = "{n}. **{district}**: Alea bids {bid}"


def test_its_value_is_the_english_line_and_it_keeps_key_and_values():
    line = say(BID, n=1, district="34th St West", bid="||10||")
    assert line == "1. **34th St West**: Alea bids ||10||"
    assert isinstance(line, str) and line.key == BID
    assert line.values == {"n": 1, "district": "34th St West", "bid": "||10||"}
    kept = pickle.loads(pickle.dumps(line))
    assert (kept, kept.key) == (line, BID) and copy.deepcopy(line).key == BID


def test_a_key_and_its_values_must_agree():
    with pytest.raises(ValueError):
        say(BID, n=1, district="x")
    with pytest.raises(ValueError):
        say("Alea wins.", extra=1)
    with pytest.raises(ValueError):
        say("two\nlines")
    with pytest.raises(ValueError):  # put together, a plain English text would stay English
        say("{prompt}\n{reason}", prompt=say("Alea wins"), reason="last time: `x`")
    assert say("{a}\n{b}", a=say("Alea wins"), b="3/4") == "Alea wins\n3/4"


def test_german_is_the_catalog_entry_of_its_key_filled_in():
    line = say(BID, n=2, district="42nd St West", bid="||14||")
    assert tr(line, "de") == "2. **42nd St West**: Alea bietet ||14||"
    assert tr(line, "en") is line


def test_a_declared_value_is_said_by_its_declaration_both_ways():
    queue = listed(
        [
            value(COLOUR, "yellow", letter=True, after=3),
            value(COLOUR, "green", letter=True, after=2),
        ],
        " ",
    )
    assert str(say("{a} {b}", a=value(COLOUR, "yellow"), b=queue)) == "yellow Y3 G2"
    assert tr(say("{a} {b}", a=value(COLOUR, "yellow"), b=queue), "de") == "gelb Ge3 Gr2"


def test_a_name_in_a_line_stays_whole_where_the_matcher_takes_it_apart():
    # what a template's `{district}` matched is translated again, a list part by part: a
    # name with a comma and a word the catalog knows comes out half German when matched
    name = "Park, Board"
    line = say("Alea wins {district} with {bid}.", district=name, bid=9)
    assert tr(str(line), "de") == "Alea gewinnt Park, Spielplan mit 9."
    assert tr(line, "de") == "Alea gewinnt Park, Board mit 9."


def test_a_key_the_catalog_lacks_leaves_the_whole_line_english():
    inner = say("No such line {n}.", n=1)
    line = say("Alea wins {district} with {bid}.", district="X", bid=inner)
    assert tr(line, "de") == str(line)  # not half German
    assert messages.missing(line, catalog("de")) == ["No such line {n}."]


def test_a_plain_text_the_catalog_says_only_by_matching_is_reported():
    # a template's text put in plain: kept as it is, English in a German line
    line = say("Alea wins {district} with {bid}.", district="X", bid="card shows C")
    assert tr(line, "de") == "Alea gewinnt X mit card shows C."
    assert messages.missing(line, catalog("de")) == [
        "Alea wins {district} with {bid}. ← bid: card shows C"
    ]
    named = say("Alea wins {district} with {bid}.", district="34th St West", bid=3)
    assert messages.missing(named, catalog("de")) == []  # a name the catalog does not say


def test_localize_says_facts_questions_and_buttons_and_counts_them():
    ask = Ask(
        prompt=say("Alea wins {district} with {bid}.", district="Times Square", bid=9),
        command="result",
        option="outcome",
        choices=[Choice(label=say("Both passed: Alea wins"), value="passed")],
    )
    assert isinstance(ask.prompt, Said) and isinstance(ask.choices[0].label, Said)
    reply = Reply(
        title="Fifth Avenue",
        facts=[say(BID, n=1, district="A", bid=3), "Alea wins A with 3."],
        ask=ask,
    )
    messages.TALLY = Counter()
    try:
        german = localize(reply, "de")
        tally = messages.TALLY
    finally:
        messages.TALLY = None
    assert german.facts == ["1. **A**: Alea bietet 3", "Alea gewinnt A mit 3."]
    assert german.ask is not None and german.ask.choices[0].label == "Beide gepasst: Alea gewinnt"
    assert (tally["said"], tally["matched"]) == (3, 1)
    assert tally[("matched", "Alea wins A with 3.")] == 1


def test_gah_die_reasons_say_their_or_in_german():
    from bot.games.grand_austria.choices import choose_die

    both = choose_die([1, 1, 0, 0, 0, 0], [1, 2], "right")  # both left: the hand breaks the tie
    assert str(both.reason).startswith("card shows 1 or 2: ")
    assert tr(both.reason, "de").startswith("Karte zeigt 1 oder 2: ")
    gone = choose_die([0, 0, 2, 1, 0, 0], [1, 2], "left")  # neither left: the value with most
    assert str(gone.reason) == "card shows 1 or 2 (none left): most dice"
    assert tr(gone.reason, "de") == "Karte zeigt 1 oder 2 (keiner mehr da): meiste Würfel"


@pytest.mark.parametrize("count", [0, 2, MAX_LISTED + 3])
def test_a_refusal_built_as_a_message_stays_one_with_any_number_of_valid_values(count):
    """`agenda.refused` keeps the message with no values that would work and with more than
    it lists (it fell back to a plain English line there, left to the matcher)."""
    wrong = say("That is not one of the tied spaces.")
    values = [f"c{i}" for i in range(count)]
    error = refused(wrong, values)
    assert str(error) == " ".join(part for part in (wrong, valid(values)) if part)  # English
    message = said_as(error)
    assert message is not None
    german = tr(message, "de")
    assert german.startswith("Das ist keines der gleichwertigen Felder.")
    assert ("Gültig: `c0`" in german) == bool(count)
    assert ("… (3 weitere)." in german) == (count > MAX_LISTED)
