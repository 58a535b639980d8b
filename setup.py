"""The one thing pyproject.toml cannot say: the top-level data/ folder (the game data) goes
into the wheel as the package `bot.gamedata`, so an installed bot finds it from any folder
(bot/core/data.py). Everything else about the build is in pyproject.toml."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["bot*", "cogs*"]), "bot.gamedata"])
