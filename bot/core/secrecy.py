"""A server challenge's secret: the seed every random draw of its games comes from.

The seeds people type (and the short ones the bot draws for an ordinary game) stay below
2**31, which a brute force on a laptop can search in hours once a few draws are seen. A
challenge's secret is `SECRET_FLOOR` plus 128 random bits, drawn with `secrets` by the table
when the challenge opens, so `is_secret` tells the two kinds apart from the seed alone: a game
started from a secret names a future draw only when it happens at the table (each game's
`SameOpponent` policy), and its coin flips come from a cryptographic hash of the secret
rather than a 31-bit checksum (`bot.core.priority.draw_seed`)."""

from __future__ import annotations

import hashlib

from bot.core.errors import RuleError

MAX_SEED = 2**31 - 1  # the largest seed a person types (and an ordinary game draws)
SECRET_BITS = 128
SECRET_FLOOR = 1 << SECRET_BITS  # a secret is this plus SECRET_BITS random bits
SECRET_CEILING = SECRET_FLOOR << 1  # every secret is below this


def is_secret(seed: int) -> bool:
    """Whether `seed` is a challenge's secret (not a seed a person typed)."""
    return seed >= SECRET_FLOOR


def valid_seed(seed: object) -> bool:
    """A seed a game may start from: a typed one, or a challenge's secret (a revealed one
    replays its game)."""
    return type(seed) is int and (0 <= seed <= MAX_SEED or SECRET_FLOOR <= seed < SECRET_CEILING)


def hashed(text: str, bits: int = SECRET_BITS) -> int:
    """`bits` bits of SHA-256 of `text`: a draw that tells nothing of the secret in it."""
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest, "big") >> (256 - bits)


WHEN_DRAWN = "{what} (shown when it is drawn)"
AFTER_YOUR_TURN = (
    "In a challenge {who}'s next card is drawn together with the table you report after your "
    "turn: {line}"
)


def veiled(what: str) -> str:
    """A coming draw as a challenge game names it before it happens: "a quest (shown when it
    is drawn)"."""
    return WHEN_DRAWN.format(what=what)


def needs_report(seed: int, told: bool, *, who: str, line: str) -> None:
    """In a challenge's game the opponent's card that follows your turn is drawn only with the
    table you report after it (`told`: something reported since your turn): a bare draw would
    show it before you play yours."""
    if is_secret(seed) and not told:
        raise RuleError(AFTER_YOUR_TURN.format(who=who, line=line))


def attempt_seed(secret: int, attempt: int) -> int:
    """The deck of every player's attempt `attempt`: the first plays the challenge's secret,
    attempt k a secret of its own drawn from it and k (SHA-256: one attempt's cards tell
    nothing of another's). Attempts stay comparable across players, and no attempt is
    practice for the next."""
    if attempt <= 1:
        return secret
    return SECRET_FLOOR + hashed(f"{secret}:attempt:{attempt}", SECRET_BITS)
