"""An attempt counts only when the game was played (issue 41, N3): each game's spec declares
what a complete game is, from its rule text; an attempt ended before that is listed as
incomplete and unranked, and the reply says why. The quickest end of each game ranks nobody."""

from __future__ import annotations

import pytest

from bot.console import render_text
from bot.games.registry import SPECS, spec_for
from tests.challenges.test_secret_kept import challenge, entries, host_of
from tests.test_console_challenges import OPTIONS  # one start per game for every challenge test

QUICKEST = {  # the quickest end each game's commands take, right after joining
    "gah": "/gah final player_score:80",
    "gwt": "/gwt end you:50 objectives:0 job_token:you",
    "glasgow": "/glasgow final stone:0 steel:0 gold:0",
    "alea": "/alea end score:90 partner_score:10 confirm:yes",
    "waterdeep": "/waterdeep final track:90 adventurers:0 gold:0 quests:0",
}


@pytest.mark.parametrize("game", list(SPECS))
def test_every_game_declares_what_a_complete_game_is_and_a_new_one_is_not(game):
    spec = spec_for(game)
    assert spec.unplayed is not None and spec.complete
    state, _ = spec.rules.new_game(spec.start_options(dict(_options(game))), 7)
    assert spec.unplayed(state)


def _options(game: str) -> list[tuple[str, str]]:
    return [tuple(o.split(":", 1)) for o in OPTIONS[game].split()]  # type: ignore[misc]


@pytest.mark.parametrize("game", list(QUICKEST))
async def test_the_quickest_end_of_each_game_is_not_ranked(db, game):
    t = await challenge(db, game, OPTIONS[game])
    await t.run("/challenge join" + (" partner:2" if game == "alea" else ""))
    ended = await t.run(QUICKEST[game], must_pass=False)
    [entry] = await entries(db)
    if ended.ok and ended.state and ended.state.get("status") == "finished":
        # the game let it end: the attempt is incomplete, and the reply says why
        assert entry.status == "incomplete" and entry.note
        assert "listed as incomplete and not ranked: " + entry.note in render_text(ended)
    else:  # the rules refuse an end before its time: the quickest end is to abandon it
        assert entry.status == "playing"
        await t.run("/game abandon")
        [entry] = await entries(db)
        assert entry.status == "abandoned"
    board = await t.run("/challenge standings")
    assert "No finished attempt yet." in board.text
    assert entry.score is None or entry.status == "incomplete"
    closed = await host_of(t).execute("/challenge close")
    assert "Closed with 0 ranked player(s)." in closed.text


async def test_an_early_great_western_trail_end_is_listed_with_its_reason(db):
    t = await challenge(db, "gwt", "difficulty:hard")
    await t.run("/challenge join")
    ended = await t.run(QUICKEST["gwt"])
    reason = (
        "Sam has delivered 0 time(s): the game ends when the job-market token leaves the job "
        "market, which takes at least 3 of his Kansas Cities"
    )
    assert f"This attempt is listed as incomplete and not ranked: {reason}." in ended.text
    board = await t.run("/challenge standings")
    assert f"· <@11> attempt 1: incomplete, not ranked ({reason})." in board.text
    info = await t.run("/challenge info")
    assert "Your attempts: 1 used, 0 left." in info.text
