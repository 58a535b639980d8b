"""Each command declared once, as a pydantic model; one formatter for every bad value.

A game declares one `Command` subclass per command, with `command: Literal["turn"]` and its
options as typed fields (`Annotated[int, Field(ge=0, le=99)]`, `Literal[...]` for choices,
`str` with `max_length`), each described (`Field(description=...)`).
`CommandSet` parses an action dict (from a slash command, a button, a
console line or an imported log) into the typed object a handler gets, and turns any validation
error into a one-line `InputError`. The slash commands are built from these models
(bot/on_discord/slash.py), and the fuzz tests take their lists from them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, ClassVar, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.core.errors import InputError
from bot.core.values import Inside, Words

MAX_TEXT = 400  # no option of any command needs more text than this


class Command(BaseModel):
    """One command's options. `slash` is the Discord subcommand name when it differs from
    `command` (e.g. `building-stop` for `stop`); `hidden` commands are sent by buttons only."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_max_length=MAX_TEXT)

    command: str
    slash: ClassVar[str | None] = None
    hidden: ClassVar[bool] = False
    about: ClassVar[str] = ""  # what the command does, as its slash description says it
    partner: ClassVar[str] = ""  # a start's option naming the other real player (a user)
    partner_about: ClassVar[str] = ""  # and what it says of it
    group: ClassVar[str] = ""  # the slash group it stands in (`gah`), for the lines it prints
    top: ClassVar[bool] = False  # a command of its own, in no group (`/help`)

    @classmethod
    def name(cls) -> str:
        return str(get_args(cls.model_fields["command"].annotation)[0])

    @classmethod
    def slash_name(cls) -> str:
        return cls.slash or cls.name().replace("_", "-")

    @classmethod
    def options(cls) -> dict[str, Any]:
        """Option name -> pydantic field info, without `command`."""
        return {k: v for k, v in cls.model_fields.items() if k != "command"}

    @classmethod
    def line(cls, **options: Any) -> str:
        """The command as a player types it, for a line the bot prints: `/gah turn queue:Y3`.
        Options in the order given; one left as None is left out; `…` is a placeholder the
        reader fills. An option the model does not declare is a bug here, not the reader's
        (the printed line would be refused), so it raises."""
        if not cls.group and not cls.top:
            raise TypeError(f"{cls.__name__} declares no slash group")
        head = [f"/{cls.slash_name()}"] if cls.top else [f"/{cls.group}", cls.slash_name()]
        unknown = set(options) - set(cls.options()) - {cls.partner}  # a start's partner too
        if unknown:
            raise TypeError(f"{' '.join(head)} has no option {sorted(unknown)}")
        typed = [f"{name}:{_typed(value)}" for name, value in options.items() if value is not None]
        return " ".join([*head, *typed])


def _typed(value: Any) -> str:
    """A value as it is typed: booleans as Discord's console reads them, lists space-separated."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return " ".join(str(item) for item in value)
    return str(value)


def optional(text: str, default: Any = None) -> Any:
    """An option's field that may be left out: its default and its description."""
    return Field(default, description=text)


def needed(text: str) -> Any:
    """An option's field that must be given, with its description."""
    return Field(description=text)


def _where(error: dict[str, Any]) -> str:
    loc = [str(part) for part in error.get("loc", ()) if not isinstance(part, int)]
    return loc[-1] if loc else "value"


def input_error(exc: ValidationError, command: str = "") -> InputError:
    """The first problem, in one line a player can act on."""
    error = exc.errors(include_url=False)[0]
    name = _where(error)
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "extra_forbidden":
        return InputError(f"`{name[:20]}` is not an option of {command or 'this command'}.")
    if kind == "missing":
        return InputError(f"`{name}` is missing.")
    if kind in {"int_type", "int_parsing", "int_from_float"}:
        return InputError(f"`{name}` must be a whole number.")
    if kind in {"string_type", "string_sub_type"}:
        return InputError(f"`{name}` must be text.")
    if kind == "typed_value":  # a value declared with bot.core.values
        return InputError(ctx["words"].refusal(str(ctx["typed"]), name))
    if kind == "literal_error":
        return InputError(f"`{name}` must be one of: {ctx.get('expected', '')}.")
    if kind in {"greater_than_equal", "greater_than"}:
        return InputError(f"`{name}` must be at least {ctx.get('ge', ctx.get('gt'))}.")
    if kind in {"less_than_equal", "less_than"}:
        return InputError(f"`{name}` must be at most {ctx.get('le', ctx.get('lt'))}.")
    if kind == "string_too_long":
        return InputError(f"`{name}` is too long (at most {ctx.get('max_length')} characters).")
    if kind == "string_too_short":
        return InputError(f"`{name}` must not be empty.")
    if kind == "value_error":
        return InputError(str(ctx.get("error", error["msg"]))[:200])
    return InputError(f"`{name}`: {error['msg'][:120]}.")


