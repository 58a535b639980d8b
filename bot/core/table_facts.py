"""What the player reported about their own table, remembered with the game.

A solo opponent asks about the physical table (a market row, a grid, a full ballroom). Asked
again later, the answer is often the same, or differs only by what the opponent itself took.
So a game keeps each reported fact here: it applies its own opponent's changes (`update`),
shows the remembered value when it must ask again with a one-press "Unchanged" answer, and
does not ask at all while the fact cannot have changed (no chance for the player to change
their table since it was reported: the same `epoch`). The state is a pydantic model stored
with the game, so undo restores it with the rest."""

from __future__ import annotations

from pydantic import BaseModel, Field

from bot.core.agenda import Ask, AskField, Choice, Inputs
from bot.core.errors import InputError
from bot.core.said import say
from bot.core.vocabulary import SAME

UNCHANGED = "same"  # the answer a button sends: the remembered value still holds
DOUBTED = -1  # the epoch of a fact the opponent's own move made unknown (`Table.doubt`)


def is_unchanged(text: str) -> bool:
    """`same` by any of its names (`Unchanged`, `unverändert`, `=`), as declared."""
    return SAME.named(str(text)) is not None


def unchanged_for_all(fields: list[AskField]) -> Choice:
    """ "Unchanged" for a question of several fields: one press answers every one with its
    remembered value."""
    return Choice(
        label=say("Unchanged"), value=UNCHANGED, also={f.option: UNCHANGED for f in fields[1:]}
    )


class Fact(BaseModel):
    value: str  # as the player types it, so it can be shown, pre-filled and typed again
    epoch: int  # the table's epoch when it was reported (or updated by the opponent's move)


class Table(BaseModel):
    """The remembered facts. `epoch` counts the player's chances to change their table: a
    game calls `moved_on` wherever the player acts between two questions (their own turn)."""

    epoch: int = 0
    facts: dict[str, Fact] = Field(default_factory=dict)

    def remember(self, name: str, value: str) -> None:
        self.facts[name] = Fact(value=value, epoch=self.epoch)

    def update(self, name: str, value: str) -> None:
        """The opponent's own move changed a remembered fact: keep it as fresh as it was."""
        fact = self.facts.get(name)
        if fact is not None:
            self.facts[name] = Fact(value=value, epoch=fact.epoch)

    def recall(self, name: str) -> str | None:
        fact = self.facts.get(name)
        return None if fact is None else fact.value

    def fresh(self, name: str) -> bool:
        """Reported since the player last had a chance to change it: it cannot have changed."""
        fact = self.facts.get(name)
        return fact is not None and fact.epoch == self.epoch

    def doubt(self, name: str) -> None:
        """The opponent's own move changed a remembered fact in a way the game cannot follow
        (cards drawn, tiles placed): it is asked again, with the remembered value shown, even
        when the player says their table is unchanged (`confirm`)."""
        fact = self.facts.get(name)
        if fact is not None:
            self.facts[name] = Fact(value=fact.value, epoch=DOUBTED)

    def doubted(self, name: str) -> bool:
        fact = self.facts.get(name)
        return fact is not None and fact.epoch == DOUBTED

    def confirm(self) -> None:
        """The player says nothing on their table changed since they reported it: every
        remembered fact not in doubt is fresh again."""
        for name, fact in self.facts.items():
            if fact.epoch != DOUBTED:
                self.facts[name] = Fact(value=fact.value, epoch=self.epoch)

    def keep(self, name: str, *, option: str | None = None, refusal: str = "") -> str:
        """The player says fact `name` still holds ("Unchanged"): its remembered value, fresh
        again; refused when nothing is remembered (`refusal`, else a line naming `option`)."""
        remembered = self.recall(name)
        if remembered is None:
            raise InputError(
                refusal or f"I have nothing remembered for `{option or name}` yet: type it."
            )
        self.remember(name, remembered)
        return remembered

    def current(self, name: str) -> str | None:
        """The remembered value while it cannot have changed (`fresh`); None when it must be
        asked (again)."""
        return self.recall(name) if self.fresh(name) else None

    def forget(self, name: str) -> None:
        self.facts.pop(name, None)

    def moved_on(self) -> None:
        self.epoch += 1

    def told(self) -> bool:
        """Whether the player reported anything of their table (or said it is unchanged) since
        their last turn: a challenge draws the opponent's next card only then."""
        return any(fact.epoch == self.epoch for fact in self.facts.values())

    def take(self, inputs: Inputs, name: str, *, option: str | None = None) -> str | None:
        """The value of fact `name` for this step: typed now (remembered), "Unchanged" (the
        remembered value), or, when it cannot have changed, the remembered value without
        asking; None when the step must ask. `option` is the command option that carries it."""
        given = inputs.take(option or name)
        if given is None:
            return self.current(name)
        text = str(given).strip()
        if is_unchanged(text):
            return self.keep(name, option=option)
        self.remember(name, text)
        return text

    def ask(
        self,
        name: str,
        *,
        prompt: str,
        command: str,
        option: str | None = None,
        choices: list[Choice] | None = None,
        extra: dict[str, str] | None = None,
    ) -> Ask:
        """The question for one fact: the remembered value shown, "Unchanged" offered first."""
        remembered = self.recall(name)
        offered = list(choices or [])
        reason = ""
        if remembered is not None:
            reason = say("last time: `{value}`", value=remembered)
            offered.insert(0, Choice(label=say("Unchanged"), value=UNCHANGED))
        return Ask(
            prompt=prompt,
            command=command,
            option=option or name,
            choices=offered,
            reason=reason,
            extra=extra or {},
        )

    def ask_all(self, names: list[tuple[str, str, str]], *, prompt: str, command: str) -> Ask:
        """Several facts at once ((fact, option, label) each, at most 5): one question, one
        line in the console, one pre-filled form on Discord; "Unchanged" answers them all
        when every one is remembered."""
        fields = [
            AskField(option=option, label=label, remembered=self.recall(name))
            for name, option, label in names
        ]
        all_known = all(f.remembered is not None for f in fields)
        return Ask(
            prompt=prompt,
            command=command,
            option=fields[0].option,
            fields=fields,
            choices=[unchanged_for_all(fields)] if all_known else [],
        )
