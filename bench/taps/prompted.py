"""The prompt-only player: a whole game played from the bot's replies alone, with a person's
slips, in English or German, counting every tap (bench.taps' second player; runner.py plays
the scripted best case).

The player (one class per opponent, `*_prompted.py` beside this) sees each reply as the
console prints it (`Screen`: the text, the buttons, the lines to edit and send, the hidden
texts); it never reads a Reply object, the public state, button arguments, the README or the
code. It decides a `Press`, a `Reveal` (a spoiler's tap) or a `Typed` line, written with the
command and option names the replies showed it (checked here: an option no reply named is
refused as a script error) and the values its own table gives, in its own language.

Slips: about one typed line in ten gets one value mistyped (a key next to the right one), as
a person types on a phone; the player reads the refusal and types the line again. A refusal
that does not name the option or the mistyped value is counted as unclear. A German value
the bot does not read (English-only values) is refused too: the player takes the value the
refusal lists and keeps using it, and the refusal is counted apart.

An English twin of the game (its own database, same seed) gets the same taps with the
English line: the players follow the opponent's moves on their physical table by its English
sentences (as a German reader follows the German ones), and after every accepted tap both
games' public states must be equal, so a slip the bot accepted is seen: the player takes it
back (`/game undo`) and types the line again, all counted."""

from __future__ import annotations

import asyncio
import random
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from bench.taps.screen import BACKTICKED, Screen, split_options
from bot.console import Console, render_text
from bot.core.reply import Reply
from bot.i18n import catalog
from bot.on_discord.client import SoloistBot
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService

MOST_LINES = 2500
REVEAL = {"en": "reveal", "de": "aufdecken"}  # the console's word to open hidden text
SLIP_RATE = 0.1  # one typed line in ten slips
NEXT_KEY = dict(zip("1234567890", "qwertyuiop", strict=True))  # the letter above each digit
ONE_OF = re.compile(
    r"(?:one of|eines davon sein|eine davon|one of these|Gültig|valid)[^:]*:\s*(.+?)\.?$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Press:
    number: int


@dataclass(frozen=True)
class Reveal:
    number: int


@dataclass(frozen=True)
class Typed:
    """A command line meant: the English command path (`gwt turn`), and each option with its
    value as the player's table gives it (English tokens; `Vocabulary` says them in the
    player's language)."""

    command: str
    options: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, command: str, **options: str | int) -> Typed:
        return cls(command, tuple((k, str(v)) for k, v in options.items()))


Intent = Press | Reveal | Typed


