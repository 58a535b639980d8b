"""The console in German: `lang de`, then commands typed with the German names the replies
tell a German reader to type."""

from bot.console import render_text
from tests.test_console import make_console


async def test_german_command_and_option_names_work_in_the_console(db):
    console = await make_console(db)
    assert (await console.execute("lang de")).facts == ["Soloist antwortet dir jetzt auf Deutsch."]
    refused = await console.execute("/spiel stand")
    assert refused.facts[0].startswith("In diesem Kanal läuft kein Spiel. Starte eines:")
    started = await console.execute("/glasgow start freddy:I seed:7")
    assert started.ok and started.title.endswith("Spiel #1")
    taken = await console.execute("/spiel zurücknehmen schritte:1")
    assert not taken.ok
    assert taken.facts == [
        "Es gibt nur 0 Schritte zum Zurücknehmen; um neu anzufangen, "
        "`/spiel aufgeben` und neu starten."
    ]
    shown = render_text(await console.execute("/spiel stand"))
    assert "Knöpfe (drück N)" in shown
    await console.execute("lang en")
    assert (await console.execute("/game status")).title.endswith("game #1")
