"""What the players see: where the game stands (describe), the public summary, the board as
text and as a picture. Nothing here changes the state; a waiting turn shows the question
stored in its agenda."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask, AskField
from bot.core.game import NextStep, Outcome, Picture
from bot.core.said import Said, fenced, listed, say, stacked, stored, value
from bot.core.secrecy import is_secret
from bot.core.table_facts import unchanged_for_all
from bot.games.grand_austria import ballrooms as rooms
from bot.games.grand_austria import hotel as hotel_board
from bot.games.grand_austria import known
from bot.games.grand_austria.commands import COMMANDS, Final, RoundEnd, Turn
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.entrance_rules import entrance_of
from bot.games.grand_austria.names import COLOUR
from bot.games.grand_austria.round_end import emperor_vp_options, round_end_missing
from bot.games.grand_austria.scoring import SECRETARY
from bot.games.grand_austria.state import GahState
from bot.games.grand_austria.steps import step_label
from bot.games.grand_austria.voice import voice


def describe(st: GahState) -> Outcome:
    v = voice(st)
    out = Outcome()
    if st.phase == "finished":
        out.finished = True
        assert st.result is not None
        out.result = st.result.model_dump()
        out.prompt = say("The game is over. `/game history` shows every step.")
        return out
    if st.phase == "final":
        out.prompt = f"Final scoring: `{Final.line(player_score='…')}` with your total."
        if SECRETARY in st.staff_revealed:  # copies your best end-game staff: only you know it
            out.prompt += (
                f" {v.name} has #29 Secretary: add your end-game staff cards' numbers, "
                f"`{Final.line(player_score='…', player_staff='…')}` (like "
                "`player_staff:28 46`; none: "
                f"`{Final.line(player_score='…', player_staff='none')}`)."
            )
        return out
    ask = st.agenda.ask
    if st.pending is not None and ask is not None:
        out.prompt = ask.text()
        out.next_steps = ask.next_steps()
        out.ask = ask
        return out
    names = {"name": v.name, "round": st.round}
    if st.turns_this_round < 2:
        turn = st.turn_numbers[st.turns_this_round]
        yours = _player_turns_before(st)
        lead, told = _lead(yours)
        fields = known.turn_fields(st)
        if is_secret(st.seed) and not st.table.told() and fields:
            # a challenge: his card comes with the table you report after your turn
            out.ask = _turn_ask(fields, "turn")
            out.prompt = say(
                f"{lead + ' r' if lead else 'R'}eport your table with {{name}}'s turn {{turn}} "
                "of round {round}: `{command}`.",
                **names,
                **told,
                turn=turn,
                command=_line(fields),
            )
            out.next_steps = out.ask.next_steps()
            _remembered(out)
            return out
        key = f"{lead + ' d' if lead else 'D'}raw {{name}}'s card for turn {{turn}} of round "
        key += f"{{round}}: `{Turn.line()}`"
        values = {**names, **told, "turn": turn}
        if fields:
            out.ask = _turn_ask(fields, "turn")
            key += ", or let me resolve it at once: `{command}`"
            values["command"] = _line(fields)
            out.next_steps = out.ask.next_steps()
        out.prompt = say(key + ".", **values)
        _remembered(out)
        out.next_steps.append(NextStep(say(f"{v.name}'s turn {{turn}}", turn=turn), "turn"))
        return out
    yours = "Take your turn 4, then e" if not st.opponent_first else "E"
    missing = round_end_missing(st)
    numbers = [known.number_field(name) for name, _ in missing]
    if st.round < 7:
        fields = numbers + known.turn_fields(st, new_round_=True)
        out.ask = _turn_ask(fields, "turn")
        out.prompt = say(
            f"{yours}nd round {{round}} and resolve {{name}}'s next turn at once: "
            f"`{{command}}`, or only end the round: `{RoundEnd.line()}`.",
            **names,
            command=_line(fields),
        )
    else:
        fields = [*numbers, known.number_field("player_score")]
        out.ask = _turn_ask(fields, "final")
        out.prompt = say(
            f"{yours}nd round {st.round} and score the game: `{{command}}`, "
            f"or only end the round: `{RoundEnd.line()}`.",
            command=_line(fields, "final"),
        )
    _remembered(out)
    options = emperor_vp_options(st)
    whys = [why for name, why in missing if not (options and name == "emperor_vp")]
    if whys:  # the Emperor's reconstructed space is said once, below, with its buttons
        out.prompt = stacked([out.prompt, *whys])
    if not options:
        out.next_steps.append(NextStep(say(f"End round {st.round}"), "round_end"))
        return out
    out.prompt = stacked(
        [
            out.prompt,
            say(
                "{name} is scored on Emperor space {space}, whose VP is reconstructed "
                "({options}): press the VP your board shows, or give it as "
                "`emperor_vp:` in the line above.",
                name=v.name,
                space=st.emperor,
                options=" or ".join(map(str, options)),
            ),
        ]
    )
    out.next_steps += [
        NextStep(
            say("Space {space} gives {vp} VP", space=st.emperor, vp=vp),
            "round_end",
            (("emperor_vp", str(vp)),),
        )
        for vp in options
    ]
    return out


def _lead(yours: str) -> tuple[str, dict[str, str]]:
    """`Take your turns {first} and {second}, then` (the key's start) and its values."""
    if not yours:
        return "", {}
    if " and " in yours:
        first, second = yours.split(" and ")
        return "Take your turns {first} and {second}, then", {"first": first, "second": second}
    return "Take your turn {yours}, then", {"yours": yours}


def _remembered(out: Outcome) -> None:
    """The console shows what the bot remembers (Discord pre-fills the form with it), as one
    line of the options a player types it in, so a German reader sees the letters they type
    (`Ge3`) and the line runs as it is (a `?` is the new guest to fill in)."""
    ask = out.ask
    if ask is None:
        return
    known_now = [f for f in ask.fields if f.remembered is not None and f.option != "full"]
    if known_now:
        typed = COMMANDS.models[ask.command].line(**{f.option: f.remembered for f in known_now})
        out.prompt = stacked([out.prompt, say("last time: `{value}`", value=typed)])


def _line(fields: list[AskField], command: str = "turn") -> str:
    """The one console line that answers every field (the modal holds the first five)."""
    return COMMANDS.models[command].line(**{f.option: "…" for f in fields})


def _turn_ask(fields: list[AskField], command: str) -> Ask:
    """The next turn's table facts (and the round end's numbers) asked at once; "Unchanged"
    when the bot remembers every one in full."""
    ask = Ask(prompt="", command=command, option=fields[0].option, fields=fields[:5])
    if all(known.complete(f) for f in fields):
        ask.choices = [unchanged_for_all(fields)]
    return ask


def _player_turns_before(st: GahState) -> str:
    """Your turns that come before the opponent's next one in this round."""
    if st.opponent_first:
        return "2 and 3" if st.turns_this_round == 1 else ""
    return "1" if st.turns_this_round == 0 else ""


def summary(st: GahState) -> dict[str, Any]:
    steps = st.agenda.steps
    return {
        "opponent": voice(st).name,
        "difficulty": st.options.difficulty,
        "modules": list(st.options.modules),
        "entrance": st.entrance,
        "phase": st.phase,
        "round": st.round,
        "turns_this_round": st.turns_this_round,
        "opponent_turn_order": "1/4" if st.opponent_first else "2/3",
        "vp": st.vp,
        "emperor": st.emperor,
        "emperor_vp_options": emperor_vp_options(st),
        "hotel": dict(sorted(st.hotel.items())),
        "vacant": dict(sorted(st.vacant.items())),
        "objectives": {k: o.model_dump() for k, o in st.objectives.items()},
        "staff_revealed": list(st.staff_revealed),
        "dancers": list(st.ballrooms.dancers),
        "ballrooms_full": list(st.ballrooms.full),
        "celebrities": list(st.celebrities.taken),
        "reserved": [g.model_dump() for g in st.hautel.reserved] if st.hautel else [],
        "items": {str(k): i for k, i in sorted(st.hautel.items.items())} if st.hautel else {},
        "item_pool": len(st.hautel.item_pool) if st.hautel else 0,
        "stars": st.stars.tokens if st.stars else 0,
        "sushi": {
            "hotel": list(st.cogwheel_spaces),
            "queue": st.sushi.queue if st.sushi else 0,
        },
        "toll": list(st.toll.tokens) if st.toll else [0] * 6,
        "cards_left": st.deck.size,
        "cards_played": list(st.deck.discards),
        "pending_card": st.pending.card if st.pending else None,
        "pending_step": step_label(steps[0]) if st.pending and steps else None,
        "result": st.result.model_dump() if st.result else None,
    }


def board(st: GahState) -> str:
    """The board in text: built as messages, the hotel's grid kept as it is drawn (its marks
    said), each entrance's lines too (entrance_rules.py `board_lines`); module 1 with
    ballrooms named otherwise than the catalog's line leaves it plain text."""
    lines = [_head(st), *module_lines(st)]
    grid = hotel_board.render(st.hotel, st.vacant, st.cogwheel_spaces)
    if not all(isinstance(line, Said) for line in lines):  # matched at the edge, as before
        return "\n".join(lines) + f"\n```\n{grid}\n```"
    key = "\n".join(f"{{l{i}}}" for i in range(len(lines))) + "\n{grid}"
    return say(key, grid=fenced(grid), **{f"l{i}": line for i, line in enumerate(lines)})


BALLROOMS = ["Ballroom 1", "Ballroom 2", "Ballroom 3", "Balcony"]  # as the catalog's line has them


def _head(st: GahState) -> Said:
    objectives = {
        k.lower(): o.progress
        if o.progress != "claimed"
        else say("claimed {vp} VP", vp=o.opponent_vp)
        for k, o in st.objectives.items()
    }
    modules = " · modules {modules}" if st.options.modules else ""
    return say(
        f"{{name}} · {{difficulty}}{modules} · round {{round}}/7 · {{vp}} VP · "
        "Emperor {emperor} · objectives A: {a}, B: {b}, C: {c} · staff {staff}",
        name=voice(st).name,
        difficulty=st.options.difficulty,
        round=st.round,
        vp=st.vp,
        emperor=st.emperor,
        staff=", ".join(f"#{n}" for n in st.staff_revealed) or "none",
        **({"modules": " ".join(map(str, st.options.modules))} if modules else {}),
        **objectives,
    )


def module_lines(st: GahState) -> list[str]:
    lines: list[str] = []
    if 1 in st.options.modules and rooms.ballroom_names() == BALLROOMS:
        dancers = {
            k: say("{n} (full)", n=n) if i in st.ballrooms.full else n
            for i, (k, n) in enumerate(zip("abcd", st.ballrooms.dancers, strict=True))
        }
        left = gah_data().waltz.dancers - sum(st.ballrooms.dancers)
        lines.append(
            say(
                "Dancers: Ballroom 1 {a}, Ballroom 2 {b}, Ballroom 3 {c}, Balcony {d} · {n} left",
                n=left,
                **dancers,
            )
        )
    elif 1 in st.options.modules:
        names = rooms.ballroom_names()
        dancers = ", ".join(
            f"{names[i]} {n}{' (full)' if i in st.ballrooms.full else ''}"
            for i, n in enumerate(st.ballrooms.dancers)
        )
        left = gah_data().waltz.dancers - sum(st.ballrooms.dancers)
        lines.append(f"Dancers: {dancers} · {left} left")
    if 2 in st.options.modules:
        taken = (
            listed(value(COLOUR, c) for c in st.celebrities.taken)
            if st.celebrities.taken
            else "none"
        )
        lounge = st.celebrities.lounge
        lines.append(
            say(
                "Celebrities this round: {taken} · lounge {lounge}",
                taken=taken,
                # each die by its declared letter and VP, as the reader types it (`Ro3 Ge5`)
                lounge=listed(
                    (value(COLOUR, c.colour, letter=True, after=c.vp) for c in lounge or ()), " "
                ),
            )
            if lounge
            else say(
                "Celebrities this round: {taken}",
                taken=taken,
            )
        )
    return lines + entrance_of(st).board_lines(st)


def picture(st: GahState) -> Picture:
    return Picture(
        kind="gah_board",
        data={
            # a message in its stored form (JSON data), said where it is drawn
            "title": stored(
                say(
                    "{name} · round {round} · {vp} VP",
                    name=voice(st).name,
                    round=st.round,
                    vp=st.vp,
                )
            ),
            "hotel": dict(st.hotel),
            "vacant": dict(st.vacant),
            "cogwheels": list(st.cogwheel_spaces),
            "stars": st.stars.tokens if st.stars is not None else None,
        },
    )


def board_key(st: GahState) -> tuple[Any, ...]:
    """What the picture shows: a command that changes it attaches a fresh one."""
    return (st.hotel, st.vacant, st.cogwheel_spaces, st.stars.tokens if st.stars else 0)
