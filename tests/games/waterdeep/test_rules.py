"""Rules 6, 7E, 7F, 8, 9 and the house rules D2–D6, D10–D14 on constructed games."""

import pytest

from bot.core.agenda import Inputs
from bot.core.errors import InputError, RuleError
from bot.games.waterdeep.mat import INTRIGUE_VP, LORD_VP, PSEUDO_VP
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.spec import RULES
from bot.games.waterdeep.state import Reassign
from bot.games.waterdeep.turn import advance
from tests.games.waterdeep.helpers import act, board, pseudo_turn

AMBUSH = "ambush_artor_morlin"  # Warfare: 1 cleric, 3 fighter, 1 rogue -> 8 VP, 4 gold
OWLBEARS = "domesticate_owlbears"  # Arcana: 1 cleric, 2 wizard -> 8 VP, 1 fighter, 2 gold
SHRINE = "create_a_shrine_to_oghma"  # Piety: 5 cleric, 2 gold -> 25 VP
ROOM = ["cliffwatch_inn_1"]  # a board where only Cliffwatch Inn (left) is free


# ---------------------------------------------------------------- 7E
def test_7e_a_quest_pseudo_would_take_goes_to_the_player_by_the_lords_types():
    st = board([AMBUSH], free=ROOM, tavern={"cleric": 1, "fighter": 3, "rogue": 1})
    facts = pseudo_turn(st)
    assert "Pseudo takes 2 gold, 1 quest." in facts
    assert (
        "7E: Pseudo gives you a quest: draw quests until one is not Arcana or Skullduggery; "
        "keep it as an uncompleted quest and discard the others." in facts
    )


def test_d14_larissa_keeps_the_first_quest_or_none():
    st = board([SHRINE], free=ROOM, lord="larissa_neathal")
    assert "7E: draw the top quest and keep it as an uncompleted quest (D14)." in pseudo_turn(st)
    st = board([SHRINE], free=ROOM, lord="larissa_neathal", larissa_quests="none")
    assert any("none (D14)" in f for f in pseudo_turn(st))


# ---------------------------------------------------------------- 7F (the surviving text)
def test_7f_pseudo_gains_the_first_colour_and_the_player_loses_one_or_2_vp():
    st = board([SHRINE], free=["castle_waterdeep"], intrigue=["ambush"], tavern={"cleric": 5})
    st.tavern.counts["gold"] = 0
    facts = pseudo_turn(st)
    assert "7F (Castle Waterdeep): Pseudo draws and plays **Ambush**." in facts
    assert "Pseudo gains 1 fighter." in facts and st.tavern["fighter"] == 1
    assert st.agenda.ask.prompt.startswith("7F: you lose 1 fighter; if you have none")
    none, _ = act(st, "answer", pick="none")
    assert none.ledger[INTRIGUE_VP] == -2
    returned, facts = act(st, "answer", pick="returned")
    assert INTRIGUE_VP not in returned.ledger and "You return 1 fighter" in facts[0]


def test_7f_waterdeep_harbor_plays_an_intrigue_card():
    st = board([SHRINE], free=["waterdeep_harbor_1"], intrigue=["crime_wave"])
    facts = pseudo_turn(st)
    assert "7F (Waterdeep Harbor 1): Pseudo draws and plays **Crime Wave**." in facts
    assert st.tavern["rogue"] == 1


def test_d2_a_mandatory_quest_card_is_played_on_the_player():
    st = board([SHRINE], free=["castle_waterdeep"], intrigue=["quell_riots"])
    facts = pseudo_turn(st)
    assert any("Quell Riots (Mandatory" in f and "your mandatory quest" in f for f in facts)
    assert st.agenda.ask is None


def test_d2_a_colourless_card_is_discarded_or_redrawn():
    st = board([SHRINE], free=["castle_waterdeep"], intrigue=["free_drinks", "good_faith"])
    facts = pseudo_turn(st)
    assert "It names no cube colour: discarded without effect (D2)." in facts
    assert st.tavern["cleric"] == 0
    st = board(
        [SHRINE],
        free=["castle_waterdeep"],
        intrigue=["free_drinks", "good_faith"],
        colourless_intrigue="redraw",
    )
    facts = pseudo_turn(st)
    assert "7F: Pseudo draws Free Drinks!, no cube colour: he draws again (D2)." in facts
    assert st.tavern["cleric"] == 1


