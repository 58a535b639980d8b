"""The registry lists every game without loading it, and loads a game on its first use."""

import subprocess
import sys
from pathlib import Path

import pytest

from bot.core.errors import InputError
from bot.games import registry

ROOT = Path(__file__).resolve().parents[2]


def test_each_listing_says_what_its_spec_says():
    for key, listing in registry.LISTINGS.items():
        spec = registry.SPECS[key]
        assert (listing.key, listing.name, listing.cog) == (spec.key, spec.name, spec.cog)


def test_an_unknown_game_is_one_line():
    with pytest.raises(InputError, match="Unknown game `chess`"):
        registry.spec_for("chess")


def test_a_game_loads_on_its_first_use_and_no_other_with_it():
    script = (
        "import sys\n"
        "from bot.games import registry\n"
        "def games():\n"
        "    return sorted({m.split('.')[2] for m in sys.modules\n"
        "                   if m.startswith('bot.games.') and m != 'bot.games.registry'})\n"
        "print(list(registry.SPECS), registry.cog_extensions()[0], games())\n"
        "registry.rules_for('glasgow')\n"
        "print(games(), [spec.key for spec in registry.loaded()])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines() == [
        "['gah', 'alea', 'glasgow', 'waterdeep', 'gwt'] cogs.grand_austria []",
        "['glasgow'] ['glasgow']",
    ]
