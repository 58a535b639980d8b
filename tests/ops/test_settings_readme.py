"""README's settings table and .env.example are checked against the settings' own declarations
(bot/settings.py), so neither can drift from what the bot reads. After changing a setting:
`.venv/bin/python -m tests.ops.test_settings_readme` rewrites the table."""

import re
import sys
from pathlib import Path

from pydantic import SecretStr

from bot.settings import Settings, allowed, env_name

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
START = "<!-- settings table: built from bot/settings.py (tests/ops/test_settings_readme.py) -->"
END = "<!-- end of the settings table -->"


def _default(name: str) -> str:
    value = Settings.model_fields[name].get_default(call_default_factory=True)
    if value in (None, "", []) or isinstance(value, SecretStr):
        return "unset"
    if isinstance(value, bool):
        value = str(value).lower()
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"`{value}`"


def table() -> str:
    rows = [
        "| Setting | Default | What it does | Allowed |",
        "|---|---|---|---|",
    ]
    for name, field in Settings.model_fields.items():
        cells = [f"`{env_name(name)}`", _default(name), field.description or "", allowed(name)]
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join([START, *rows, END])


def _in_readme(text: str) -> str:
    found = re.search(re.escape(START) + r".*?" + re.escape(END), text, re.DOTALL)
    assert found, f"README.md has no settings table between {START!r} and {END!r}"
    return found.group(0)


def test_the_readme_settings_table_is_every_setting_as_declared():
    assert _in_readme(README.read_text(encoding="utf-8")) == table(), (
        "README's settings table differs: run `.venv/bin/python -m tests.ops.test_settings_readme`"
    )


def test_every_setting_is_described():
    assert [n for n, f in Settings.model_fields.items() if not f.description] == []


def test_env_example_names_every_setting():
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    named = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]*)=", example, re.MULTILINE))
    assert {env_name(n) for n in Settings.model_fields} <= named


if __name__ == "__main__":
    text = README.read_text(encoding="utf-8")
    README.write_text(text.replace(_in_readme(text), table()), encoding="utf-8")
    sys.exit(0)
