"""Logging: one key=value line per command, and the bot token never written anywhere."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

from bot.core.errors import SoloistError

P = ParamSpec("P")
R = TypeVar("R")
log = logging.getLogger("soloist.commands")
QUIET = ("alembic", "matplotlib", "PIL")


class RedactToken(logging.Filter):
    """Replace the token wherever it would appear in a record, arguments included."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if self.secret:
            message = record.getMessage()
            if self.secret in message:
                record.msg, record.args = message.replace(self.secret, "[token]"), None
        return True


def configure(level: str, token: str | None = None) -> None:
    logging.basicConfig(
        level=level, format="%(asctime)s %(levelname)s %(name)s %(message)s", force=True
    )
    if level != "DEBUG":  # libraries' own chatter (font cache, backend, migrations) only then
        for name in QUIET:
            logging.getLogger(name).setLevel(logging.WARNING)
    if token:
        for handler in logging.getLogger().handlers:
            handler.addFilter(RedactToken(token))


def command_logged(
    name: str, command_of: Callable[..., str] | None = None
) -> Callable[[Callable[P, Awaitable[R]]], Callable[P, Awaitable[R]]]:
    """Log `command game=… cmd=… user=… latency_ms=… outcome=ok|rejected|error` per call."""

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
                log.info(
                    "command game=%s cmd=%s user=%s channel=%s latency_ms=%.2f outcome=%s",
                    game if game is not None else "-",
                    cmd,
                    getattr(ctx, "user_id", "-"),
                    getattr(ctx, "channel_id", "-"),
                    (time.perf_counter() - started) * 1000,
                    outcome,
                )

        return run

    return wrap