class Vocabulary:
    """The command and option names of one language (the catalog's, which the replies show),
    and the German names a German player gives values (`german`, per option: English token →
    the word they type), until a refusal teaches them the bot's."""

    def __init__(self, locale: str, german: dict[str, Any] | None = None) -> None:
        self.locale = locale
        self._commands = catalog("de").commands  # English path → German name
        self.german = dict(german or {}) if locale == "de" else {}
        self.learned: dict[tuple[str, str], str] = {}  # (option, typed) → what the bot reads

    def name(self, path: str) -> str:
        """An English command path (`gwt turn`) or option path (`gwt turn cattle`) in this
        language: its last word."""
        own = path.rpartition(" ")[2]
        return self._commands.get(path, own) if self.locale == "de" else own

    def command(self, path: str) -> str:
        words = path.split(" ")
        return " ".join(self.name(" ".join(words[: i + 1])) for i in range(len(words)))

    def options(self, path: str) -> dict[str, str]:
        """The command's options: this language's name → the English one."""
        prefix = f"{path} "
        english = {k[len(prefix) :] for k in self._commands if k.startswith(prefix)}
        return {self.name(f"{path} {o}"): o for o in english if " " not in o}

    def value(self, option: str, value: str) -> str:
        """A value as this player types it: in German, each token it has a German word for
        (unless a refusal taught it the bot reads another)."""
        words = self.german.get(option)
        if not words:
            return value
        if callable(words):  # a rule for the whole value (GWT's worker letters)
            said = words(value)
            return self.learned.get((option, said), said)
        out = []
        for token in value.split(" "):
            head, colon, rest = token.partition(":")
            said = words.get(token) or (words.get(head, head) + colon + rest if colon else token)
            out.append(self.learned.get((option, said), said))
        return " ".join(out)

    def parts(self, intent: Typed, own: bool = True) -> tuple[str, list[tuple[str, str]]]:
        """The line's command and `name:value` parts, in this language (`own`) or English."""
        if not own or self.locale == "en":
            return "/" + intent.command, [(o, v) for o, v in intent.options]
        command = "/" + self.command(intent.command)
        said = []
        for option, value in intent.options:
            typed = catalog("de").command_path(f"/{intent.command} {option}:{value}")
            local = typed.split(" ", 2)[2].partition(":")[2]  # the catalog's German words
            said.append((self.name(f"{intent.command} {option}"), self.value(option, local)))
        return command, said

    def read(self, screen: Screen, path: str) -> list[dict[str, str]]:
        """Every example of `path` the screen shows (backticked, or the line to edit and
        send), as English option name → the value shown."""
        command = "/" + self.command(path)
        names = self.options(path)
        found = []
        lines = screen.commands() + ([f"/{screen.edit}"] if screen.edit else [])
        for line in lines:
            if line == command or line.startswith(command + " "):
                _, values = split_options(line, set(names))
                found.append({names[k]: v for k, v in values.items()})
        return found


class PromptPlayer(Protocol):
    label: str
    german: dict[str, Any]  # option → {English token: German word} or a rule for the value

    def start(self) -> str:
        """The start line (English; the console reads it in either language)."""
        ...

    def decide(self, screen: Screen, english: Screen | None, speak: Vocabulary) -> Intent:
        """The next tap; `english`: the twin's reply when it is new (the opponent's moves to
        follow on the table), None after a tap that changed nothing (a reveal)."""
        ...

    def over(self, state: dict[str, Any]) -> bool:
        """Whether the game has ended (the runner's measure, never the player's reading)."""
        ...

    def opponent_turns(self, state: dict[str, Any]) -> int: ...


@dataclass
class PromptCount:
    label: str
    locale: str
    typed: int = 0  # accepted typed lines
    presses: int = 0
    reveals: int = 0
    refused: int = 0  # every refused line
    slips: int = 0  # mistyped values the player made
    unclear: int = 0  # refusals of a slip that named neither the option nor the value
    fixed_in_one: int = 0  # refusals followed at once by an accepted line
    german_values: int = 0  # German values refused (the bot reads only another name)
    lacking: int = 0  # lines refused for something they lacked, added from the refusal
    accepted_slips: int = 0  # slips the bot took: undone and typed again
    characters: int = 0
    turns: int = 0
    refusals: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    @property
    def taps(self) -> int:
        return self.typed + self.presses + self.reveals + self.refused

    @property
    def per_turn(self) -> float:
        return self.taps / self.turns if self.turns else float("nan")


