"""/challenge: server challenges (cogs/challenge_server.py); the personal play-count challenges
join this group when the branches meet."""

from __future__ import annotations

from discord.ext import commands

from cogs.base import ServiceAccess
from cogs.challenge_server import ServerChallengeCommands


class ChallengeCog(
    ServerChallengeCommands,
    ServiceAccess,
    commands.GroupCog,
    group_name="challenge",
    description="Challenges: a whole server against the same opponent",
):
    pass


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ChallengeCog(bot))
