"""Every value /waterdeep commands take, declared once with its German name
(bot/core/values.py): the models, the cog's choices, the house rules, the refusals and the
German lines all use these. Imports nothing of the game: the cog declares its options from
these without loading it (a game loads on its first command)."""

from __future__ import annotations

from bot.core.values import Word, Words, words
from bot.core.vocabulary import YES_NO

GROUP = "waterdeep"

LORD = words(
    "Lord",
    *(
        Word(name, label=name)
        for name in (
            "Brianne",
            "Caladorn",
            "Durnan",
            "Khelben",
            "Kyriani",
            "Larissa",
            "Mirt",
            "Nindil",
            "Nymara",
            "Piergeiron",
            "Sammereza",
        )
    ),
    group=GROUP,
)
CUBE = words(
    "adventurer",
    Word("cleric", "kleriker", label="cleric"),
    Word("fighter", "kämpfer", label="fighter", aliases=("kaempfer",)),
    Word("rogue", "schurke", label="rogue"),
    Word("wizard", "magier", label="wizard"),
    group=GROUP,
)
GIVE = YES_NO.relabel(yes="yes, Pseudo gives it", no="no, he keeps it")
CASTLE = YES_NO.only("yes").relabel(yes="yes, I took it")
# the three spaces of Cliffwatch Inn, our part of its printed name: `Cliffwatch Inn (left)`
CLIFFWATCH = words(
    "Cliffwatch Inn space",
    Word("left", "links"),
    Word("middle", "mitte"),
    Word("right", "rechts"),
    group=GROUP,
)


def _rule(what: str, *values: tuple[str, str, str]) -> Words:
    """A house rule's values (token, German name, what it means on a choice), default first;
    a choice shows the value before what it means (`redraw: Pseudo draws again`), as the
    start's summary names it."""
    declared = tuple(Word(token, de, label=said) for token, de, said in values)
    return Words(what, declared, group=GROUP, shown_named=True)


# the house rules D1-D15 (settings.py says what each value does in full)
HOUSE_RULE_VALUES = {
    "removed_parts": _rule(
        "D1",
        ("none", "keine", "rule 1's list is lost (default)"),
        ("preset", "vorgabe", "a guess at the lost list"),
    ),
    "colourless_intrigue": _rule(
        "D2",
        ("discard", "ablegen", "discard it (default)"),
        ("redraw", "nachziehen", "Pseudo draws again"),
    ),
    "pseudo_completes": _rule(
        "D3", ("one", "einen", "one quest (default)"), ("all", "alle", "every quest he can")
    ),
    "pseudo_rewards": _rule(
        "D4", ("full", "voll", "full rewards (default)"), ("vp_only", "nur_sp", "their VP only")
    ),
    "pseudo_vp": _rule(
        "D5",
        ("subtract", "abziehen", "subtracted from you (default)"),
        ("ignore", "ignorieren", "ignored"),
    ),
    "lord_bonus": _rule(
        "D6", ("as_earned", "sofort", "as earned (default)"), ("at_end", "am_ende", "at the end")
    ),
    "resource_order": _rule(
        "D7",
        ("left_to_right", "links_nach_rechts", "left to right, 7B (default)"),
        ("right_to_left", "rechts_nach_links", "right to left, 7A"),
    ),
    "space_costs": _rule(
        "D8",
        ("net", "netto", "net: gains minus cost (default)"),
        ("gross", "brutto", "gross: the gains alone"),
    ),
    "building_worth": _rule(
        "D9",
        ("vp_tokens", "sp_marker", "most VP tokens (default)"),
        ("cost", "kosten", "dearest he can afford"),
    ),
    "harbor": _rule(
        "D10",
        ("reassign", "neu_einsetzen", "reassigned (default)"),
        ("stay", "bleiben", "they stay"),
    ),
    "pseudo_choices": _rule(
        "D11", ("script", "skript", "the script picks (default)"), ("you", "du", "you pick")
    ),
    "pseudo_gold": _rule(
        "D12", ("mat", "tableau", "4 gold, as on the mat (default)"), ("none", "keine", "no gold")
    ),
    "pseudo_leftovers": _rule(
        "D13",
        ("nothing", "nichts", "score nothing (default)"),
        ("subtract", "abziehen", "subtracted from you"),
    ),
    "larissa_quests": _rule(
        "D14",
        ("keep_first", "ersten_behalten", "keep the first quest (default)"),
        ("none", "keine", "no quest"),
    ),
    "coin": _rule(
        "D15", ("seeded", "seed", "a seeded coin (default)"), ("ask", "fragen", "you choose")
    ),
    "pseudo_cards": _rule(
        "who draws Pseudo's intrigue cards",
        ("bot", "bot", "I draw them (default)"),
        ("table", "tisch", "you draw the real ones"),
    ),
}
