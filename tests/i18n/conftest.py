"""The live bot, as the Discord tests build it."""

from tests.cogs.conftest import simcord_bot, table

__all__ = ["simcord_bot", "table"]
