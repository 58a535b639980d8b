"""Every refusal leads on (issue 45, Deliver 3), over a seeded full game of every opponent in
English and in German (tests/i18n/walks.py).

At a fixed sample of the replies of each game (SAMPLE below: every kind of wrong line at every
kind of point the game reaches, in each language), lines a player gets wrong are typed into a
copy of the game
(tests/i18n/test_printed_lines.py's `Copy`: the same service on the same database, every write
rolled back): each line the reply prints, with an unknown option, an option's name slipped,
an unknown value, an empty value, or no options at all; a line the player typed earlier (out of
turn, or while another question waits); another game's command; another player's line; an
undo too far. Each is refused, and its refusal's last sentence holds either a backticked
command line that runs as printed in that state, or the list of choices (two or more values
in backticks)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bot.console import Console
from bot.core.errors import InputError, SoloistError, said_as
from bot.core.reply import Reply
from bot.on_discord.client import SoloistBot
from bot.table.service import TableService
from tests.i18n.test_printed_lines import BLANK, Copy, printed
from tests.i18n.walks import OPPONENTS, walk

# A fixed sample instead of every 9th reply: each way of getting a printed line wrong, and a
# line typed earlier, is tried SAMPLE times for each command, in each language; each other
# wrong line (another game's, another player's, an undo too far, …) SAMPLE times at each kind
# of point of the game (its language, and the question it waits on or its phase). 832 lines
# tried over the seven games instead of 1,530 (docs/performance.md, "The suite's time").
SAMPLE = 1
CODE = re.compile(r"`([^`\n]*)`")
OTHER_GAME = {  # a command of a game not played in the channel
    "gah": "/gwt turn herder:trail",
    "gwt": "/gah turn dice:1:2",
    "glasgow": "/alea auction district:Rathaus high_bid:3",
    "alea": "/waterdeep complete quest:Nothing",
    "waterdeep": "/glasgow storage stone:full",
}


def last_sentence(text: str) -> str:
    """The refusal's last sentence: after the last `. `, `; ` or `: ` outside backticks."""
    hidden = CODE.sub(lambda m: "`" + "x" * len(m.group(1)) + "`", text)
    cut = max((m.end() for m in re.finditer(r"[.;!?]\s", hidden.rstrip())), default=0)
    return text[cut:]


def wrong_lines(line: str) -> list[tuple[str, str]]:
    """A printed line got wrong each way a player gets one wrong: (the way, the line)."""
    words = line.split(" ")
    named = [i for i, w in enumerate(words) if ":" in w]
    head = " ".join(w for w in words if ":" not in w)
    lines = [("unknown option", f"{line} zzyzx:1"), ("no options", head)]
    if named:
        first = named[0]
        name, _, value = words[first].partition(":")
        slipped = [*words[:first], f"{name}x:{value}", *words[first + 1 :]]
        empty = [*words[:first], f"{name}:", *words[first + 1 :]]
        wrong = "999" if value.isdigit() else "xyzzy"
        unknown = [*words[:first], f"{name}:{wrong}", *words[first + 1 : first + 1]]
        lines += [("slipped name", " ".join(slipped)), ("empty value", " ".join(empty))]
        lines += [("unknown value", " ".join(unknown))]
    return lines


def point(console: Console, reply: Reply) -> tuple[str, str]:
    """The kind of a point of the game: the language, and the question it waits on (or, when
    none, its phase)."""
    ask = reply.ask
    asked = (ask.command, ask.option) if ask else (reply.state or {}).get("phase", "")
    return (console.locale or "en", str(asked))


