"""An error that echoes a mention is defused (bot.core.errors) before it is shown; its German is
still found, and the German keeps the mention broken."""

from bot.core.errors import InputError, user_message
from bot.i18n import tr


def test_a_defused_error_is_said_in_german_with_its_mention_still_broken() -> None:
    english = "A challenge's name may not contain ` * _ ~ | < > @ or \\."
    message, _ = user_message(InputError(english))
    assert "@\u200b" in message  # defused: it cannot ping
    german, _ = user_message(InputError(english), lambda text: tr(text, "de"))
    assert german.startswith("Der Name einer Herausforderung darf kein")
    assert "@\u200b" in german and "@ " not in german.replace("@\u200b", "")
