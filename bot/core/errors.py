"""Errors, and how one reads to a user: each domain error is a short message a player can act
on; any other exception becomes one line with a reference id, and is logged."""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable

from bot.core.message import Said

log = logging.getLogger("soloist.errors")


class SoloistError(Exception):
    """A rejected command. The message is shown to the user as it is; nothing changed.
    `needed`: the line the refusal knows would answer (`/gah turn queue:Y3 B0 R2 G4 Y0`),
    which it ends with when that line works now (bot/table/leading.py)."""

    def __init__(self, *args: object, needed: str = "") -> None:
        super().__init__(*args)
        if needed:
            self.needed = needed


class RuleError(SoloistError):
    """The command is not allowed by the rules or the game's current phase."""


class InputError(SoloistError):
    """An option's value is malformed or out of range."""


class NoGame(SoloistError):
    """No game where the command asks for one (the table service)."""


class NotAllowed(SoloistError):
    """Not this user's game, challenge or setting to change."""


class StaleButton(SoloistError):
    """A button of a game that has moved on since it was posted."""


def said_as(error: BaseException) -> Said | None:
    """The refusal's message as built (`RuleError(say(key, **values))`), without the line that
    works now; None when it was written as plain English."""
    message = getattr(error, "message", None)
    if isinstance(message, Said):
        return message
    first = error.args[0] if error.args else None
    return first if isinstance(first, Said) else None


class Conflict(Exception):
    """The row changed under us (another process won the compare-and-swap); retry."""


def defuse_mentions(text: str) -> str:
    """Echoed input must never ping: break @everyone, @here and role or user mentions."""
    return text.replace("@", "@\u200b")


_CODE = re.compile("\x60[^\x60\n]*\x60")  # \x60: a backtick


def ends_with_choices(text: str) -> bool:
    """Whether a refusal's last sentence (after its last `.`, `;`, `!` or `?` outside code)
    is a list of the choices: two values or more in backticks, or a list after a colon
    (`Valid: `trail`, `kansas_city`.`). Such a refusal leads on as it is. The value a
    sentence opens with is the one it refuses (`` `xyzzy` is not a cattle card: … like
    `C3 C3 L2 S4 H5`. ``), never a choice: that refusal ends with an example, not the
    choices (issue 45)."""
    masked = _CODE.sub(lambda m: "\x60" + "x" * (len(m.group(0)) - 2) + "\x60", text.rstrip())
    cut = max((m.end() for m in re.finditer(r"[.;!?]\s", masked)), default=0)
    tail = text[cut:].lstrip()
    refused = _CODE.match(tail)
    if refused:
        tail = tail[refused.end() :]
    values = [code for code in _CODE.findall(tail) if not code.startswith("\x60/")]
    return len(values) >= 2 or re.search(":\\s*\x60[^\x60/]", tail) is not None


def stopped(text: str) -> str:
    """`text` ending as a sentence does (a refusal that ends in a line gets its stop), so a
    sentence can follow it."""
    return text if text.endswith((".", "?", "!", ":")) else f"{text}."


def user_message(
    error: BaseException, say: Callable[[str], str] | None = None
) -> tuple[str, str | None]:
    """(message, reference): a reference is set only for unexpected errors, which are logged.
    The message is one line, said in the reader's language by `say` (the catalog knows it as
    written), then with any mention defused."""
    original = getattr(error, "original", None) or error
    if isinstance(original, SoloistError):
        lines = [" ".join(line.split()) for line in str(original).split("\n") if line.strip()]
        if say is None:
            return defuse_mentions(" ".join(lines)[:1800]), None
        now = getattr(original, "now", "")  # the line that works now: a sentence of its own
        message = said_as(original)
        if message is not None:  # built as a message: said from its key, never matched
            text = say(message)
            text = f"{stopped(text)} {say(now)}" if now else text
            return defuse_mentions(" ".join(text.split())[:1800]), None
        if now and lines and lines[-1].endswith(f" {now}"):
            lines[-1] = lines[-1][: -len(now) - 1]
        else:
            now = ""
        said = " ".join(say(line) for line in lines)  # each line as the catalog knows it
        text = f"{stopped(said)} {say(now)}" if now else said
        return defuse_mentions(text[:1800]), None
    ref = secrets.token_hex(4)
    log.error("unexpected error ref=%s", ref, exc_info=original)
    text = f"Something went wrong on my side (reference `{ref}`). Nothing was changed."
    return (say(text) if say is not None else text), ref
