"""Module 3, Unique Hotels: each of the opponent's four entrances as a small class with hooks.

The turn, the round end and the view call the hooks of the entrance in play (`entrance_of`);
with no entrance (`NoEntrance`) every hook does nothing. Each entrance keeps its state in its
own sub-model of the game state (`st.hautel`, `st.stars`, `st.sushi`, `st.toll`) and may
bring the player commands that belong to it (`/gah item`, `completed`, `cogwheel`, `toll`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from bot.core.errors import InputError, RuleError
from bot.core.said import Said, listed, name, say
from bot.games.grand_austria import entrances as ent
from bot.games.grand_austria.commands import Item
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.state import (
    GahState,
    Hautel,
    NineStars,
    QueueGuest,
    ReservedGuest,
    Sushi,
    TollBridge,
)
from bot.games.grand_austria.voice import voice
from bot.i18n.plural import count

RIGHTMOST = "a cogwheel guest reached the rightmost queue space"
Facts = list[str]


class NoEntrance:
    """The hooks, doing nothing: no module 3, or an entrance that does not use a hook."""

    key: ClassVar[str | None] = None
    die_matters: ClassVar[bool] = False  # the die the opponent takes changes the game
    commands: ClassVar[dict[str, str]] = {}  # player command -> method name

    @property
    def name(self) -> str:
        return str(ent.entrance_facts(self.key)["name"]) if self.key else ""

    def setup(self, st: GahState, reserved: list[int] | None) -> ent.HautelSetup | None:
        if reserved is not None:
            raise InputError(say("Reserved guests belong to the Hautel Couture entrance."))
        return None

    def check_queue(self, st: GahState, queue: list[QueueGuest]) -> None:
        if any(g.cogwheel for g in queue):
            raise InputError(say("Cogwheels on guests (`*`) belong to the Sushi Resort entrance."))

    def queue_seen(self, st: GahState, queue: list[QueueGuest], f: Facts) -> None:
        """Before the opponent chooses a guest from this queue."""

    def guest_taken(self, st: GahState, guest: QueueGuest, f: Facts) -> None:
        """The opponent took this guest from the queue."""

    def room_placed(self, st: GahState, label: str, f: Facts) -> None:
        """The opponent placed an occupied room on `label`."""

    def die_taken(self, st: GahState, value: int, f: Facts) -> None:
        """The opponent took a die from action space `value`."""

    def objective(self, st: GahState, f: Facts) -> None:
        """The card's objective symbol was resolved."""

    def emperor_scoring(self, st: GahState, f: Facts) -> None:
        """After the opponent's Emperor scoring."""

    def round_start(self, st: GahState, f: Facts) -> None:
        """A new round begins."""

    def board_lines(self, st: GahState) -> list[Said]:
        """The entrance's lines of the board in text, as messages (its name as printed)."""
        return [say("Entrance: {entrance}", entrance=name(self.name))] if self.key else []

    def in_play(self, st: GahState) -> None:
        if st.phase != "play":
            raise RuleError(say("The seven rounds are over."))


