"""The one table service every front-end calls: start, act, status, undo, abandon, history,
export and import, players, reminders and campaigns, one code path for all fronts.

Every command that changes a game is one transaction under a per-channel lock, with a version
compare-and-swap as the second guard (which is what protects a game across processes). That
write path lives once, in bot/table/writing.py; each stage of a game's life is a class of its
own module standing on it (bot/table/stage.py), and `TableService` is all of them at once:

    starting.py   start, abandon            undoing.py    undo (finish.py: reopening an end)
    acting.py     act                       exports.py    export, import_game
    settings.py   players, remind, campaign reading.py    status, look, game_status, query,
                                                          history, show (ended.py: a finished
                                                          game's result, who sees one by id)
    pages.py      the web pages' links and a server's opt-in (page_reads.py: what the pages
                  read, for bot/web)

Which game a reading command sees is one rule, `Stage.viewed` (stage.py).
"""

from __future__ import annotations

from bot.table.acting import Acting
from bot.table.exports import Exports
from bot.table.importing import MAX_SEED, MAX_STEPS
from bot.table.pages import Pages
from bot.table.reading import HISTORY_PAGE, Reading
from bot.table.settings import CAMPAIGN_CHARS, MAX_PLAYERS, Settings, campaign_name
from bot.table.stage import no_game
from bot.table.starting import Starting
from bot.table.undoing import Undoing
from bot.table.writing import Change, Offload, compare_and_swap, insert_log

__all__ = [
    "CAMPAIGN_CHARS",
    "HISTORY_PAGE",
    "MAX_PLAYERS",
    "MAX_SEED",
    "MAX_STEPS",
    "Change",
    "Offload",
    "TableService",
    "campaign_name",
    "compare_and_swap",
    "insert_log",
    "no_game",
]


class TableService(Starting, Acting, Undoing, Exports, Settings, Reading, Pages):
    """What cogs, the console, the client and the benchmarks call; see the module's docstring."""
