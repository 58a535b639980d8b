"""What only Discord needs, together: the bot (client.py: login, the cogs, one error handler,
the buttons that outlive a restart), a reply as an embed with its components (render.py), and
the command names and descriptions in German (translator.py). The console and the web pages
are the other front-ends; nothing below the front-ends imports this package.

Importing it imports nothing: `python -m bot run` logs in with discord.py and `client` alone."""
