"""python -m bot [run | console | web | sync | migrate | verify | doctor | backup | restore]."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from pydantic import ValidationError

from bot.hosting.logs import configure
from bot.settings import Settings, describe, get_settings


async def _migrate() -> int:
    """`python -m bot migrate`: wait for the database, migrate it under the lock, whatever
    MIGRATE_ON_START says (this is the one-off job it asks for)."""
    db = await _database(migrations="apply")
    await db.close()
    return 0


class NotReady(Exception):
    """The bot cannot start (the database cannot be opened or migrated, Discord refuses the
    token): one line for the operator."""


# What a command does about pending migrations: "apply" them under a lock (nothing runs at
# head), "check" that none is pending, "as set" by MIGRATE_ON_START (apply, or check), "none".
Migrations = Literal["apply", "check", "as set", "none"]


async def _database(  # type: ignore[no-untyped-def]
    *, migrations: Migrations = "as set", wait: bool = True
):
    """Open the database once it answers (waiting up to DB_WAIT_SECONDS), then see to its
    migrations as asked."""
    from bot.store.database import Database, sqlite_file
    from bot.store.migrate import ensure_current
    from bot.store.waiting import is_transient, wait_until_reachable

    settings = get_settings()
    try:
        db = Database(
            settings.database_url,
            pool_size=settings.db_pool_size,
            max_overflow=settings.db_max_overflow,
        )
    except OSError as exc:  # Database makes the SQLite file's folder (DATA_DIR by default)
        raise NotReady(
            f"Cannot make the folder for DATABASE_URL's SQLite file "
            f"{sqlite_file(settings.database_url)} ({exc.strerror or type(exc).__name__}): "
            "check DATA_DIR or DATABASE_URL."
        ) from None
    except Exception as exc:
        raise NotReady(f"DATABASE_URL is not a database URL ({type(exc).__name__}).") from None
    reached = not wait
    try:
        if wait:
            await wait_until_reachable(db, settings.db_wait_seconds)
            reached = True
        done = None
        if migrations == "apply" or (migrations == "as set" and settings.migrate_on_start):
            done = await ensure_current(db)
        elif migrations == "as set":  # the host migrates; a database behind stops the start
            await _at_head(db, ", and MIGRATE_ON_START is false: run `python -m bot migrate`")
        elif migrations == "check":
            await _at_head(db, ": run `python -m bot migrate` (or start the bot)")
    except BaseException as exc:  # a bot stopping meanwhile closes it too
        await db.close()
        if not isinstance(exc, Exception) or isinstance(exc, NotReady):
            raise
        gave_up = not reached and is_transient(exc)  # not a later failure of the migration
        waited = f" after {settings.db_wait_seconds:g} s" if gave_up else ""
        why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        raise NotReady(
            f"The database is not ready ({why}){waited}; "
            "check DATABASE_URL, then run `python -m bot migrate`."
        ) from None
    if done:
        print(done, file=sys.stderr)
    return db


async def _at_head(db: Any, then: str) -> None:
    """A database behind stops the start, saying what to run `then`."""
    from bot.store.migrate import current_revision, head_revision

    current, head = await current_revision(db), head_revision()
    if current != head:
        raise NotReady(f"The database is at revision {current or 'none'}, not {head}{then} first.")


async def _service(  # type: ignore[no-untyped-def]
    *, migrations: Migrations = "as set", wait: bool = True
):
    from bot.table.service import TableService

    return TableService(await _database(migrations=migrations, wait=wait))


async def _console(args: argparse.Namespace) -> int:
    from bot.console import Console, run_console
    from bot.on_discord.client import SoloistBot, settle_heap

    settings = get_settings()
    if settings.log_level != "DEBUG":  # the per-command log is for operators, not players,
        for name in ("soloist.commands", "soloist.web"):  # and the console says where pages are
            logging.getLogger(name).setLevel(logging.WARNING)
    service = await _service()
    bot = SoloistBot(service)
    await bot.setup_hook()
    settle_heap()
    pages = None
    if args.web:  # `make run`: a newcomer opens their game's page on their own machine
        from bot.web.serve import start_pages

        pages = await start_pages(service.db)
    console = Console(
        bot,
        user_id=args.user or settings.console_user_id,
        channel_id=args.channel or settings.console_channel_id,
        guild_id=args.guild,
        admin=not args.no_admin,
        server_owner=args.server_owner,
    )
    interactive = sys.stdin.isatty() and not args.json
    if interactive:
        print("Soloist console: type commands as in Discord (`/gah start`), `quit` to leave.")
    if pages is not None:
        from bot.table.commands import Page
        from bot.web.links import base_url

        said = f"Web pages at {base_url()}: `{Page.line()}` prints a game's link."
        print(said, file=sys.stdout if interactive else sys.stderr)
    try:
        return await run_console(
            console,
            sys.stdin,
            sys.stdout,
            as_json=args.json,
            interactive=interactive,
            files=settings.console_files,
            threaded=pages is not None,  # the pages are served while it waits for a line
        )
    finally:
        if pages is not None:
            await pages.stop()
        await service.db.close()


async def _run_bot() -> None:
    """Log in first and open the database meanwhile (the bot holds what Discord sends until
    then): a database that cannot open still ends the bot with its one line."""
    import discord

    from bot.on_discord.client import SoloistBot

    settings = get_settings()
    bot = SoloistBot(shard_count=settings.shard_count, shard_ids=settings.shard_ids)
    async with bot:
        assert settings.discord_token is not None
        opening = bot.open_database(_service)
        login = asyncio.ensure_future(
            login_with_backoff(bot, settings.discord_token.get_secret_value())
        )

        closing: list[asyncio.Future[None]] = []

        def stop() -> None:
            if not login.done():  # a wait between login tries ends now; `async with` closes
                login.cancel()
            elif not closing:
                closing.append(asyncio.ensure_future(_close(bot, served)))

        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop)

        served: list[Any] = []
        health: list[Any] = []  # /healthz, /readyz, /metrics: made after login (issue 22)

        def probes() -> Any:
            if not health:
                from bot.hosting.health import Health

                health.append(Health(discord=bot.not_ready, latencies=lambda: bot.latencies))
            return health[0]

        async def serve_probes() -> None:  # on HEALTH_PORT, as soon as logged in
            from bot.hosting.serve import start_health

            server = await start_health(probes(), settings)
            if server is not None:
                served.append(server)

        async def serve_pages() -> None:  # once the database is open, beside the bot
            from bot.web.serve import start_pages

            probes().db = bot.service.db
            pages = await start_pages(bot.service.db, probes())
            if pages is not None:
                served.append(pages)

        def opened(task: asyncio.Task[None]) -> None:
            if _failed(task):  # the database cannot open: the bot stops, then says why
                stop()
            elif not task.cancelled():
                served.append(asyncio.ensure_future(serve_pages()))

        opening.add_done_callback(opened)
        try:
            await login
        except discord.LoginFailure:
            raise NotReady(
                "Discord refused DISCORD_TOKEN: the bot did not start. Copy the token again "
                "(Developer Portal, your application's Bot tab, Reset Token); see README.md."
            ) from None
        except asyncio.CancelledError:
            if not login.cancelled():
                raise
            if _failed(opening):
                raise opening.exception() from None  # type: ignore[misc]
            print("Stopped before logging in to Discord.", file=sys.stderr)
            return
        served.append(asyncio.ensure_future(serve_probes()))
        await bot.connect(reconnect=True)  # discord.py retries the gateway itself
    if _failed(opening):
        raise opening.exception()  # type: ignore[misc]


async def _close(bot: Any, served: list[Any]) -> None:
    """The pages stop first (they read the database the bot closes), then the bot."""
    for pages in served:
        if not isinstance(pages, asyncio.Future):
            await pages.stop()
    await bot.close()


async def _web() -> int:
    """`python -m bot web`: the pages alone, reading a database another process migrates."""
    from bot.web.serve import serve_alone

    db = await _database(migrations="check")
    try:
        return await serve_alone(db)
    finally:
        await db.close()


def _failed(task: asyncio.Task[Any]) -> bool:
    return task.done() and not task.cancelled() and task.exception() is not None


async def login_with_backoff(
    bot: Any,
    token: str,
    *,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    first: float = 1.0,
    cap: float = 60.0,
) -> int:
    """Log in, waiting 1, 2, 4 … at most `cap` seconds between tries while Discord cannot be
    reached (DNS, refused, reset, timeouts, 5xx): a network blip at start must not end the
    bot. A wrong token is not retried. Returns the number of failed tries."""
    import aiohttp
    import discord

    delay, failures = first, 0
    while True:
        try:
            await bot.login(token)
            return failures
        except discord.LoginFailure:
            raise
        except (TimeoutError, OSError, aiohttp.ClientError, discord.HTTPException) as exc:
            if isinstance(exc, discord.HTTPException) and exc.status < 500:
                raise
            failures += 1
            logging.getLogger("soloist.run").warning(
                "Cannot reach Discord (%s: %s); trying again in %.0f s",
                type(exc).__name__,
                exc,
                delay,
            )
        await sleep(delay)
        delay = min(cap, delay * 2)


async def _sync(guild_id: int | None) -> int:
    """Register the command tree. `login()` runs `setup_hook()` (the cogs) itself. Discord
    out of reach or refusing is one line and exit status 1, not a traceback."""
    import aiohttp
    import discord

    from bot.on_discord.client import SoloistBot

    settings = get_settings()
    service = await _service(migrations="none", wait=False)
    async with SoloistBot(service) as bot:
        assert settings.discord_token is not None
        try:
            await bot.login(settings.discord_token.get_secret_value())
            if guild_id:
                guild = discord.Object(id=guild_id)
                bot.tree.copy_global_to(guild=guild)
                synced = await bot.tree.sync(guild=guild)
            else:
                synced = await bot.tree.sync()
        except discord.LoginFailure:
            print("Discord refused DISCORD_TOKEN: nothing synced.", file=sys.stderr)
            return 1
        except discord.HTTPException as exc:
            why = f"{exc.status} {exc.text}"[:160]
            print(f"Discord refused the commands ({why}): nothing synced.", file=sys.stderr)
            return 1
        except (TimeoutError, OSError, aiohttp.ClientError) as exc:
            why = f"{type(exc).__name__}: {exc}"[:160]
            print(f"Cannot reach Discord ({why}): nothing synced.", file=sys.stderr)
            return 1
    if guild_id:
        print(f"Synced {len(synced)} commands to guild {guild_id} (visible at once).")
    else:
        print(f"Synced {len(synced)} global commands (may take up to an hour to appear).")
    return 0


async def _verify(migrations: Migrations = "as set") -> int:
    from bot.ops import verify

    db = await _database(migrations=migrations)
    try:
        checked, bad = await verify(db)
    finally:
        await db.close()
    for mismatch in bad:
        print(f"game #{mismatch.game_id}: {mismatch.reason}")
    print(f"verify: {checked} game(s) replayed, {len(bad)} differ.")
    return 1 if bad else 0


async def _backup_or_restore(cmd: str, file: str) -> int:
    """`backup FILE`: a consistent copy while the bot runs; `restore FILE`: into an empty
    database only, then migrated (an older backup) and verified (bot/store/backup.py)."""
    from pathlib import Path

    from bot.store import backup as backups
    from bot.store.database import sqlite_file

    source = sqlite_file(get_settings().database_url) if cmd == "backup" else None
    if source is not None and not source.is_file():  # opening it would make an empty one
        raise NotReady(f"No SQLite database at {source}: check DATA_DIR or DATABASE_URL.")
    db = await _database(migrations="none")
    try:
        job = backups.backup if cmd == "backup" else backups.restore
        print(await job(db, Path(file)))
    except backups.BackupError as exc:
        raise NotReady(str(exc)) from None
    finally:
        await db.close()
    return await _verify("apply") if cmd == "restore" else 0


async def _doctor() -> int:
    from bot.ops import doctor

    checks = await doctor(get_settings())
    for check in checks:
        print(f"{'ok ' if check.ok else 'BAD'} {check.name}: {check.detail}")
    return 0 if all(c.ok for c in checks) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Soloist")
    sub = parser.add_subparsers(dest="cmd")
    sub.add_parser("run", help="migrate, then run the Discord bot (the console without a token)")
    con = sub.add_parser("console", help="play offline with the same commands as Discord")
    con.add_argument("--user", type=int, help="your user id (default CONSOLE_USER_ID)")
    con.add_argument("--channel", type=int, help="the channel id (default CONSOLE_CHANNEL_ID)")
    con.add_argument("--guild", type=int, default=0, help="the server id (default 0)")
    con.add_argument("--json", action="store_true", help="one JSON object per reply")
    con.add_argument("--no-admin", action="store_true", help="act without Manage Server")
    con.add_argument("--server-owner", type=int, help="the user id that owns the server")
    con.add_argument("--web", action="store_true", help="serve the web pages too (WEB_PORT)")
    syn = sub.add_parser("sync", help="register the slash commands with Discord")
    syn.add_argument("--guild", type=int, nargs="?", const=-1, help="sync to one server only")
    sub.add_parser("web", help="serve the web pages alone, reading the database only")
    sub.add_parser("migrate", help="apply database migrations")
    sub.add_parser("verify", help="replay every stored game and report any that differ")
    sub.add_parser("doctor", help="check settings, database, migrations and data files")
    back = sub.add_parser("backup", help="copy the database into FILE while the bot runs")
    back.add_argument("file", metavar="FILE")
    back = sub.add_parser("restore", help="restore FILE into an empty database, then verify")
    back.add_argument("file", metavar="FILE")
    args = parser.parse_args(argv)
    try:
        settings = get_settings()
    except (ValidationError, UnicodeDecodeError) as exc:  # one line: the setting, value, allowed
        print(describe(exc), file=sys.stderr)
        return 2
    token = settings.discord_token.get_secret_value() if settings.discord_token else None
    configure(settings.log_level, token, settings.log_format)
    cmd = args.cmd or "run"
    try:
        return _dispatch(cmd, args, settings)
    except NotReady as exc:
        print(one_line(str(exc)), file=sys.stderr)
        return 2


def one_line(text: str, limit: int = 600) -> str:
    """A start-up error on one line, whole; a very long one is cut at a word, never in one."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "…"


def _dispatch(cmd: str, args: argparse.Namespace, settings: Settings) -> int:
    if cmd == "migrate":
        return asyncio.run(_migrate())
    if cmd == "console":
        return asyncio.run(_console(args))
    if cmd == "verify":
        return asyncio.run(_verify())
    if cmd == "doctor":
        return asyncio.run(_doctor())
    if cmd in ("backup", "restore"):
        return asyncio.run(_backup_or_restore(cmd, args.file))
    if cmd == "web":
        return asyncio.run(_web())
    if not settings.has_token:
        if cmd == "sync":
            print("DISCORD_TOKEN is not set: nothing to sync. See README.md.", file=sys.stderr)
            return 2
        print("No DISCORD_TOKEN set: starting the offline console instead of the Discord bot.")
        return asyncio.run(
            _console(
                argparse.Namespace(
                    user=None,
                    channel=None,
                    guild=0,
                    json=False,
                    no_admin=False,
                    server_owner=None,
                    web=True,
                )
            )
        )
    if cmd == "sync":
        guild = settings.dev_guild_id if args.guild == -1 else args.guild
        return asyncio.run(_sync(guild))
    asyncio.run(_run_bot())
    return 0


if __name__ == "__main__":
    sys.exit(main())
