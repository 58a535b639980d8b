"""A server challenge as players read it: its terms, its standings (each player's best attempt,
ranked by margin over the opponent, then score, then the earlier finish) with a chart, and the
reveal at the close (the seed and the opponent's whole draw order)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.challenges import commands
from bot.core.game import Picture
from bot.core.reply import Reply
from bot.core.said import name as printed
from bot.core.said import say, typed
from bot.core.secrecy import attempt_seed
from bot.games.registry import spec_for
from bot.logbook.records import aware
from bot.table.commands import Export, Import
from bot.table.threads import opponent_name

COLOUR = 0xC9A227
CHART = "challenge_standings"  # the picture kind the front-end draws (bot/challenges/chart.py)
SHOWN = 20  # standings lines in a reply; the chart shows as many


@dataclass(frozen=True)
class Challenge:
    """A challenges row as plain data."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    name: str
    game_key: str
    options: dict[str, Any]
    seed: int
    attempts: int
    status: str
    opened_at: datetime
    closes_at: datetime
    closed_at: datetime | None
    locale: str | None

    @classmethod
    def from_row(cls, row: Any) -> Challenge:
        found = dict(row._mapping)
        for key in ("opened_at", "closes_at", "closed_at"):
            if found[key] is not None:
                found[key] = aware(found[key])
        return cls(**found)

    @property
    def closes(self) -> str:
        stamp = int(self.closes_at.timestamp())
        return f"<t:{stamp}:f> (<t:{stamp}:R>)"


@dataclass(frozen=True)
class Entry:
    """One attempt, as its challenge_entries row has it."""

    game_id: int
    user_id: int
    attempt: int
    status: str
    score: int | None
    opponent_score: int | None
    outcome: str | None
    finished_at: datetime | None
    note: str | None = None  # why it is not ranked: incomplete, or the reason it was voided
    voided_by: int | None = None
    uses_attempt: bool | None = None  # a voided attempt: whether it still uses one up

    name: str | None = None  # the display name the bot saw at the join
    confirmed_by: int | None = None  # Fifth Avenue: the partner who confirmed the scores
    players: tuple[int, ...] | None = None  # the game's other real players (Alea's partner)

    def __post_init__(self) -> None:
        if isinstance(self.players, list):  # as the games row keeps them: hashable here
            object.__setattr__(self, "players", tuple(self.players))

    @property
    def ranked(self) -> bool:
        """Only a complete result ranks: a game played to its end, both scores (a missing one
        is not a 0), not voided."""
        return (
            self.status == "finished" and self.score is not None and self.opponent_score is not None
        )

    @property
    def used(self) -> bool:
        """Whether it uses up one of the player's attempts (a void does only if the host said
        so)."""
        return self.status != "void" or bool(self.uses_attempt)

    def unranked_line(self, final: bool = False) -> str | None:
        """Why an ended attempt is not in the standings, or None (ranked, or running);
        `final`: the challenge has closed (an unconfirmed attempt stays so)."""
        who = f"<@{self.user_id}> attempt {self.attempt}"
        if self.status == "incomplete":
            return f"{who}: incomplete, not ranked ({self.note})."
        if self.status == "void":
            used = "uses up the attempt" if self.uses_attempt else "the attempt is given back"
            return f"{who}: voided by <@{self.voided_by}>: {self.note} ({used})."
        if self.status == "confirming":
            partner = self.players[0] if self.players else None
            if final:
                return f"{who}: not confirmed by <@{partner}>, the partner, before the close."
            return (
                f"{who}: {self.score}–{self.opponent_score}, waits for <@{partner}>, the "
                "partner, to confirm these final scores (the button on the final, or "
                f"`/challenge confirm game:{self.game_id}`)."
            )
        return None

    @property
    def margin(self) -> int:
        return (self.score or 0) - (self.opponent_score or 0)

    def key(self) -> tuple[int, int, float, int]:
        """Better first: the larger margin, then the larger score, then the earlier finish."""
        finished = aware(self.finished_at).timestamp() if self.finished_at else float("inf")
        return (-self.margin, -(self.score or 0), finished, self.game_id)