# ---------------------------------------------------------------- D3, D4, D5: his quests
def test_d3_pseudo_completes_his_top_covered_quest_and_draws_a_new_secondary():
    st = board([AMBUSH, OWLBEARS], tavern={"cleric": 2, "wizard": 1}, free=["blackstaff_tower"])
    st.quest_deck.draw_pile = [0]  # Expose Red Wizards' Spies on top
    facts = pseudo_turn(st)
    assert "Pseudo completes **Domesticate Owlbears**, paying 1 cleric, 2 wizard (D3)." in facts
    assert st.quests == [AMBUSH, "expose_red_wizards_spies"]
    assert st.completed == [OWLBEARS]
    assert st.tavern.counts == {"cleric": 1, "fighter": 1, "gold": 2}  # D4: his reward


def test_d3_a_mandatory_quest_goes_on_top_and_blocks_the_others():
    st = board([OWLBEARS, SHRINE], tavern={"cleric": 1, "wizard": 1}, free=["blackstaff_tower"])
    st, _ = act(st, "intrigue", card="Repel Drow Invaders")
    assert st.quests[0] == "repel_drow_invaders"
    assert st.completed == []  # Owlbears is covered now, but the mandatory quest blocks it
    st.to_move = "pseudo"
    advance(st, Inputs(), [])
    assert st.completed == []


def test_d3_alternative_completes_every_covered_quest():
    tavern = {"cleric": 2, "fighter": 3, "rogue": 1, "wizard": 1}
    st = board([AMBUSH, OWLBEARS], tavern=tavern, free=["blackstaff_tower"])
    pseudo_turn(st)
    assert st.completed == [AMBUSH]
    st = board([AMBUSH, OWLBEARS], tavern=tavern, free=["blackstaff_tower"], pseudo_completes="all")
    pseudo_turn(st)
    assert st.completed == [AMBUSH, OWLBEARS]
    assert len(st.quests) == 2  # rule 6: two again


def test_d4_alternative_gives_only_the_vp():
    st = board([OWLBEARS], tavern={"cleric": 1, "wizard": 1}, free=["blackstaff_tower"])
    st.options["pseudo_rewards"] = "vp_only"
    pseudo_turn(st)
    assert st.tavern.counts == {} and st.pseudo_vp == 8


def test_d5_his_vp_are_subtracted_from_the_player_or_ignored():
    st = board([OWLBEARS], tavern={"cleric": 1, "wizard": 1}, free=["blackstaff_tower"])
    facts = pseudo_turn(st)
    assert "Pseudo scores 8 VP (Domesticate Owlbears): −8 for you (D5)." in facts
    assert st.ledger[PSEUDO_VP] == -8
    st = board(
        [OWLBEARS], tavern={"cleric": 1, "wizard": 1}, free=["blackstaff_tower"], pseudo_vp="ignore"
    )
    pseudo_turn(st)
    assert st.pseudo_vp == 8 and PSEUDO_VP not in st.ledger


def test_d4_a_building_reward_takes_the_hall_building_with_most_vp():
    tavern = {"cleric": 1, "fighter": 1, "rogue": 1, "gold": 2}
    hall = [("dragon_tower", 1), ("the_golden_horn", 3), ("fetlock_court", 3)]
    st = board(["lure_artisans_of_mirabar"], tavern=tavern, hall=hall, free=["blackstaff_tower"])
    facts = pseudo_turn(st)
    assert "Pseudo takes The Golden Horn (3 VP tokens)." in facts
    assert st.in_play[0].owner == "pseudo"


# ---------------------------------------------------------------- D6, rule 8, rule 9
def test_d6_the_lord_bonus_as_earned_and_at_the_end_give_the_same_total():
    totals = []
    for timing in ("as_earned", "at_end"):
        st = board([AMBUSH], lord_bonus=timing)
        st.to_move = "you"
        st, facts = act(st, "complete", quest="Host Festival for Sune")  # Arcana: Brianne's
        earned = "Brianne Byndraeth: +4 VP for your Arcana quest (D6)." in facts
        assert earned == (timing == "as_earned")
        st, facts = act(st, "complete", quest="Raid Orc Stronghold")  # Warfare: not hers
        assert facts[0] == "You complete Raid Orc Stronghold: score it on your track."
        assert not any("D6" in line for line in facts)  # then only his round plan
        st.phase = "final"
        st, _ = act(st, "final", track=10, adventurers=0, gold=0, quests=0)
        totals.append(st.result["score"])
    assert totals == [14, 14]


