"""A server challenge's game names no coming draw on any path that shows a game.

Each opponent's game is played whole as a challenge attempt through the console, and after
every command every reading path is looked at: the reply itself (text, `--json`, the picture's
data), `/game status`, the living status message, the newest `/game history` page, the board
query, `/game export` (refused), and Waterdeep's autocomplete lists. Two checks:

- **search**: the order is derived from the secret itself (the challenge's game started anew
  from it); what the live game has not drawn yet, in that order, is searched for in every
  output: no card, staff card, quest, building or intrigue card of it appears, and no hidden
  bid (a spoiler);
- **nothing depends on it**: a twin of the game, the same in everything but its face-down
  piles (turned by one card, so every next draw differs), reads exactly the same on every
  path: what a player sees cannot tell the two orders apart.
"""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import delete, insert, select, update

from bot.console import Console, render_text
from bot.core.reply import Ctx, Reply
from bot.core.secrecy import SECRET_FLOOR
from bot.games.registry import spec_for
from bot.store.models import ActionRow, ChallengeRow, GameRow
from tests.looks import looking
from tests.test_console import Transcript
from tests.test_console_challenges import OPTIONS, PARTNER, players
from tests.test_console_challenges import PLAY as CHALLENGE_PLAY

SECRET = SECRET_FLOOR + 0x5EC2E7_2026
PILES: dict[str, list[tuple[str, str]]] = {  # where each game keeps its face-down orders
    "gah": [("deck", "draw_pile"), ("staff_deck", "draw_pile")],
    "gwt": [("deck", "draw_pile")],
    "glasgow": [],
    "alea": [("stack", "draw_pile")],
    "waterdeep": [
        ("buildings", "draw_pile"),
        ("quest_deck", "draw_pile"),
        ("intrigue_deck", "draw_pile"),
    ],
}
CHOICES = (  # Waterdeep's autocomplete lists (`service.query(..., "choices", option=…)`)
    "place space",
    "override space",
    "place building",
    "hall building",
    "drawn quest",
    "complete quest",
)


@pytest.fixture(autouse=True)
def fixed_secret(monkeypatch):
    monkeypatch.setattr("bot.table.contests.secret_seed", lambda: SECRET)


def turned(state: dict[str, Any], game: str) -> dict[str, Any]:
    """The state with each face-down pile turned by one card: every next draw another."""
    state = json.loads(json.dumps(state))
    for holder, pile in PILES[game]:
        found = (state.get(holder) or {}).get(pile)
        if found and len(set(found)) > 1:
            while True:  # turn until the top card is another one
                found = found[1:] + found[:1]
                if found[0] != state[holder][pile][0]:
                    break
            state[holder][pile] = found
    return state


def dump(reply: Reply) -> str:
    """Everything a reply carries, in every format a front-end makes of it."""
    picture = json.dumps(reply.picture.data, sort_keys=True) if reply.picture else ""
    text = json.dumps(reply.as_json(), sort_keys=True, default=str)
    return "\n".join([render_text(reply), text, picture, *(n for n, _ in reply.files)])


def differ(line: str, mine: str, twin: str) -> str:
    """Where the twin read differently after `line`: the first lines that differ."""
    lines = difflib.unified_diff(mine.splitlines(), twin.splitlines(), lineterm="", n=1)
    return f"after `{line}` the turned twin reads differently:\n" + "\n".join(list(lines)[:12])


def plain(text: str) -> str:
    """What tells two games apart that is not the game: its number, its player."""
    text = re.sub(r"game #\d+|Game #\d+|\"game_id\": \d+|-\d+-v\d+", "#", text)
    return re.sub(r"<@1[12]>|\b1[12]\b(?=[,\]])", "U", text)