class HautelCouture(NoEntrance):
    key = "hautel_couture"
    commands: ClassVar[dict[str, str]] = {"item": "item"}

    def setup(self, st: GahState, reserved: list[int] | None) -> ent.HautelSetup:
        guests = ent.check_reserved(reserved) if reserved else ent.draw_reserved_guests(st.seed)
        setup = ent.hautel_setup(guests, st.seed)
        hautel = Hautel(item_pool=list(setup.shuffled), items=dict(setup.spaces))
        for number, label in zip(guests, setup.rooms, strict=True):
            hautel.vacant[label] = ent.room_colour(label)
            hautel.reserved.append(ReservedGuest(number=number, room=label))
        st.hautel = hautel
        st.score("Covered VP symbols", setup.room_vp)
        return setup

    def round_start(self, st: GahState, f: Facts) -> None:
        h = st.hautel
        assert h is not None
        placed = []
        for space in range(1, 7):
            if space not in h.items and h.item_pool:
                h.items[space] = h.item_pool.pop(0)
                placed.append(f"{space}: {h.items[space]}")
        if placed:
            f.append(
                f"Hautel Couture: put items from the pool on the empty action spaces — "
                f"{', '.join(placed)}."
            )
        elif len(h.items) < 6:
            f.append("Hautel Couture: the item pool is empty; the empty spaces stay empty.")

    def board_lines(self, st: GahState) -> list[Said]:
        h = st.hautel
        assert h is not None
        lines = super().board_lines(st)
        guests = gah_data().guests
        for i, g in enumerate(h.reserved):
            who = {"n": i + 1, "guest": name(guests[g.number].name), "space": g.room}
            if g.done:
                lines.append(say("Guest {n}: {guest} in {space} — served", **who))
                continue
            needs = listed(f"{n} {k}" for k, n in g.missing().items())  # a count: `2 Torten`
            lines.append(say("Guest {n}: {guest} in {space} — needs {items}", items=needs, **who))
        items = (
            listed(say("{space}: {item}", space=s, item=say(i)) for s, i in sorted(h.items.items()))
            if h.items
            else say("none")
        )
        lines.append(
            say("Items on action spaces: {items} · pool {n}", items=items, n=len(h.item_pool))
        )
        return lines

    def item(self, st: GahState, cmd: Any, f: Facts) -> None:
        """You took a die from a space with an item; it goes to a guest of the opponent's if
        possible, else back to the supply."""
        v = voice(st)
        h = st.hautel
        assert h is not None
        space, guest = cmd.space, cmd.guest
        if space not in h.items:
            on = ", ".join(f"{s}: {i}" for s, i in sorted(h.items.items())) or "none"
            raise InputError(
                say(
                    "There is no item on action space {space} (items on: {items}).",
                    space=space,
                    items=on,
                )
            )
        item = h.items[space]
        open_guests = [i for i, g in enumerate(h.reserved) if not g.done]
        wanting = [i for i in open_guests if h.reserved[i].missing().get(item)]
        if guest == "none":
            if wanting:
                names = ", ".join(str(i + 1) for i in wanting)
                raise RuleError(
                    f"You must place the {item} on one of {v.name}'s guests if possible: guest "
                    f"{names} still needs it "
                    f"(`{Item.line(space=space, guest=wanting[0] + 1)}`)."
                )
            del h.items[space]
            f.append(f"No guest of {v.name}'s needs the {item}: return it to the supply.")
            return
        index = int(guest) - 1
        if index >= len(h.reserved):
            raise InputError(
                say("Name the guest 1, 2 or 3 (the order they were revealed), or `none`.")
            )
        target = h.reserved[index]
        name = gah_data().guests[target.number].name
        if index not in wanting:
            raise RuleError(
                say("Guest {n} ({guest}) does not need a {item}.", n=guest, guest=name, item=item)
            )
        del h.items[space]
        target.served[item] = target.served.get(item, 0) + 1
        left = target.missing()
        if left:
            rest = ", ".join(f"{n} {k}" for k, n in left.items())
            f.append(f"Put the {item} on {v.name}'s guest {guest} ({name}); still missing: {rest}.")
            return
        guest_data = gah_data().guests[target.number]
        st.score("Guests", guest_data.vp)
        del h.vacant[target.room]
        st.hotel[target.room] = guest_data.colour
        f.append(
            f"The {item} completes the order of {name}: {v.name} scores **{guest_data.vp} VP** "
            f"and moves the guest into the reserved room {target.room} (turn it to occupied)."
        )