def test_the_player_cannot_complete_pseudos_quest():
    st = board([AMBUSH])
    with pytest.raises(RuleError, match="is Pseudo's quest"):
        act(st, "complete", quest="Ambush Artor Morlin")


def test_rule_8_final_score_adds_leftovers_and_minus_5_per_uncompleted_quest():
    st = board([AMBUSH])
    st.phase = "final"
    st.ledger = {LORD_VP: 8, PSEUDO_VP: -30, INTRIGUE_VP: -2}
    st, facts = act(st, "final", track=40, adventurers=3, gold=7, quests=2)
    assert st.result["categories"] == {
        "score track": 40,
        LORD_VP: 8,
        PSEUDO_VP: -30,
        INTRIGUE_VP: -2,
        "adventurers": 3,
        "gold": 3,
        "uncompleted quests": -10,
    }
    assert st.result["score"] == 12 and st.result["outcome"] == "win"
    assert facts[0].endswith("total 12 — above zero: you win (rule 9).")


@pytest.mark.parametrize(("track", "outcome"), [(28, "win"), (27, "tie"), (20, "loss")])
def test_rule_9_above_zero_wins(track, outcome):
    st = board([AMBUSH])
    st.phase = "final"
    st.ledger = {PSEUDO_VP: -27}
    st, _ = act(st, "final", track=track, adventurers=0, gold=0, quests=0)
    assert st.result["outcome"] == outcome
    (seat,) = RULES.results(st)
    assert seat.outcome == outcome and seat.opponent == "Pseudo"
    assert (seat.score, seat.opponent_score) == (track, 27)  # both real scores (D5)


def test_d13_pseudos_leftovers_are_subtracted_or_not():
    st = board([AMBUSH], tavern={"fighter": 3, "gold": 5}, pseudo_leftovers="subtract")
    st.phase = "final"
    st, _ = act(st, "final", track=10, adventurers=0, gold=0, quests=0)
    assert st.result["categories"]["Pseudo's leftovers (D13)"] == -(3 + 2)


def test_the_logbook_gets_the_changed_house_rules_as_modules():
    assert HOUSE_RULES.modules({r.option: r.default for r in HOUSE_RULES}) == ""
    st = board([AMBUSH], colourless_intrigue="redraw", coin="ask")
    assert RULES.results(st)[0].modules == "2,15"
    every = {r.option: r.alternative for r in HOUSE_RULES}
    assert len(HOUSE_RULES.modules(every)) <= 40  # the logbook's column


# ---------------------------------------------------------------- rounds
def test_d10_harbor_agents_are_reassigned_at_round_end_or_stay():
    st = board([SHRINE], occupied={"waterdeep_harbor_1": "pseudo"}, intrigue=[])
    st.agenda.extend([Reassign(slot="waterdeep_harbor_1")])
    facts: list[str] = []
    advance(st, Inputs(), facts)
    assert any(
        f.startswith("Pseudo reassigns his agent from the Harbor → **The Plinth**") for f in facts
    )
    assert "waterdeep_harbor_1" not in st.occupied
    st = board([SHRINE], occupied={"waterdeep_harbor_1": "pseudo"}, harbor="stay")
    st.agenda.extend([Reassign(slot="waterdeep_harbor_1")])
    facts = []
    advance(st, Inputs(), facts)
    assert "Pseudo's agent stays on Waterdeep Harbor 1 (D10)." in facts


def test_your_harbor_agent_is_reassigned_by_your_place_command():
    st = board([SHRINE], occupied={"waterdeep_harbor_1": "you"})
    st.agenda.extend([Reassign(slot="waterdeep_harbor_1")])
    advance(st, Inputs(), [])
    assert st.agenda.ask.command == "place"
    with pytest.raises(RuleError):
        act(st, "place", space="Waterdeep Harbor 2")
    st, facts = act(st, "place", space="Blackstaff Tower")
    assert (
        st.occupied.get("blackstaff_tower") == "you"
        or "Your agent is on Blackstaff Tower." in facts
    )


PLAN = [
    "Blackstaff Tower",
    "The Plinth",
    "Field of Triumph",
    "Aurora's Realms Shop",
    "The Grinning Lion Tavern",
    "Castle Waterdeep",
    "Cliffwatch Inn (left)",
    "Cliffwatch Inn (middle)",
    "Cliffwatch Inn (right)",
    "Waterdeep Harbor",
]


