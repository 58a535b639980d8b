import pytest

from bot.core.priority import Filter, Key, TieBreak, resolve

ITEMS = [("a", 3), ("b", 5), ("c", 5), ("d", 1)]


def test_highest_key_wins_and_reason_names_it():
    choice = resolve(ITEMS[:2], keys=[Key("most VP", lambda x: x[1])], tie_break=TieBreak.LEFTMOST)
    assert choice.option == ("b", 5)
    assert "most VP" in choice.reason


def test_ties_break_leftmost_or_rightmost_or_ask():
    keys = [Key("most VP", lambda x: x[1])]
    assert resolve(ITEMS, keys=keys, tie_break=TieBreak.LEFTMOST).option == ("b", 5)
    assert resolve(ITEMS, keys=keys, tie_break=TieBreak.RIGHTMOST).option == ("c", 5)
    asked = resolve(ITEMS, keys=keys, tie_break=TieBreak.ASK)
    assert asked.option is None and asked.needs_player
    assert asked.tied == (("b", 5), ("c", 5))


def test_lowest_key():
    keys = [Key("least", lambda x: x[1], highest=False)]
    assert resolve(ITEMS, keys=keys, tie_break=TieBreak.LEFTMOST).option == ("d", 1)


def test_soft_filter_falls_back_and_required_filter_can_leave_nothing():
    soft = Filter("named z", lambda x: x[0] == "z")
    keys = [Key("most VP", lambda x: x[1])]
    choice = resolve(ITEMS, filters=[soft], keys=keys, tie_break=TieBreak.LEFTMOST)
    assert choice.option == ("b", 5)
    assert choice.reason == "most VP; tie broken to the leftmost"  # "named z" decided nothing
    hard = Filter("named z", lambda x: x[0] == "z", required=True)
    assert resolve(ITEMS, filters=[hard], tie_break=TieBreak.LEFTMOST).option is None


def test_filters_apply_before_keys():
    only_low = Filter("below 4", lambda x: x[1] < 4)
    keys = [Key("most VP", lambda x: x[1])]
    assert resolve(ITEMS, filters=[only_low], keys=keys, tie_break=TieBreak.LEFTMOST).option == (
        "a",
        3,
    )


def test_a_tie_left_to_the_player_becomes_a_question_listing_only_the_tied():
    from bot.core.priority import ask_for

    keys = [Key("most VP", lambda x: x[1])]
    asked = ask_for(
        resolve(ITEMS, keys=keys, tie_break=TieBreak.ASK),
        prompt="Which one?",
        command="answer",
        option="pick",
        label=lambda x: f"{x[0]} ({x[1]} VP)",
        value=lambda x: x[0],
        extra={"round": "2"},
    )
    assert [(c.label, c.value) for c in asked.choices] == [("b (5 VP)", "b"), ("c (5 VP)", "c")]
    assert [s.step_id for s in asked.next_steps()] == [
        "answer:round=2:pick=b",
        "answer:round=2:pick=c",
    ]
    assert asked.reason == "most VP; tied, the player decides"


def test_a_coin_flip_tie_break_is_seeded_and_names_its_seed():
    from bot.core.priority import coin_flip, draw_seed

    keys = [Key("most VP", lambda x: x[1])]
    seeds = [draw_seed(7, "round", n) for n in range(40)]
    picks = {resolve(ITEMS, keys=keys, tie_break=TieBreak.RANDOM, seed=s).option for s in seeds}
    assert picks == {("b", 5), ("c", 5)}  # both can come up, never a non-tied item
    again = resolve(ITEMS, keys=keys, tie_break=TieBreak.RANDOM, seed=seeds[0])
    assert again == resolve(ITEMS, keys=keys, tie_break=TieBreak.RANDOM, seed=seeds[0])
    assert f"(seed {seeds[0]})" in again.reason
    assert draw_seed(7, "round", 1) == draw_seed(7, "round", 1) != draw_seed(8, "round", 1)
    assert {coin_flip(s) for s in seeds} == {True, False}
    with pytest.raises(ValueError):
        resolve(ITEMS, keys=keys, tie_break=TieBreak.RANDOM)


def test_the_reason_names_only_the_filters_and_keys_that_left_out_a_candidate():
    items = [("a", 5, 1), ("b", 5, 2), ("c", 2, 2)]
    choice = resolve(
        items,
        filters=[Filter("any letter", lambda x: True), Filter("not c", lambda x: x[0] != "c")],
        keys=[Key("most VP", lambda x: x[1]), Key("most gold", lambda x: x[2])],
        tie_break=TieBreak.LEFTMOST,
    )
    assert choice.option == ("b", 5, 2)
    assert choice.reason == "not c, most gold"  # "any letter" and "most VP" kept everything
    assert choice.deciding == ("not c", "most gold")


def test_with_nothing_to_decide_the_reason_says_so_and_a_tie_names_only_its_break():
    keys = [Key("most VP", lambda x: x[1])]
    only = resolve(ITEMS[:1], keys=keys, tie_break=TieBreak.ASK)
    assert only.option == ("a", 3) and only.reason == "the only choice" and only.deciding == ()
    even = [("b", 5), ("c", 5)]
    assert resolve(even, keys=keys, tie_break=TieBreak.ASK).reason == "tied, the player decides"
    left = resolve(even, keys=keys, tie_break=TieBreak.LEFTMOST, tie_break_reason="hand")
    assert left.reason == "tie broken to the leftmost (hand)"