def standings(entries: Iterable[Entry]) -> list[Entry]:
    """Each player's best finished attempt, best first."""
    best: dict[int, Entry] = {}
    for entry in entries:
        if not entry.ranked:
            continue
        held = best.get(entry.user_id)
        if held is None or entry.key() < held.key():
            best[entry.user_id] = entry
    return sorted(best.values(), key=Entry.key)


def options_text(game_key: str, options: Mapping[str, Any]) -> str:
    """The start options as the game's start takes them (no seed), or "default options"."""
    hint = spec_for(game_key).replay_hint(dict(options), 0)
    found = hint.split("`")[1] if hint.count("`") >= 2 else ""
    words = [w for w in found.split()[2:] if not w.startswith("seed:")]
    return f"`{' '.join(words)}`" if words else "default options"


def opponent(ch: Challenge) -> str:
    """Who everyone plays against ("Leopold", "Freddy II")."""
    spec = spec_for(ch.game_key)
    state, _ = spec.rules.new_game(ch.options, ch.seed)
    return opponent_name(spec, ch.options, spec.rules.summary(state)) or spec.opponent


RANKING = (
    "each player's best attempt ranks. Attempt 1 of every player shares one deck, attempt 2 "
    "another, and so on: no attempt is practice for the next."
)


def attempt_line(ch: Challenge, n: int) -> str:
    """Above an attempt's start: which one it is, and how attempts rank."""
    return say(
        "Your attempt {n} in server challenge #{id}, {name}: {ranking}",
        n=n,
        id=ch.id,
        name=printed(ch.name),
        ranking=say(RANKING),
    )


def attempts_left(used: int, left: int) -> str:
    return say("Your attempts: {used} used, {left} left.", used=used, left=left)


def terms(ch: Challenge) -> list[str]:
    """What every player agrees to: the game, its options, the attempts, the ranking, what
    completes an attempt, who may change one, the end."""
    spec = spec_for(ch.game_key)
    tries = say("1 attempt") if ch.attempts == 1 else say("{n} attempts", n=ch.attempts)
    return [
        say(
            "{game} against {opponent}, the same for everyone: {options}.",
            game=spec.name,
            opponent=opponent(ch),
            options=options_text(ch.game_key, ch.options),
        ),
        say(
            "Hosted by <@{host}> · {tries} per player · ranked by the margin over the "
            "opponent, then the score, then the earlier finish.",
            host=ch.host_id,
            tries=tries,
        ),
        say("How attempts rank: {ranking}", ranking=say(RANKING)),
        say(
            "An attempt ranks when its game is played to its end: {complete}. One ended "
            "before is listed as incomplete, not ranked.",
            complete=spec.complete,
        ),
        say(
            "Only the player ends their own attempt; the host or the server owner may void one, "
            "with a reason shown in the standings."
        ),
        say("Same opponent: {means}", means=spec.same.means),
    ]


def announcement(ch: Challenge) -> Reply:
    """The challenge's public post: its terms, how to join, when it closes."""
    lines = terms(ch)
    if ch.status == "open":
        lines += [
            say(
                "Closes {when}. The seed stays secret until then; at the close the final "
                "standings come here, with the seed and the opponent's whole draw order.",
                when=ch.closes,
            ),
            say(
                "Join with the button or `{line}`: your game starts in a thread of your own.",
                line=typed(commands.Join.line(challenge=ch.id)),
            ),
        ]
    else:
        lines.append(CLOSED[ch.status].format(id=ch.id))
    return Reply(title=title(ch), facts=lines, colour=COLOUR)


CLOSED = {
    "closed": "Challenge #{id} has closed: `"
    + commands.Standings.line(challenge="{id}")
    + "` shows the result.",
    "cancelled": "Challenge #{id} was cancelled.",
}


