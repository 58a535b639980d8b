"""/game import is checked by replay, then written whole in one transaction; games are bounded
in length, and undo replays from the nearest snapshot, not from the seed."""

import json

import pytest
from sqlalchemy import func, select, update

import bot.table.acting as acting
import bot.table.exports as exports
import bot.table.importing as importing
import bot.table.service as service_module
import bot.table.stage as stage
from bot.core.errors import InputError, RuleError
from bot.core.reply import Ctx
from bot.games.grand_austria.rules import GahRules
from bot.ops import verify
from bot.store.models import ActionRow, GameRow, PlayRow, SnapshotRow
from tests.looks import looking

OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}
ELSEWHERE = Ctx(guild_id=10, channel_id=555, user_id=3)
ME_ELSEWHERE = Ctx(guild_id=10, channel_id=556, user_id=1)  # the owner fixture's user


async def counts(db) -> tuple[int, int, int]:
    async with looking(db) as session:
        return (
            await session.scalar(select(func.count()).select_from(GameRow)),
            await session.scalar(select(func.count()).select_from(ActionRow)),
            await session.scalar(select(func.count()).select_from(SnapshotRow)),
        )


async def play_gah(service, ctx, seed=5) -> int:
    """A Leopold game as far as the fixed turn takes it; returns the actions accepted."""
    await service.start(ctx, "gah", OPTS, seed)
    accepted = 0
    for _ in range(40):
        for action in (TURN, {"command": "round_end"}):
            try:
                await service.act(ctx, "gah", dict(action))
                accepted += 1
            except RuleError:
                pass
    return accepted


def alea_export(*entries: dict, options=None) -> bytes:
    log = [{"command": "start", "args": {}}, *entries]
    return json.dumps(
        {
            "format": "soloist-game/1",
            "game": "alea",
            "options": {"mode": "virtual"} if options is None else options,
            "seed": 3,
            "log": log,
        }
    ).encode()


END = {"command": "end", "args": {"score": 40, "partner_score": 42}}
SUPPLY = {"command": "supply_empty", "args": {}}


async def test_an_export_imports_as_one_transaction_and_replays_the_same(db, service, owner):
    await service.start(owner, "gah", OPTS, 5)
    for _ in range(2):
        await service.act(owner, "gah", dict(TURN))
    await service.undo(owner, 1)
    await service.act(owner, "gah", dict(TURN))
    export = await service.export(owner)
    data = export.files[0][1]
    imported = await service.import_game(ELSEWHERE, data)
    assert "Imported: 2 steps" in imported.facts[0]
    assert imported.version == 3  # the start and the two actions in force, written at once
    assert (await service.status(ELSEWHERE)).state == (await service.status(owner)).state
    assert await verify(db) == (2, [])
    again = await service.act(ELSEWHERE, "gah", {"command": "round_end"})
    assert again.version == 4


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ((SUPPLY, END, END), "after the game ended"),
        ((SUPPLY, END, SUPPLY), "after the game ended"),
        ((SUPPLY, {"command": "undo", "args": {}}), "is an undo without `steps` \\(1 to 1\\)"),
        ((SUPPLY, {"command": "undo", "args": None}), "is an undo without `steps`"),
        ((SUPPLY, {"command": "undo", "args": {"steps": 2}}), "1 to 1"),
        ((SUPPLY, {"command": "undo", "args": {"steps": "1"}}), "whole number \\(1 to 1\\)"),
        (
            (SUPPLY, {"command": "undo", "args": {"steps": 10**20}}),
            "undoes 100,000,000,000,000,000,000 step",
        ),
        (({"command": "undo", "args": {"steps": 1}},), "no step before it can be taken back"),
        ((SUPPLY, {"command": "drop_tables", "args": {}}), "not a Fifth Avenue command"),
        ((SUPPLY, {"command": "end", "args": ["score", 40]}), "not an object"),
        (({"args": {}},), "no command"),
    ],
)
async def test_a_crafted_log_a_live_game_would_refuse_is_refused(
    db, service, owner, entries, message
):
    with pytest.raises(InputError, match=message):
        await service.import_game(owner, alea_export(*entries))
    assert await counts(db) == (0, 0, 0)


async def test_an_undo_entry_without_steps_never_says_none(db, service, owner):
    with pytest.raises(InputError) as refused:
        await service.import_game(owner, alea_export(SUPPLY, {"command": "undo", "args": {}}))
    assert "None" not in str(refused.value)


@pytest.mark.parametrize("seed", [2**70, -1, "3", 2**31, 2**129])
async def test_an_export_with_a_seed_out_of_range_is_refused_for_its_seed(db, service, owner, seed):
    raw = json.loads(alea_export(SUPPLY))
    with pytest.raises(InputError) as refused:
        await service.import_game(owner, json.dumps({**raw, "seed": seed}))
    assert str(refused.value) == (
        "The export's seed must be a whole number (0 to 2,147,483,647, or a challenge's "
        "revealed secret). Nothing was imported."
    )
    assert await counts(db) == (0, 0, 0)