class NineStarsInn(NoEntrance):
    key = "nine_stars_inn"
    commands: ClassVar[dict[str, str]] = {"completed": "completed"}

    def setup(self, st: GahState, reserved: list[int] | None) -> None:
        super().setup(st, reserved)
        st.stars = NineStars()

    def objective(self, st: GahState, f: Facts) -> None:
        stars = st.stars
        assert stars is not None
        if stars.tokens >= 9:
            f.append("Nine Stars Inn: the stars track is full (nine tokens); nothing happens.")
            return
        stars.tokens += 1
        row, place = ent.star_space(stars.tokens)
        f.append(
            f"Nine Stars Inn: put a cogwheel on the stars track, row {row}, {place} the "
            f"requirement box ({stars.tokens} token{'s' if stars.tokens > 1 else ''})."
        )

    def emperor_scoring(self, st: GahState, f: Facts) -> None:
        assert st.stars is not None
        v = voice(st)
        row, vp = ent.stars_vp(st.stars.tokens)
        st.score("Nine Stars Inn", vp)
        f.append(
            f"Nine Stars Inn: {v.name} scores **{vp} VP** from row {row}, the "
            "bottommost row with a token."
            if row
            else f"Nine Stars Inn: no token on the stars track, so {v.name} scores nothing."
        )

    def board_lines(self, st: GahState) -> list[Said]:
        assert st.stars is not None
        _row, vp = ent.stars_vp(st.stars.tokens)
        return [
            *super().board_lines(st),
            say(
                "Stars track: {n}/9 tokens · worth {vp} VP at the next Emperor scoring",
                n=st.stars.tokens,
                vp=vp,
            ),
        ]

    def completed(self, st: GahState, cmd: Any, f: Facts) -> None:
        """You completed a floor or column of your hotel."""
        assert st.stars is not None
        if st.stars.tokens == 0:
            f.append("No token is on the stars track: nothing happens.")
            return
        st.stars.tokens -= 1
        f.append(
            f"You completed a floor or column: remove the latest cogwheel from the stars track "
            f"({st.stars.tokens} left)."
        )


class SushiResort(NoEntrance):
    key = "sushi_resort"
    commands: ClassVar[dict[str, str]] = {"cogwheel": "cogwheel"}

    def setup(self, st: GahState, reserved: list[int] | None) -> None:
        super().setup(st, reserved)
        st.sushi = Sushi(spaces=list(ent.entrance_facts(self.key)["cogwheel_spaces"]))

    def check_queue(self, st: GahState, queue: list[QueueGuest]) -> None:
        assert st.sushi is not None
        marked = sum(g.cogwheel for g in queue)
        if marked > st.sushi.queue:
            raise InputError(
                f"Only {count(st.sushi.queue, 'cogwheel')} "
                f"{'lies' if st.sushi.queue == 1 else 'lie'} on queue guests, but the queue "
                f"marks {marked}."
            )

    def queue_seen(self, st: GahState, queue: list[QueueGuest], f: Facts) -> None:
        if queue[-1].cogwheel:
            queue[-1].cogwheel = False
            self.score(st, RIGHTMOST, f)

    def guest_taken(self, st: GahState, guest: QueueGuest, f: Facts) -> None:
        if guest.cogwheel:
            guest.cogwheel = False
            self.score(st, "a cogwheel lay on that guest", f)

    def room_placed(self, st: GahState, label: str, f: Facts) -> None:
        sushi = st.sushi
        assert sushi is not None
        if label in sushi.spaces:
            sushi.spaces.remove(label)
            sushi.queue += 1
            f.append(
                f"Sushi Resort: move the cogwheel from {label} onto the **leftmost guest** of "
                "the refilled queue (mark it `*` when you give me the queue)."
            )

    def score(self, st: GahState, why: str, f: Facts) -> None:
        """The opponent scores a queue guest's cogwheel, which goes back."""
        assert st.sushi is not None
        vp = ent.entrance_facts(self.key)["vp"]
        st.sushi.queue -= 1
        st.score("Sushi Resort", vp)
        stays = "; the guest stays in the queue" if why == RIGHTMOST else ""
        f.append(
            f"Sushi Resort: {why}, so {voice(st).name} scores **{vp} VP**; return the token to "
            f"the supply{stays}."
        )

    def board_lines(self, st: GahState) -> list[Said]:
        assert st.sushi is not None
        spaces = listed(st.sushi.spaces) if st.sushi.spaces else say("none")
        return [
            *super().board_lines(st),
            say(
                "Cogwheels: in the hotel on {spaces} · {n} on queue guests",
                spaces=spaces,
                n=st.sushi.queue,
            ),
        ]

    def cogwheel(self, st: GahState, cmd: Any, f: Facts) -> None:
        """Between the opponent's turns: you took a cogwheel guest, or one reached the
        rightmost queue space."""
        assert st.sushi is not None
        if st.sushi.queue == 0:
            raise RuleError(say("No cogwheel lies on a guest in the queue."))
        if cmd.event == "rightmost":
            self.score(st, RIGHTMOST, f)
            return
        st.sushi.queue -= 1
        f.append(
            "You take the cogwheel guest: pay **1 krone more** (even if the guest is free "
            f"for you) and return the token to the supply; {voice(st).name} scores nothing."
        )