class Table:
    """Two consoles on their own databases: the counted game, and its English twin."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.dbs: list[Database] = []
        self.consoles: list[Console] = []

    async def open(self, locale: str) -> None:
        for name in ("game", "twin"):
            url = f"sqlite+aiosqlite:///{Path(self.folder) / name}.db"
            await asyncio.to_thread(upgrade, url)  # Alembic runs its own event loop
            self.dbs.append(Database(url))
            bot = SoloistBot(TableService(self.dbs[-1]))
            await bot.setup_hook()
            self.consoles.append(Console(bot, user_id=1, channel_id=1))
        if locale != "en":  # a setting, not a move: not counted
            await self.consoles[0].execute(f"lang {locale}")

    async def close(self) -> None:
        for db in self.dbs:
            await db.close()


def slip(value: str, rng: random.Random) -> str | None:
    """The value with one key mistyped: a digit's neighbour above it, or two letters swapped
    (the first place where that changes the word); None when it has nothing to slip on."""
    digits = [i for i, ch in enumerate(value) if ch in NEXT_KEY]
    if digits:
        i = rng.choice(digits)
        return value[:i] + NEXT_KEY[value[i]] + value[i + 1 :]
    for i in range(1, len(value) - 1):
        a, b = value[i], value[i + 1]
        if a.isalpha() and b.isalpha() and a != b:
            return value[:i] + b + a + value[i + 2 :]
    return None


def slipped_word(right: str, wrong: str) -> str:
    """The word (letters and digits) of `wrong` that holds the slip: what a clear refusal
    quotes back."""
    i = next(i for i, (a, b) in enumerate(zip(right, wrong, strict=False)) if a != b)
    start = i
    while start > 0 and wrong[start - 1].isalnum():
        start -= 1
    end = i
    while end < len(wrong) and wrong[end].isalnum():
        end += 1
    return wrong[start:end].strip(" :=")


def text_of(command: str, parts: list[tuple[str, str]]) -> str:
    return " ".join([command, *(f"{o}:{v}" for o, v in parts)])


async def play_prompted(
    player: PromptPlayer, *, locale: str = "en", seed: int = 1, slips: float = SLIP_RATE
) -> PromptCount:
    """One whole game against the opponent, from its replies alone (see the module's text)."""
    with tempfile.TemporaryDirectory() as folder:
        table = Table(folder)
        await table.open(locale)
        try:
            return await Session(
                player, Vocabulary(locale, player.german), table, seed, slips
            ).run()
        finally:
            await table.close()


class Session:
    """One game played by a prompt-only player: its taps on the counted game and the twin."""

    def __init__(
        self, player: PromptPlayer, speak: Vocabulary, table: Table, seed: int, slips: float
    ) -> None:
        self.player, self.speak, self.seed = player, speak, seed
        self.game, self.twin = table.consoles
        self.every = round(1 / slips) if slips else 0  # one typed line in `every` slips
        self.count = PromptCount(player.label, speak.locale)
        # what the replies named: commands (English paths), and option names in the player's
        # language (in a command line, or alone: "`done:yes` on your last one")
        self.seen: dict[str, set[str]] = {"": set()}

    async def run(self) -> PromptCount:
        count, player = self.count, self.player
        start = player.start()
        count.lines.append(start)
        count.typed += 1
        count.characters += len(start)
        reply, mirror = await self.game.execute(start), await self.twin.execute(start)
        followed = None
        for _ in range(MOST_LINES):
            screen = Screen(render_text(reply))
            english = Screen(render_text(mirror)) if mirror is not followed else None
            followed = mirror
            self._learn(screen)
            if player.over(reply.state or {}):
                count.turns = player.opponent_turns(mirror.state or {})
                return count
            intent = player.decide(screen, english, self.speak)
            if isinstance(intent, Reveal):  # the opened text is what the player sees next
                reply = await self._reveal(intent)
            elif isinstance(intent, Press):
                reply, mirror = await self._press(intent)
            else:
                reply, mirror = await self._type(intent)
        raise RuntimeError(f"{player.label}: no end after {MOST_LINES} lines")

    def _learn(self, screen: Screen) -> None:
        for line in [*BACKTICKED.findall(screen.text), screen.edit or ""]:
            for path in _paths(self.speak, line.strip().lstrip("/")):
                self.seen.setdefault(path, set())
        for fragment in re.findall(r"`([^`]*)`", screen.text + f"`{screen.edit or ''}`"):
            self.seen[""].update(re.findall(r"(?:^|\s)([^\s:/`]+):", fragment))

    async def _reveal(self, intent: Reveal) -> Reply:
        line = f"{REVEAL[self.count.locale]} {intent.number}"  # as the hidden text says it
        shown = await self.game.execute(line)
        if not shown.ok:
            raise RuntimeError(f"{self.count.label}: {line}: {shown.facts}")
        self.count.reveals += 1
        self.count.lines.append(line)
        return shown

    async def _press(self, intent: Press) -> tuple[Reply, Reply]:
        line = f"{'drück' if self.speak.locale == 'de' else 'press'} {intent.number}"
        reply = await self.game.execute(line)
        if not reply.ok:
            raise RuntimeError(f"{self.count.label}: `{line}` refused: {reply.facts}")
        self.count.presses += 1
        self.count.lines.append(line)
        mirror = await self.twin.execute(f"press {intent.number}")
        self._same(reply, mirror, intent)
        return reply, mirror

    async def _type(self, intent: Typed) -> tuple[Reply, Reply]:
        """The line, perhaps with a slip; each refusal read and the line typed again; the
        twin gets the English line once the game took it."""
        count, speak = self.count, self.speak
        named = {speak.name(f"{intent.command} {o}") for o, _ in intent.options}
        unknown = named - self.seen[""]
        if intent.command not in self.seen or unknown:
            raise RuntimeError(
                f"{count.label}: `{intent.command}` {sorted(unknown)} typed but no reply named it"
            )
        command, parts = speak.parts(intent)
        slipped = self._slip(intent, parts)
        if slipped is not None:
            parts = slipped[2]
        twin_told = False
        for _ in range(4):
            line = text_of(command, parts)
            reply = await self.game.execute(line)
            count.lines.append(line)
            if reply.ok:
                count.typed += 1
                count.characters += len(line)
                if not twin_told:
                    english_command, english_parts = speak.parts(intent, own=False)
                    mirror = await self.twin.execute(text_of(english_command, english_parts))
                    if not mirror.ok:
                        raise RuntimeError(f"{count.label}: the twin refused {intent}")
                    twin_told = True
                if slipped is not None and not self._equal(reply, mirror):
                    count.accepted_slips += 1  # the reply shows it: take it back, type again
                    undo = "/" + speak.command("game undo")
                    await self.game.execute(undo)
                    count.lines.append(undo)
                    count.typed += 1
                    slipped = None
                    command, parts = speak.parts(intent)
                    continue
                self._same(reply, mirror, intent)
                return reply, mirror
            count.refused += 1
            refusal = " ".join(reply.facts)
            count.refusals.append(f"{line} → {refusal}")
            if slipped is not None:
                name, word, _ = slipped
                if f"`{name}`" not in refusal and word not in refusal:
                    count.unclear += 1
                    count.refusals[-1] += "  [unclear]"
                slipped = None
            elif _learn_value(speak, intent, refusal):
                count.german_values += 1
            else:  # the refusal asks for something the line lacked: the player adds it
                fix = getattr(self.player, "fix", None)
                fixed = fix(intent, refusal) if fix is not None else None
                if fixed is None:
                    raise RuntimeError(f"{count.label}: `{line}` was refused: {refusal}")
                intent = fixed
                count.lacking += 1
            count.fixed_in_one += 1
            command, parts = speak.parts(intent)
        raise RuntimeError(f"{count.label}: {intent} refused again and again")

    def _slip(
        self, intent: Typed, parts: list[tuple[str, str]]
    ) -> tuple[str, str, list[tuple[str, str]]] | None:
        """One typed line in `every` slips (the fifth, the fifteenth, …: the same lines in
        either language, where a key can slip in both), on an option and a key the line's own
        draw chooses: (option, the mistyped word, the parts as typed)."""
        count = self.count
        lines = count.typed + count.refused - count.fixed_in_one + count.accepted_slips
        if not self.every or lines % self.every != self.every // 2 or not parts:
            return None
        rng = random.Random(f"{self.seed}:{count.typed}")
        i = rng.randrange(len(parts))
        english = self.speak.parts(intent, own=False)[1][i][1]
        wrong = slip(parts[i][1], rng)
        if wrong is None or slip(english, random.Random(0)) is None:
            return None
        count.slips += 1
        typed = [*parts[:i], (parts[i][0], wrong), *parts[i + 1 :]]
        return parts[i][0], slipped_word(parts[i][1], wrong), typed

    def _equal(self, reply: Reply, mirror: Reply) -> bool:
        a, b = reply.state or {}, mirror.state or {}
        comparable = getattr(self.player, "comparable", None)
        return a == b or (comparable is not None and comparable(a) == comparable(b))

    def _same(self, reply: Reply, mirror: Reply, intent: Intent) -> None:
        """Both games must stand the same after a tap; a German value read as another
        word would show here."""
        if not self._equal(reply, mirror):
            raise RuntimeError(
                f"{self.count.label}: the game and its English twin differ after {intent}: "
                f"{_diff(reply.state or {}, mirror.state or {})}"
            )


def _paths(speak: Vocabulary, line: str) -> list[str]:
    """The English command paths a shown line (in the player's language) may be."""
    words = line.split(" ")
    found = []
    for n in (2, 3):
        shown = " ".join(words[:n])
        for key in catalog("de").commands:
            if key.count(" ") == n - 1 and speak.command(key) == shown:
                found.append(key)
    return found


def _learn_value(speak: Vocabulary, intent: Typed, refusal: str) -> bool:
    """A German value the bot does not read: the refusal lists the ones it does; the player
    takes the English token among them and types it from now on."""
    if speak.locale == "en":
        return False
    match = ONE_OF.search(refusal)
    listed = {w.strip(" `.").lower() for w in match.group(1).split(",")} if match else set()
    learned = False
    for option, value in intent.options:
        for token in value.split(" "):
            head = token.partition(":")[0]
            said = speak.value(option, token).partition(":")[0]
            named = said in refusal or f"`{speak.name(f'{intent.command} {option}')}`" in refusal
            if said != head and (head.lower() in listed or not listed) and named:
                speak.learned[(option, said)] = head
                learned = True
    return learned


def _diff(a: dict[str, Any], b: dict[str, Any]) -> str:
    keys = sorted({*a, *b})
    return "; ".join(f"{k}: {a.get(k)!r} vs {b.get(k)!r}" for k in keys if a.get(k) != b.get(k))


def table_of(best: list[Any], counts: list[PromptCount]) -> str:
    """The README's table: per opponent, the scripted best case beside the prompt-only player
    in each language (every tap counted: typed, pressed, revealed and refused lines)."""
    langs = list(dict.fromkeys(c.locale for c in counts))
    head = "| opponent | opponent turns | best case |"
    rule = "|---|---:|---:|"
    for lang in langs:
        head += f" prompt-only {lang} (refused) |"
        rule += "---:|"
    head += " per opponent turn: best |" + "".join(f" {lang} |" for lang in langs)
    rule += "---:|" * (1 + len(langs))
    rows = [head, rule]
    by_label = {c.label: c for c in best}
    for label in dict.fromkeys(c.label for c in counts):
        mine = {c.locale: c for c in counts if c.label == label}
        b = by_label.get(label)
        turns = next(iter(mine.values())).turns
        cells = [label, str(turns), str(b.taps) if b else "–"]
        cells += [f"{mine[lang].taps} ({mine[lang].refused})" for lang in langs]
        cells.append(f"{b.per_turn:.2f}" if b else "–")
        cells += [f"{mine[lang].per_turn:.2f}" for lang in langs]
        rows.append("| " + " | ".join(cells) + " |")
    for lang in langs:
        mine = [c for c in counts if c.locale == lang]
        rows.append(
            f"\n{lang}: {sum(c.slips for c in mine)} slips, {sum(c.refused for c in mine)} "
            f"refused lines ({sum(c.unclear for c in mine)} unclear, "
            f"{sum(c.german_values for c in mine)} German values the bot did not read, "
            f"{sum(c.lacking for c in mine)} lacking an option), "
            f"{sum(c.fixed_in_one for c in mine)} fixed by the next line, "
            f"{sum(c.accepted_slips for c in mine)} slips the bot accepted, "
            f"{sum(c.reveals for c in mine)} hidden bids opened"
        )
    return "\n".join(rows)