async def test_importing_the_same_finished_export_twice_counts_it_once(db, service, owner):
    export = alea_export(SUPPLY, END)
    first = await service.import_game(owner, export)
    before = await counts(db)
    with pytest.raises(RuleError) as refused:
        await service.import_game(ME_ELSEWHERE, export)
    assert str(refused.value) == (
        f"Game #{first.game_id} is this game (same seed and moves) and is already in your "
        "logbook: it counts once. Nothing was imported."
    )
    assert await counts(db) == before
    async with looking(db) as session:
        plays = list(await session.scalars(select(PlayRow)))
    assert len(plays) == 1
    other = await service.import_game(ELSEWHERE, export)  # someone else's first copy
    assert other.state["status"] == "finished"


async def test_a_game_played_here_then_exported_and_imported_counts_once(db, service, owner):
    await service.start(owner, "alea", {"mode": "virtual"}, 3, players=[2])
    await service.act(owner, "alea", {"command": "supply_empty"})
    await service.act(owner, "alea", {"command": "end", "score": 40, "partner_score": 42})
    export = (await service.export(owner)).files[0][1]
    with pytest.raises(RuleError, match="already in your logbook"):
        await service.import_game(ME_ELSEWHERE, export)


async def test_args_null_reads_as_no_args(db, service, owner):
    reply = await service.import_game(owner, alea_export({"command": "supply_empty", "args": None}))
    assert reply.version == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"mode": "virtual", "junk": "x" * 3_000_000}, "over 2,000 characters"),
        ({"mode": "virtual", "colour": "red"}, "Unknown start option"),
        (["virtual"], "not a Soloist export"),
    ],
)
async def test_junk_options_are_refused(db, service, owner, options, message):
    with pytest.raises(InputError, match=message):
        await service.import_game(owner, alea_export(SUPPLY, options=options))
    assert await counts(db) == (0, 0, 0)


async def test_an_imported_finished_game_is_recorded_as_imported(db, service, owner):
    reply = await service.import_game(owner, alea_export(SUPPLY, END))
    assert reply.state["status"] == "finished"
    async with looking(db) as session:
        plays = list(await session.scalars(select(PlayRow)))
    assert [(p.user_id, p.source, p.outcome) for p in plays] == [(1, "imported", "loss")]


async def test_an_interrupted_import_leaves_nothing(db, service, owner, monkeypatch):
    real = exports.insert_log

    def half_then_crash(conn, game_id, user_id, now, entries):
        real(conn, game_id, user_id, now, entries[:2])
        raise ConnectionError("the process died here")

    monkeypatch.setattr(exports, "insert_log", half_then_crash)
    with pytest.raises(ConnectionError):
        await service.import_game(owner, alea_export(SUPPLY, END))
    assert await counts(db) == (0, 0, 0)
    monkeypatch.setattr(exports, "insert_log", real)
    assert (await service.import_game(owner, alea_export(SUPPLY))).version == 2


async def test_games_are_bounded_in_length(db, service, owner, monkeypatch):
    monkeypatch.setattr(stage, "MAX_STEPS", 4)
    await service.start(owner, "gah", OPTS, 5)
    for action in (TURN, TURN, {"command": "round_end"}):
        await service.act(owner, "gah", dict(action))
    with pytest.raises(RuleError, match="reached 4 steps"):
        await service.act(owner, "gah", dict(TURN))
    assert (await service.undo(owner)).version == 5  # undo always works (issue 19)
    await service.abandon(owner)  # always possible
    monkeypatch.setattr(importing, "MAX_STEPS", 2)
    with pytest.raises(InputError, match="at most 2"):
        await service.import_game(owner, alea_export(SUPPLY, SUPPLY))


async def test_undo_replays_from_the_nearest_snapshot(db, service, owner, monkeypatch):
    monkeypatch.setattr(acting, "SNAPSHOT_EVERY", 4)
    monkeypatch.setattr(importing, "SNAPSHOT_EVERY", 4)
    applied = []
    real_apply = GahRules.apply

    def counting(self, state, action):
        applied.append(action["command"])
        return real_apply(self, state, action)

    monkeypatch.setattr(GahRules, "apply", counting)
    accepted = await play_gah(service, owner)
    assert accepted > 12
    for steps in (1, 3, 2, 5):
        applied.clear()
        await service.undo(owner, steps)
        assert len(applied) < 4  # from the snapshot below, never from the seed
        if steps == 3:
            await service.act(owner, "gah", {"command": "round_end"})
    assert await verify(db) == (1, [])
    export = (await service.export(owner)).files[0][1]
    await service.import_game(ELSEWHERE, export)
    applied.clear()
    await service.undo(ELSEWHERE, 2)
    assert len(applied) < 4  # imports keep snapshots too
    assert await verify(db) == (2, [])
    assert (await service.status(ELSEWHERE)).state != {}


