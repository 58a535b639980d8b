"""The table's own replies in German (issue 45): `/game …`, settings, the logbook, challenges,
/help and /about, typed into a German console over one scripted table. Counted, as
tests/i18n/test_german_games.py counts a game's, are the lines a reader sees (facts, prompt,
buttons, question, and here the title and the board drawn in text too) said from a message
vs matched line by line (bot.i18n.messages.TALLY); refusals are left out.
`SOLOIST_SHOW_MATCHED=1` prints the matched lines: what is left to build as a message."""

from __future__ import annotations

import dataclasses
import os
from collections import Counter
from pathlib import Path
from typing import Any

from sqlalchemy import select

from bot.console import Console
from bot.core.reply import Ctx
from bot.core.said import say
from bot.i18n import localize, messages, tr
from bot.logbook.service import LogbookService
from bot.on_discord.client import SoloistBot
from bot.store.models import GameRow
from bot.table import reminders
from bot.table.reminders import waiting_text
from bot.table.service import TableService
from tests.i18n.walks import in_german

# not typed: said as the cogs say them
REMINDER = "(the reminder the scheduler posts)"
CARD = "(the result card of a finished game)"
CONFIRM = "(a Fifth Avenue attempt waiting for its partner, who confirms it)"
IMPORTS = "(/log import of a BG Stats file, twice, and of the logbook's own CSV)"
EXCHANGE = Path(__file__).parents[1] / "logbook" / "exchange"

# (group, the English line typed); each is typed in German (the German command names)
SCRIPT: list[tuple[str, str]] = [
    ("start", "/glasgow start freddy:I seed:7"),
    ("status", "/game status"),
    ("players", "/game players"),
    ("players", "/game players add:12"),
    ("players", "/game players remove:12"),
    ("play", "/glasgow action both:yes"),
    ("remind", "/game remind after:3"),
    ("remind", "/game remind after:3"),
    ("remind", "/game remind after:off"),
    ("reminder", REMINDER),
    ("result card", CARD),
    ("campaign", "/game campaign name:Spring"),
    ("campaign", "/game campaign name:off"),
    ("undo", "/game undo"),
    ("game history", "/game history"),
    ("export", "/game export"),
    ("settings", "/settings language choice:de"),
    ("help", "/help"),
    ("help", "/help game:gah"),
    ("help", "/help game:gah topic:start"),
    ("about", "/about"),
    ("challenge help", "/help topic:challenge"),
    ("challenge help", "/help topic:server"),
    ("log", "/log play game:gah opponent:Leopold score:142 opponent_score:131"),
    ("log", "/log play game:gwt opponent:Sam outcome:win"),
    ("log", "/log timezone name:Europe/Vienna"),
    ("log", "/log remind at:7"),
    ("log", "/log remind at:off"),
    ("log", "/log export"),
    ("imports", IMPORTS),
    ("stats", "/stats"),
    ("stats", "/stats game:gah opponent:Leopold"),
    ("streak", "/streak"),
    ("plays", "/history"),
    ("leaderboard", "/leaderboard"),
    ("abandon", "/game abandon"),
    ("challenges", "/challenge new name:Year plays:3 games:2"),
    ("challenges", "/challenge new name:Picks plays:2 pick:gah:Leopold:hard glasgow solo:true"),
    ("challenges", "/challenge list"),
    ("challenges", "/challenge show name:Year"),
    ("challenges", "/challenge share name:Picks"),
    ("challenges", "/challenge delete name:Year"),
    ("challenges", "/challenge restore"),
    ("challenge", "/challenge open game:glasgow name:Spring days:7 options:freddy:II attempts:2"),
    ("challenge", "/challenge info"),
    ("challenge", "/challenge join"),
    ("challenge", "/challenge standings"),
    ("challenge corrections", "/challenge void player:{me} attempt:1 reason:wrong table"),
    ("challenge close", "/challenge close"),
    ("challenge confirm", CONFIRM),
]

