"""Logging: one key=value line per command (or one JSON object a line, LOG_FORMAT=json), and
neither the bot token nor a page's token ever written anywhere, aiohttp's own logs included."""

from __future__ import annotations

import functools
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, ParamSpec, TypeVar

from bot.core.errors import SoloistError

P = ParamSpec("P")
R = TypeVar("R")
log = logging.getLogger("soloist.commands")
QUIET = ("alembic", "matplotlib", "PIL")


PAGE_TOKEN = re.compile(r"(/[gpcs]/)[^/?#\s'\"]+")  # /g/<token>, /p/…, /c/…, /s/…


class RedactToken(logging.Filter):
    """Replace the bot token and every page link's token wherever a record would show them:
    the message with its arguments, the command's fields, a traceback (aiohttp logs a bad
    request's raw path in its exception)."""

    def __init__(self, secret: str | None = None) -> None:
        super().__init__()
        self.secret = secret or ""

    def clean(self, text: str) -> str:
        if self.secret and self.secret in text:
            text = text.replace(self.secret, "[token]")
        return PAGE_TOKEN.sub(r"\1…", text) if "/" in text else text

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: logging would print msg and args raw
            message = f"{record.msg} (its arguments could not be formatted)"
        record.msg, record.args = self.clean(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.clean(record.exc_text)
        if record.stack_info:
            record.stack_info = self.clean(record.stack_info)
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            for key, value in fields.items():
                if isinstance(value, str):
                    fields[key] = self.clean(value)
        return True


class JsonLines(logging.Formatter):
    """One JSON object a line: time, level, logger, message, and a command's fields as keys."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update(fields)
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure(level: str, token: str | None = None, fmt: str = "text") -> None:
    logging.basicConfig(
        level=level, format="%(asctime)s %(levelname)s %(name)s %(message)s", force=True
    )
    if level != "DEBUG":  # libraries' own chatter (font cache, backend, migrations) only then
        for name in QUIET:
            logging.getLogger(name).setLevel(logging.WARNING)
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactToken(token))
        if fmt == "json":
            handler.setFormatter(JsonLines())


def command_logged(
    name: str, command_of: Callable[..., str] | None = None
) -> Callable[[Callable[P, Awaitable[R]]], Callable[P, Awaitable[R]]]:
    """Log `command game=… cmd=… user=… latency_ms=… outcome=ok|rejected|error` per call,
    and count it in the metrics (bot/hosting/metrics.py, loaded with the first command's
    module, not before login: issue 22)."""
    from bot.hosting.metrics import COMMAND_SECONDS, COMMANDS

    def wrap(method: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
        @functools.wraps(method)
        async def run(*args: P.args, **kwargs: P.kwargs) -> R:
            started = time.perf_counter()
            ctx: Any = args[1] if len(args) > 1 else kwargs.get("ctx")
            cmd = command_of(*args, **kwargs) if command_of else name
            outcome, game = "ok", None
            try:
                result = await method(*args, **kwargs)
                game = getattr(result, "game_id", None)
                return result
            except SoloistError:
                outcome = "rejected"
                raise
            except BaseException:
                outcome = "error"
                raise
            finally:
                seconds = time.perf_counter() - started
                counted = _counted.get((cmd, outcome))
                if counted is None:
                    label = _label(cmd)
                    counted = COMMANDS.labels(label, outcome), COMMAND_SECONDS.labels(label)
                    if label != "other":
                        _counted[(cmd, outcome)] = counted
                counted[0].inc()
                counted[1].observe(seconds)
                if log.isEnabledFor(logging.INFO):
                    fields = {
                        "game": game,
                        "cmd": cmd,
                        "user": getattr(ctx, "user_id", None),
                        "channel": getattr(ctx, "channel_id", None),
                        "latency_ms": round(seconds * 1000, 2),
                        "outcome": outcome,
                    }
                    log.info(
                        "command game=%s cmd=%s user=%s channel=%s latency_ms=%.2f outcome=%s",
                        *("-" if value is None else value for value in fields.values()),
                        extra={"fields": fields},
                    )

        return run

    return wrap


LABEL = re.compile(r"[a-z0-9_:]{1,40}")
LABELS_MOST = 300  # distinct command labels kept; a typed-in name beyond them is `other`
_labels: set[str] = set()
_counted: dict[tuple[str, str], tuple[Any, Any]] = {}  # prometheus-client's children, found once


def _label(cmd: str) -> str:
    """The command as a metric label: a name typed into the console may be anything, and
    every distinct label is a time series kept for the life of the process."""
    if cmd in _labels:
        return cmd
    if LABEL.fullmatch(cmd) is None or len(_labels) >= LABELS_MOST:
        return "other"
    _labels.add(cmd)
    return cmd
