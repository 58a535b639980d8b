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
    assert "none named z" in choice.reason
    hard = Filter("named z", lambda x: x[0] == "z", required=True)
    assert resolve(ITEMS, filters=[hard], tie_break=TieBreak.LEFTMOST).option is None


def test_filters_apply_before_keys():
    only_low = Filter("below 4", lambda x: x[1] < 4)
    keys = [Key("most VP", lambda x: x[1])]
    assert resolve(ITEMS, filters=[only_low], keys=keys, tie_break=TieBreak.LEFTMOST).option == (
        "a",
        3,
    )
