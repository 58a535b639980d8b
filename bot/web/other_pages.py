"""A player's, a campaign's and a server challenge's pages, built from the database: a
player's /stats with its chart, streaks, recent plays linked to their games, their personal
challenges with their grids; a campaign's plays and games; a server challenge's terms and
standings with the chart, and after the close every ranked attempt's game. Built by a page
worker (bot/web/workers.py) or in threads, once per change of what they show (bot/web/more.py
keeps them)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment
from markupsafe import Markup, escape

from bot.challenges.service import ChallengeService
from bot.core.reply import Ctx, Reply
from bot.i18n import tr
from bot.i18n.plural import count
from bot.logbook.base import play_line
from bot.logbook.service import LogbookService
from bot.store.database import Database
from bot.store.models import PlayRow
from bot.table import contest_standings as contest
from bot.table.page_reads import PageReads
from bot.table.pages import Link
from bot.web.markup import Names, inline, markup, plain, who

RECENT = 20  # a player's plays listed
NAME = "\x00"  # where a name goes in a line translated without it


@dataclass
class Bundle:
    """A page and its pictures, built together."""

    html: str
    title: str
    lines: list[str]
    chart: bytes | None = None
    grids: list[bytes] = field(default_factory=list)
    preview: bytes | None = None  # its link preview, drawn when first asked for (bot/web/more.py)


def _play(play: PlayRow, base: str, names: Names, linked: bool) -> dict[str, Any]:
    """A play's line, linked to its game's page when it has one the page may open."""
    game = play.game_id
    return {
        "line": inline(tr(play_line(play), names.locale), names),
        "href": f"{base}/g/{game}" if game is not None and linked else None,
    }


def web_terms(ch: Any, locale: str) -> list[str]:
    """A server challenge's terms as a page says them: Discord's post without what only
    Discord can do (its button, "the standings come here"); the date once."""
    lines = contest.terms(ch)
    if ch.status == "open":
        lines.append(
            f"Closes {ch.closes}. The seed stays secret until then; at the close this page "
            "shows the final standings, the seed and the opponent's whole draw order."
        )
    elif ch.status == "closed":
        lines.append(f"Challenge #{ch.id} has closed: the final standings are below.")
    else:
        lines.append(contest.CLOSED[ch.status].format(id=ch.id))
    return lines


def join_line(ch: Any, locale: str) -> str:
    """The line that joins an open challenge, as the reader's Discord takes it."""
    return tr(f"`/challenge join challenge:{ch.id}`", locale).strip("`")


