"""bot/hosting/ast_guard.py: on a Python with gh-106905, ASTs built in several threads at once (a
traceback's carets, `inspect.signature`, pytest's rewriting), or by a finalizer in the middle
of another, fail with "AST constructor recursion depth mismatch"; with the guard installed
they never do."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from bot.hosting.ast_guard import affected

RACE = textwrap.dedent(
    """
    import ast, gc, sys, threading, time
    if sys.argv[1] == "guarded":
        import bot  # installs the guard where the bug is
    sys.setswitchinterval(1e-5)
    gc.set_threshold(5, 1, 1)

    class Cycle:  # freed by the collector, running Python code mid-AST: a thread switch
        def __init__(self):
            self.me = self

        def __del__(self):
            for _ in range(20):
                pass

    src = "\\n".join(
        f"def f{i}(a, b=[1, {{2: 3}}], *c):\\n    return [x * y for x in a for y in b]"
        for i in range(20)
    )
    errors, stop = 0, time.monotonic() + float(sys.argv[2])

    def parse():
        global errors
        while time.monotonic() < stop:
            try:
                ast.parse(src)
                Cycle()
            except SystemError:
                errors += 1

    threads = [threading.Thread(target=parse) for _ in range(3)]
    for t in threads:
        t.start()
    while time.monotonic() < stop:
        try:
            compile(ast.parse(src), "x", "exec")
            Cycle()
        except SystemError:
            errors += 1
    for t in threads:
        t.join()
    print(errors)
    """
)


# One thread: the collector frees a cycle in the middle of an AST, and its finalizer parses
# (as an asyncio task's "exception was never retrieved" does, logging a traceback whose
# carets Python 3.11 parses), a few frames deeper than the AST it interrupts.
REENTRY = textwrap.dedent(
    """
    import ast, gc, sys
    if sys.argv[1] == "guarded":
        import bot
    gc.set_threshold(5, 1, 1)

    class Cycle:
        def __init__(self):
            self.me = self

        def __del__(self):
            ast.parse("x = [1, 2, 3]")

    src = "\\n".join(
        f"def f{i}(a, b=[1, {{2: 3}}], *c):\\n    return [x * y for x in a for y in b]"
        for i in range(20)
    )

    def deep(n):
        if n:
            return deep(n - 1)
        errors = 0
        for _ in range(300):
            try:
                Cycle(), Cycle()
                ast.parse(src)
            except SystemError:
                errors += 1
        return errors

    print(deep(40))
    """
)


def race(mode: str, seconds: float = 3.0, script: str = RACE) -> int:
    done = subprocess.run(
        [sys.executable, "-c", script, mode, str(seconds)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return int(done.stdout.split()[-1])


def test_the_guard_is_installed_exactly_where_the_bug_is():
    assert affected((3, 11, 7)) and affected((3, 11, 0)) and affected((3, 12, 0))
    assert not affected((3, 11, 8)) and not affected((3, 12, 1)) and not affected((3, 13, 0))


@pytest.mark.skipif(not affected(), reason="this Python has the fix (3.11.8, 3.12.1)")
def test_asts_built_in_four_threads_at_once_fail_without_the_guard_and_never_with_it():
    assert race("bare") > 0  # the bug, on this Python: the test can see it
    assert race("guarded") == 0


@pytest.mark.skipif(not affected(), reason="this Python has the fix (3.11.8, 3.12.1)")
def test_an_ast_built_by_a_finalizer_in_the_middle_of_another_fails_without_the_guard():
    assert race("bare", script=REENTRY) > 0
    assert race("guarded", script=REENTRY) == 0
