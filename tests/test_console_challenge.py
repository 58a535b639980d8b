"""/challenge in the console: the same command lines as on Discord, in English and German, the
picture saved as a file, refusals in one line."""

from datetime import UTC, datetime

import pytest

from bot.console import render_text, split_line
from bot.i18n import CODE, english_name, tr
from bot.store import models
from tests.test_console import make_console


@pytest.fixture
def fixed_clock():
    models.NOW[0] = lambda: datetime(2026, 6, 1, 12, tzinfo=UTC)
    yield
    models.NOW[0] = models._system_now


async def test_challenge_lines_run_in_the_console_as_typed(db, fixed_clock):
    console = await make_console(db)
    for game in ("gwt", "gwt", "glasgow"):
        opponent = "Sam" if game == "gwt" else "Freddy I"
        assert (await console.execute(f"/log play game:{game} opponent:{opponent} outcome:win")).ok
    made = await console.execute(
        "/challenge new name:10 hard plays:10 pick:gwt:Sam glasgow:Freddy I"
    )
    assert made.ok, made.text
    assert render_text(made).split("\n")[:9] == [
        "== Challenge · 10 hard ==",
        "New challenge **10 hard**. `/challenge share` shows it in the channel.",
        "**2 games** × **10 plays** each, from 2026-01-01 to 2026-12-31",
        "Games picked in advance.",
        "All plays count, solo or with others.",
        "• Great Western Trail (2nd edition) against Sam: **2**/10",
        "• Glasgow against Freddy I: **1**/10",
        "**3** of 20 plays done, 17 left.",
        "To finish by 2026-12-31: **0.6 plays** a week (214 days left).",
    ]
    assert [name for name, _ in made.files] == ["challenge-1.png"]
    shared = await console.execute("/challenge share")  # the only one
    assert shared.ok and shared.facts[0] == "<@1>" and not shared.ephemeral
    refused = await console.execute("/challenge new name:x plays:101 games:1")
    assert refused.text == "`plays` must be from `1` to `100`."
    refused = await console.execute("/challenge new name:x plays:1 games:3 pick:gah gah:Leopold")
    assert refused.text == (
        "The picks `gah` and `gah:Leopold` overlap: a play would count for both. "
        "Pick each game once."
    )


async def test_german_command_and_option_names_and_german_replies(db, fixed_clock):
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    made = await console.execute("/herausforderung neu name:Fünf spiele:4 partien:5 solo:true")
    assert made.ok, made.text
    assert made.facts[1:4] == [
        "**4 Spiele** × je **5 Partien**, vom 2026-01-01 bis 2026-12-31",
        "Beliebige Spiele: Es zählen die ersten 4 verschiedenen Spiele, die du spielst.",
        "Nur Solo-Partien: Eine Partie mit einem weiteren echten Mitspieler zählt nicht.",
    ]
    listed = await console.execute("/herausforderung liste")
    assert listed.facts == ["**Fünf** · 4×5 · 0/20 Partien, bis 2026-12-31"]
    refused = await console.execute("/herausforderung neu name:fünf spiele:1 partien:1")
    assert refused.text == (
        "Du hast schon eine Herausforderung namens **fünf**; wähle einen anderen Namen."
    )
    gone = await console.execute("/herausforderung löschen")
    assert gone.facts == [
        "Herausforderung **Fünf** gelöscht. `/herausforderung wiederherstellen` holt sie zurück."
    ]
    back = await console.execute("/herausforderung wiederherstellen")
    assert back.facts == ["Die Herausforderung **Fünf** ist wieder da."]
    helped = await console.execute("/hilfe thema:challenge")
    assert helped.title == "Soloist: Herausforderungen"
    assert (
        "`/herausforderung zeigen` — Stand, Tempo und Bild einer Herausforderung, nur für dich"
        in (helped.facts)
    )


@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_help_topic_names_every_challenge_command_as_a_line_that_parses(db, language):
    console = await make_console(db)
    assert (await console.execute(f"lang {language}")).ok
    helped = await console.execute("/help topic:challenge")
    assert helped.ok and helped.facts[0].startswith("**")
    spans = CODE.findall("\n".join(helped.facts))
    group = tr("`/challenge`", language).strip("`")
    named = {span.split()[1] for span in spans if span.startswith(group + " ")}
    assert len(named) == 6  # new, list, show, share, delete, restore
    for span in spans:
        if "…" not in span:
            console.parse(split_line(span))  # raises on an unknown command or option
            continue
        command, rest = console._find(split_line(span))  # a usage: its options exist
        options = {p.display_name for p in command.parameters}
        assert {english_name(command.qualified_name, w.split(":")[0]) for w in rest} <= options
    example = next(span for span in spans if ":" in span and "…" not in span)
    assert (await console.execute(example)).ok
    listed = await console.execute("/help")
    assert tr(
        "Play-count challenges (N games × M plays each): `/help topic:challenge`", language
    ) in (listed.facts)
