"""/help in the console: every command it prints reads as a command line, in both languages."""

import shlex

import pytest

from bot.games.registry import SPECS
from bot.i18n import CODE, english_name
from tests.test_console import make_console

STARTS = {  # a start line for each game, its required options filled in
    "alea": "/alea start partner:2",
    "waterdeep": "/waterdeep start lord:Mirt",
}


@pytest.mark.parametrize("language", ["en", "de"])
async def test_every_command_help_prints_runs_as_printed_and_every_template_names_real_options(
    db, language
):
    """A span without `…` is an example: it parses as it stands, and after the game's start
    it runs without an unexpected error. A span with `…` names a real command and options."""
    console = await make_console(db)
    assert (await console.execute(f"lang {language}")).ok
    wrong: list[str] = []
    for channel, spec in enumerate(SPECS.values(), start=10):
        shown = "\n".join(
            [
                (await console.execute(f"/help game:{spec.key}{t}")).text
                for t in ("", " topic:start")
            ]
        )
        assert "\n" in shown and not shown.startswith("✗"), shown
        console.channel_id = channel
        started = await console.execute(STARTS.get(spec.key, f"/{spec.key} start"))
        assert started.ok, started.text
        for span in CODE.findall(shown):
            words = shlex.split(span)
            try:
                if "…" not in span:
                    console.parse(words)
                    reply = await console.execute(span)
                    assert "Something went wrong" not in reply.text, reply.text
                    continue
                command, rest = console._find(words)
                options = {p.display_name for p in command.parameters}
                for word in rest:
                    name = english_name(command.qualified_name, word.partition(":")[0])
                    assert name in options, f"no option {name}"
            except Exception as exc:  # collected, reported together
                wrong.append(f"{spec.key}: `{span}`: {exc}")
    assert not wrong, "\n".join(wrong)
