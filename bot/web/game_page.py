"""A game's page, built off the event loop from its log: the header, the replay (each step's
command, the opponent's reasoning in the rule book's words, the board at that step), the score
sheet, the opponent's cards seen so far, and what happened since each player's last turn.

Everything a reader sees goes through the catalogs (`tr`, `localize`), as on Discord."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup
from pydantic import BaseModel

from bot.core.deck import Deck
from bot.core.game import Picture
from bot.core.reply import Reply
from bot.core.scoresheet import TITLE as SHEET_TITLE
from bot.games.registry import spec_for
from bot.i18n import label, localize, tr
from bot.i18n.plural import count
from bot.table.ended import ended_lines
from bot.table.page_reads import GameLog, Step, in_force
from bot.table.reading import _options
from bot.table.threads import opponent_name
from bot.web.markup import Names, clip, inline, markup, plain, when
from bot.web.narrate import in_words, opponents_part, sentence

CHUNK = 50  # steps listed around the one shown (a long game's list comes in parts)
SETTINGS = ("players", "remind", "campaign")  # logged, but not moves
SUMMARY = 140  # characters of a step's sentence in the list of steps


def said(step: Step, game_key: str, commands: frozenset[str]) -> str:
    """A step's command as a player types it (`/gah turn queue:…`), as `/game history`
    writes it."""
    group = game_key if step.command in (*commands, "start") else "game"
    args = {k: v for k, v in step.args.items() if not (step.command == "start" and k == "seed")}
    return " ".join([f"/{group}", step.command, *_options(args)])


def board_picture(game_key: str, state: BaseModel) -> Picture | None:
    """The board picture a game draws for a state: its board view's, else its status's."""
    spec = spec_for(game_key)
    if "board" in spec.queries:
        picture = spec.query("board")(state).picture
        if picture is not None:
            return picture
    return spec.rules.describe(state).picture


def seen_lines(log: GameLog, step: int, state: BaseModel) -> list[str]:
    """The opponent's cards seen up to `step`, as his game says them (English lines), from
    the state then and the facts of the actions in force then (an undone step's draw was
    taken back); none for a game without its own (its deck, if any, is `seen_cards`)."""
    spec = spec_for(log.row.game_key)
    if spec.seen is None:
        return []
    kept = {seq for seq, _ in in_force(log.steps, spec.rules, step)}
    facts = [fact for s in log.steps if s.seq in kept for fact in s.facts]
    return spec.seen(state, facts)


def seen_cards(state: BaseModel) -> tuple[list[int], int] | None:
    """The opponent's instruction cards seen since his deck was last shuffled, and how many
    are left in it, where his deck is one (`deck` in the state); None for a game without."""
    deck = getattr(state, "deck", None)
    if not isinstance(deck, Deck):
        return None
    return list(deck.discards), deck.size


def undone_steps(log: GameLog) -> frozenset[int]:
    """The steps whose moves a later undo took back: the game's moves not in force at its
    last step (an undo's own step, and a move made again after it, were played)."""
    rules = spec_for(log.row.game_key).rules
    final = log.steps[-1].seq if log.steps else 0
    kept = {seq for seq, _ in in_force(log.steps, rules, final)}
    return frozenset(s.seq for s in log.steps if s.command in rules.commands and s.seq not in kept)


@dataclass
class Since:
    who: str
    last: int  # the step of the player's last command
    first_after: int | None  # the first step after it, if any
    steps: int


def since_last_turn(log: GameLog, names: Names) -> list[Since]:
    """For each player: their last command, and how many steps came after it (play-by-post:
    what happened while they were away)."""
    last: dict[int, int] = {}
    for step in log.steps:
        if step.command not in SETTINGS:
            last[step.user_id] = step.seq
    final = log.steps[-1].seq if log.steps else 0
    players = [log.row.owner_id, *log.row.players]
    out = []
    for user in dict.fromkeys([*players, *last]):
        seq = last.get(user)
        if seq is None:
            continue
        after = [s.seq for s in log.steps if s.seq > seq]
        out.append(Since(names(user), seq, after[0] if after else None, final - seq))
    return out


def sheet_rows(reply: Reply, locale: str) -> dict[str, Any] | None:
    sheet = reply.sheet
    if sheet is None:
        return None
    you, them = label(sheet.sides[0], locale), label(sheet.sides[1], locale)
    rows = [
        {
            "name": tr(line.name, locale),
            "player": line.player,
            "opponent": line.opponent,
            "detail": line.detail,
        }
        for line in sheet.lines()
    ]
    notes = [tr(sheet.verdict(), locale), *(tr(n, locale) for n in [*sheet.notes, *sheet.legend()])]
    return {
        "title": tr(SHEET_TITLE, locale),
        "you": you,
        "them": them,
        "rows": rows,
        "total": rows.pop() if rows else None,
        "notes": notes,
    }


def build(
    log: GameLog,
    step: int,
    state: BaseModel,
    final: BaseModel,
    locale: str,
    names: Names,
    base: str,
    query: str,
) -> dict[str, Any]:
    """The template's context for step `step` (`state` is the state after it, `final` the
    game's state now)."""
    row = log.row
    spec = spec_for(row.game_key)
    rules = spec.rules
    say = lambda text: tr(text, locale)  # noqa: E731

    def m(text: str) -> Markup:
        return markup(tr(text, locale), names)

    steps = {s.seq: s for s in log.steps}
    shown = steps.get(step)
    total = log.steps[-1].seq if log.steps else 0
    summary = rules.summary(final)
    opponent = opponent_name(spec, row.options, summary) or spec.opponent
    results = rules.results(final)
    owner = next((seat for seat in results if seat.seat == "owner"), None)
    level = owner.difficulty if owner is not None else None
    players = [names(row.owner_id), *(names(p) for p in row.players)]
    status = (
        [say("Running: waiting for its next step.")]
        if row.status == "active"
        else [tr(line, locale) for line in ended_lines(row, rules, final)]
    )
    # the step shown: its command, the facts it wrote, and the board after it
    view = rules.describe(state)
    reply = localize(
        Reply(
            title="",
            facts=list(shown.facts) if shown is not None else [],
            prompt=view.prompt,
            board=rules.board(state),
        ),
        locale,
    )
    picture = board_picture(row.game_key, state)
    first = max(1, ((step - 1) // CHUNK) * CHUNK + 1)
    listed = [s for s in log.steps if first <= s.seq < first + CHUNK]
    commands = rules.commands
    undone = undone_steps(log)

    def told(s: Step) -> str:  # the step as a sentence, plain text in the reader's language
        return plain(sentence(s, spec, row.options, opponent, f"<@{s.user_id}>", locale), names)

    def brief(s: Step) -> str:  # in the list, beside the typed line: what the opponent did
        part = opponents_part(s, spec, row.options, opponent, locale) or in_words(s, spec, locale)
        return plain(part, names)

    toc = [
        {
            "seq": s.seq,
            "said": inline(tr(f"`{said(s, row.game_key, commands)}`", locale), names),
            "summary": clip(brief(s), SUMMARY),
            "current": s.seq == step,
            "undone": s.seq in undone,
        }
        for s in listed
    ]
    parts = [
        {"first": n, "last": min(total, n + CHUNK - 1), "current": n == first}
        for n in range(1, total + 1, CHUNK)
    ]
    final_sheet = rules.sheet(final) if row.status == "finished" else None
    sheet = sheet_rows(Reply(title="", sheet=final_sheet), locale) if final_sheet else None
    cards = seen_cards(state)
    description = plain(" · ".join([*status, reply.facts[0] if reply.facts else ""]), names)
    return {
        "title": say(f"{rules.name} · game #{row.id}"),
        "game": rules.name,
        "colour": f"#{rules.colour:06x}",
        "opponent": opponent,
        "level": say(level) if level else None,
        "players": players,
        "started": when(row.created_at),
        "finished": when(row.finished_at),
        "status": [markup(line, names) for line in status],
        "status_text": [plain(line, names) for line in status],  # the link preview's
        "step_text": [plain(fact, names) for fact in reply.facts if fact.strip()],
        "reconstructed": m(f"**Reconstructed data:** {spec.reconstructed}")
        if spec.reconstructed
        else None,
        "step": step,
        "total": total,
        "prev": step - 1 if step > 1 else None,
        "next": step + 1 if step < total else None,
        "said": inline(tr(f"`{said(shown, row.game_key, commands)}`", locale), names)
        if shown
        else None,
        "who": names(shown.user_id) if shown else None,
        "sentence": told(shown) if shown else None,
        "undone": step in undone,
        "at": when(shown.at) if shown else None,
        "facts": [markup(f, names) for f in reply.facts],
        "prompt": markup(reply.prompt, names) if reply.prompt and step == total else None,
        "board": markup(reply.board or "", names),
        "picture": picture is not None,
        "toc": toc,
        "parts": parts if len(parts) > 1 else [],
        "sheet": sheet,
        "cards": (
            {
                "seen": ", ".join(map(str, cards[0])) or say("none yet"),
                "left": tr(count(cards[1], "card"), locale),
            }
            if cards is not None
            else None
        ),
        "seen": [markup(tr(line, locale), names) for line in seen_lines(log, step, state)],
        "since": [
            {
                "who": s.who,
                "last": s.last,
                "first_after": s.first_after,
                "steps": tr(count(s.steps, "step"), locale),
            }
            for s in since_last_turn(log, names)
        ],
        "running": row.status == "active",
        "import_hint": inline(tr("a file `/game import` replays anywhere", locale), names),
        "base": base,
        "query": query,
        "description": clip(description, 200),
        "version": row.version,
    }
