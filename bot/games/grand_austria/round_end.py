"""The end of a round: Emperor scoring, ballroom scoring, celebrities, the next round."""

from __future__ import annotations

from bot.core.errors import InputError, RuleError
from bot.core.said import listed, say, value
from bot.games.grand_austria import ballrooms as rooms
from bot.games.grand_austria import known
from bot.games.grand_austria.commands import Final, RoundEnd, Turn
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.entrance_rules import entrance_of
from bot.games.grand_austria.names import COLOUR
from bot.games.grand_austria.state import GahState
from bot.games.grand_austria.turn import OVER
from bot.games.grand_austria.voice import voice

Facts = list[str]


SEVENTH_OVER = say(f"The seventh round is over: score your tableau, then `{Final.line()}`.")


def end_round(st: GahState, cmd: RoundEnd, facts: Facts) -> bool:
    """End the round, once every number it needs is known. Each number given is kept until
    the rest arrive: a command that brings some of them notes them and says what is missing;
    one that brings none is refused with every number named. True when the round ended."""
    v = voice(st)
    if st.phase != "play":
        raise RuleError(OVER)
    if st.pending is not None:
        assert st.agenda.ask is not None
        raise RuleError(st.agenda.ask.text())
    if st.turns_this_round < 2:
        raise RuleError(
            f"{v.name} still has turn {st.turn_numbers[st.turns_this_round]} in round "
            f"{st.round}: use `{Turn.line()}` first."
        )
    given = {
        name: value
        for name, value in (("emperor_vp", cmd.emperor_vp), ("ballroom_vp", cmd.ballroom_vp))
        if value is not None
    }
    if "emperor_vp" in given:
        _check_emperor(st, given["emperor_vp"])
    if "ballroom_vp" in given:
        _check_ballroom(st, given["ballroom_vp"])
    st.round_answers.update(given)
    missing = round_end_missing(st)
    if missing:
        if not given:
            raise RuleError("\n".join([*(why for _, why in missing), _missing_line(missing)]))
        noted = ", ".join(f"`{name}:{value}`" for name, value in sorted(given.items()))
        facts.append(f"Noted {noted}. {_missing_line(missing)}")
        return False
    answers, st.round_answers = st.round_answers, {}
    data = gah_data()
    if st.round in data.emperor_scoring_rounds:
        vp = emperor_vp(st, answers.get("emperor_vp"))
        back = data.emperor_move_back[st.round]
        st.score("Emperor track", vp)
        facts.append(
            say(
                "**Emperor scoring**: {name} scores {vp} VP for space {space} and moves "
                "back {back} to space {to}. Score yours and take your "
                "reward or penalty; {again} gets neither.",
                name=v.name,
                vp=vp,
                space=st.emperor,
                back=back,
                to=max(0, st.emperor - back),
                again=v.name,
            )
        )
        st.emperor = max(0, st.emperor - back)
        entrance_of(st).emperor_scoring(st, facts)
    score_ballrooms(st, answers.get("ballroom_vp"), facts)
    known.new_round(st)
    celebrities = st.celebrities
    if 2 in st.options.modules and celebrities.taken:
        facts.append(
            say(
                f"{{name}} discards {v.his} celebrity tiles ({{tiles}}).",
                name=v.name,
                tiles=listed(value(COLOUR, c) for c in celebrities.taken),
            )
        )
    celebrities.lounge, celebrities.taken = None, []
    if st.round == 7:
        st.phase = "final"
        facts.append(SEVENTH_OVER)
        return True
    facts.append(
        say(
            "Round {round} ends: swap the turn-order tiles ({name} now holds {tile}), turn your "
            "round staff upright and start round {next}.",
            round=st.round,
            name=v.name,
            tile="2/3" if st.opponent_first else "1/4",
            next=st.round + 1,
        )
    )
    st.round += 1
    st.turns_this_round = 0
    entrance_of(st).round_start(st, facts)
    return True


def round_end_missing(st: GahState) -> list[tuple[str, str]]:
    """The numbers this round end needs from the player's board and does not have yet: each
    option with the sentence that says why."""
    v = voice(st)
    options = " or ".join(map(str, emperor_vp_options(st)))
    where = _ballroom_dancers(st)
    why = {
        "emperor_vp": options
        and say(
            "{name} is scored on Emperor space {space}, whose VP is reconstructed "
            "({options}): read it off your board.",
            name=v.name,
            space=st.emperor,
            options=options,
        ),
        "ballroom_vp": where
        and say(
            "**Ballroom scoring**: {name} has {where}. Score the ballroom as normal for "
            f"both of you and tell me {v.his} VP.",
            name=v.name,
            where=where,
        ),
    }
    return [(name, text) for name, text in why.items() if text and name not in st.round_answers]


