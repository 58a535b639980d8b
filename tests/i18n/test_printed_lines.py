"""Every command line the bot prints runs as printed (issue 34).

A whole game of every opponent is played in English and in German (tests/i18n/walks.py). At
every reply, each complete command line the reply prints in backticks (no `…` or other blank
to fill) is run against a copy of the game: the same service on the same database in the same
channel, with every write rolled back, so the game goes on untouched. Each line must be
accepted, or refused for the table's state only (a rule, the phase, a button gone stale):
never for an unknown, missing or invalid option or value (`InputError`). A line naming a
command without options (`/gwt end`) is a reference; typed as it is, its refusal says what
each missing option means and which values it takes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.console import Console, render_text
from bot.core.errors import InputError, SoloistError
from bot.core.reply import Reply
from bot.on_discord.client import SoloistBot
from bot.store.database import Database
from bot.table.service import TableService
from tests.i18n.walks import OPPONENTS, walk

CODE = re.compile(r"`(/[^`\n]+)`")
# a blank to fill, not a line to run: `…`, `<district>` (a mention `<@2>` is a value),
# `[steps]`, `card:N`, `tile:`. A `?` is no blank: a line printed with one (a remembered
# queue's refilled space) must run as printed, so the bot prints `…` there
BLANK = re.compile(r"…|<(?![@#]\d)[^>]*>|\[[^\]]*\]|:[NX]\b|:(?:\s|$)")


class _Undone(Exception):
    def __init__(self, result: Any) -> None:
        self.result = result


class RolledBack(Database):
    """The test's database, each write rolled back once decided: a copy of every game."""

    async def write(self, job):  # type: ignore[no-untyped-def]
        def undone(conn):  # type: ignore[no-untyped-def]
            raise _Undone(job(conn))

        try:
            await super().write(undone)
        except _Undone as done:
            return done.result
        raise AssertionError("a write that neither returned nor raised")


def printed(reply: Reply) -> list[str]:
    """The complete command lines a reply prints, each once."""
    found = CODE.findall(render_text(reply))
    return [line for line in dict.fromkeys(found) if not BLANK.search(line)]


def options_of(line: str) -> list[str]:
    return [word for word in line.split(" ")[1:] if ":" in word]


class Copy:
    """Runs printed lines in a console of its own on a fresh service over the rolled-back
    database: its own caches, nothing it does kept."""

    def __init__(self, db: Database) -> None:
        self.db = RolledBack(db.url, schema=db.schema)
        self.bot = SoloistBot(TableService(self.db))
        self.ran = 0
        self.problems: list[str] = []
        self._seen: set[tuple[int, int | None, str]] = set()

    async def open(self) -> None:
        await self.bot.setup_hook()

    async def close(self) -> None:
        await self.db.close()

    async def check(self, console: Console, typed: str, reply: Reply) -> None:
        version = reply.version if reply.ok else None
        for line in printed(reply):
            key = (console.channel_id, version, line)
            if key in self._seen:
                continue
            self._seen.add(key)
            self.bot.serve(TableService(self.db))
            copy = Console(self.bot, user_id=console.user_id, channel_id=console.channel_id)
            copy.locale = console.locale
            ran, error = await copy.attempt(line)
            self.ran += 1
            why = self.verdict(line, error)
            if why:
                said = ran.text.replace("\n", " ")[:300]
                self.problems.append(
                    f"[{console.locale or 'en'}] after `{typed}`: `{line}` {why}: {said}"
                )

    @staticmethod
    def verdict(line: str, error: Exception | None) -> str:
        """Why the line's refusal is wrong ("" when it ran or the table refused it)."""
        if error is None:
            return ""
        if not isinstance(error, SoloistError):
            return f"crashed ({type(error).__name__})"
        if not isinstance(error, InputError):
            return ""  # the table's state: a rule, the phase, a stale button
        if not options_of(line) and getattr(error, "missing", False):
            return ""  # a command named for reference; its refusal explains every option
        return "was refused for what it says"


@pytest.mark.parametrize("opponent", list(OPPONENTS))
async def test_every_command_line_a_reply_prints_runs_as_printed(db, opponent):
    if not db.is_sqlite:
        pytest.skip("the lines are the same on PostgreSQL; the copy's rollback is tested here")
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    copy = Copy(db)
    await copy.open()
    try:
        await walk(bot, opponent, list(OPPONENTS).index(opponent), copy.check)
    finally:
        await copy.close()
    assert copy.ran > 20
    print(copy.ran, "lines ran;", "\n".join(copy.problems))  # shown when it fails
    assert copy.problems == [], copy.ran