def title(ch: Challenge, heading: str = "") -> str:
    """`Server challenge #1 · Spring`, and a `heading` on its key (` · standings`)."""
    return say("Server challenge #{id} · {name}" + heading, id=ch.id, name=printed(ch.name))


def result_line(rank: int, entry: Entry) -> str:
    score = f"{entry.score}" + (
        f"–{entry.opponent_score}" if entry.opponent_score is not None else ""
    )
    return say(
        "{rank}. <@{user}> **{margin}** ({score}, {outcome}) · attempt {n}",
        rank=rank,
        user=entry.user_id,
        margin=f"{entry.margin:+d}",
        score=score,
        outcome=entry.outcome,
        n=entry.attempt,
    )


def board(ch: Challenge, entries: list[Entry], asker: int | None, *, final: bool) -> Reply:
    """The standings, the asker's own rank, and the chart's data."""
    ranked = standings(entries)
    lines = [result_line(rank, entry) for rank, entry in enumerate(ranked[:SHOWN], start=1)]
    if len(ranked) > SHOWN:
        lines.append(say("… and {n} more.", n=len(ranked) - SHOWN))
    if not ranked:
        lines.append(say("No finished attempt yet."))
    mine = next((rank for rank, e in enumerate(ranked, start=1) if e.user_id == asker), None)
    if asker is not None and mine is not None:
        lines.append(say("You: rank {rank} of {n}.", rank=mine, n=len(ranked)))
    elif asker is not None and not final:
        lines.append(say("You have no finished attempt yet."))
    unranked = [line for e in entries if (line := e.unranked_line(final)) is not None]
    if unranked:
        lines.append("Not ranked:")
        lines += [f"· {line}" for line in unranked[:SHOWN]]
    running = sum(e.status in ("playing", "unfinished") for e in entries)
    if final and running:
        lines.append(say("Attempts still running at the close (not ranked): {n}.", n=running))
    elif running:
        lines.append(say("Attempts running now: {n}.", n=running))
    name = " · final standings" if final else " · standings"
    head = (
        say("Closed with {n} ranked player(s).", n=len(ranked))
        if final
        else say("Closes {when}.", when=ch.closes)
    )
    reply = Reply(title=title(ch, name), facts=[head, *lines], colour=COLOUR)
    if ranked:
        reply.picture = Picture(
            kind=CHART,
            data={
                "id": ch.id,
                "title": ch.name,
                "rows": [[e.user_id, e.margin, e.score] for e in ranked[:SHOWN]],
                "you": asker,
                # names kept at the join (the newest attempt's): a process without the guild
                # still names its players; the front-end prefers what it sees now
                "names": {
                    str(e.user_id): e.name
                    for e in sorted(entries, key=lambda e: e.attempt)
                    if e.name
                },
            },
        )
    return reply


def reveal(ch: Challenge) -> Reply:
    """At the close: the secret (the line that replays the game) and every order it decided,
    read again from the secret itself."""
    spec = spec_for(ch.game_key)
    state, _ = spec.rules.new_game(ch.options, ch.seed)
    order = spec.same.draw_order(state) or [
        "The opponent drew nothing of his own: every card came from the players' tables."
    ]
    facts = [
        "The secret is out: the seed and every order it decided.",
        f"Seed {ch.seed}: `{commands.Replay.line(challenge=ch.id)}` starts this game again the "
        f"same way; every attempt's `{Export.line()}` carries it too (`{Import.line()}` replays "
        "that "
        "game step by step).",
        *order,
        *(
            f"Attempt {k} played a deck of its own, seed {seed}: every attempt's "
            f"`{Export.line()}` carries its seed."
            for k, seed in attempt_seeds(ch)
        ),
    ]
    return Reply(title=title(ch, " · the seed"), facts=facts, colour=COLOUR)


def attempt_seeds(ch: Challenge) -> list[tuple[int, int]]:
    """The seeds of attempts 2 and on (attempt 1 plays the secret itself)."""
    return [(k, attempt_seed(ch.seed, k)) for k in range(2, ch.attempts + 1)]
