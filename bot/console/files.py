"""The pictures and exports a console run saves into its folder."""

from __future__ import annotations

import contextlib
import re
from datetime import datetime
from pathlib import Path

from bot.core.reply import Reply
from bot.i18n import tr

KEEP_FILES = 200  # pictures and exports the console keeps in its folder
STAMPED = re.compile(r"^\d{8}-\d{6}-\d{6}-")  # the names save_files gives


def save_files(reply: Reply, folder: Path) -> list[str]:
    """Write the reply's pictures and exports into `folder`, each under a new name with the
    time in front, and keep only the newest KEEP_FILES of those there (nothing else in the
    folder is touched). One line per file, naming where it went."""
    lines = []
    for name, data in reply.files:
        path = folder / f"{datetime.now():%Y%m%d-%H%M%S-%f}-{Path(name).name}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except OSError as exc:
            why = exc.strerror or type(exc).__name__
            lines.append(tr(f"[file {name}, {len(data)} bytes, not saved: {why}]", reply.locale))
            continue
        lines.append(tr(f"[file {name}, {len(data)} bytes, saved to {path}]", reply.locale))
    if lines:
        with contextlib.suppress(OSError):
            saved = sorted(p for p in folder.iterdir() if STAMPED.match(p.name) and p.is_file())
            for old in saved[:-KEEP_FILES]:
                old.unlink()
    return lines