async def test_undo_reads_only_the_log_after_its_snapshot(db, service, owner, monkeypatch):
    monkeypatch.setattr(acting, "SNAPSHOT_EVERY", 4)
    accepted = await play_gah(service, owner)
    reads = []
    real_log = service_module.TableService._log

    def log(conn, game_id, after=1):
        entries = real_log(conn, game_id, after)
        reads.append(len(entries))
        return entries

    monkeypatch.setattr(service_module.TableService, "_log", staticmethod(log))
    await service.undo(owner, 2)
    assert reads and max(reads) < 6 < accepted  # the entries above the snapshot, not the game
    assert await verify(db) == (1, [])


async def test_a_game_from_before_snapshots_undoes_from_its_whole_log(db, service, owner):
    await service.start(owner, "gah", OPTS, 5)
    for action in (TURN, TURN, {"command": "round_end"}, TURN):
        await service.act(owner, "gah", dict(action))
    async with looking(db) as session:
        await session.execute(update(GameRow).values(depth=None))  # as migration 0003 leaves it
    await service.act(owner, "gah", dict(TURN))
    reply = await service.undo(owner, 3)
    assert "Undone 3 steps: round_end, turn, turn" in reply.facts[0]
    async with looking(db) as session:
        assert (await session.scalar(select(GameRow.depth))) == 2  # known from now on
    assert await verify(db) == (1, [])
    assert (await service.undo(owner, 2)).version == 8


def test_an_undo_of_more_steps_than_are_in_force_takes_back_all_of_them():
    from bot.games.registry import rules_for
    from bot.table.replay import effective_actions, effective_entries

    rules = rules_for("gah")
    log = [("turn", {}), ("turn", {"queue": "x"}), ("undo", {"steps": 3}), ("turn", {"dice": "d"})]
    assert effective_actions(log, rules) == [{"command": "turn", "dice": "d"}]
    numbered = [(i, c, a) for i, (c, a) in enumerate(log)]
    assert effective_entries(numbered, rules, above=True) is None  # reaches below the snapshot
    assert effective_entries(numbered[:2], rules, above=True) == [
        (0, {"command": "turn"}),
        (1, {"command": "turn", "queue": "x"}),
    ]


async def test_a_game_stored_with_the_emperor_tables_old_name_replays(db, service, owner):
    """Before the start model took the slash option's name, a game stored its start options
    and state with `emperor_vp_variant`: its log still replays (undo, the audit, an export
    imported), read as `emperor_table`."""
    await service.start(owner, "gah", OPTS, 5)
    for action in (TURN, TURN, {"command": "round_end"}):
        await service.act(owner, "gah", dict(action))

    def old(data: dict) -> dict:
        options = dict(data["options"])
        options["emperor_vp_variant"] = options.pop("emperor_table")
        return {**data, "options": options}

    async with looking(db) as session:
        row = await session.scalar(select(GameRow))
        assert row.options["emperor_table"] == "S2"
        options = dict(row.options)
        options["emperor_vp_variant"] = options.pop("emperor_table")
        await session.execute(update(GameRow).values(options=options, state=old(row.state)))
        for snap in (await session.scalars(select(SnapshotRow))).all():
            await session.execute(
                update(SnapshotRow)
                .where(SnapshotRow.game_id == snap.game_id, SnapshotRow.depth == snap.depth)
                .values(state=old(snap.state))
            )
    assert await verify(db) == (1, [])
    reply = await service.undo(owner, 1)
    assert "Undone 1 step: round_end" in reply.facts[0]
    export = await service.export(owner)
    imported = await service.import_game(ELSEWHERE, export.files[0][1])
    assert "Imported: 2 steps" in imported.facts[0]
    assert (await service.status(ELSEWHERE)).state == (await service.status(owner)).state


async def test_a_finished_game_stored_with_the_emperor_tables_old_name_counts_once(
    db, service, owner
):
    """An old game's export, imported again, is the same game though its stored options and
    state name the Emperor table as they did then (`emperor_vp_variant`)."""
    await play_gah(service, owner)
    final = {"command": "final", "player_score": 120, "player_staff": "none"}
    assert (await service.act(owner, "gah", final)).state["status"] == "finished"

    def old(data: dict) -> dict:
        options = dict(data["options"])
        options["emperor_vp_variant"] = options.pop("emperor_table")
        return {**data, "options": options}

    async with looking(db) as session:
        row = await session.scalar(select(GameRow))
        await session.execute(update(GameRow).values(options=old(row.__dict__)["options"]))
        await session.execute(update(GameRow).values(state=old(row.state)))
    export = (await service.export(owner)).files[0][1]
    assert b'"emperor_vp_variant": "S2"' in export
    with pytest.raises(RuleError, match="already in your logbook"):
        await service.import_game(ME_ELSEWHERE, export)
