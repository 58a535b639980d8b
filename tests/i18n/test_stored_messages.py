"""A line kept in the database is said from its message (issue 45): the facts of the log and a
pending question in the state keep their key and values (bot/core/said.py `stored`), so
`/game history`, the web replay and a question read back after a restart are said in German
as when they were first replied, none of their lines matched; a row kept before (plain
English) is still read, through the matcher."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from sqlalchemy import select

from bench.stored import as_english_text
from bench.taps import gah
from bench.taps.glasgow import FreddyII
from bot.console import Console
from bot.core.agenda import Ask
from bot.core.checkpoint import Checkpoint
from bot.core.said import (
    Fenced,
    Listed,
    Name,
    Said,
    english_data,
    fenced,
    listed,
    name,
    say,
    stored,
    unstored,
    value,
)
from bot.core.values import by_key, groups
from bot.core.values import declared as declarations
from bot.i18n import messages, tr
from bot.on_discord.client import SoloistBot
from bot.ops import verify
from bot.store.models import ActionRow, GameRecord, GameRow
from bot.table.exports import export_file
from bot.table.importing import check_export
from bot.table.service import TableService
from bot.web.build import Ask as PageAsk
from bot.web.build import Builder
from tests.i18n.walks import in_german

LINES = {"Leopold": 14, "Freddy II": 6}  # lines of play: the game still runs, a question pending


def _declared_values():
    """(declaration, token) of every value declared in every game."""
    return [(d, w.token) for g in groups() for d in declarations(g) for w in d.words]


def every_declaration_has_its_own_key() -> None:
    keys: dict[str, object] = {}
    for group in groups():
        for declared in declarations(group):
            assert keys.setdefault(declared.key, declared) is declared, declared.key
            assert by_key(declared.key) is declared


def test_each_declaration_is_found_again_by_its_stable_key():
    every_declaration_has_its_own_key()


VALUES = st.sampled_from(_declared_values())
PLAIN = st.sampled_from(["34th St West", "yellow", "3 spaces", "||10||", "Cliffwatch Inn"])
# printed names (bot/core/said.py `name`): one that is also a word the catalog says
# (`yellow`), so a name said as a word would show
NAMES = st.sampled_from(["Loot the Crypt", "Cliffwatch Inn (left)", "yellow", "Waterdeep Harbor"])

NEEDS = st.sampled_from([listed(["2 cleric", "1 gold"]), listed([name("Loot the Crypt")]), 0])


@st.composite
def a_value(draw, depth: int = 2):
    kind = draw(st.integers(0, 6 if depth else 4))
    if kind == 4:
        return name(draw(NAMES))
    if kind == 0:
        return draw(st.integers(-5, 10**6))
    if kind == 1:
        return draw(PLAIN)
    if kind == 2:
        declared, token = draw(VALUES)
        letter = draw(st.booleans())
        return value(declared, token, letter=letter, after=draw(st.sampled_from(["", 3, "0"])))
    if kind == 3:
        return draw(st.floats(allow_nan=False, allow_infinity=False, width=32))
    if kind == 5:
        items = draw(st.lists(a_value(depth - 1), max_size=3))
        return listed(items, draw(st.sampled_from([", ", " ", "; "])))
    return a_line(draw, depth - 1)


def a_line(draw, depth: int) -> Said:
    template = draw(st.sampled_from(KEYS if depth else KEYS[:-1]))
    names = sorted({part.split("}")[0] for part in template.split("{")[1:]})
    if template == KEYS[-1]:
        return say(template, **{name: a_line(draw, depth - 1) for name in names})
    if template == QUEST:  # a join key takes no plain text: the quest as a printed name
        return say(
            template, i=draw(st.integers(1, 9)), quest=name(draw(NAMES)), needs=draw(NEEDS), vp=4
        )
    return say(template, **{name: draw(a_value(depth)) for name in names})


QUEST = "{i}. {quest} ({needs} → {vp} VP)"  # a join key: a printed name among its values
KEYS = [
    "{n}. **{district}**: Alea bids {bid}",
    "Alea wins {district} with {bid}.",
    "last time: `{value}`",
    "Alea in {district}: {n}",
    "plays: {done} of {total}, {left} left",
    "Unchanged",
    QUEST,
    "{a}\n{b}",  # lines put together: of messages only
]


@settings(max_examples=300, deadline=None)
@given(st.builds(lambda: None), st.data())
def test_a_message_kept_as_json_is_said_again_exactly(_, data):
    line = data.draw(st.composite(lambda draw: a_line(draw, 2))())
    kept = json.loads(json.dumps(stored(line)))  # as the database gives it back
    again = unstored(kept)
    assert isinstance(again, Said) and again.key == line.key
    assert str(again) == str(line)  # the English text, identical
    assert tr(again, "de") == tr(line, "de")  # German, said identically
    if any(word in line.key for word in ("wins", "bids", "plays", "last time")):
        assert tr(again, "de") != str(again)  # and said in German, not left English
    assert english_data({"ask": kept, "n": [kept]}) == {"ask": str(line), "n": [str(line)]}


def test_a_printed_name_is_said_as_it_is_spelt_and_a_join_key_takes_it():
    line = say(QUEST, i=1, quest=name("yellow"), needs=listed(["2 cleric"]), vp=4)
    assert str(line) == "1. yellow (2 cleric → 4 VP)"
    assert tr(line, "de") == "1. yellow (2 Kleriker → 4 SP)"  # a name, not the word `gelb`
    assert stored(line)["with"]["quest"] == {"name": "yellow"}
    assert isinstance(unstored(stored(line)).values["quest"], Name)
    with pytest.raises(ValueError):  # a plain text would stay English: refused
        say(QUEST, i=1, quest="Loot the Crypt", needs="", vp=4)


def test_a_board_drawn_in_text_keeps_its_rows_and_says_its_marks():
    line = say("{head}\n{grid}", head=say("Unchanged"), grid=fenced(" 1 sh FA ··\n   B  C"))
    assert str(line) == "Unchanged\n```\n 1 sh FA ··\n   B  C\n```"
    again = unstored(json.loads(json.dumps(stored(line))))
    assert isinstance(again.values["grid"], Fenced) and str(again) == str(line)
    assert tr(again, "de").split("\n")[2] == tr(str(line), "de").split("\n")[2] == " 1 la FA ··"


def test_a_value_no_longer_declared_keeps_its_english_token_and_letter():
    kept = {"say": "{a} {b}", "with": {"a": {"word": "yellow", "of": "nowhere:gone"}}}
    kept["with"]["b"] = {"word": "yellow", "of": "nowhere:gone", "letter": "Y", "after": "3"}
    again = unstored(kept)
    assert str(again) == "yellow Y3"
    assert isinstance(again.values["a"], type(value(*_declared_values()[0])))
    plain = unstored({"listed": ["a", 1], "glue": " "})
    assert isinstance(plain, Listed) and plain.glue == " "


async def _consoles(db) -> tuple[Console, Console]:
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    english, german = Console(bot, user_id=1, channel_id=11), Console(bot, user_id=3, channel_id=12)
    await german.execute("lang de")
    return english, german


PLAYERS = {"Leopold": gah.leopold, "Freddy II": FreddyII}  # Glasgow keeps its question


async def _play_in_german(db, opponent: str) -> None:
    """A seeded game played `LINES` lines in German (what to type read off an English twin at
    a table of its own, as tests/i18n/walks.py does)."""
    english, german = await _consoles(db)
    player = PLAYERS[opponent]()
    line = player.start()
    for _ in range(LINES[opponent]):
        reply = await english.execute(line)
        heard = await german.execute(in_german(line))
        assert reply.ok and heard.ok, (line, heard.text)
        line = player.answer(reply)


async def _counted(run) -> tuple[Counter, object]:
    messages.TALLY = Counter()
    try:
        out = await run()
    finally:
        tally, messages.TALLY = messages.TALLY, None
    return tally, out


IN_GERMAN = select(GameRow.id, GameRow.version).where(GameRow.channel_id == 12)


async def _read_back(db) -> dict[str, Any]:
    """In German, after a restart (a new service, nothing cached): `/game history` (every
    page), the web replay of every step, and `/game status` with its question."""
    german = (await _consoles(db))[1]
    shown: dict[str, Any] = {}
    game, version = await db.read(lambda conn: conn.execute(IN_GERMAN).one())
    for page in range(1, -(-version // 10) + 1):
        command = "/spiel verlauf" + (f" seite:{page}" if page > 1 else "")
        shown[f"history {page}"] = await _counted(lambda c=command: german.execute(c))
    shown["status"] = await _counted(lambda: german.execute("/spiel status"))
    builder = Builder(db, inline=True)
    for step in range(1, version + 1):
        page = PageAsk(game, step, "de")
        shown[f"web {step}"] = await _counted(lambda p=page: builder.page(p))
    return shown


@pytest.mark.parametrize("opponent", list(PLAYERS))
async def test_history_web_replay_and_a_question_after_a_restart_are_said_from_messages(
    db, opponent
):
    await _play_in_german(db, opponent)
    assert await verify(db) == (2, [])  # replays are exact: the state's messages as replayed
    shown = await _read_back(db)
    for what, (tally, _) in shown.items():
        assert tally["matched"] == 0, (what, [k for k in tally if isinstance(k, tuple)])
    said = {what: tally["said"] for what, (tally, _) in shown.items()}
    history = sum(n for what, n in said.items() if what.startswith("history"))
    assert history >= LINES[opponent] // 2, said  # a step's fact (a step may only ask)
    status = shown["status"][1]
    assert status.ok and status.ask is not None, status.text  # the question, read back
    assert said["status"] >= 2, said  # its prompt and its lines, at least
    if opponent == "Freddy II":  # its question is kept in the state: as messages
        state = await db.read(
            lambda conn: conn.scalar(select(GameRow.state).where(GameRow.channel_id == 12))
        )
        assert '"say"' in json.dumps(state["agenda"]["ask"])
    assert all(said[f"web {step}"] >= 1 for step in range(2, LINES[opponent] + 1)), said


@pytest.mark.parametrize("opponent", list(PLAYERS))
async def test_a_row_kept_as_plain_english_is_still_read_and_matched(db, opponent):
    await _play_in_german(db, opponent)
    kept = await _read_back(db)

    await as_english_text(db)  # every fact and question as English text, as kept before
    stored_facts = await db.read(lambda conn: conn.scalars(select(ActionRow.facts)).all())
    assert all(type(fact) is str for facts in stored_facts for fact in facts)
    assert await verify(db) == (2, [])  # a question kept as text is its replay's English
    old = await _read_back(db)
    assert sum(tally["matched"] for tally, _ in old.values()) > 20  # through the matcher
    for what in [what for what in old if not what.startswith("web")]:
        assert old[what][1].ok
        assert old[what][1].text == kept[what][1].text, what  # read as it was said
    assert old["status"][1].ask.prompt == kept["status"][1].ask.prompt


async def test_the_export_keeps_english_text_and_imports_again(db):
    await _play_in_german(db, "Freddy II")  # a question pending, kept as messages

    def exported(conn) -> bytes:
        row = GameRecord.from_row(
            conn.execute(select(GameRow).where(GameRow.channel_id == 12)).one()
        )
        return export_file(conn, row)[1]

    data = await db.read(exported)
    assert b'"say"' not in data  # the file is what it was: a question's lines as English text
    assert check_export(data).actions  # and its log replays to that state (as English)


class Kept(BaseModel):
    ask: Ask | None = None
    checkpoint: str | None = None  # the state before a step, as JSON text (Waterdeep's)


def asking(prompt: str) -> Ask:
    return Ask(prompt=prompt, command="auction", option="bid")


def test_a_state_kept_inside_a_state_compares_as_english_too():
    line = say("Alea wins {district} with {bid}.", district="X", bid=3)
    asked, plain = Kept(ask=asking(line)), Kept(ask=asking(str(line)))
    for state in (asked, plain):
        Checkpoint().keep(state)
    assert '"say"' in asked.model_dump(mode="json")["checkpoint"]
    assert asked.model_dump(mode="json") != plain.model_dump(mode="json")
    assert english_data(asked.model_dump(mode="json")) == plain.model_dump(mode="json")
    assert Checkpoint().restore(asked, "none").ask.prompt.key == line.key  # read back whole
