"""Buy cattle (cards #3, #10, #13).

Up to 8 dollars (he pays nothing) for as many VP as possible with his cowboys; tie -> the option
with the highest single card. The rule text's example (4 cowboys: the two Corriente as a pair
for 3 cowboys, the last cowboy reveals 2 cards) settles the tie it leaves open between a pair
and two single purchases: fewest cowboys, then fewest dollars. When he cannot buy, he uses his
cowboys one by one to reveal 2 cards; leftover cowboys after buying reveal 2 cards each.
Never Simmental. #13 (cowboys): 2 free cards first; #13 (others): the value-3 card with most VP."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from bot.core.agenda import Ask, Turn
from bot.core.priority import Key, TieBreak, resolve
from bot.core.said import Said, listed, say
from bot.core.tokens import colour_tokens, is_none
from bot.games.great_western_trail.commands import TurnCmd
from bot.games.great_western_trail.data import Price, gwt_data, why
from bot.games.great_western_trail.facts import given, without_tokens
from bot.games.great_western_trail.state import BuyCattle, CattleCard, GwtState, TakeValue3
from bot.games.great_western_trail.ties import decide

CATTLE_EXAMPLE = "C3 C3 L2 S4 H5"


def cattle_prompt(cowboys: int | None = None) -> Said:
    letters = ", ".join(f"{k.upper()} {b.name}" for k, b in gwt_data().cattle.breeds.items())
    left = {None: "", 0: "", 1: " (Sam has 1 cowboy left)"}.get(
        cowboys, " (Sam has {n} cowboys left)"
    )
    return say(
        f"Which cards are on the cattle market now{left}? Breed letter and VP: "
        f"`{TurnCmd.line(cattle=CATTLE_EXAMPLE)}` ({letters}), or `none`",
        **({"n": cowboys} if "{n}" in left else {}),
    )


@dataclass(frozen=True)
class Market:
    cards: tuple[CattleCard, ...]


@dataclass(frozen=True)
class Plan:
    cards: tuple[CattleCard, ...]  # sorted, so equal multisets compare equal
    cowboys: int
    dollars: int

    @property
    def vp(self) -> int:
        return sum(c.vp for c in self.cards)

    @property
    def best(self) -> int:
        return max(c.vp for c in self.cards)

    def label(self) -> Said:
        cards = listed((card_name(c) for c in self.cards), " + ")
        if self.cowboys == 1:
            return say("{cards} (1 cowboy, ${dollars})", cards=cards, dollars=self.dollars)
        return say(
            "{cards} ({n} cowboys, ${dollars})", cards=cards, n=self.cowboys, dollars=self.dollars
        )

    def value(self) -> str:
        return "+".join(f"{c.breed}{c.vp}" for c in self.cards)  # fits a button id


def card_name(card: CattleCard) -> Said:
    """`Corriente 3`: a cattle card by its printed breed and its VP."""
    return say(f"{gwt_data().cattle.breeds[card.breed].name} {{vp}}", vp=card.vp)


def read_cattle(_: str | None, typed: str) -> str:
    parse_market(typed)
    return typed


def _key(token: str) -> str:
    (card,) = parse_market(token)
    return f"{card.breed}{card.vp}"


def took(st: GwtState, market: str, cards: tuple[CattleCard, ...] | list[CattleCard]) -> None:
    """Sam took these cards: they leave the remembered market."""
    gone = [f"{c.breed}{c.vp}" for c in cards]
    st.table.update("cattle", without_tokens(market, gone, _key))


def market_ask(st: GwtState, cowboys: int | None = None) -> Ask:
    return st.table.ask("cattle", prompt=cattle_prompt(cowboys), command="turn")


def parse_market(text: str) -> list[CattleCard]:
    if is_none(text):
        return []
    breeds = {k: k for k in gwt_data().cattle.breeds}
    names = {k: b.name.split()[-1].lower() for k, b in gwt_data().cattle.breeds.items()}
    tokens = colour_tokens(text, names, what="a cattle card", example=CATTLE_EXAMPLE, high=9)
    letter = {v: k for k, v in names.items()}
    return [CattleCard(breed=breeds[letter[t.colour]], vp=t.value) for t in tokens]


def _cost(cards: tuple[CattleCard, ...]) -> tuple[int, int] | None:
    """The fewest cowboys (then dollars) that buy exactly these cards, or None."""
    data = gwt_data().cattle
    value = {c.breed: data.breeds[c.breed].value for c in cards}
    singles: dict[int, list[Price]] = {}
    pairs: dict[int, list[Price]] = {}
    for price in data.prices:
        (pairs if price.cards == 2 else singles).setdefault(price.value, []).append(price)

    def best(group: tuple[CattleCard, ...]) -> list[tuple[int, int]]:
        if not group:
            return [(0, 0)]
        first, rest = group[0], group[1:]
        out = [
            (p.cowboys + c, p.dollars + d)
            for p in singles.get(value[first.breed], [])
            for c, d in best(rest)
        ]
        for i, other in enumerate(rest):
            if value[other.breed] != value[first.breed]:
                continue
            remaining = rest[:i] + rest[i + 1 :]
            out += [
                (p.cowboys + c, p.dollars + d)
                for p in pairs.get(value[first.breed], [])
                for c, d in best(remaining)
            ]
        return out

    options = [o for o in best(cards) if o[1] <= data.budget]
    return min(options) if options else None


def plans(market: list[CattleCard], cowboys: int) -> list[Plan]:
    """Every distinct purchase he can make with these cowboys for at most the budget."""
    buyable = [c for c in market if not gwt_data().cattle.breeds[c.breed].never_bought]
    seen: dict[tuple[tuple[str, int], ...], Plan] = {}
    for size in (1, 2, 3):
        for combo in combinations(buyable, size):
            cards = tuple(sorted(combo, key=lambda c: (c.breed, c.vp)))
            key = tuple((c.breed, c.vp) for c in cards)
            cost = _cost(cards)
            if cost is None or cost[0] > cowboys:
                continue
            plan = Plan(cards, *cost)
            if key not in seen or (plan.cowboys, plan.dollars) < (
                seen[key].cowboys,
                seen[key].dollars,
            ):
                seen[key] = plan
    return list(seen.values())


def choose(market: list[CattleCard], cowboys: int):  # type: ignore[no-untyped-def]
    return resolve(
        plans(market, cowboys),
        keys=[
            Key("most VP", lambda p: p.vp),
            Key("the highest single card", lambda p: p.best),
            Key("fewest cowboys", lambda p: p.cowboys, highest=False),
            Key("fewest dollars", lambda p: p.dollars, highest=False),
        ],
        tie_break=TieBreak.ASK,
    )


def buy_cattle(st: GwtState, turn: Turn[Any]) -> Ask | None:
    step: BuyCattle = turn.step
    if step.form == "reveal_then_buy" and not step.free_reveal:
        step.free_reveal = True
        st.table.doubt("cattle")
        turn.facts.append(
            say(
                "Sam is specialized in cowboys: first draw 2 cards from the market cattle stack "
                "and add them face up to the cattle market, for free (no cowboy)."
            )
        )
    if step.cowboys is None:
        step.cowboys = st.board.workers["cowboy"]
    if step.market is None and step.cowboys == 0:  # no answer could change his turn
        turn.facts.append(say("Sam has no cowboy left: he buys no cattle."))
        return None
    step.market = given(st, turn.inputs, "cattle", read_cattle) or step.market
    if step.market is None:
        return market_ask(st, step.cowboys)
    market = parse_market(step.market)
    choice = choose(market, step.cowboys)
    if choice.option is None and not choice.needs_player:
        if step.cowboys == 0:
            turn.facts.append(say("Sam cannot buy cattle and has no cowboy left to reveal cards."))
            return None
        step.cowboys -= 1
        step.market = None
        st.table.doubt("cattle")  # two cards nobody has told the bot yet
        left = {0: "0 cowboys", 1: "1 cowboy"}.get(step.cowboys, "{left} cowboys")
        turn.facts.append(
            say(
                "Sam cannot buy any cattle card, so he uses a cowboy to draw 2 cards from the "
                f"market cattle stack and add them face up to the cattle market ({left} left).",
                **({"left": step.cowboys} if "{left}" in left else {}),
            )
        )
        return buy_cattle(st, turn)
    plan, ask = decide(
        choice,
        turn,
        prompt=say("Sam's purchases are tied: which does he buy?"),
        label=Plan.label,
        value=Plan.value,
    )
    if ask is not None:
        return ask
    assert plan is not None
    st.board.cattle.extend(plan.cards)
    took(st, step.market, plan.cards)
    turn.facts.append(
        say(
            "Sam buys **{plan}** ({why}); he pays nothing: put them face down on his objective "
            "card.",
            plan=plan.label(),
            why=why(choice.reason),
        )
    )
    left = step.cowboys - plan.cowboys
    if left:
        st.table.doubt("cattle")
        turn.facts.append(
            say(
                "Sam uses his 1 leftover cowboy to draw 2 cards from the market cattle stack and "
                "add them face up to the cattle market."
            )
            if left == 1
            else say(
                "Sam uses his {left} leftover cowboys to draw {cards} cards from the market "
                "cattle stack and add them face up to the cattle market.",
                left=left,
                cards=2 * left,
            )
        )
    return None


def take_value_3(st: GwtState, turn: Turn[Any]) -> Ask | None:
    step: TakeValue3 = turn.step
    step.market = given(st, turn.inputs, "cattle", read_cattle) or step.market
    if step.market is None:
        return market_ask(st)
    breeds = gwt_data().cattle.breeds
    cards = [
        c
        for c in parse_market(step.market)
        if breeds[c.breed].value == 3 and not breeds[c.breed].never_bought
    ]
    distinct = sorted({(c.breed, c.vp) for c in cards})
    choice = resolve(distinct, keys=[Key("most VP", lambda c: c[1])], tie_break=TieBreak.ASK)
    chosen, ask = decide(
        choice,
        turn,
        prompt=say("Which of the tied breeding-value-3 cards does Sam take?"),
        label=lambda c: card_name(CattleCard(breed=c[0], vp=c[1])),
        value=lambda c: f"{c[0]}{c[1]}",
    )
    if ask is not None:
        return ask
    if chosen is None:
        turn.facts.append(
            say("No breeding-value-3 card is on the market: Sam takes no cattle card.")
        )
        return None
    st.board.cattle.append(CattleCard(breed=chosen[0], vp=chosen[1]))
    took(st, step.market, [CattleCard(breed=chosen[0], vp=chosen[1])])
    turn.facts.append(
        say(
            "Sam is not specialized in cowboys: he takes the **{breed} ({vp} VP)** from the "
            "market, the breeding-value-3 card with most VP; put it face down on his objective "
            "card.",
            breed=breeds[chosen[0]].name,  # a printed name
            vp=chosen[1],
        )
    )
    return None