class Watch(Transcript):
    """A player's console that, after each command, reads the game on every path, searches
    every output for the coming draws, and compares every path with the turned twin's."""

    def __init__(self, console: Console, twin: Console, db, game: str, order: Callable) -> None:
        super().__init__(console)
        self.twin, self.db, self.game, self.order = twin, db, game, order
        self.spec = spec_for(game)
        self.looked = 0

    async def run(self, line: str, *, must_pass: bool = True):
        reply = await super().run(line, must_pass=must_pass)
        if reply.game_id is None or self.game_id is None:
            return reply
        own = await self.paths(self.console, self.game_id)
        state = await self.state(self.game_id)
        self.search([dump(reply), *own], state, line)
        if state.get("phase") not in ("finished",) and self.status == "active":
            await self.copy_to_twin()
            theirs = await self.paths(self.twin, self.twin_id)
            for mine, twin in zip(own, theirs, strict=True):
                assert plain(twin) == plain(mine), differ(line, plain(mine), plain(twin))
        self.looked += 1
        return reply

    # ------------------------------------------------------------------ the games
    game_id: int | None = None
    twin_id: int | None = None
    status = "active"

    async def rows(self) -> None:
        async with looking(self.db) as session:
            found = (await session.execute(select(GameRow).order_by(GameRow.id))).scalars()
            games = list(found)
        mine = next(g for g in games if g.owner_id == self.console.user_id)
        self.game_id, self.status = mine.id, mine.status
        self.twin_id = next(g.id for g in games if g.owner_id == self.twin.user_id)

    async def state(self, game_id: int) -> dict[str, Any]:
        async with looking(self.db) as session:
            row = await session.get(GameRow, game_id)
            await session.refresh(row)
            self.status = row.status
            return dict(row.state)

    async def copy_to_twin(self) -> None:
        """The twin: the player's game, log and all, with its face-down piles turned."""
        async with looking(self.db) as session:
            row = await session.get(GameRow, self.game_id)
            await session.refresh(row)
            log = list(
                (
                    await session.execute(select(ActionRow).where(ActionRow.game_id == row.id))
                ).scalars()
            )
            values = {
                "state": turned(row.state, self.game),
                "version": row.version,
                "depth": row.depth,
                "status": row.status,
                "options": row.options,
            }
            await session.execute(update(GameRow).where(GameRow.id == self.twin_id).values(values))
            await session.execute(delete(ActionRow).where(ActionRow.game_id == self.twin_id))
            for entry in log:
                copied = {
                    c.name: getattr(entry, c.key)
                    for c in ActionRow.__table__.columns
                    if c.name != "id"
                }
                await session.execute(insert(ActionRow).values({**copied, "game_id": self.twin_id}))
            await session.commit()

    # ------------------------------------------------------------------ the paths
    async def paths(self, console: Console, game_id: int) -> list[str]:
        """Every way to read the game, as text."""
        key = self.game
        service = console.bot.service
        lines = ["/game status", "/game export"]
        if "board" in self.spec.queries:
            lines.append(f"/{key} board")
        out = [dump(await console.execute(line)) for line in lines]
        first = await console.execute("/game history")
        pages = re.search(r"history 1/(\d+)", first.title)
        last = int(pages.group(1)) if pages else 1
        out.append(dump(await console.execute(f"/game history page:{last}")))
        _, status_message = await service.game_status(game_id)
        out.append(dump(status_message))
        if key == "waterdeep":
            ctx = Ctx(guild_id=0, channel_id=console.channel_id, user_id=console.user_id)
            for option in CHOICES:
                listed = await service.query(ctx, key, "choices", option=option)
                out.append("AUTOCOMPLETE " + "\n".join(listed.facts))
        return out

    # ------------------------------------------------------------------ the search
    def search(self, outputs: list[str], state: dict[str, Any], line: str) -> None:
        coming = self.order(state)
        for text in outputs:
            assert "||" not in text, f"a hidden bid after `{line}`"
            if text.startswith("AUTOCOMPLETE"):
                continue  # every candidate, in the data's order: checked by the twin
            cleaned = re.sub(r"(?:[Gg]ame|challenge) #\d+", "#", text)
            for name, pattern in coming:
                assert not re.search(pattern, cleaned), f"{name!r} shown after `{line}`"


