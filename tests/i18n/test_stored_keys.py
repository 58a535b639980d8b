"""The keys a stored message names its declared values by (`Words.key`, `group:what`): a
fact written to the log or a question kept in a state says `{"word": "yellow", "of":
"gah:colour"}`, and is read back by that key (bot/core/said.py `unstored`). A key that stops
being declared (a `what` reworded, a group renamed) leaves every row kept with it shown by its
English token in every language, with no error: so a key stays found once it has been written.
Add a new declaration's key here; rename one only with a migration of the rows that name it."""

import bot.games.registry  # noqa: F401  (each game's names are loaded through it)
from bot.core.values import by_key, declared, groups

WRITTEN = [
    "*:difficulty",
    "*:nothing",
    "*:unchanged",
    "*:yes or no",
    "alea:how the auction ended",
    "alea:mode",
    "alea:scoring round",
    "gah:Emperor table",
    "gah:category of the score pad",
    "gah:cogwheel event",
    "gah:colour",
    "gah:guest",
    "gah:hotel entrance",
    "gah:objective card",
    "glasgow:Freddy",
    "glasgow:building",
    "glasgow:contract",
    "glasgow:good",
    "glasgow:storage full",
    "glasgow:when a factory fires",
    "glasgow:which tenements count",
    "glasgow:your last building",
    "gwt:card action",
    "gwt:category of the score pad",
    "gwt:city",
    "gwt:empty building space",
    "gwt:hazard section",
    "gwt:movement",
    "gwt:outlaw colour",
    'gwt:the "2" worker tile',
    "gwt:where Sam's herder stopped",
    "gwt:who took the job-market token",
    "gwt:worker",
    "help:help topic",
    "leaderboard:period",
    "log:export format",
    "log:outcome",
    "settings:language",
    "settings:on or off",
    "waterdeep:Cliffwatch Inn space",
    "waterdeep:D1",
    "waterdeep:D10",
    "waterdeep:D11",
    "waterdeep:D12",
    "waterdeep:D13",
    "waterdeep:D14",
    "waterdeep:D15",
    "waterdeep:D2",
    "waterdeep:D3",
    "waterdeep:D4",
    "waterdeep:D5",
    "waterdeep:D6",
    "waterdeep:D7",
    "waterdeep:D8",
    "waterdeep:D9",
    "waterdeep:Lord",
    "waterdeep:adventurer",
    "waterdeep:who draws Pseudo's intrigue cards",
]


def test_every_key_a_stored_message_may_name_is_still_declared():
    assert [key for key in WRITTEN if by_key(key) is None] == []


def test_every_declaration_s_key_is_listed_here():
    keys = {d.key for group in groups() for d in declared(group)}
    assert sorted(keys - set(WRITTEN)) == []
