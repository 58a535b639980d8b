"""The intrigue cards that touch Pseudo, by what they ask of him (the rules for each are in
rules.py; `/waterdeep intrigue` autocompletes these)."""

RETURNS = {  # attack cards: each opponent returns one; what you get for each who cannot
    "ambush": ("fighter", "take 1 fighter"),
    "arcane_mishap": ("wizard", "draw 1 intrigue card"),
    "assassination": ("rogue", "take 2 gold"),
    "lack_of_faith": ("cleric", "score 2 VP"),
}
GIFTS = {  # "1 chosen opponent takes ..."
    "conscription": {"fighter": 1},
    "crime_wave": {"rogue": 1},
    "good_faith": {"cleric": 1},
    "graduation_day": {"wizard": 1},
    "spread_the_wealth": {"gold": 2},
}
RULE5 = {  # "each opponent may give you ... to score N VP": you decide for Pseudo
    "recruit_spies": ("rogue", 1, 3),
    "request_assistance": ("fighter", 1, 3),
    "research_agreement": ("wizard", 1, 5),
    "summon_the_faithful": ("cleric", 1, 5),
    "tax_collection": ("gold", 4, 4),
}
TOUCHING = ("call_for_adventurers", "free_drinks", "change_of_plans", "bidding_war")  # own rules