def coming_from_secret(game: str, options: dict[str, Any]) -> Callable:
    """What the live game has not drawn yet, in the order the secret gives it (the game
    started anew from the secret), as (name, pattern) to search for."""
    spec = spec_for(game)
    start, _ = spec.rules.new_game(spec.start_options(options), SECRET)
    order = {h.name: h.items for h in spec.same.hidden_now(start)}

    seen: set[str] = set()  # drawn once: a reshuffled deck holds it again, named before

    def coming(state: dict[str, Any]) -> list[tuple[str, str]]:
        live = {h.name: Counter(h.items) for h in spec.same.hidden_now(spec.rules.load(state))}
        found = []
        for pile, items in order.items():
            now, at_start = live.get(pile, Counter()), Counter(items)
            seen.update(item for item in items if now[item] < at_start[item])  # one drawn
            left = [item for item in items if now[item] and item not in seen]
            found += [(item, PATTERN[game](item)) for item in left]
        return found

    return coming


PATTERN: dict[str, Callable[[str], str]] = {
    # Leopold's cards by number ("card 206"), his staff cards by number and name
    "gah": lambda item: (
        rf"card \**{item.split()[1]}\**\b" if item.startswith("card ") else re.escape(item)
    ),
    "gwt": lambda item: rf"{re.escape(item)}\b",  # "#7"
    "glasgow": re.escape,
    "alea": lambda item: r"(?!)",  # his cards are 4, 5 and 6: the twin tells, and no spoiler
    "waterdeep": re.escape,  # quest, building and intrigue card names
}


async def watched(db, game: str) -> Watch:
    host_players = await players(db, game, count=2)
    first, second = host_players
    partner = f" partner:{PARTNER}" if game == "alea" else ""
    await second.run(f"/challenge join challenge:1{partner}")  # the twin's row
    options = dict(part.split(":", 1) for part in OPTIONS[game].split() if ":" in part)
    async with looking(db) as session:
        assert (await session.get(ChallengeRow, 1)).seed == SECRET
    watch = Watch(first.console, second.console, db, game, coming_from_secret(game, options))
    return watch


async def join_watched(watch: Watch, game: str):
    partner = f" partner:{PARTNER}" if game == "alea" else ""
    reply = await Transcript.run(watch, f"/challenge join challenge:1{partner}")
    await watch.rows()
    watch.search([dump(reply)], await watch.state(watch.game_id), "join")
    return reply


async def play_waterdeep(t: Watch):
    """Each agent placed where the plan does not care, confirming up to his draws by the
    button where the plan offers it."""
    from tests.test_console_challenges import free_space

    reply = await Transcript.run(t, "/game status")
    while reply.state["phase"] == "play":
        steps = [s.label for s in reply.next_steps]
        if reply.ask is not None and reply.ask.command == "answer":
            reply = await t.run("press 1")
        elif "As planned, up to his draw" in steps and t.looked % 3 == 0:
            reply = await t.run(f"press {steps.index('As planned, up to his draw') + 1}")
        elif reply.ask is not None and reply.ask.command == "round":
            reply = await t.run("press 1")
        else:
            reply = await t.run(f'/waterdeep place space:"{free_space(reply.state, 0)}"')
    return await t.run("/waterdeep final track:61 adventurers:3 gold:7 quests:1")


PLAY = {**CHALLENGE_PLAY, "waterdeep": play_waterdeep}  # Pseudo's plan confirmed too


@pytest.mark.parametrize("game", list(PLAY))
async def test_no_path_shows_a_coming_draw_of_a_challenge_game(db, game, monkeypatch):
    if db.url.startswith("postgresql"):
        pytest.skip("one database is enough: every path reads the same service")
    watch = await watched(db, game)
    joins: list[str] = []

    async def joined(t: Transcript, key: str):  # the play loops join first: watch it
        joins.append(key)
        return await join_watched(watch, key)

    monkeypatch.setattr("tests.test_console_challenges.join", joined)
    if game == "waterdeep":
        await join_watched(watch, game)
        last = await play_waterdeep(watch)
    else:
        last = await PLAY[game](watch)
    assert last.state["status"] == "finished"
    assert watch.looked >= 8  # a whole game, looked at after every command
    if game != "waterdeep":
        assert joins == [game]
    if game != "glasgow":
        start, _ = spec_for(game).rules.new_game(
            spec_for(game).start_options(
                dict(p.split(":", 1) for p in OPTIONS[game].split() if ":" in p)
            ),
            SECRET,
        )
        assert any(h.items for h in spec_for(game).same.hidden_now(start))  # a real order
