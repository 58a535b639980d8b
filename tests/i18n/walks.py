"""Seeded full games of all five opponents, played in English and in German side by side.

bench.taps' scripted players play each game in an English console: they read English replies
only. Every line they type is typed into a German console too, at a table of its own in the
same database (same seed, so the same game), and at the start and the end a few lines a
player gets wrong are typed into both. What each console shows is collected: every reply's
text, its question, buttons and select menus, the form's labels, the Discord embed, and
refusals; after the game `/game status` and every page of `/game history`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bench.taps import gah
from bench.taps.alea import AleaPlayers
from bench.taps.glasgow import FreddyII
from bench.taps.gwt import GwtPlayer
from bench.taps.runner import MOST_LINES, Player
from bench.taps.waterdeep import WaterdeepPlayer
from bot.console import Console, render_text
from bot.core.reply import Reply
from bot.i18n import catalog, messages, tr
from bot.on_discord.render import AnswerForm, embed_for, view_for


class FreddyI(FreddyII):
    """Freddy II's table and habits against Freddy I (no tie questions of Freddy II)."""

    label = "Freddy I"

    def start(self) -> str:
        return "/glasgow start freddy:I seed:5"


OPPONENTS: dict[str, Callable[[], Player]] = {
    "Leopold": gah.leopold,
    "Elisabeth": gah.elisabeth,
    "Sam": GwtPlayer,
    "Freddy I": FreddyI,
    "Freddy II": FreddyII,
    "Alea": AleaPlayers,
    "Pseudo": WaterdeepPlayer,
}

# Lines a player gets wrong, each refused in both languages and changing nothing: a start
# typed while the game runs, and before the first line of a command, that command wrong.
MISTAKES: dict[str, list[str]] = {
    "gah": ["/gah start difficulty:brutal"],
    "gwt": ["/gwt start difficulty:brutal", "/gwt turn drover:moon"],
    "glasgow": ["/glasgow start freddy:III", "/glasgow storage stone:full"],
    "alea": ["/alea start mode:paper"],
    "waterdeep": ["/waterdeep start lord:Nobody"],
}
BEFORE: dict[str, list[str]] = {
    "/gah turn": [
        "/gah turn queue:X3 B0 R2 G4 Y0",
        "/gah turn queue:Y3 B0",
        "/gah turn dice:1:2 9:1",
        "/gah turn coloured:P4",
    ],
    "/gah round-end": ["/gah round-end full:7"],
    "/gwt turn": [
        "/gwt turn hazards:lava:3",
        "/gwt turn cattle:Z3",
        "/gwt turn jobs:9:Q",
        "/gwt turn outlaws:3:Q",
    ],
    "/glasgow row": ["/glasgow row buildings:castle:3 shop:2", "/glasgow row buildings:shop:3"],
    "/glasgow build": ["/glasgow build building:3 at:Z9", "/glasgow build building:1 at:A1"],
    "/glasgow room": ["/glasgow room stone:maybe"],
    "/alea auction": ["/alea auction district:Nowhere high_bid:3"],
    "/alea result": ["/alea result outcome:passed plots:z:9"],
    "/waterdeep place": ["/waterdeep place space:Nowhere"],
    "/waterdeep complete": ["/waterdeep complete quest:Nothing"],
}
AFTER = ["/game status", "/game history", "/game history page:2", "/game undo steps:99"]


@dataclass
class Walk:
    """What each language showed, line by line: (the line typed, the texts shown)."""

    opponent: str
    shown: dict[str, list[tuple[str, list[str]]]] = field(
        default_factory=lambda: {"en": [], "de": []}
    )
    # the German replies to the player's lines: lines said from a message vs matched
    # (bot.i18n.messages.TALLY), refusals and the look after the end left out
    tally: Counter[Any] = field(default_factory=Counter)

    def share(self) -> float:
        """The share of the game's reply lines built as messages."""
        total = self.tally["said"] + self.tally["matched"]
        return self.tally["said"] / total if total else 1.0

    def matched(self) -> list[str]:
        return [key[1] for key in self.tally if isinstance(key, tuple)]

    def texts(self, locale: str) -> list[str]:
        return [text for _, texts in self.shown[locale] for text in texts]

    def lines(self, locale: str) -> list[tuple[str, str]]:
        """(the line typed, one line shown), every line of every text."""
        return [
            (typed, line)
            for typed, texts in self.shown[locale]
            for text in texts
            for line in text.split("\n")
        ]


