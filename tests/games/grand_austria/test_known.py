"""The table the player reported, remembered (issue 25): his own guest leaves the queue and
the rest shift, "Unchanged" answers in one press, facts that cannot have changed are not
asked, the round end names every number up front and keeps a partial answer, and German
names are accepted."""

import pytest

from bot.core.errors import InputError, RuleError
from bot.core.game import NextStep
from bot.games.grand_austria.inputs import parse_coloured, parse_lounge, parse_queue
from bot.i18n import tr

from .helpers import DICE, RULES, new, new_with, play, round_two, text, turn


def fields(state) -> list[str]:
    ask = RULES.describe(state).ask
    return [f.option for f in ask.fields] if ask is not None else []


def test_his_own_guest_leaves_the_queue_the_rest_shift_right_and_only_the_new_one_is_asked():
    # card 203: two guests (hard); the first takes the green 4 at position 4
    state, out = turn(new(), 203, "G3 Y1 B0 G4 R0", DICE)
    assert state.table.recall("queue") == "? G3 Y1 B0 R0"  # refilled leftmost space unknown
    assert "I know `/gah turn queue:… G3 Y1 B0 R0`: give only the new guest" in out.prompt
    assert out.next_steps == []  # no "Unchanged": one guest is new
    state, out = play(state, command="turn", queue="B5")
    assert state.pending is None
    assert "**blue guest worth 5 VP** at queue position 1" in text(out)
    assert state.table.recall("queue") == "? G3 Y1 B0 R0"


def test_a_short_queue_is_refused_once_the_player_has_played():
    state, _ = turn(new(), 208, "Y3 B0 R2 G4 Y0", DICE)  # one guest; the player's turns follow
    with pytest.raises(InputError, match="needs 5 guests"):
        play(state, command="turn", queue="B5")


def test_a_stale_queue_asks_all_five_guests_and_names_no_line_it_would_refuse():
    state, _ = turn(new(), 208, "Y3 B0 R2 G4 Y0", DICE)  # one guest; the player's turns follow
    state, out = play(state, command="turn", card=203, dice=DICE)
    assert "Last time: `/gah turn queue:… Y3 B0 R2 Y0`; give all five guests" in out.prompt
    assert "only the new guest" not in out.prompt  # `queue:G2` is refused here (5 needed)
    with pytest.raises(InputError, match="in place of `…`"):  # the blank sent back as it is
        play(state, command="turn", queue="… Y3 B0 R2 Y0")
    state, out = play(state, command="turn", queue="G2 Y3 B0 R2 Y0")
    assert "**green guest worth 2 VP** at queue position 1" in text(out)


def test_unchanged_completes_the_next_turn_with_no_typing():
    state, _ = turn(new("medium"), 200, "Y3 B0 R2 G4 Y0", DICE)  # medium: 200 takes no guest
    ask = RULES.describe(state).ask
    assert [(f.option, f.remembered) for f in ask.fields] == [("queue", "Y3 B0 R2 G4 Y0")]
    unchanged = RULES.describe(state).next_steps[0]
    assert unchanged.label == "Unchanged"
    state, out = RULES.apply(state, NextStep.action(unchanged.step_id))
    assert state.pending is None and state.turns_this_round == 2
    assert "queue position" in text(out)


def test_nothing_that_cannot_have_changed_is_asked_between_her_turns_2_and_3():
    state = new_with("2")
    state.round = 2  # even round: her turns 2 and 3 follow each other
    state, _ = turn(state, 220, "Y3 B0 R2 G4 Y0", DICE, coloured="R4 B2", lounge="R3 Y5 B2")
    assert state.turns_this_round == 1
    # the dice, the coloured dice and the lounge are known; of the queue only the new guest
    assert fields(state) == ["queue"]
    assert RULES.describe(state).ask.fields[0].remembered.startswith("… ")  # a blank, not `?`
    state, out = turn(state, 213, "B5")  # one guest typed, nothing else asked
    assert state.pending is None and state.turns_this_round == 2, out.prompt


