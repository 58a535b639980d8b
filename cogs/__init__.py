"""One cog per game, plus the generic /game cog. Cogs only turn options into a service call."""