class TollBridgeHotel(NoEntrance):
    key = "toll_bridge_hotel"
    die_matters = True
    commands: ClassVar[dict[str, str]] = {"toll": "toll"}

    def setup(self, st: GahState, reserved: list[int] | None) -> None:
        super().setup(st, reserved)
        st.toll = TollBridge()

    def die_taken(self, st: GahState, value: int, f: Facts) -> None:
        assert st.toll is not None
        st.toll.tokens[value - 1] += 1
        f.append(
            f"Toll Bridge: leave a cogwheel on action space {value} "
            f"({st.toll.tokens[value - 1]} there now)."
        )

    def board_lines(self, st: GahState) -> list[Said]:
        assert st.toll is not None
        tolls = " ".join(f"{i + 1}:{n}" for i, n in enumerate(st.toll.tokens))
        return [*super().board_lines(st), say("Cogwheels on action spaces: {tolls}", tolls=tolls)]

    def toll(self, st: GahState, cmd: Any, f: Facts) -> None:
        """You use an action space with cogwheels on it."""
        assert st.toll is not None
        tolls = st.toll.tokens
        space, money = cmd.space, cmd.money
        tokens = tolls[space - 1]
        if not tokens:
            raise RuleError(
                say("Action space {space} has no cogwheel: use it as normal, no toll.", space=space)
            )
        if money == 0:
            if not all(tolls):
                free = ", ".join(str(i + 1) for i, n in enumerate(tolls) if not n)
                raise RuleError(
                    f"You cannot pay the toll: choose an action space without cogwheels ({free})."
                )
            pay = "You cannot use any action space: you **lose 5 VP** and use it without paying."
        else:
            pay = "Pay exactly **1 krone**."
        st.score("Toll Bridge Hotel", tokens)
        tolls[space - 1] -= 1
        f.append(
            f"{pay} {voice(st).name} scores **{tokens} VP** (1 per cogwheel), then one token goes "
            f"back to the supply ({tolls[space - 1]} left on space {space})."
        )


NO_ENTRANCE = NoEntrance()
ENTRANCE_RULES: dict[str, NoEntrance] = {
    e.key: e  # type: ignore[misc]
    for e in (HautelCouture(), NineStarsInn(), SushiResort(), TollBridgeHotel())
}
# each entrance's player commands: command -> the entrance it belongs to
ENTRANCE_COMMANDS: dict[str, NoEntrance] = {
    command: e for e in ENTRANCE_RULES.values() for command in e.commands
}


def entrance_of(st: GahState) -> NoEntrance:
    return ENTRANCE_RULES[st.entrance] if st.entrance is not None else NO_ENTRANCE


def player_command(st: GahState, command: str) -> Callable[[GahState, Any, Facts], None]:
    """The handler of an entrance's player command, if that entrance is in this game."""
    owner = ENTRANCE_COMMANDS[command]
    if st.entrance != owner.key:
        raise RuleError(
            say(
                "That belongs to the {entrance} entrance, which is not in this game.",
                entrance=owner.name,
            )
        )
    owner.in_play(st)
    return getattr(owner, owner.commands[command])  # type: ignore[no-any-return]