def _missing_line(missing: list[tuple[str, str]]) -> str:
    return f"Round end: `{RoundEnd.line(**{name: '…' for name, _ in missing})}`."


def _check_emperor(st: GahState, answer: int) -> None:
    if st.round not in gah_data().emperor_scoring_rounds:
        raise InputError(say("There is no Emperor scoring after round {round}.", round=st.round))
    emperor_vp(st, answer, check_only=True)


def _check_ballroom(st: GahState, answer: int) -> None:
    scored = rooms.scored_after(st.round) if 1 in st.options.modules else []
    if not scored:
        raise InputError(say("No ballroom is scored after round {round}.", round=st.round))
    if answer and not _ballroom_dancers(st):
        v = voice(st)
        raise InputError(f"{v.name} has no dancer in the scored ballroom: {v.he} scores 0.")


def _ballroom_dancers(st: GahState) -> str:
    """Where the opponent's dancers in this round's scored ballrooms are; '' with none."""
    scored = rooms.scored_after(st.round) if 1 in st.options.modules else []
    dancers, names = st.ballrooms.dancers, rooms.ballroom_names()
    if not sum(dancers[r] for r in scored):
        return ""
    if len(scored) == 1:
        return say(f"{{n}} in {names[scored[0]]}", n=dancers[scored[0]])
    if len(scored) == 2:
        first, second = names[scored[0]], names[scored[1]]
        return say(
            f"{{n}} in {first} and {{m}} in {second}", n=dancers[scored[0]], m=dancers[scored[1]]
        )
    return " and ".join(f"{dancers[r]} in {names[r]}" for r in scored)


def score_ballrooms(st: GahState, answer: int | None, facts: Facts) -> None:
    v = voice(st)
    scored = rooms.scored_after(st.round) if 1 in st.options.modules else []
    if not scored:
        return
    dancers = st.ballrooms.dancers
    names = rooms.ballroom_names()
    where = " and ".join(f"{dancers[r]} in {names[r]}" for r in scored)
    if answer is None:
        facts.append(f"**Ballroom scoring**: {v.name} has no dancer there ({where}).")
        return
    st.score("Ballroom scoring", answer)
    facts.append(
        say(
            "**Ballroom scoring**: {name} ({where}) scores {vp} VP.",
            name=v.name,
            where=_ballroom_dancers(st) or where,
            vp=answer,
        )
    )


def emperor_vp_options(st: GahState) -> list[int]:
    """The VP this round end's Emperor scoring may give, when only the player's board can
    tell (spaces 8 and 10 with `emperor_table:ask`, not yet answered); empty otherwise."""
    if st.phase != "play" or st.round not in gah_data().emperor_scoring_rounds:
        return []
    space = gah_data().emperor[st.emperor]
    if space.vp is not None or st.options.emperor_table != "ask":
        return []
    if space.space in st.emperor_vp_answers:
        return []
    return sorted(set(space.candidates.values()))


def emperor_vp(st: GahState, answer: int | None, *, check_only: bool = False) -> int:
    space = gah_data().emperor[st.emperor]
    if space.vp is not None:
        if answer is not None:
            raise InputError(
                say(
                    "Emperor space {space} is known to score {vp} VP.",
                    space=st.emperor,
                    vp=space.vp,
                )
            )
        return space.vp
    variant = st.options.emperor_table
    if variant != "ask":
        return space.candidates[variant]
    if space.space in st.emperor_vp_answers:
        return st.emperor_vp_answers[space.space]
    options = sorted(set(space.candidates.values()))
    if check_only and answer in options:
        return answer
    if answer is None:
        raise RuleError(
            f"{voice(st).name} is scored on Emperor space {space.space}, whose VP is "
            f"reconstructed ({' or '.join(map(str, options))}). Read it off your board: "
            f"`{RoundEnd.line(emperor_vp=options[0])}`."
        )
    if answer not in options:
        raise InputError(
            f"Space {space.space} scores {' or '.join(map(str, options))} VP, not {answer}."
        )
    st.emperor_vp_answers[space.space] = answer
    return answer
