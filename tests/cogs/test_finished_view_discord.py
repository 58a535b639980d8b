"""In Discord, a finished game stays on view in its channel (status, board with its picture,
history: its result first, no buttons, no second result card) and by its id from another
channel for its player; another member's private game is refused in one private line."""

import pytest

from bot.console import Console
from tests.cogs.test_undo_final_discord import cards
from tests.test_console_undo_final import FINISH

BOARD = {  # each game's read-only look at its board, as a slash command
    "gah": "gah board",
    "gwt": "gwt board",
    "glasgow": "glasgow board",
    "alea": "alea odds",
    "waterdeep": "waterdeep board",
}
PICTURED = {"gah", "gwt", "glasgow"}


def described(result) -> str:
    [embed] = result.response.embeds
    return embed.description


@pytest.mark.parametrize("game", sorted(FINISH))
async def test_a_finished_game_stays_on_view_in_discord_and_by_id(table, game):
    env, channel, alice, bob = table
    player = Console(env.bot, user_id=alice.id, channel_id=channel.id, guild_id=channel.guild.id)
    await FINISH[game](player)  # the whole game up to its end, typed
    game_id = player.last.game_id
    over = f"Game #{game_id} is over: <@{alice.id}> "

    for command in ("game status", BOARD[game], "game history"):
        looked = await alice.slash(channel, command)
        assert not looked.ephemeral and described(looked).startswith(over), command
        if command != "game history":  # a note about the game, not a step of it: no footer
            assert looked.response.embeds[0].footer.text.startswith(f"game #{game_id}")
        assert looked.response.components == [], command  # nothing to press on a final
        if command == BOARD[game] and game in PICTURED:
            assert looked.response.attachments[0].filename.endswith(".png")
    assert cards(channel) == []  # looking posts no result card (the typed end posted none)

    elsewhere = channel.guild.create_text_channel("lobby")
    shown = await alice.slash(elsewhere, "game show", id=game_id)
    assert described(shown).startswith(over)
    [then] = [f.value for f in shown.response.embeds[0].fields if f.name == "Next"]
    assert then.startswith(f"Played in <#{channel.id}>")
    if game in PICTURED:
        assert shown.response.attachments[0].filename.endswith(".png")
    refused = await bob.slash(elsewhere, "game show", id=game_id)
    assert refused.ephemeral and refused.response.content == (
        f"Game #{game_id} is private to its players; a game in a campaign is open to its whole "
        "server."
    )
    assert cards(elsewhere) == [] and cards(channel) == []
    [offered] = await alice.autocomplete(elsewhere, "game show", "id", "")
    assert offered["value"] == game_id and offered["name"].startswith(f"#{game_id} · ")
    assert await bob.autocomplete(elsewhere, "game show", "id", "") == []  # not in his logbook
    assert [type(e.original).__name__ for e in env.errors] == ["NotAllowed"]
