"""Operations: `python -m bot verify` (replay audit) and `python -m bot doctor` (health checks)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, select

from bot.core.said import english_data
from bot.games.registry import rules_for
from bot.settings import Settings
from bot.store.database import Database, sqlite_file
from bot.store.migrate import current_revision, head_revision
from bot.store.models import ActionRow, GameRow
from bot.table.replay import effective_actions, replay


@dataclass
class Mismatch:
    game_id: int
    reason: str


async def verify(db: Database) -> tuple[int, list[Mismatch]]:
    """Replay every stored game from its seed and log; report those that differ."""
    bad: list[Mismatch] = []
    checked = 0
    ids = await db.read(lambda conn: list(conn.scalars(select(GameRow.id).order_by(GameRow.id))))
    for game_id in ids:

        def job(conn: Connection, game_id: int = game_id) -> tuple[Any, list[Any]]:
            row = conn.execute(select(GameRow).where(GameRow.id == game_id)).one()
            entries = conn.execute(
                select(ActionRow.seq, ActionRow.command, ActionRow.args)
                .where(ActionRow.game_id == game_id)
                .order_by(ActionRow.seq)
            ).all()
            return row, entries

        row, entries = await db.read(job)
        seqs = [seq for seq, _, _ in entries]
        log = [(command, args) for _, command, args in entries]
        checked += 1
        if seqs != list(range(1, row.version + 1)):
            bad.append(Mismatch(game_id, f"log has steps {seqs[:5]}… for version {row.version}"))
            continue
        try:
            rules = rules_for(row.game_key)
            stored = rules.load(row.state)  # the stored state itself must load
            state, _ = replay(rules, row.options, row.seed, effective_actions(log[1:], rules))
        except Exception as exc:  # a game that cannot be replayed is exactly what we look for
            bad.append(Mismatch(game_id, f"replay fails: {type(exc).__name__}: {exc}"))
            continue
        # compared as it loads: a field added since (with its default) is no difference, nor
        # a question's message kept before as its English text alone
        replayed, kept = state.model_dump(mode="json"), stored.model_dump(mode="json")
        if english_data(replayed) != english_data(kept):
            bad.append(Mismatch(game_id, "replayed state differs from the stored state"))
    return checked, bad


@dataclass
class Check:
    name: str
    ok: bool
    detail: str


async def doctor(settings: Settings) -> list[Check]:
    checks = [
        Check(
            "settings",
            True,
            f"database {settings.database_url.split('@')[-1]}, "
            f"token {'set' if settings.has_token else 'not set (console only)'}",
        )
    ]
    missing = _missing_sqlite_file(settings.database_url)
    if missing is not None:  # opening it would create it (and its folder): a check must not
        where = "its folder does not exist" if not missing.parent.is_dir() else "no such file"
        checks += [
            Check("database", False, f"no database at {missing} ({where})"[:200]),
            Check("migrations", False, "none applied: run `python -m bot migrate`"),
        ]
    else:
        checks += await _open_database(settings.database_url)
    checks.append(_data_files())
    checks.append(_catalogs())
    return checks


async def _open_database(url: str) -> list[Check]:
    try:
        db = Database(url)
    except Exception as exc:  # not even a URL: say so, and still check the rest
        return [Check("database", False, f"DATABASE_URL is not a database URL: {exc}"[:200])]
    return await _database(db)


def _missing_sqlite_file(url: str) -> Path | None:
    """The SQLite file a URL names, if it does not exist yet."""
    try:
        path = sqlite_file(url)
    except Exception:
        return None  # Database() says what is wrong with it
    return None if path is None or path.exists() else path


async def _database(db: Database) -> list[Check]:
    checks = []
    try:
        await db.ping()
        checks.append(Check("database", True, "reachable"))
        current, head = await current_revision(db), head_revision()
        pending = current != head
        checks.append(
            Check(
                "migrations",
                not pending,
                f"at {current}, head {head}" + (": run `python -m bot migrate`" if pending else ""),
            )
        )
    except Exception as exc:
        checks.append(Check("database", False, f"{type(exc).__name__}: {exc}"[:200]))
    finally:
        await db.close()
    return checks


def _data_files() -> Check:
    from bot.games.registry import SPECS
    from bot.logbook.catalogue import catalogue

    try:
        loaded = [load() for spec in SPECS.values() for load in spec.data] + [catalogue()]
    except Exception as exc:
        return Check("data files", False, f"{type(exc).__name__}: {exc}"[:300])
    return Check("data files", True, f"{len(loaded)} data sets validate")


def _catalogs() -> Check:
    """Without its catalogs German silently falls back to English: say so here."""
    from bot import i18n

    files = i18n.catalog_files("de")
    if not files:
        where = " or ".join(str(root / "de") for root in i18n.ROOTS)
        return Check("German catalogs", False, f"none in {where}: German readers get English")
    try:
        loaded = i18n.read_catalog("de")
    except Exception as exc:  # a YAML error, a line translated twice: the file says which
        return Check("German catalogs", False, " ".join(f"{type(exc).__name__}: {exc}".split()))
    return Check("German catalogs", True, f"{len(files)} files, {len(loaded.sources)} lines")
