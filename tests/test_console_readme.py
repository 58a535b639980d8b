"""Every command line the README shows runs in the console as printed: on a fresh database,
in the README's order, none is unreadable, none crashes, none ends the console."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"```[^\n]*\n(.*?)```", re.DOTALL)
SPAN = re.compile(r"`([^`]+)`")
PLACEHOLDER = re.compile(
    r"[<>\[\]…|·]|:N\b|:$|:\s"
)  # `<your Lord>`, `[seed]`, `card:N`, `campaign:`
BROKEN = ("Could not read that line", "Something went wrong", "Traceback")


def readme_lines(text: str) -> list[str]:
    """The console prompts of code blocks (`soloist> /gah start`) and each inline command
    (`/gah start modules:1 2 3 5`) that names no placeholder, in the README's order."""
    found: list[tuple[int, str]] = []
    for block in FENCE.finditer(text):
        for line in block.group(1).splitlines():
            if line.startswith("soloist> "):
                found.append((block.start(), line.removeprefix("soloist> ").strip()))
    prose = FENCE.sub(lambda m: " " * len(m.group(0)), text)
    for span in SPAN.finditer(prose):
        line = " ".join(span.group(1).split())
        if line.startswith("/") and len(line) > 1 and not PLACEHOLDER.search(line):
            path = [word for word in line.split()[:3] if ":" not in word]
            if len(path) <= 2:  # `/gah item space guest` is a command's syntax, not a line
                found.append((span.start(), line))
    return [line for _, line in sorted(found, key=lambda found: found[0])]


def with_tables(lines: list[str]) -> list[str]:
    """Before each game's start, the channel's game is abandoned: every start then starts."""
    out = []
    for line in lines:
        if re.fullmatch(r"/\w+ start( .*)?", line):
            out.append("/game abandon")
        out.append(line)
    return out


def test_the_readme_names_its_examples():
    lines = readme_lines((ROOT / "README.md").read_text(encoding="utf-8"))
    assert lines[:2] == [
        "/gah start difficulty:hard seed:3",
        "/gah turn queue:Y3 B0 R2 G4 Y0 dice:1:2 2:2 3:1 4:3 5:2",
    ]
    assert "/waterdeep place space:Builder's Hall building:Jesters' Court" in lines
    assert "/waterdeep start lord:Durnan seed:7" in lines
    assert '/game campaign name:"Vienna winter"' in lines
    assert not [line for line in lines if "<" in line or "[" in line or line.endswith(":")]


def sessions(text: str) -> list[list[str]]:
    """Each code block of console prompts (`soloist> …`): a session a reader types as shown."""
    found = []
    for block in FENCE.finditer(text):
        prompts = [
            line.removeprefix("soloist> ").strip()
            for line in block.group(1).splitlines()
            if line.startswith("soloist> ")
        ]
        if prompts:
            found.append(prompts)
    return found


def run_console(lines: list[str], tmp_path: Path) -> tuple[subprocess.CompletedProcess, list]:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/readme.db",
        "CONSOLE_FILES": str(tmp_path / "files"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--json"],
        cwd=tmp_path,  # a picture or export written to the current directory would show
        env={**env, "PYTHONPATH": str(ROOT)},
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=300,
    )
    for word in BROKEN:
        assert word not in done.stderr, done.stderr[-3000:]
    replies = [json.loads(out) for out in done.stdout.splitlines()]
    assert len(replies) == len(lines), done.stderr[-3000:]
    return done, replies


def test_every_readme_example_runs_in_the_console_as_printed(tmp_path):
    lines = with_tables(readme_lines((ROOT / "README.md").read_text(encoding="utf-8")))
    assert len(lines) >= 40
    _, replies = run_console(lines, tmp_path)
    broken = [
        (line, reply["text"])
        for line, reply in zip(lines, replies, strict=True)
        if any(word in reply["text"] for word in BROKEN)
    ]
    assert broken == []
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith("readme.db")] == []


def test_each_console_session_the_readme_shows_is_accepted_line_by_line(tmp_path):
    """A block of `soloist>` prompts is a session typed as shown on a fresh database: every
    line is taken, none refused (the quickstart once ended a round Leopold had not played)."""
    found = sessions((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(found) >= 2 and found[0][0] == "/gah start difficulty:hard seed:3"
    for number, lines in enumerate(found):
        where = tmp_path / str(number)
        where.mkdir()
        _, replies = run_console(lines, where)
        refused = [(line, r["text"]) for line, r in zip(lines, replies, strict=True) if not r["ok"]]
        assert refused == [], refused