def test_no_ballroom_is_asked_about_in_round_1_and_a_full_one_never_again():
    state, out = turn(new_with("1"), 228, "R5 B7 Y0 G0 R1", DICE)  # dancer guest + extra
    assert state.pending is None and "Which ballrooms" not in out.prompt
    assert state.ballrooms.dancers == [2, 0, 0, 0]
    state = round_two(state)
    state.turns_this_round = 0
    assert "full" in fields(state)  # from round 2 the turn's question asks it up front
    state, out = turn(state, 223, "R5 B7 Y0 G0 R1", DICE, full="1")  # two guests, a dancer
    assert state.pending is not None and "refilled queue" in out.prompt
    state, out = play(state, command="turn", queue="G2")
    assert state.pending is None and "Which ballrooms" not in out.prompt
    assert state.ballrooms.dancers[0] == 2 and sum(state.ballrooms.dancers) == 3


def test_the_round_end_names_every_number_and_keeps_a_partial_answer():
    state = new_with("1", emperor_table="ask")
    state.round, state.turns_this_round, state.emperor = 3, 2, 8
    state.ballrooms.dancers = [2, 0, 0, 0]
    assert fields(state)[:2] == ["emperor_vp", "ballroom_vp"]  # named in the first prompt
    with pytest.raises(RuleError) as refused:
        play(state, command="round_end")
    assert "emperor_vp:… ballroom_vp:…" in str(refused.value)
    state, out = play(state, command="round_end", ballroom_vp=6)
    assert state.round == 3 and state.round_answers == {"ballroom_vp": 6}
    assert "Noted `ballroom_vp:6`. Round end: `/gah round-end emperor_vp:…`." in text(out)
    vp = state.vp
    state, out = play(state, command="turn", emperor_vp=5, queue="Y3 B0 R2 G4 Y0", dice=DICE)
    assert state.round == 4 and state.vp >= vp + 6 + 5
    assert "**Ballroom scoring**: Elisabeth (2 in Ballroom 1) scores 6 VP." in text(out)


def test_round_7_ends_with_the_final_scoring():
    state = new()
    state.round, state.turns_this_round = 7, 2
    assert fields(state) == ["player_score"]
    state, out = play(state, command="final", player_score=90, staff_vp=0)
    assert state.phase == "finished" and "The seventh round is over" in text(out)


def test_every_colour_name_the_bot_prints_in_german_is_accepted():
    names = {c: tr(c, "de") for c in ("blue", "red", "yellow", "green")}
    assert names == {"blue": "blau", "red": "rot", "yellow": "gelb", "green": "grün"}
    queue = parse_queue(" ".join(f"{n.upper()}{i}" for i, n in enumerate(names.values())) + " Y0")
    assert [g.colour for g in queue] == ["blue", "red", "yellow", "green", "yellow"]
    assert parse_lounge("Rot3 gelb:5 BLAU2") == [("red", 3), ("yellow", 5), ("blue", 2)]
    assert parse_coloured("rot4 blau2", [2, 2, 1, 3, 2, 0]) == {"red": 4, "blue": 2}
    with pytest.raises(InputError, match="not a guest"):
        parse_queue("lila3 B0 R2 G4 Y0")


def test_the_difficulty_is_accepted_as_the_german_edition_prints_it():
    for word, difficulty in (("leicht", "easy"), ("Mittel", "medium"), ("SCHWER", "hard")):
        state, _ = RULES.new_game({"difficulty": word}, 1)
        assert state.options.difficulty == difficulty
        assert tr(difficulty, "de") == word.lower()


def test_a_state_stored_before_the_remembered_table_loads_and_asks_as_before():
    state, _ = turn(new_with("1"), 223, dice=DICE)  # waiting on the queue
    stored = state.model_dump(mode="json")
    for key in ("table", "round_answers"):
        del stored[key]
    for key in ("open", "open_epoch"):
        del stored["ballrooms"][key]
    loaded = RULES.load(stored)
    assert (
        loaded.table.facts == {} and RULES.describe(loaded).prompt == RULES.describe(state).prompt
    )
    loaded, out = play(loaded, command="turn", queue="G3 Y1 B0 G4 R0")
    assert "queue position 4" in text(out)
