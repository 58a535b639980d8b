"""The house rules D1–D15: what the surviving rule text leaves open, each a named setting.

The defaults (listed first) are the proposals of the facts sheet
(shared/reference/lords-of-waterdeep.md §3); each has one alternative. They are start options,
shown at the start, stored with the game and recorded with the play (the changed ones, by
number, as the logbook's `modules`); `bot.core.house_rules` does all of that.
"""

from __future__ import annotations

from bot.core.house_rules import HouseRule, HouseRules
from bot.games.waterdeep.commands import PlayIntrigue

HOUSE_RULES = HouseRules(
    HouseRule(
        1,
        "removed_parts",
        {
            "none": "rule 1's list is lost: nothing is removed; Zoarstar and Palace are worth 0",
            "preset": "remove The Zoarstar, The Palace of Waterdeep, Change of Plans, Bidding War",
        },
    ),
    HouseRule(
        2,
        "colourless_intrigue",
        {
            "discard": "7F: an intrigue card without a cube colour is discarded without effect",
            "redraw": "7F: Pseudo draws again until a card with a cube colour",
        },
    ),
    HouseRule(
        3,
        "pseudo_completes",
        {
            "one": "after his action Pseudo completes at most one quest, then draws up to two",
            "all": "after his action Pseudo completes every quest his tavern covers",
        },
    ),
    HouseRule(
        4,
        "pseudo_rewards",
        {
            "full": "Pseudo takes his quest rewards (adventurers, gold, intrigue 7F, quest 7E, "
            "building)",
            "vp_only": "Pseudo's quest rewards give only their VP",
        },
    ),
    HouseRule(
        5,
        "pseudo_vp",
        {
            "subtract": "every VP Pseudo scores is subtracted from your score",
            "ignore": "Pseudo's VP count for nothing",
        },
    ),
    HouseRule(
        6,
        "lord_bonus",
        {
            "as_earned": "your Lord bonus is scored as earned (+4 a quest, Larissa +6 a building)",
            "at_end": "your Lord bonus is scored at the end, as in the base game",
        },
    ),
    HouseRule(
        7,
        "resource_order",
        {
            "left_to_right": "7B: each quest's resources read left to right (cleric, fighter, "
            "rogue, wizard, gold)",
            "right_to_left": "7A: each quest's resources read right to left (gold, wizard, "
            "rogue, fighter, cleric)",
        },
    ),
    HouseRule(
        8,
        "space_costs",
        {
            "net": "a space with a cost counts only if Pseudo can pay; its value is gains "
            "minus cost",
            "gross": "a space with a cost counts only if Pseudo can pay; its value is its gains",
        },
    ),
    HouseRule(
        9,
        "building_worth",
        {
            "vp_tokens": "7D: the building worth most VP = most VP tokens in Builder's Hall",
            "cost": "7D: the building worth most VP = the dearest one he can afford",
        },
    ),
    HouseRule(
        10,
        "harbor",
        {
            "reassign": "at round end Pseudo's agents in the Harbor are reassigned by 7A–7D",
            "stay": "at round end Pseudo's agents in the Harbor are not reassigned",
        },
    ),
    HouseRule(
        11,
        "pseudo_choices",
        {
            "script": "when your card lets Pseudo take an adventurer, he takes it by 7B/7C",
            "you": "when your card lets Pseudo take an adventurer, you name it "
            f"(`{PlayIntrigue.line(cube='')}`)",
        },
    ),
    HouseRule(
        12,
        "pseudo_gold",
        {
            "mat": "Pseudo starts with 4 gold (first player), you with 5",
            "none": "Pseudo starts with no gold, you with 5",
        },
    ),
    HouseRule(
        13,
        "pseudo_leftovers",
        {
            "nothing": "Pseudo's leftover adventurers and gold score nothing",
            "subtract": "Pseudo's leftovers score as yours would and are subtracted from "
            "your score",
        },
    ),
    HouseRule(
        14,
        "larissa_quests",
        {
            "keep_first": "7E with Larissa Neathal (no quest types): keep the first quest drawn",
            "none": "7E with Larissa Neathal: you get no quest",
        },
    ),
    HouseRule(
        15,
        "coin",
        {
            "seeded": "7C 'flip a coin': a seeded draw, written to the log",
            "ask": "7C 'flip a coin': you choose among the tied spaces",
        },
    ),
    prefix="D",
)
