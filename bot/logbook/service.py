"""The logbook service: what /log, /stats, /streak, /history and /leaderboard call.

`LogbookService` is its parts at once, each a class of its own module on bot/logbook/base.py:

    plays.py      log_play, edit_play, delete_play (the single writer's jobs)
    stats.py      stats, streak, leaderboard        history.py    history
    campaigns.py  check_filters, campaigns          cards.py      result_card, results_channel
    settings.py   set_timezone, set_streak_reminder, due_streak_reminders
    exports.py    export (CSV and JSON, BG Stats, BoardGameGeek), import_csv
    imports.py    import_file (CSV, BG Stats, BoardGameGeek: exchange.py reads the last two)
"""

from __future__ import annotations

from bot.logbook.base import COLOUR
from bot.logbook.campaigns import Campaigns
from bot.logbook.cards import CARD_RESULTS, Cards
from bot.logbook.history import PAGE, History
from bot.logbook.imports import Imports
from bot.logbook.plays import Plays
from bot.logbook.settings import REMINDERS_PER_TICK, Settings
from bot.logbook.stats import MIN_PLAYS_FOR_RATE, PERIODS, Stats

__all__ = [
    "CARD_RESULTS",
    "COLOUR",
    "MIN_PLAYS_FOR_RATE",
    "PAGE",
    "PERIODS",
    "REMINDERS_PER_TICK",
    "LogbookService",
]


class LogbookService(Plays, Stats, History, Campaigns, Cards, Settings, Imports):
    """What cogs, the console, the client and the benchmarks call; see the module's docstring."""