def play_until_round(st, last_round):
    """Your agents go to the first free space of PLAN; every question gets its first answer."""
    while st.round < last_round:
        if st.agenda.ask is not None and st.agenda.ask.command == "answer":
            st, _ = act(st, "answer", pick=st.agenda.ask.choices[0].value)
            continue
        for name in PLAN:
            try:
                st, _ = act(st, "place", space=name)
                break
            except (RuleError, InputError):
                continue
    return st


def test_each_round_puts_a_vp_token_on_every_hall_building_and_round_5_a_fifth_agent():
    st, _ = RULES.new_game({"lord": "Mirt"}, 11)
    assert [h.vp for h in st.hall] == [1, 1, 1] and st.agents() == 4
    untouched = {h.building for h in st.hall}
    st = play_until_round(st, 5)
    assert st.round == 5 and st.agents() == 5
    assert all(h.vp == 5 for h in st.hall if h.building in untouched)


def test_castle_waterdeep_gives_you_the_first_player_marker_for_the_next_round():
    st = board([SHRINE])
    st.to_move = "you"
    st.placed = {"pseudo": 4, "you": 3}
    st, facts = act(st, "place", space="Castle Waterdeep")
    assert "You take the first-player marker." in facts
    assert st.round == 2 and st.to_move == "you"
    assert any(f.startswith("Round 2: You go first") for f in facts)


# ---------------------------------------------------------------- start, override, input
def test_start_takes_pseudos_quests_from_the_physical_draw_by_name():
    st, out = RULES.new_game(
        {"lord": "Durnan", "primary": "Infiltrate Halaster", "secondary": "create a shrine"}, 3
    )
    assert (
        st.quests[:2] in (["infiltrate_halasters_circle", "create_a_shrine_to_oghma"],)
        or st.completed
    )
    assert "Pseudo's quests (rule 6): primary Infiltrate Halaster's Circle" in "\n".join(out.facts)
    with pytest.raises(InputError):
        RULES.new_game({"lord": "Durnan", "primary": "Raid"}, 3)  # two quests start with Raid
    with pytest.raises(InputError):
        RULES.new_game({"lord": "Durnan", "primary": "Quell Riots"}, 3)  # mandatory


def test_start_shows_every_house_rule_and_the_first_placement():
    st, out = RULES.new_game({"lord": "Larissa", "harbor": "stay"}, 4)
    text = "\n".join(out.facts)
    for rule in HOUSE_RULES:
        assert f"D{rule.number} `{rule.option}:" in text
    assert "D10 `harbor:stay` (changed)" in text
    assert st.placed["pseudo"] == 1 and "Why: 7B" in text
    assert (
        RULES.replay_hint({"lord": "Larissa", "harbor": "stay", "coin": "seeded"}, 4)
        == "Seed 4: `/waterdeep start lord:Larissa harbor:stay seed:4` replays this game."
    )


def test_override_moves_pseudos_last_agent_and_replays_his_turn_from_there():
    st = board([AMBUSH, OWLBEARS], taken=["field_of_triumph"])
    pseudo_turn(st)
    assert st.occupied == {"field_of_triumph": "you", "the_plinth": "pseudo"}
    moved, facts = act(st, "override", space="Blackstaff Tower")
    assert moved.occupied == {"field_of_triumph": "you", "blackstaff_tower": "pseudo"}
    assert moved.tavern["wizard"] == 1 and moved.tavern["cleric"] == 0
    assert "Pseudo → **Blackstaff Tower**. Why: you moved him there (override)." in facts
    with pytest.raises(RuleError, match="Field of Triumph was not free"):
        act(st, "override", space="Field of Triumph")
    with pytest.raises(RuleError, match="no placement of Pseudo's to move"):
        act(board([AMBUSH]), "override", space="Blackstaff Tower")


def test_bad_input_is_one_line_and_changes_nothing():
    st = board([AMBUSH])
    st.to_move = "you"
    dump = st.model_dump()
    for action, message in [
        ({"command": "place", "space": "²"}, "`²` is no action space on the board."),
        ({"command": "place", "space": "Fetlock Court"}, None),
        ({"command": "final", "track": 5, "adventurers": 0, "gold": 0, "quests": 0}, None),
        ({"command": "answer", "pick": "none"}, "Nothing is waiting for an answer."),
        ({"command": "complete", "quest": "Ambush Artor Morlin"}, None),
        ({"command": "intrigue", "card": "Free Drinks"}, None),
        ({"command": "place", "space": "Builder's Hall"}, None),
        ({"command": "place", "space": 3}, "`space` must be text."),
    ]:
        with pytest.raises((InputError, RuleError)) as err:
            RULES.apply(st, action)
        assert "\n" not in str(err.value)
        if message:
            assert str(err.value) == message
    assert st.model_dump() == dump