class Refusals(Copy):
    """The copy of test_printed_lines, typing wrong lines and judging their refusals."""

    def __init__(self, db) -> None:  # type: ignore[no-untyped-def]
        super().__init__(db)
        self.replies = 0
        self.tried = 0
        self.typed: dict[int, list[str]] = {}  # by channel: the lines the player typed
        self.found: list[str] = []
        self.said: Counter[str] = Counter()  # German refusals' parts by how they are said
        self.matched: Counter[str] = Counter()
        self.sampled: Counter[tuple[object, str]] = Counter()  # (point, way): times tried

    def console(self, console: Console, user: int | None = None) -> Console:
        self.bot.serve(TableService(self.db))
        copy = Console(self.bot, user_id=user or console.user_id, channel_id=console.channel_id)
        copy.locale = console.locale
        return copy

    async def watch(self, console: Console, typed: str, reply: Reply) -> None:
        history = self.typed.setdefault(console.channel_id, [])
        self.replies += 1
        if reply.ok:
            game = str((reply.state or {}).get("game", ""))
            tries = [(f"{way}: {cmd}", line) for way, cmd, line in self.printed_wrong(reply)]
            earlier = [line for line in dict.fromkeys(reversed(history)) if line != typed]
            earlier = [line for line in earlier if line.startswith("/")][:3]
            tries += [
                (f"an earlier line: {' '.join(line.split(' ')[:2])}", line) for line in earlier
            ]
            tries += [("another game", OTHER_GAME.get(game, "/gah turn dice:1:2"))]
            tries += [("undo too far", "/game undo steps:99"), ("a start", f"/{game} start")]
            tries += [("no such command", f"/{game} nothing"), ("no subcommand", "/game")]
            if printed(reply):
                tries += [("another player's line", printed(reply)[0])]
            where = point(console, reply)
            for way, line in tries:
                # a line of a command (named in `way` after its `:`): once per language
                key = (where[:1] if ":" in way else where, way)
                if self.sampled[key] >= SAMPLE:
                    continue
                self.sampled[key] += 1
                user = 99 if way == "another player's line" else None
                await self.judge(console, typed, line, user=user)
        history.append(console_line(console, typed))

    @staticmethod
    def printed_wrong(reply: Reply) -> list[tuple[str, str, str]]:
        return [
            (way, " ".join(line.split(" ")[:2]), wrong)
            for line in printed(reply)[:2]
            for way, wrong in wrong_lines(line)
        ]

    async def judge(self, console: Console, after: str, line: str, user: int | None = None) -> None:
        ran, error = await self.console(console, user).attempt(line)
        self.tried += 1
        if error is None:
            return
        if console.locale == "de":
            self.tally(error)
        text = ran.text
        why = await self.leads_on(console, text, user)
        if why:
            who = f" (user {user})" if user else ""
            self.found.append(
                f"[{console.locale or 'en'}] after `{after}`: `{line}`{who} {why}: {text}"
            )

    def tally(self, error: Exception) -> None:
        """Count a German refusal's parts (its message, its `Now:` line) by how they are said:
        built as a message (said from its key) or a plain English line (matched)."""
        said_already = getattr(error, "said", False)  # put in German where it was built
        said = said_as(error) is not None
        self.said["message said" if said else "message matched"] += 1
        if not said:  # which: what is left to build as a message
            self.matched[str(getattr(error, "args", [""])[0]).split(" Now: ")[0][:70]] += 1
        if said_already:
            self.said["message German when built (matched)"] += 1
        now = getattr(error, "now", None)
        if now is not None:
            self.said["now said" if hasattr(now, "key") else "now matched"] += 1

    async def leads_on(self, console: Console, text: str, user: int | None, depth: int = 0) -> str:
        """Why the refusal `text` does not lead on ("" when it does)."""
        if not isinstance(text, str) or not text:
            return "said nothing"
        tail = last_sentence(text)
        quoted = CODE.findall(tail)
        lines = [q for q in quoted if q.startswith("/") and not BLANK.search(q)]
        for line in lines:
            ran, error = await self.console(console, user).attempt(line)
            if error is None:
                return ""
            if not isinstance(error, SoloistError):
                return f"crashed running `{line}`"
            # the line meant (an option's name mended), refused for the table's state: that
            # refusal must lead on in its turn
            again = depth == 0 and not isinstance(error, InputError)
            if again and not await self.leads_on(console, ran.text, user, depth=1):
                return ""
        values = [q for q in quoted if not q.startswith("/")]
        if len(values) >= 2 or re.search(r":\s*`[^`/]", tail):  # the choices, or a list of one
            return ""
        if lines:
            return f"ends with `{lines[0]}`, refused"
        return "ends with no line to type and no choices"


def console_line(console: Console, typed: str) -> str:
    from tests.i18n.walks import in_german

    return in_german(typed) if console.locale == "de" else typed


@pytest.mark.parametrize("opponent", list(OPPONENTS))
async def test_every_refusal_ends_with_a_line_that_runs_or_the_choices(db, opponent):
    if not db.is_sqlite:
        pytest.skip("the refusals are the same on PostgreSQL; the copy's rollback is tested here")
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    refusals = Refusals(db)
    await refusals.open()
    try:
        await walk(bot, opponent, list(OPPONENTS).index(opponent), refusals.watch)
    finally:
        await refusals.close()
    print(f"{opponent}: German refusals {dict(refusals.said)}")  # docs/i18n.md "Refusals"
    print(refusals.matched.most_common(12))
    points = {where for where, _ in refusals.sampled if len(where) == 2}
    print(refusals.tried, "wrong lines tried at", len(points), "kinds of point")  # on failure
    assert refusals.found == [], "\n".join(refusals.found)
    assert refusals.tried > 50
    # every game was tried wrong at more than its start, in both languages
    assert {where[0] for where in points} == {"en", "de"} and len(points) > 4


def test_the_last_sentence_is_after_the_last_stop_outside_code():
    said = "`a. b` is wrong. Try `/gah turn queue:Y3 B0. x`."
    assert last_sentence(said) == "Try `/gah turn queue:Y3 B0. x`."
