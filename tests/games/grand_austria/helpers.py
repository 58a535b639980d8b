from bot.games.grand_austria import GahRules
from bot.games.grand_austria.state import GahState

RULES = GahRules()


def new(difficulty: str = "hard", seed: int = 1, emperor: str = "S2") -> GahState:
    state, _ = RULES.new_game({"difficulty": difficulty, "emperor_vp_variant": emperor}, seed)
    return state


def play(state: GahState, **action):
    return RULES.apply(state, action)


def turn(state: GahState, card: int, queue: str | None = None, dice: str | None = None, **more):
    return play(state, command="turn", card=card, queue=queue, dice=dice, **more)


def text(outcome) -> str:
    return "\n".join(outcome.facts)
