"""Play one scripted, typical full game per opponent through the console and count what the
player had to do: typed commands, button presses, characters typed, the opponent's turns.

A script is a `Player`: it keeps its own physical table (the markets, the city, the hand) and
changes it between the opponent's turns as a real game would (hiring, buying, building), then
answers whatever the bot asks the way a person at that table would: press a button where one
fits, else type the shortest line that works. It never reads the bot's code, only its replies."""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from bot.console import Console
from bot.core.reply import Reply
from bot.i18n import catalog
from bot.on_discord.client import SoloistBot
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService

MOST_LINES = 2000  # a script that has not finished by then is stuck


class Player(Protocol):
    label: str  # the opponent, as the table prints it ("Sam", "Freddy II")

    def start(self) -> str: ...

    def answer(self, reply: Reply) -> str:
        """The next line: a command typed in full, or `press N` for the N-th button shown."""
        ...

    def over(self, reply: Reply) -> bool: ...

    def opponent_turns(self, reply: Reply) -> int:
        """How many turns the opponent took in the game, read from the last reply's state."""
        ...


# A script that follows the opponent by reading its English sentences (GWT's Sam) says so with
# `reads_english = True`: in another language the same lines also go to an English twin of
# the game (its own database, same seed, same lines, so the same buttons), and the script reads
# the twin's reply, as a German player reads the German one. Only the German game is counted.


@dataclass
class Count:
    label: str
    commands: int = 0
    presses: int = 0
    reveals: int = 0  # hidden texts opened (Alea's bids: a spoiler's tap, `reveal N`)
    characters: int = 0
    turns: int = 0
    lines: list[str] = field(default_factory=list)

    @property
    def taps(self) -> int:
        return self.commands + self.presses + self.reveals

    @property
    def per_turn(self) -> float:
        return self.taps / self.turns if self.turns else float("nan")

    def add(self, line: str) -> None:
        self.lines.append(line)
        if line.split(" ", 1)[0] in {"press", "pick"}:
            self.presses += 1
        else:
            self.commands += 1
            self.characters += len(line)


async def play(player: Player, *, locale: str | None = None) -> Count:
    """One whole game on a fresh database; a line the bot refuses stops it (the script is
    wrong, or the bot is)."""
    twin = locale not in (None, "en") and getattr(player, "reads_english", False)
    with tempfile.TemporaryDirectory() as folder:
        consoles, dbs = [], []
        try:
            for name in ("taps", "twin")[: 1 + twin]:
                url = f"sqlite+aiosqlite:///{Path(folder) / name}.db"
                await asyncio.to_thread(upgrade, url)  # Alembic runs its own event loop
                dbs.append(Database(url))
                bot = SoloistBot(TableService(dbs[-1]))
                await bot.setup_hook()
                consoles.append(Console(bot, user_id=1, channel_id=1))
            if locale is not None:  # a setting, not a move: not counted
                await consoles[0].execute(f"lang {locale}")
            count = Count(player.label)
            line = player.start()
            for _ in range(MOST_LINES):
                count.add(line)
                typed = [line] * len(consoles)
                if locale not in (None, "en") and line.startswith("/"):  # as its reader types
                    typed[0] = catalog(locale).command_path(line)  # it: German's `Ge3`, not `G3`
                replies = [await c.execute(t) for c, t in zip(consoles, typed, strict=True)]
                for reply in replies:
                    if not reply.ok:
                        raise RuntimeError(f"{player.label}: `{line}` was refused: {reply.facts}")
                if player.over(replies[0]):
                    count.turns = player.opponent_turns(replies[-1])
                    count.reveals = getattr(player, "reveals", 0)
                    return count
                line = player.answer(replies[-1])
            raise RuntimeError(f"{player.label}: no end after {MOST_LINES} lines")
        finally:
            for db in dbs:
                await db.close()


def table(counts: list[Count]) -> str:
    """The Markdown table the README shows."""
    rows = [
        "| opponent | commands + presses + reveals | typed | pressed | revealed | characters "
        "| opponent turns | per opponent turn |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for c in counts:
        rows.append(
            f"| {c.label} | {c.taps} | {c.commands} | {c.presses} | {c.reveals} "
            f"| {c.characters} | {c.turns} | {c.per_turn:.2f} |"
        )
    total_taps, total_turns = sum(c.taps for c in counts), sum(c.turns for c in counts)
    if total_turns:
        rows.append(
            f"| all | {total_taps} | | | | | {total_turns} | {total_taps / total_turns:.2f} |"
        )
    return "\n".join(rows)
