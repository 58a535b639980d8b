"""Sam's Cities (scoring category 3), counted by the bot: the VP of the city crests his discs
sit on (Philadelphia 6, New York 9 each, Kansas City −6 each) and of every delivery arrow
between two cities that both hold his disc. The player's `/gwt end` gives only what the bot
cannot know; `cities:` stays as a correction when the player's board shows other VP."""

import pytest

from bot.core.errors import InputError
from bot.games.great_western_trail.spec import RULES
from tests.games.great_western_trail.helpers import Play, start
from tests.games.great_western_trail.test_setup_and_turns import finish_turn

EAST = ["Bloomington", "Peoria", "Chicago", "Toledo", "Pittsburgh"]
END = {"you": 90, "objectives": 9, "job_token": "you"}


def delivered_to_philadelphia() -> Play:
    """Sam's sixth delivery, through a real Kansas City: Philadelphia after Pittsburgh."""
    st = start()
    st.board.deliveries = list(EAST)
    st.board.arrows = [3, 4, 5]  # Peoria–Chicago, Chicago–Toledo, Toledo–Pittsburgh: rewarded
    return finish_turn(Play(st)("turn", card=9), herder="kansas_city")


def test_the_delivery_to_philadelphia_announces_its_crest_and_its_arrow():
    play = delivered_to_philadelphia()
    text = play.text()
    assert "Sam delivers to **Philadelphia**" in text
    assert "the arrow between them gives +4 VP at the end" in text
    assert "Philadelphia's city crest gives Sam 6 VP at the end." in text


def test_the_final_adds_his_crests_and_arrows_without_asking_for_them():
    play = delivered_to_philadelphia()
    play("end", **END)
    # arrows Chicago–Toledo 6 + Toledo–Pittsburgh 8 + Pittsburgh–Philadelphia 4, crest 6
    assert "Sam's Cities: city crests 6 + delivery arrows 18 = **24 VP**." in play.facts
    assert play.st.result["cities"] == 24
    cells = {line.name: line.opponent for line in RULES.sheet(play.st).lines()}
    assert cells["Cities"] == "24"


def test_every_crest_and_arrow_counts_once_new_york_and_kansas_city_per_disc():
    from bot.games.great_western_trail.scoring import city_vp

    st = start()
    st.board.deliveries = ["Fulton", "St. Louis", "Kansas City", *EAST[:2], "New York", "New York"]
    # crests: Kansas City −6, New York 9 + 9; arrows: Fulton–St. Louis −3
    assert city_vp(st.board) == (12, -3)


def test_cities_typed_at_the_end_replace_the_count_and_say_so():
    play = delivered_to_philadelphia()
    play("end", cities=20, **END)
    assert play.st.result["cities"] == 20
    assert (
        "Sam's Cities: 20 VP as you gave them (I count city crests 6 + delivery arrows 18 = 24)."
        in play.facts
    )


def test_a_game_in_progress_stored_before_the_count_finishes_with_it():
    old = delivered_to_philadelphia().st.model_dump(mode="json")
    old["board"].pop("arrows")  # stored before the arrows were kept
    play = Play(RULES.load(old))
    play("end", **END)
    assert play.st.result["cities"] == 24


def test_a_finished_game_keeps_the_cities_it_was_given():
    play = delivered_to_philadelphia()("end", cities=14, **END)
    stored = play.st.model_dump(mode="json")
    cells = {line.name: line.opponent for line in RULES.sheet(RULES.load(stored)).lines()}
    assert cells["Cities"] == "14"


def test_cities_are_still_checked_as_a_number():
    with pytest.raises(InputError):
        delivered_to_philadelphia()("end", cities=1000, **END)
