"""The logbook keeps the real result: a bot-run Waterdeep game's row holds both real scores
(yours and Pseudo's, whose margin is rule 9's total), and `/log play` takes a play with only
its outcome or only your score, for any game, shown as such in /history and /stats."""

from sqlalchemy import select

from bot.console import render_text
from bot.store.models import PlayRow
from tests.looks import looking
from tests.test_console import make_console
from tests.test_console_undo_final import FINISH


async def plays(db) -> list[tuple[int | None, int | None, str]]:
    async with looking(db) as session:
        rows = await session.execute(
            select(PlayRow.score, PlayRow.opponent_score, PlayRow.outcome).order_by(PlayRow.id)
        )
        return [tuple(row) for row in rows]


async def test_a_waterdeep_games_logbook_row_holds_both_real_scores(db):
    console = await make_console(db)
    await FINISH["waterdeep"](console)
    state = console.last.state
    total, pseudo = state["result"]["score"], state["pseudo_vp"]  # rule 9's total; his VP (D5)
    assert total < 0 < pseudo
    assert await plays(db) == [(total + pseudo, pseudo, "loss")]  # 62–114: rule 9's −52
    history = (await console.execute("/history")).text
    assert f"**loss** {total + pseudo}–{pseudo} · game #" in history
    margin = (await console.execute("/stats")).text
    assert f"Score margin: average {total}, best {total}" in margin


async def test_log_play_takes_only_the_outcome_or_only_your_score_for_waterdeep(db):
    console = await make_console(db)
    logged = [
        await console.execute(f"/log play game:waterdeep opponent:Pseudo {given}")
        for given in ("score:118", "outcome:win", "score:96 outcome:loss")
    ]
    assert [reply.ok for reply in logged] == [True, True, True], [r.text for r in logged]
    assert await plays(db) == [(118, None, "unscored"), (None, None, "win"), (96, None, "loss")]
    history = (await console.execute("/history")).facts[1:]
    assert [line.split(" — ")[1] for line in history] == [
        "**loss** 96",
        "**win**",
        "**no outcome** 118",
    ]
    stats = (await console.execute("/stats")).text
    assert "**3** plays · **1** wins · 1 losses · 0 ties · win rate **50%**" in stats
    assert "Score margin: average —, best —" in stats  # no play has both scores

    completed = await console.execute("/log edit play:1 opponent_score:114")
    assert completed.ok and "— **win** 118–114" in completed.text  # now the scores decide
    kept = await console.execute("/log edit play:3 score:97")
    assert kept.ok and "— **loss** 97" in kept.text  # the outcome given stays

    refused = await console.execute("/log play game:waterdeep opponent:Pseudo opponent_score:3")
    assert not refused.ok and refused.text == (
        "Give your score, both scores, or the outcome (win, loss or tie)."
    )
    assert len(await plays(db)) == 3
    assert (await console.execute("lang de")).ok
    german = render_text(await console.execute("/history"))
    assert "**Niederlage** 97" in german and "**Sieg** 118–114" in german
