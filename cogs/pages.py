"""The web pages from Discord (bot/web): a link's reply, and the "View on the web" link of a
game's status message and result card, made once per game and process and kept while live."""

from __future__ import annotations

import time
from typing import Any

import discord

from bot.core.reply import Reply
from bot.table.commands import Page
from bot.table.pages import PageLink
from bot.table.service import TableService
from bot.web.links import page_url

COLOUR = 0x2B6CB0
SHARE = {
    "game": "Anyone with this link sees the game, step by step; "
    f"`{Page.line(revoke=True)}` stops every link to it.",
    "player": "Anyone with this link sees your stats, plays and challenges.",
    "campaign": "Anyone with this link sees the campaign's plays and games.",
    "challenge": "Anyone with this link sees the challenge's terms and standings.",
}
ON_SECONDS = 30.0  # a server's opt-in, as known here: another process's change shows within this


def page_reply(link: PageLink) -> Reply:
    """The answer to `/game page`, `/stats page:True`, `/challenge page`: the address, what
    it shows, and who can see it (only the asker sees the answer)."""
    url = page_url(link.kind, link.token)
    facts = [f"The web page of {link.title}: {url}", *link.notes, SHARE[link.kind]]
    return Reply(title="Web page", facts=facts, colour=COLOUR, ephemeral=True, web_url=url)


def names_of(interaction: discord.Interaction) -> dict[int, str]:
    """Who the page may name: the asker, as the server shows them."""
    user = interaction.user
    name = getattr(user, "display_name", None) or getattr(user, "name", None)
    return {user.id: str(name)} if name else {}


class PostLinks:
    """A game's page link for the posts nobody asked for; None where pages are off."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.held: dict[int, tuple[int, str]] = {}  # game → (link id, its address)
        self.on: dict[int, tuple[float, bool]] = {}  # server → (until, pages on)

    async def url(self, game_id: int, guild_id: int) -> str | None:
        if not guild_id:
            return None
        known = self.on.get(guild_id)
        if known is None or known[0] < time.monotonic():
            on = await self.service.web_pages_on(guild_id)
            if len(self.on) > 10_000:
                self.on.clear()
            self.on[guild_id] = (time.monotonic() + ON_SECONDS, on)
        else:
            on = known[1]
        if not on:
            return None
        held = self.held.get(game_id)
        found = await self.service.post_page(game_id, held[0] if held else None)
        if found is None:
            return None
        link_id, token = found
        if token is None and held is not None:
            return held[1]
        assert token is not None
        if len(self.held) > 50_000:
            self.held.clear()
        self.held[game_id] = (link_id, page_url("game", token))
        return self.held[game_id][1]

    def forget(self, guild_id: int | None = None, game_id: int | None = None) -> None:
        if guild_id is not None:
            self.on.pop(guild_id, None)
        if game_id is not None:
            self.held.pop(game_id, None)


def post_links(bot: Any) -> PostLinks:
    links = getattr(bot, "post_links", None)
    if links is None:
        links = bot.post_links = PostLinks(bot.service)
    return links  # type: ignore[no-any-return]