def test_d11_pseudo_takes_the_adventurer_the_script_looks_for_or_the_one_you_name():
    st = board([AMBUSH], tavern={"cleric": 1})
    st.to_move = "you"
    st, facts = act(st, "intrigue", card="Call for Adventurers")
    assert "Pseudo takes 1 fighter (D11)." in facts  # Ambush: cleric covered, fighter short
    st = board([AMBUSH], pseudo_choices="you")
    with pytest.raises(InputError):
        act(st, "intrigue", card="Call for Adventurers")
    st, _ = act(st, "intrigue", card="Call for Adventurers", cube="wizard")
    assert st.tavern["wizard"] == 1


def test_rule_5_you_decide_whether_pseudo_gives():
    st = board([AMBUSH], tavern={"rogue": 2})
    given, facts = act(st, "intrigue", card="Recruit Spies", give="yes")
    assert given.tavern["rogue"] == 1 and "score 3 VP (rule 5)" in facts[0]
    kept, _ = act(st, "intrigue", card="Recruit Spies", give="no")
    assert kept.tavern["rogue"] == 2


def test_d12_pseudos_starting_gold_from_the_mat_or_none():
    st, _ = RULES.new_game({"lord": "Mirt", "pseudo_gold": "none"}, 8)
    first, _ = RULES.new_game({"lord": "Mirt"}, 8)
    spent = first.tavern["gold"] - 4
    assert st.tavern["gold"] == spent  # the same first placement, 4 gold less


def test_d1_preset_removes_its_buildings_and_intrigue_cards():
    from bot.games.waterdeep.data import waterdeep_data

    data = waterdeep_data()
    st, _ = RULES.new_game({"lord": "Mirt", "removed_parts": "preset"}, 9)
    left = {data.buildings[i].id for i in st.buildings.draw_pile} | {h.building for h in st.hall}
    assert "the_zoarstar" not in left and "the_palace_of_waterdeep" not in left
    cards = {data.intrigue[i].id for i in st.intrigue_deck.draw_pile}
    assert "change_of_plans" not in cards and "bidding_war" not in cards
    full, _ = RULES.new_game({"lord": "Mirt"}, 9)
    assert len(full.intrigue_deck.draw_pile) - len(st.intrigue_deck.draw_pile) == 1 + 3


def test_the_real_builders_hall_replaces_the_bots_draw():
    hall = [("dragon_tower", 2), ("fetlock_court", 2), ("the_golden_horn", 2)]
    st = board([AMBUSH], hall=hall, in_play=[("the_waymoot", "you")])
    st, facts = act(st, "hall", place=2, building="Caravan")
    assert st.hall[1].building == "caravan_court" and st.hall[1].vp == 2
    assert "Builder's Hall place 2: Caravan Court instead of Fetlock Court" in facts[0]
    assert st.buildings.draw_pile[-1] == 2  # Fetlock Court (index 2) under the stack
    with pytest.raises(RuleError, match="not in the building stack"):
        act(st, "hall", place=1, building="The Waymoot")  # built: in play


def test_drawn_replaces_pseudos_newest_quest_by_the_real_card():
    st = board([AMBUSH, OWLBEARS], tavern={"cleric": 2, "wizard": 1}, free=["blackstaff_tower"])
    st.quest_deck.draw_pile = [0, 1, 2]
    pseudo_turn(st)
    assert st.quests == [AMBUSH, "expose_red_wizards_spies"]
    st, facts = act(st, "drawn", quest="Infiltrate Halaster's Circle")
    assert st.quests == [AMBUSH, "infiltrate_halasters_circle"]
    assert st.quest_deck.draw_pile == [1, 0]
    assert facts[0].startswith("Pseudo's new quest is Infiltrate Halaster's Circle")
    with pytest.raises(RuleError):
        act(board([AMBUSH, OWLBEARS]), "drawn", quest="Host Festival for Sune")


