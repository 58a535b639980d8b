"""The words the bench's Waterdeep player reads in the replies and types back, in English and
German (what the German replies tell a German player to type)."""

CUBE_WORDS = {  # as the replies print them, in English and German
    "cleric": ("cleric", "Kleriker"),
    "fighter": ("fighter", "Kämpfer"),
    "rogue": ("rogue", "Schurke"),
    "wizard": ("wizard", "Magier"),
}
ENGLISH = {
    "place": "place",
    "space": "space",
    "building": "building",
    "card": "card",
    "give": "give",
    "no": "no",
    "quest": "quest",
    "agent": "agent",
    "round": "round",
    "complete": "complete",
    "missing": "missing",
    "castle": "castle",
    "yes": "yes",
    "harbor": "harbor",
}
GERMAN = {  # what the German replies tell a German player to type
    "place": "einsetzen",
    "space": "feld",
    "building": "gebäude",
    "card": "karte",
    "give": "geben",
    "no": "nein",
    "quest": "auftrag",
    "agent": "agent",
    "round": "runde",
    "complete": "erfüllen",
    "missing": "fehlend",
    "castle": "burg",
    "yes": "ja",
    "harbor": "hafen",
}
