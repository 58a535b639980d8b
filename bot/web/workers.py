"""Where game pages are built: in worker processes (a small pool, started with the pages:
each worker opens the database and loads the games, catalogs and templates before the first
page is asked for), or in threads of the serving process.

The pool keeps the replay, the page model, the template and the pictures off the serving
process's interpreter: `python -m bot run` serves pages in the bot's event loop, and a page
built in a thread there would hold the interpreter lock the bot's commands need (measured in
docs/performance.md). A worker gets the database's address and what to show (`Ask`), reads
the game itself (its own connection: SQLite in WAL mode lets another process read while the
bot writes), and returns the page's bytes. The front keeps the links, privacy, rate limits
and the cache of built pages; a worker decides no access.

A database only this process can open (SQLite in memory) is built in threads instead.

While the workers warm up after a start (a new interpreter, its imports, every game's rules:
seconds on a busy machine), a page asked for is built in threads of the serving process, as
`WEB_WORKERS=0` builds it, loading only what that page needs: the first page after a start
waits for no worker (issue 42). Once a worker has warmed up, pages go to the workers."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import signal
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

from sqlalchemy.engine import make_url

from bot.store.database import Database
from bot.web.build import Builder

log = logging.getLogger("soloist.web")

DATABASES = 4  # databases a worker keeps open (the tests open one each)


class InThreads:
    """Pages built in threads of this process, over its own database."""

    def __init__(self, db: Database) -> None:
        self.builder = Builder(db, inline=False)

    async def call(self, method: str, *args: Any) -> Any:
        return await getattr(self.builder, method)(*args)

    def __repr__(self) -> str:
        return "threads of this process"

    def start(self) -> None:
        """Nothing to start: threads of this process."""

    async def close(self) -> None:
        pass


class Pool:
    """`size` worker processes ('spawn': a clean interpreter, with no copy of the serving
    process's threads or connections), started by `start` (with the pages) or else with
    the first job."""

    def __init__(
        self, size: int, *, audit: bool = False, warm: Callable[..., Any] | None = None
    ) -> None:
        self.size = size
        self.audit = audit  # the tests': each worker notes the lines it showed without German
        self.executor: ProcessPoolExecutor | None = None
        # a worker's warm-up job, given where the database is (a test's holds it up)
        self.warm = warm or partial(work, method="warm")
        self.warmups: list[Future[Any]] = []  # the warm-ups of the last `start`

    def _executor(self) -> ProcessPoolExecutor:
        if self.executor is None:
            context = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(
                self.size, mp_context=context, initializer=_started, initargs=(self.audit,)
            )
        return self.executor

    def start(self, where: tuple[str, str | None]) -> None:
        """Start the workers now, each warming up for the database at `where` (its first
        page then waits for no interpreter, import or connection). Returns at once."""
        executor = self._executor()
        self.warmups = []
        for _ in range(self.size):  # 'spawn' starts a worker per job while none is idle
            warmup = executor.submit(self.warm, where)
            warmup.add_done_callback(_warmed)
            self.warmups.append(warmup)

    @property
    def warming(self) -> bool:
        """Started, and no worker has warmed up yet (failed counts as done: its first page
        then tries again)."""
        return bool(self.warmups) and not any(warmup.done() for warmup in self.warmups)

    async def run(self, *job: Any) -> Any:
        return await self.submit(work, *job)

    async def submit(self, function: Callable[..., Any], *args: Any) -> Any:
        for attempt in (1, 2):
            executor = self._executor()
            try:
                return await asyncio.wrap_future(executor.submit(function, *args))
            except BrokenProcessPool:  # a worker died (killed, out of memory): start anew
                log.warning("a page worker died; its pool starts again")
                if self.executor is executor:
                    self.executor = None
                await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    @property
    def processes(self) -> list[Any]:
        """The worker processes running now (tests check none outlives `close`)."""
        found = getattr(self.executor, "_processes", None) or {}
        return list(found.values())

    def shutdown(self) -> None:
        executor, self.executor = self.executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    async def close(self) -> None:
        await asyncio.to_thread(self.shutdown)


class InProcesses:
    """Pages of one database built in a pool's processes; `owned`: closing these closes
    the pool (the tests share one pool among their databases)."""

    def __init__(self, db: Database, pool: Pool, *, owned: bool = True) -> None:
        self.db = db
        self.where = (db.url, db.schema)
        self.pool = pool
        self.owned = owned
        self.here_while_warming = True  # bench.web_start: off, to measure how it was
        self.here: InThreads | None = None  # builds pages while the workers warm up

    async def call(self, method: str, *args: Any) -> Any:
        if self.pool.warming and self.here_while_warming:
            if self.here is None:
                self.here = InThreads(self.db)
            return await self.here.call(method, *args)
        self.here = None  # the workers answer now: what it kept goes
        return await self.pool.run(self.where, method, *args)

    def start(self) -> None:
        """The worker processes, started and warming up (Pages.start calls this); until
        one has, pages are built in threads here."""
        self.pool.start(self.where)

    def __repr__(self) -> str:
        return f"{self.pool.size} worker process(es)"

    async def close(self) -> None:
        if self.owned:
            await self.pool.close()


def shareable(db: Database) -> bool:
    """Whether another process can open this database (not SQLite in memory)."""
    if not db.is_sqlite:
        return True
    name = make_url(db.url).database
    return bool(name) and name != ":memory:" and not (name or "").startswith("file::memory:")


def builders(db: Database, size: int) -> InThreads | InProcesses:
    """`size` worker processes (WEB_WORKERS), or threads here when it is 0 or the database
    is this process's alone."""
    if size > 0 and shareable(db):
        return InProcesses(db, Pool(size))
    return InThreads(db)


# ---------------------------------------------------------------------- in a worker process
_loop: asyncio.AbstractEventLoop | None = None
_builders: OrderedDict[tuple[str, str | None], Builder] = OrderedDict()


def work(where: tuple[str, str | None], method: str, *args: Any) -> Any:
    """A worker's job: `Builder.<method>(*args)` over the database at `where`."""
    global _loop
    if _loop is None:
        _loop = asyncio.new_event_loop()
        asyncio.set_event_loop(_loop)
    builder = _builders.get(where)
    if builder is None:
        url, schema = where
        builder = _builders[where] = Builder(Database(url, schema=schema), inline=True)
        while len(_builders) > DATABASES:
            _, old = _builders.popitem(last=False)
            _loop.run_until_complete(old.db.close())
    _builders.move_to_end(where)
    return _loop.run_until_complete(getattr(builder, method)(*args))


def _warmed(done: Future[Any]) -> None:
    """A worker's warm-up ended: a failure is logged (its first page then tries again)."""
    if not done.cancelled() and done.exception() is not None:
        log.warning("a page worker did not warm up: %r", done.exception())


def _started(audit: bool) -> None:
    """A worker leaves Ctrl+C to the serving process, which stops it (the terminal sends
    SIGINT to the whole process group)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if audit:
        import bot.i18n

        bot.i18n.AUDIT = set()


def without_german() -> list[str]:
    """The lines this worker showed without German since it was last asked (tests)."""
    import bot.i18n

    found = sorted(bot.i18n.AUDIT or ())
    if bot.i18n.AUDIT is not None:
        bot.i18n.AUDIT.clear()
    return found
