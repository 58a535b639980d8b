from bot.games.grand_austria import GahRules
from bot.games.grand_austria.state import GahState

RULES = GahRules()


def new(difficulty: str = "hard", seed: int = 1, emperor: str = "S2") -> GahState:
    state, _ = RULES.new_game({"difficulty": difficulty, "emperor_table": emperor}, seed)
    return state


def play(state: GahState, **action):
    return RULES.apply(state, action)


def turn(state: GahState, card: int, queue: str | None = None, dice: str | None = None, **more):
    return play(state, command="turn", card=card, queue=queue, dice=dice, **more)


def text(outcome) -> str:
    return "\n".join(outcome.facts)


def new_with(modules: str, entrance: str | None = None, seed: int = 1, **more) -> GahState:
    options = {"difficulty": "hard", "emperor_table": "S2", "modules": modules, **more}
    if entrance:
        options["entrance"] = entrance
    state, _ = RULES.new_game(options, seed)
    return state


QUEUES = ["Y3 B0 R2 G4 Y0", "B5 R1 Y0 G2 R4", "G0 G3 Y2 B1 R0", "R2 Y4 B4 G1 B0"]
DICE = "1:2 2:2 3:1 4:3 5:2"


def coloured_left(state: GahState) -> str:
    """Coloured dice still on the board: the ones the opponent has not taken this round."""
    spots = {"red": "R4", "blue": "B2", "yellow": "Y5"}
    left = [spot for colour, spot in spots.items() if colour not in state.celebrities.taken]
    return " ".join(left) or "none"


def play_to_end(state: GahState, player_score: int = 90) -> tuple[GahState, list[str]]:
    """Play every turn and round end like a player answering each question, to the result."""
    log: list[str] = []
    i = 0
    while state.phase == "play":
        i += 1
        if state.pending is None and state.turns_this_round == 2:
            action = {"command": "round_end"}
            try:
                state, out = RULES.apply(state, action)
            except Exception as exc:  # the ballroom scoring asks for the opponent's VP
                assert "ballroom_vp" in str(exc), exc
                state, out = RULES.apply(state, {**action, "ballroom_vp": 4})
        else:
            action = {"command": "turn", "queue": QUEUES[i % 4], "full": "none"}
            if state.pending is None or state.pending.dice is None:
                action["dice"] = DICE
            if 2 in state.options.modules:
                action["coloured"] = coloured_left(state)
                action["lounge"] = "R3 Y5 B2"
            if 1 not in state.options.modules:
                del action["full"]
            state, out = RULES.apply(state, action)
        log.extend(out.facts)
        assert i < 400, "the game does not end"
    state, out = RULES.apply(
        state, {"command": "final", "player_score": player_score, "staff_vp": 10}
    )
    log.extend(out.facts)
    return state, log


def round_two(state: GahState) -> GahState:
    """From round 2 on a ballroom can have filled, so the bot asks about its space."""
    state.round = 2
    return state
