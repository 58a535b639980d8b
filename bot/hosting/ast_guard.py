"""A guard against a CPython bug this machine's Python has (3.11.0–3.11.7, 3.12.0; gh-106905):
building Python AST objects in two threads at once corrupts one recursion counter the
interpreter shares between them, and the next AST built anywhere fails with "SystemError: AST
constructor recursion depth mismatch". Threads build them more often than one would think:
Python 3.11 parses a frame's source for a traceback's carets (a log line with an exception,
in the database's or a picture's thread), and `inspect.signature` parses text signatures
(numpy's import, in the picture thread); pytest's assertion rewriting builds them in the main
thread. The same happens in one thread: the collector runs finalizers in the middle of an AST
(an asyncio task's "exception was never retrieved" logs a traceback, whose carets parse
again), and the inner AST resets the counter the outer one is still using. Installed, every
compile that makes or takes an AST holds one lock with the collector paused (so nothing runs
in its middle); other compiles (imports from source) are untouched. A fixed Python installs
nothing."""

from __future__ import annotations

import ast
import builtins
import gc
import sys
import threading
from typing import Any

_LOCK = threading.RLock()
_COMPILE = builtins.compile


def affected(version: tuple[int, int, int] | None = None) -> bool:
    """Whether this Python has the bug (fixed in 3.11.8 and 3.12.1)."""
    major, minor, micro = version or sys.version_info[:3]
    return ((major, minor) == (3, 11) and micro < 8) or (major, minor, micro) == (3, 12, 0)


def _locked_compile(
    source: Any, filename: Any, mode: str, flags: int = 0, *args: Any, **kw: Any
) -> Any:
    if isinstance(source, ast.AST) or flags & ast.PyCF_ONLY_AST:
        with _LOCK:
            collecting = gc.isenabled()
            gc.disable()
            try:
                return _COMPILE(source, filename, mode, flags, *args, **kw)
            finally:
                if collecting:
                    gc.enable()
    return _COMPILE(source, filename, mode, flags, *args, **kw)


def install() -> bool:
    """Install the guard where the bug is; True if it is (or was) installed."""
    if not affected():
        return False
    builtins.compile = _locked_compile  # type: ignore[assignment]
    return True