def seen(reply: Reply) -> list[str]:
    """Every text a reader of `reply` sees: in the console, in the Discord embed and its
    buttons or select menu, and in the form a question of several facts opens."""
    texts = [render_text(reply)]
    embed = embed_for(reply)
    texts += [embed.title or "", embed.description or "", embed.footer.text or ""]
    texts += [f"{f.name}: {f.value}" for f in embed.fields]
    view = view_for(reply)
    for item in view.children if view is not None else []:
        texts.append(str(getattr(item, "label", None) or ""))
        texts.append(str(getattr(item, "placeholder", None) or ""))
        texts += [option.label for option in getattr(item, "options", [])]
        texts += [str(getattr(child, "label", "")) for child in getattr(item, "children", [])]
    ask = reply.ask
    if ask is not None:
        texts += [ask.prompt, ask.reason, *(c.label for c in ask.choices)]
        texts += [tr(f.label, reply.locale) for f in ask.fields]
        texts += form_values(reply)
    return [text for text in texts if text]


def in_german(line: str) -> str:
    """The line as a German reader types it, read off what German replies print
    (`/gah zug warteschlange:Ge3 …`: an English `G` is not read in German, where it would be
    gelb or grün)."""
    return catalog("de").command_path(line) if line.startswith("/") else line


def form_values(reply: Reply) -> list[str]:
    """What the Discord form of a question of several facts pre-fills and shows greyed in
    each input, as the line of the command it sends (`/gah turn queue:Ge3 …`)."""
    ask = reply.ask
    if ask is None or not ask.fields:
        return []
    game = str((reply.state or {}).get("game", ""))
    form = AnswerForm(reply.game_id or 0, reply.version or 0, "walk", ask, reply.locale, game)
    book = catalog(reply.locale)  # the command and option in the reader's words, the value as is
    return [
        f"`{book.command_path(f'/{game} {ask.command} {option}:')}{typed}`"
        for option, text in form.inputs.items()
        for typed in (text.default, text.placeholder)
        if typed
    ]


Watch = Callable[[Console, str, Reply], Awaitable[None]]  # (console, line typed, its reply)


async def walk(bot: object, opponent: str, index: int, watch: Watch | None = None) -> Walk:
    """One seeded game against `opponent`, the English player's lines typed in German too;
    `watch` sees every reply of each console (after the line that brought it)."""
    player = OPPONENTS[opponent]()
    english = Console(bot, user_id=1, channel_id=1000 + index)
    german = Console(bot, user_id=3, channel_id=2000 + index)  # Alea's script names partner 2
    await german.execute("lang de")
    result = Walk(opponent)

    async def both(line: str, counted: bool = False) -> Reply:
        said = await english.execute(line)
        messages.TALLY = Counter()
        try:
            heard = await german.execute(in_german(line))
        finally:
            tally, messages.TALLY = messages.TALLY, None
        if counted and heard.ok:
            result.tally.update(tally)
        result.shown["en"].append((line, seen(said)))
        result.shown["de"].append((line, seen(heard)))
        assert said.ok == heard.ok, (line, said.text, heard.text)
        if watch is not None:
            await watch(english, line, said)
            await watch(german, line, heard)
        return said

    line = player.start()
    game = line.split()[0][1:]
    reply = await both(line, counted=True)
    assert reply.ok, reply.text
    for mistake in MISTAKES[game]:
        assert not (await both(mistake)).ok, mistake
    wrong = dict(BEFORE)
    for _ in range(MOST_LINES):
        if player.over(reply):
            break
        line = player.answer(reply)
        for mistake in next((wrong.pop(k) for k in list(wrong) if line.startswith(k)), []):
            assert not (await both(mistake)).ok, mistake
        reply = await both(line, counted=True)
        assert reply.ok, (line, reply.text)
    else:
        raise AssertionError(f"{opponent}: no end after {MOST_LINES} lines")
    for extra in AFTER:
        await both(extra)
    return result
