"""The game data (YAML, and the catalogs in locales/), shipped in the wheel as `bot.gamedata`.

This file only makes the folder a package, so an editable install finds it too; read the data
through bot.core.data, never by a path."""
