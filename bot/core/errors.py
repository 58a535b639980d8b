"""Domain errors: each one is a short message a player can act on."""


class SoloistError(Exception):
    """A rejected command. The message is shown to the user as it is; nothing changed."""


class RuleError(SoloistError):
    """The command is not allowed by the rules or the game's current phase."""


class InputError(SoloistError):
    """An option's value is malformed or out of range."""
