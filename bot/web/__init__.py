"""The third front-end beside the Discord cogs and the console: read-only web pages of every
game, player, campaign and server challenge (aiohttp and Jinja2, rendered on the server, no
script, nothing from other sites), over the same table service.

    serve.py    start the pages in a running event loop (`run`, the console), or alone
                (`python -m bot web`: reading the database, writing only the limits' counts)
    site.py     the routes, a game's page, its board picture and link preview
    more.py     player, campaign and server challenge pages
    game_page.py  a game's page from its log (the replay, the sheet, the cards seen)
    live.py     a running game's page followed live (Server-Sent Events from the database)
    guard.py    headers, rate limits, an access log without tokens
    limits.py   the rate limits' buckets, kept in the database (one budget per client
                over every process)
    workers.py  the processes that build game pages (and threads here while they warm up)
    links.py    the address a page has (WEB_BASE_URL), for Discord and the console
"""