class CommandSet:
    """A game's commands, by name; parses action dicts into typed commands."""

    def __init__(self, game: str, models: Iterable[type[Command]]) -> None:
        self.game = game
        self.models: dict[str, type[Command]] = {m.name(): m for m in models}

    def __contains__(self, name: object) -> bool:
        return name in self.models

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.models.values())

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self.models)

    def parse(self, action: dict[str, Any]) -> Command:
        name = action.get("command")
        model = self.models.get(name) if isinstance(name, str) else None
        if model is None:
            raise InputError(f"Unknown command `{str(name)[:30]}` for {self.game}.")
        given = {k: v for k, v in action.items() if v is not None}
        try:
            return model.model_validate(given)
        except ValidationError as exc:
            raise input_error(exc, f"`{model.slash_name()}`") from None

    def english(self, action: dict[str, Any]) -> dict[str, Any]:
        """The action with each typed value as the English token it names, as the log keeps
        it: a declared value read in either language (`marker:du` → `you`, `kansas` →
        `kansas_city`), the names of the values declared inside a typed text swapped
        (`laden:3` → `shop:3`).
        What names nothing stays as typed, for the parse to refuse."""
        name = action.get("command")
        model = self.models.get(name) if isinstance(name, str) else None
        if model is None:
            return action
        return english_options(model, action)


def english_options(model: type[Command], action: dict[str, Any]) -> dict[str, Any]:
    """`CommandSet.english` for one model (a start model too)."""
    out = dict(action)
    for key, value in action.items():
        if key == "command" or not isinstance(value, str):
            continue
        field = model.model_fields.get(key)
        if field is None:
            continue
        declared = words_of(field.annotation, field.metadata)
        if declared is not None:
            out[key] = declared.read(value) or value
            continue
        text = inside_of(field.annotation, field.metadata)
        if text is not None:
            out[key] = text.english(value)
    return out


T = TypeVar("T")


def _declared(kind: type[T], annotation: Any, metadata: Iterable[Any] = ()) -> T | None:
    """The first `kind` declared on an option: in its field's metadata, inside an `Annotated`
    type, or in either arm of `X | None`."""
    for item in metadata:
        if isinstance(item, kind):
            return item
    if get_origin(annotation) is Annotated:
        return _declared(kind, None, annotation.__metadata__) or _declared(
            kind, get_args(annotation)[0]
        )
    for arg in get_args(annotation):
        found = _declared(kind, arg)
        if found is not None:
            return found
    return None


def inside_of(annotation: Any, metadata: Iterable[Any] = ()) -> Inside | None:
    """The declared values a text option holds (`inside(HAZARD, NONE)`), if it declares any."""
    return _declared(Inside, annotation, metadata)


def words_of(annotation: Any, metadata: Iterable[Any] = ()) -> Words | None:
    """The declared values (bot/core/values.py) an option takes, if it takes declared ones."""
    return _declared(Words, annotation, metadata)


def choices_of(annotation: Any, metadata: Iterable[Any] = ()) -> tuple[Any, ...] | None:
    """The allowed values of a Literal or declared option (or either | None), else None
    (`metadata`: a field's, where pydantic keeps an `Annotated` option's declaration)."""
    declared = words_of(annotation, metadata)
    if declared is not None:
        return declared.tokens
    if get_origin(annotation) is Literal:
        return get_args(annotation)
    for arg in get_args(annotation):
        if get_origin(arg) is Literal:
            return get_args(arg)
    return None


class Supplied:
    """An option whose value the front-end picks rather than reads from text: a member
    (`user`), a text channel (`channel`), a file (`file`). The model holds what the table
    gets of it (an id, the file's bytes); a slash command offers Discord's own picker."""

    def __init__(self, kind: Literal["user", "channel", "file", "place"]) -> None:
        self.kind = kind

    def __repr__(self) -> str:
        return f"Supplied({self.kind!r})"


MEMBER = Supplied("user")
CHANNEL = Supplied("channel")
FILE = Supplied("file")
PLACE = Supplied("place")  # any channel or thread of the server (`/stats thread:`)


def supplied_of(annotation: Any, metadata: Iterable[Any] = ()) -> Supplied | None:
    """What kind of picked value an option takes, if it is one."""
    return _declared(Supplied, annotation, metadata)
