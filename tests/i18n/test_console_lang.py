"""The console's `lang` is its user's, as Discord keeps a user's language: it changes nobody
else's replies, and no later console run (the same default user id) inherits it."""

from bot.console import Console, render_text
from tests.test_console import make_console

NO_GAME_DE = "In diesem Kanal läuft kein Spiel."
NO_GAME_EN = "No game is running in this channel."


async def test_lang_changes_only_this_console_users_language(db):
    first = await make_console(db)
    assert (await first.execute("lang de")).facts == ["Soloist antwortet dir jetzt auf Deutsch."]
    assert (await first.execute("/game status")).facts[0].startswith(NO_GAME_DE)
    neighbour = Console(first.bot, user_id=2, channel_id=1)
    assert (await neighbour.execute("/game status")).facts[0].startswith(NO_GAME_EN)
    later = Console(first.bot, user_id=1, channel_id=1)  # the next console run, same user id
    assert (await later.execute("/game status")).facts[0].startswith(NO_GAME_EN)
    assert (await first.execute("/game status")).facts[0].startswith(NO_GAME_DE)


async def test_lang_wins_over_the_stored_choice_and_auto_returns_to_it(db):
    console = await make_console(db)
    assert (await console.execute("/settings language choice:de")).ok  # kept, as on Discord
    assert (await console.execute("/game status")).facts[0].startswith(NO_GAME_DE)
    assert (await console.execute("lang en")).facts == ["Soloist now answers you in English."]
    assert (await console.execute("/spiel stand")).facts[0].startswith(NO_GAME_EN)
    auto = await console.execute("lang auto")
    assert auto.facts == [
        "Soloist antwortet dir jetzt in der Sprache deines Servers oder deines Discord."
    ]
    assert (await console.execute("/game status")).facts[0].startswith(NO_GAME_DE)


async def test_lang_refuses_a_language_it_does_not_speak_and_changes_nothing(db):
    console = await make_console(db)
    await console.execute("lang de")
    refused = await console.execute("lang fr")
    assert not refused.ok
    assert refused.text == "`fr` ist keine Sprache, die Soloist spricht; wähle automatisch, en, de."
    assert (await console.execute("/game status")).facts[0].startswith(NO_GAME_DE)
    assert (await console.execute("lang English")).ok  # a choice's name, as /settings reads it
    assert (await console.execute("/game status")).facts[0].startswith(NO_GAME_EN)


async def test_a_german_reader_presses_a_button_as_the_console_tells_them(db):
    console = await make_console(db)
    await console.execute("lang de")
    started = await console.execute("/glasgow start freddy:I seed:7")
    assert "Knöpfe (drück N): [1] Kein Sonderauftrag" in render_text(started)
    pressed = await console.execute("drück 1")
    assert pressed.ok and pressed.version == started.version + 1