# The groups whose replies are built as messages throughout: every line a German reader sees
# is said from its key, none matched.
AS_MESSAGES = {
    "start",
    "status",
    "game history",
    "play",
    "undo",
    "players",
    "remind",
    "campaign",
    "export",
    "abandon",
    "settings",
    "help",
    "about",
    "log",
    "stats",
    "streak",
    "plays",
    "leaderboard",
    "challenge",
    "challenge help",
    "reminder",
    "result card",
    "challenges",
    "challenge corrections",
    "challenge close",
    "imports",
    "challenge confirm",
}


async def played(db) -> dict[str, Counter[Any]]:
    """The script typed in English (where the suite's audit finds a message whose key, or a
    value in it, has no German) and in German, at a table and server of its own."""
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    english = Console(bot, user_id=1, channel_id=1, guild_id=5)
    console = Console(bot, user_id=2, channel_id=2, guild_id=6)
    await console.execute("lang de")
    counted: dict[str, Counter[Any]] = {}
    messages.WHOLE = True
    try:
        for group, line in SCRIPT:
            if line == REMINDER:
                counted[group] = await reminded(bot)
                continue
            if line == CARD:
                counted[group] = await carded(bot)
                continue
            if line == CONFIRM:
                counted[group] = await confirmed(bot)
                continue
            if line == IMPORTS:
                counted[group] = await imported(bot)
                continue
            said = await english.execute(line.replace("{me}", "1"))
            messages.TALLY = Counter()
            try:
                reply = await console.execute(in_german(line.replace("{me}", "2")))
            finally:
                tally, messages.TALLY = messages.TALLY, None
            assert reply.ok == said.ok, (line, said.text, reply.text)
            if reply.ok:
                counted.setdefault(group, Counter()).update(tally)
            else:
                counted.setdefault(group, Counter())[("refused", line, reply.text)] += 1
    finally:
        messages.WHOLE = False
    return counted


async def reminded(bot: SoloistBot) -> Counter[Any]:
    """The reminder the scheduler would post now for the German console's game, line by line
    as cogs/game.py says it, and with the hours and a status message it may name."""
    service = bot.service
    query = select(GameRow.id).where(GameRow.channel_id == 2, GameRow.status == "active")
    game_id = await service.db.read(lambda conn: conn.scalar(query))
    row, reply = await service.game_status(game_id)
    messages.TALLY = Counter()
    try:
        for shown in (row, dataclasses.replace(row, remind_after=3, status_message_id=9)):
            said = [tr(line, "de") for line in reminders.reminder_lines(shown, reply)]
            for line in reminders.reminder_lines(shown, reply):
                messages.tally(line, lambda text: True)
            assert said[1] == "Nächster Schritt:" and "schaltet diese Erinnerungen aus" in said[-1]
        on = say("Reminder on: {when}, I ping this game's players here.", when=waiting_text(3))
        assert tr(on, "de").startswith("Erinnerung an: nach 3 Stunden ohne Zug pinge ich")
        return messages.TALLY
    finally:
        messages.TALLY = None


async def carded(bot: SoloistBot) -> Counter[Any]:
    """The result card of a finished Fifth Avenue game of two players in a campaign, as
    cogs/logbook.py says it (each player's outcome, margin, streaks and campaign)."""
    table, here = bot.service, Ctx(guild_id=6, channel_id=3, user_id=2)
    started = await table.start(here, "alea", {"mode": "virtual"}, 3, players=[4])
    await table.campaign(here, "Spring")
    await table.act(here, "alea", {"command": "supply_empty"})
    partner = Ctx(6, 3, 4)
    await table.act(partner, "alea", {"command": "end", "score": 40, "partner_score": 42})
    assert started.game_id is not None
    card = await LogbookService(table.db).result_card(started.game_id)
    assert card is not None
    messages.TALLY = Counter()
    try:
        german = localize(card, "de")
        assert german.title == f"Ergebnis · Fifth Avenue · Spiel #{started.game_id}"
        assert german.facts[0] == "<@2> gegen <@4> (mit Alea): **Niederlage** 40–42 (Abstand -2)"
        assert german.facts[2] == "Kampagne **Spring**: 1 Partie(n), 0 Sieg(e)"
        return messages.TALLY
    finally:
        messages.TALLY = None


