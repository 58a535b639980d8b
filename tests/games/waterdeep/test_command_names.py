"""Every command a Waterdeep message names in backticks is a real command with real options,
written as the player types it (issue 15 item 4)."""

import re
from pathlib import Path

from bot.games.waterdeep.commands import COMMANDS, Start

PACKAGE = Path(__file__).parents[3] / "bot" / "games" / "waterdeep"
NAMED = re.compile(r"`/waterdeep ([a-z]+)([^`]*)`")


def named_commands() -> list[tuple[str, list[str]]]:
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text()
        # adjacent string literals are one message: join them before looking
        text = re.sub(r'"\s*\n\s*f?"', "", text)
        for command, options in NAMED.findall(text):
            found.append((command, re.findall(r"(?<![^ <])([a-z_]+):", options)))
    return found


def test_each_backticked_waterdeep_command_names_a_real_command_and_its_options():
    options_of = {m.slash_name(): set(m.model_fields) - {"command"} for m in COMMANDS}
    options_of |= {"start": {*Start.model_fields, "seed", "thread"} - {"command"}, "board": set()}
    named = named_commands()
    assert len(named) >= 10
    wrong = [
        (command, options)
        for command, options in named
        if command not in options_of or not set(options) <= options_of[command]
    ]
    assert wrong == []