def test_d4_plot_quests_apply_what_needs_no_decision():
    # Study the Illusk Arch: +2 VP whenever he completes an Arcana quest
    st = board([OWLBEARS], tavern={"cleric": 1, "wizard": 1}, free=["blackstaff_tower"])
    st.completed = ["study_the_illusk_arch"]
    facts = pseudo_turn(st)
    assert "Pseudo scores 2 VP (plot quest: Arcana completed): −2 for you (D5)." in facts
    # Recruit Lieutenant: one agent more each round, for whoever completes it
    st = board([AMBUSH])
    st, facts = act(st, "complete", quest="Recruit Lieutenant")
    assert st.agents("you") == 5 and st.agents("pseudo") == 4


def test_d4_a_round_start_plot_quest_gives_pseudo_the_cube_the_script_looks_for():
    from bot.games.waterdeep.turn import start_round

    st = board([AMBUSH], tavern={"cleric": 1})
    st.completed = ["defend_the_tower_of_luck"]
    facts: list[str] = []
    start_round(st, facts)
    assert facts[0] == "Defend the Tower of Luck: Pseudo takes 1 fighter (D4)."


def test_override_of_his_last_agent_in_round_8_reopens_the_round():
    st = board([AMBUSH, OWLBEARS], taken=["field_of_triumph"])
    st.round = 8
    st.placed = {"pseudo": 5, "you": 5}
    st.to_move = "pseudo"
    st.lieutenant = ["pseudo"]  # his sixth agent is the last of the game
    advance(st, Inputs(), [])
    assert st.phase == "final"
    moved, facts = act(st, "override", space="Blackstaff Tower")
    assert moved.phase == "final" and moved.tavern["wizard"] == 1
    assert "Pseudo → **Blackstaff Tower**. Why: you moved him there (override)." in facts


def test_the_board_at_a_glance_shows_his_quests_tavern_agents_spaces_and_the_hall():
    st = board(
        ["quell_riots", AMBUSH, OWLBEARS],
        tavern={"cleric": 1, "gold": 3},
        occupied={"the_plinth": "pseudo", "blackstaff_tower": "you"},
        hall=[("dragon_tower", 2), ("the_golden_horn", 1)],
        in_play=[("jesters_court", "pseudo")],
    )
    st.placed = {"pseudo": 1, "you": 1}
    st.ledger = {PSEUDO_VP: -4}
    assert RULES.board(st) == "\n".join(
        [
            "Round 1/8 · agents placed: Pseudo 1/4, you 1/4 · first player: Pseudo",
            "Pseudo's quests (top first):",
            "1. Quell Riots (2 cleric, 1 fighter → 4 VP)",
            "2. Ambush Artor Morlin (1 cleric, 3 fighter, 1 rogue → 8 VP)",
            "3. Domesticate Owlbears (1 cleric, 2 wizard → 8 VP)",
            "Pseudo's tavern: 1 cleric, 3 gold · completed 0 · his VP 0",
            "Your VP kept here (not on your track): Pseudo's VP (D5) -4",
            "Your agents: Blackstaff Tower · Pseudo's: The Plinth",
            "Builder's Hall (VP tokens): Dragon Tower 2, The Golden Horn 1",
            "Your buildings: – · Pseudo's: Jesters' Court",
            "Jesters' Court: pile 2 rogue",
        ]
    )


def test_7f_with_the_real_pile_asks_which_card_pseudo_drew():
    st = board([SHRINE], free=["castle_waterdeep"], intrigue=["ambush"], pseudo_cards="table")
    pseudo_turn(st)
    assert st.agenda.ask.command == "drawn" and st.agenda.ask.option == "intrigue"
    with pytest.raises(RuleError):
        act(st, "place", space="The Plinth")
    st, facts = act(st, "drawn", intrigue="Ambush")
    assert "7F (Castle Waterdeep): Pseudo draws and plays **Ambush**." in facts
    assert st.intrigue_deck.draw_pile == []  # that copy left the bot's deck too
    assert st.agenda.ask.option == "pick"  # now: do you have a fighter?


def test_d2_redraw_with_the_real_pile_asks_again():
    st = board(
        [SHRINE], free=["castle_waterdeep"], pseudo_cards="table", colourless_intrigue="redraw"
    )
    pseudo_turn(st)
    st, facts = act(st, "drawn", intrigue="Bribe Agent")
    assert "7F: Pseudo draws Bribe Agent, no cube colour: he draws again (D2)." in facts
    assert st.agenda.ask.command == "drawn"
    st, facts = act(st, "drawn", intrigue="Good Faith")
    assert st.tavern["cleric"] == 1