async def confirmed(bot: SoloistBot) -> Counter[Any]:
    """A Fifth Avenue server challenge on a German server of its own: the owner's final
    scores wait for the partner (the standings say so), then the partner confirms them."""

    async def german(user: int, channel: int, **more: Any) -> Console:
        console = Console(bot, user_id=user, channel_id=channel, guild_id=7, **more)
        await console.execute("lang de")
        return console

    host = await german(31, 30, admin=True)
    owner, partner = await german(32, 300), await german(33, 30)
    lines = [
        "/challenge open game:alea name:Pairs days:7 options:mode:virtual attempts:2",
        "/challenge join partner:33",
        "/alea supply-empty",
        "/alea end score:99 partner_score:47",
    ]
    for who, line in zip([host, owner, owner, owner], lines, strict=True):
        done = await who.execute(in_german(line))
        assert done.ok, (line, done.text)
    messages.TALLY = Counter()
    try:
        board = await owner.execute(in_german("/challenge standings"))
        assert "wartet darauf, dass <@33> als Partner" in board.text, board.text
        said = await partner.execute(in_german("/challenge confirm"))
        assert said.ok and "hat die" in said.facts[0], said.text
        return messages.TALLY
    finally:
        messages.TALLY = None


async def imported(bot: SoloistBot) -> Counter[Any]:
    """`/log import` as the German reader sees it: the progress line and the reply of a BG
    Stats file (new, then every play a duplicate) and of the logbook's own CSV."""
    logbook, me = LogbookService(bot.service.db), Ctx(guild_id=6, channel_id=2, user_id=2)
    blob = (EXCHANGE / "bgstats_table.json").read_bytes()
    shown: list[str] = []

    async def progress(text: str) -> None:
        shown.append(tr(text, "de"))
        messages.tally(text, lambda line: True)

    messages.TALLY = Counter()
    try:
        first = localize(await logbook.import_file(me, blob, progress), "de")
        assert first.facts[0] == "5 Partien aus BG Stats importiert; 0 Duplikate übersprungen."
        again = localize(await logbook.import_file(me, blob, progress), "de")
        assert again.facts[0] == "0 Partien aus BG Stats importiert; 5 Duplikate übersprungen."
        exported = await logbook.export(me)
        csv = next(data for file, data in exported.files if file.endswith(".csv"))
        own = localize(await logbook.import_csv(me, csv, progress), "de")
        assert own.title == "Logbuch-Import" and own.facts[0].startswith("0 Partien importiert")
        assert shown[0] == "5 Partien geprüft; sie werden gespeichert …", shown
        return messages.TALLY
    finally:
        messages.TALLY = None


async def test_the_tables_own_replies_in_messages_not_matched_lines(db, capsys):
    counted = await played(db)
    left = {}
    with capsys.disabled():
        for group, tally in counted.items():
            said, matched = tally["said"], tally["matched"]
            share = said / (said + matched) if said + matched else 1.0
            print(f"\n{group}: {said} lines said, {matched} matched, {share:.0%} as messages")
            if os.environ.get("SOLOIST_SHOW_MATCHED"):
                print("\n".join(f"  {key[1:]}" for key in tally if isinstance(key, tuple)))
            left[group] = [key[1] for key in tally if isinstance(key, tuple)]
    assert sum(t["said"] + t["matched"] for t in counted.values()) > 50
    for group in AS_MESSAGES:
        assert left[group] == [], group
