"""The web pages from Discord: `/settings web` (Manage Server, off by default), `/game page`
and its revoke, `/stats page:`, `/challenge page`, and the "View on the web" link button of a
game's status message and result card (a link button: a URL, no custom id)."""

import re

import discord

from bot.table.commands import Page
from tests.cogs.test_status_message_discord import the_status
from tests.web.conftest import GWT, end

LINK = re.compile(r"http://127\.0\.0\.1:8765/([gpcs])/([A-Za-z0-9_-]{24})")


def shown(result) -> str:
    if result.response.embeds:
        embed = result.response.embeds[0]
        return "\n".join([embed.title or "", embed.description or ""])
    return result.response.content or ""


def link_buttons(message) -> list[tuple[str, str]]:
    """(label, url) of a message's link buttons (a sent message, or an interaction's reply)."""
    found = []
    for row in message.components:
        items = row["components"] if isinstance(row, dict) else row.children
        for item in items:
            url = item.get("url") if isinstance(item, dict) else getattr(item, "url", None)
            if url:
                label = item.get("label") if isinstance(item, dict) else item.label
                found.append((label, url))
    return found


def custom_ids(message) -> list[object]:
    return [item.get("custom_id") for row in message.components for item in row["components"]]


def admin(env, channel):
    admins = channel.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return channel.guild.add_member(env.create_user("carol"), roles=[admins])


async def test_pages_are_off_until_a_manager_turns_them_on(table):
    env, channel, alice, bob = table
    await alice.slash(channel, "gwt start", difficulty="hard", seed=3)
    refused = await alice.slash(channel, "game page")
    assert refused.ephemeral and "Web pages are off in this server" in shown(refused)
    assert link_buttons(the_status(channel)) == []
    denied = await bob.slash(channel, "settings web", choice="on")
    assert denied.ephemeral and "Manage Server" in shown(denied)
    carol = admin(env, channel)
    turned = await carol.slash(channel, "settings web", choice="on")
    assert "Web pages are on in this server" in shown(turned)
    given = await alice.slash(channel, "game page")
    assert given.ephemeral
    assert f"`{Page.line(revoke=True)}` stops every link" in shown(given)  # from its model
    kind, token = LINK.search(shown(given)).groups()
    assert kind == "g"
    [(label, url)] = link_buttons(given.response)
    assert label == "View on the web" and url.endswith(token)
    assert custom_ids(given.response) == [None]  # a link button sends no interaction
    assert [type(e.original).__name__ for e in env.errors] == ["RuleError", "NotAllowed"]


async def test_the_status_message_and_the_result_card_link_to_the_game_page(table):
    env, channel, alice, _ = table
    await admin(env, channel).slash(channel, "settings web", choice="on")
    await alice.slash(channel, "gwt start", difficulty="hard", seed=3)
    [(label, url)] = link_buttons(the_status(channel))
    assert label == "View on the web" and LINK.fullmatch(url)
    await alice.slash(channel, "gwt end", **{k: v for k, v in end(30).items() if k != "command"})
    card = next(
        m for m in reversed(channel.history()) if m.embeds and "Result" in m.embeds[0].title
    )
    [(_, card_url)] = link_buttons(card)
    assert card_url == url  # one link per game, kept while live
    [(_, after)] = link_buttons(the_status(channel))  # an ended game keeps only its link
    assert after == url


async def test_revoke_stops_the_link_and_the_next_page_command_gives_a_new_one(table):
    env, channel, alice, bob = table
    await admin(env, channel).slash(channel, "settings web", choice="on")
    await alice.slash(channel, "gwt start", difficulty="hard", seed=3)
    first = LINK.search(shown(await alice.slash(channel, "game page"))).group(2)
    refused = await bob.slash(channel, "game page", revoke=True)
    assert "Only this game's players" in shown(refused)
    revoked = await alice.slash(channel, "game page", revoke=True)
    assert revoked.ephemeral and "Revoked every web link to game #1" in shown(revoked)
    second = LINK.search(shown(await alice.slash(channel, "game page"))).group(2)
    assert second != first
    assert [type(e.original).__name__ for e in env.errors] == ["NotAllowed"]


async def test_stats_page_and_challenge_page_answer_with_their_links(table):
    env, channel, alice, bob = table
    carol = admin(env, channel)
    await carol.slash(channel, "settings web", choice="on")
    mine = await alice.slash(channel, "stats", page=True)
    assert mine.ephemeral and LINK.search(shown(mine)).group(1) == "p"
    theirs = await alice.slash(channel, "stats", user=bob, page=True)
    assert "Only your own page" in shown(theirs)
    await carol.slash(
        channel, "challenge open", game="gwt", name="Spring", days=3, options="difficulty:hard"
    )
    page = await alice.slash(channel, "challenge page", challenge=1)
    assert LINK.search(shown(page)).group(1) == "s"
    assert "every ranked attempt's game comes after it" in shown(page)
    assert [type(e.original).__name__ for e in env.errors] == ["InputError"]


__all__ = ["GWT"]