class OtherPages:
    def __init__(
        self,
        db: Database,
        env: Environment,
        run: Callable[..., Awaitable[Any]],
        render: Callable[..., str],
    ) -> None:
        self.db = db
        self.reads = PageReads(db)
        self.env = env
        self.run = run
        self.render = render

    def _render(
        self,
        template: str,
        chosen: bool,
        names: Names,
        og: str,
        title: str,
        lines: list[str],
        **context: Any,
    ) -> str:
        """A page with its title, its description (its first `lines`) and its preview."""
        description = " · ".join(lines)[:200]
        return self.render(
            self.env,
            template,
            names.locale,
            chosen,
            None,
            title=title,
            description=description,
            og_image=og,
            **context,
        )

    async def build(self, link: Link, base: str, og: str, locale: str, chosen: bool) -> Any:
        """The page of a player's, a campaign's or a server challenge's link (None: gone)."""
        names = Names(link.names, locale)
        if link.kind == "player":
            return await self.player(link, base, og, names, chosen)
        if link.kind == "campaign":
            return await self.campaign(link, base, og, names, chosen)
        return await self.challenge(link, base, og, names, chosen)

    # ------------------------------------------------------------------ a player
    async def player(self, link: Link, base: str, og: str, names: Names, chosen: bool) -> Bundle:
        locale = names.locale
        user = link.user_id
        assert user is not None
        ctx = Ctx(link.guild_id, 0, user)
        logbook = LogbookService(self.db)
        stats = await logbook.stats(ctx, user, locale=locale)
        plays = await self.reads.recent_plays(user, RECENT)
        hidden = await self.reads.revoked([p.game_id for p in plays if p.game_id is not None])
        challenges = ChallengeService(self.db)
        grids: list[tuple[Reply, bytes]] = []
        for name in await challenges.names(user):
            shown = await challenges.show(ctx, name, locale=locale)
            grids.append((shown, shown.files[0][1] if shown.files else b""))
        chart = stats.files[0][1] if stats.files else None

        def build() -> Bundle:
            name = names(user)
            title = tr(f"{name} · plays and stats", locale)
            # the heading: the same line, with the name escaped and isolated (<bdi>)
            said = escape(tr(f"{NAME} · plays and stats", locale))
            heading = Markup(str(said).replace(NAME, str(who(name))))
            facts = [markup(tr(f, locale), names) for f in stats.facts[1:]]
            recent = [
                _play(p, base, names, p.guild_id == link.guild_id and p.game_id not in hidden)
                for p in plays
            ]
            grid_views = [
                {
                    "title": tr(reply.title, locale),
                    "lines": [markup(tr(f, locale), names) for f in reply.facts],
                    "n": n,
                    "picture": bool(png),
                }
                for n, (reply, png) in enumerate(grids, start=1)
            ]
            lines = [plain(tr(f, locale), names) for f in stats.facts[1:3]]
            html = self._render(
                "player.html",
                chosen,
                names,
                og,
                title,
                lines,
                facts=facts,
                chart=chart is not None,
                recent=recent,
                grids=grid_views,
                base=base,
                heading=heading,
            )
            return Bundle(html, title, lines, chart, [png for _, png in grids])

        return await self.run(build)

    # ------------------------------------------------------------------ a campaign
    async def campaign(self, link: Link, base: str, og: str, names: Names, chosen: bool) -> Bundle:
        locale = names.locale
        name = link.campaign or ""
        plays = await self.reads.campaign_plays(link.guild_id, name)
        hidden = await self.reads.revoked([p.game_id for p in plays if p.game_id is not None])

        def build() -> Bundle:
            title = tr(f'Campaign "{name}"', locale)
            players: dict[int, list[int]] = {}
            for p in plays:
                tally = players.setdefault(p.user_id, [0, 0])
                tally[0] += 1
                tally[1] += p.outcome == "win"
            totals = [
                tr(f"<@{user}> played {count(plays, 'play')}, with {count(wins, 'win')}", locale)
                for user, (plays, wins) in players.items()
            ]
            games = list(dict.fromkeys(p.game_id for p in plays if p.game_id is not None))
            lines = [plain(t, names) for t in totals]
            html = self._render(
                "campaign.html",
                chosen,
                names,
                og,
                title,
                lines,
                totals=[inline(t, names) for t in totals],
                plays=[_play(p, base, names, p.game_id not in hidden) for p in plays],
                games=len(games),
            )
            return Bundle(html, title, lines)

        return await self.run(build)

    # ------------------------------------------------------------------ a server challenge
    async def challenge(
        self, link: Link, base: str, og: str, names: Names, chosen: bool
    ) -> Bundle | None:
        assert link.challenge_id is not None
        found = await self.reads.challenge(link.challenge_id)
        if found is None:
            return None
        ch, entries = found
        locale = names.locale
        over = ch.status == "closed"  # a cancelled challenge keeps its secret for good
        hidden = await self.reads.revoked([e.game_id for e in entries]) if over else set()

        def build() -> Bundle:
            from bot.challenges.chart import standings_png

            announced = contest.announcement(ch)
            board = contest.board(ch, entries, None, final=ch.status == "closed")
            terms = web_terms(ch, locale)
            standings = board.facts[1:] if ch.status == "open" else board.facts  # no 2nd date
            chart = None
            if board.picture is not None:
                data = dict(board.picture.data) | {"names": link.names, "locale": locale}
                chart = standings_png(data)
            ranked = contest.standings(entries) if over else []
            attempts = [
                {
                    "line": inline(tr(contest.result_line(rank, e), locale), names),
                    "href": f"{base}/g/{e.game_id}" if e.game_id not in hidden else None,
                }
                for rank, e in enumerate(ranked, start=1)
            ]
            shown = [e for e in ranked if e.game_id not in hidden]
            reveal = contest.reveal(ch).facts if ch.status == "closed" else []
            title = tr(announced.title, locale)
            lines = [plain(tr(f, locale), names) for f in board.facts[:3]]
            html = self._render(
                "challenge.html",
                chosen,
                names,
                og,
                title,
                lines,
                terms=[markup(tr(f, locale), names) for f in terms],
                join=join_line(ch, locale) if ch.status == "open" else None,
                standings=[markup(tr(f, locale), names) for f in standings],
                chart=chart is not None,
                attempts=attempts,
                side=f"{base}/side" if len(shown) > 1 else None,
                reveal=[markup(tr(f, locale), names) for f in reveal],
                over=over,
                base=base,
            )
            return Bundle(html, title, lines, chart)

        return await self.run(build)
