"""The /challenge lines printed where the models cannot be imported (the logbook stands
below bot.challenges) are held to the models here: renaming an option breaks this test."""

from bot.challenges.commands import Void
from bot.logbook.plays import IN_CHALLENGE


def test_the_logbooks_void_line_is_the_models():
    line = Void.line(challenge="{challenge}", player="…", attempt="…", reason="…")
    assert f"`{line}`" in " ".join(IN_CHALLENGE.split())
