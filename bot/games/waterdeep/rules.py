"""Lords of Waterdeep solo: you play as normal against Pseudo, who follows the script 7A–7F.

You report your own moves (where you placed, the building you bought, the quests you completed,
the intrigue cards you played on him); the bot keeps the board (occupied spaces, buildings,
Builder's Hall, the Harbor) and Pseudo's mat, and places his agents with a trace to check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.core.agenda import Ask, Inputs
from bot.core.deck import Deck
from bot.core.errors import InputError, RuleError
from bot.core.game import Outcome, SeatResult
from bot.core.pool import Pool
from bot.core.scoresheet import ScoreSheet, outcome, tie_rule
from bot.core.tokens import short
from bot.games.waterdeep import settings
from bot.games.waterdeep.board import find_space, pick_cube
from bot.games.waterdeep.choices import hall_purchase, names, placements
from bot.games.waterdeep.commands import (
    COMMANDS,
    Answer,
    Complete,
    Drawn,
    Final,
    Hall,
    Override,
    Place,
    PlayIntrigue,
    Start,
)
from bot.games.waterdeep.data import CUBES, HARBOR, RESOURCES, waterdeep_data
from bot.games.waterdeep.intrigue import GIFTS, RETURNS, RULE5
from bot.games.waterdeep.lookup import find_intrigue, find_quest
from bot.games.waterdeep.script import looking_for
from bot.games.waterdeep.state import HallSlot, PseudoPlace, WaterdeepState
from bot.games.waterdeep.turn import (
    INTRIGUE_VP,
    LORD_VP,
    PSEUDO_VP,
    advance,
    amounts,
    describe_quest,
    draw_quest,
    gain,
    give_player_quest,
    lord_as_earned,
    start_round,
    you_visit,
)

PRESET_BUILDINGS = ("the_zoarstar", "the_palace_of_waterdeep")
PRESET_INTRIGUE = ("change_of_plans", "bidding_war")
GAME = "waterdeep"
OPPONENT = "Pseudo"


@dataclass
class _Collect:
    """What a step handler gets, for effects of your own moves outside Pseudo's agenda."""

    facts: list[str]
    inputs: Inputs = field(default_factory=Inputs)
    inserted: list[Any] = field(default_factory=list)

    def insert(self, *steps: Any) -> None:
        self.inserted.extend(steps)


def lord_id(name: str) -> str:
    return next(lord.id for lord in waterdeep_data().lords if lord.name.startswith(name))


class WaterdeepRules:
    key = GAME
    name = "Lords of Waterdeep"
    colour = 0x8B1A1A

    commands = COMMANDS.names

    # ------------------------------------------------------------------ start
    def new_game(self, options: dict[str, Any], seed: int) -> tuple[WaterdeepState, Outcome]:
        opts = Start.model_validate({"command": "start", **options})
        data = waterdeep_data()
        chosen = opts.model_dump(exclude={"command", "lord", "primary", "secondary"})
        if opts.pseudo_cards == "table":
            facts_mode = "You draw Pseudo's intrigue cards from the real pile and name them (7F)."
        else:
            facts_mode = "I draw Pseudo's intrigue cards from my own seeded deck (7F)."
        preset = opts.removed_parts == "preset"
        buildings = [
            i for i, b in enumerate(data.buildings) if not (preset and b.id in PRESET_BUILDINGS)
        ]
        intrigue = [
            i for i in data.intrigue_deck if not (preset and data.intrigue[i].id in PRESET_INTRIGUE)
        ]
        st = WaterdeepState(
            seed=seed,
            options=chosen,
            lord=lord_id(opts.lord),
            buildings=Deck.shuffled(buildings, seed * 3 + 1),
            quest_deck=Deck.shuffled(list(range(len(data.quests))), seed * 3 + 2),
            intrigue_deck=Deck.shuffled(intrigue, seed * 3 + 3),
            tavern=Pool(counts={"gold": 4} if opts.pseudo_gold == "mat" else {}),
        )
        facts: list[str] = []
        for name in (opts.primary, opts.secondary):
            if name is None:
                st.quests.append(draw_quest(st))
                continue
            quest = find_quest(name, mandatory=False)
            if quest.id in st.quests:
                raise InputError("Pseudo's primary and secondary quest must differ.")
            st.quest_deck.draw_specific(data.quests.index(quest))
            st.quests.append(quest.id)
        st.hall = [HallSlot(building=data.buildings[st.buildings.draw()].id) for _ in range(3)]
        lord = data.lord(st.lord)
        kinds = " and ".join(lord.quest_types) or "buildings"
        gold = "4 gold" if opts.pseudo_gold == "mat" else "no gold (D12)"
        facts += [
            f"Setup (rule 2): Pseudo takes the first-player marker and {gold}; no intrigue "
            "cards, no Lord, no score marker (rule 3).",
            f"You: {lord.name} ({kinds}), 5 gold, 2 quests, 2 intrigue cards, as normal.",
            f"Pseudo's quests (rule 6): primary {describe_quest(st.quests[0])}; "
            f"secondary {describe_quest(st.quests[1])}.",
            "Builder's Hall: "
            + ", ".join(data.space(h.building).name for h in st.hall)
            + " (left to right).",
        ]
        if preset:
            facts.append(
                "Removed (D1 preset): The Zoarstar, The Palace of Waterdeep, Change of Plans, "
                "Bidding War."
            )
        facts.append(facts_mode)
        facts.append("House rules (change them as start options):")
        facts += settings.summary(chosen)
        facts.append(
            "Reconstructed: each intrigue card's first cube colour (7F) is derived from its "
            "text; a few quests and buildings carry uncertain values (marked)."
        )
        start_round(st, facts)
        advance(st, Inputs(), facts)
        out = self.describe(st)
        out.facts = facts + out.facts
        return st, out

    def replay_hint(self, options: dict[str, Any], seed: int) -> str:
        shown = [f"lord:{options['lord']}"]
        shown += [f"{k}:{options[k]}" for k in ("primary", "secondary") if options.get(k)]
        shown += [f"{r.option}:{options[r.option]}" for r in settings.changed(options)]
        if options.get("pseudo_cards", "bot") != "bot":
            shown.append(f"pseudo_cards:{options['pseudo_cards']}")
        return f"Seed {seed}: `/waterdeep start {' '.join(shown)} seed:{seed}` replays this game."

    def load(self, state: dict[str, Any]) -> WaterdeepState:
        return WaterdeepState.model_validate(state)

    # ------------------------------------------------------------------ commands
    def apply(self, state: Any, action: dict[str, Any]) -> tuple[WaterdeepState, Outcome]:
        cmd = COMMANDS.parse(action)
        st = WaterdeepState.model_validate(state.model_dump())
        facts: list[str] = []
        if st.phase == "finished":
            raise RuleError("The game is over.")
        if isinstance(cmd, Final):
            self._final(st, cmd, facts)
        elif isinstance(cmd, Override):  # also for his last agent of round 8
            st = self._override(st, cmd, facts)
        elif st.phase != "play":
            raise RuleError("The eight rounds are over: `/waterdeep final`.")
        elif isinstance(cmd, Answer):
            ask = st.agenda.ask
            if ask is None:
                raise RuleError("Nothing is waiting for an answer.")
            if ask.command != "answer":
                raise RuleError(f"First: {ask.text()}")
            pick = ask.answer(cmd.pick)
            if pick is None:
                raise RuleError(f"`{short(cmd.pick, 40)}` is not one of the answers.")
            advance(st, Inputs({"pick": pick}), facts)
        elif isinstance(cmd, Place):
            self._place(st, cmd, facts)
        elif isinstance(cmd, Drawn) and cmd.intrigue is not None:
            ask = st.agenda.ask
            if ask is None or ask.command != "drawn" or cmd.quest is not None:
                raise RuleError("Name an intrigue card only when 7F asks for Pseudo's card.")
            advance(st, Inputs({"intrigue": cmd.intrigue}), facts)
        else:
            self._not_asked(st)
            if isinstance(cmd, Complete):
                self._complete(st, cmd, facts)
            elif isinstance(cmd, PlayIntrigue):
                self._intrigue(st, cmd, facts)
            elif isinstance(cmd, Hall):
                self._hall(st, cmd, facts)
            elif isinstance(cmd, Drawn):
                self._drawn(st, cmd, facts)
        out = self.describe(st)
        out.facts = facts + out.facts
        return st, out

    def _not_asked(self, st: WaterdeepState) -> None:
        if st.agenda.ask is not None:
            raise RuleError(f"First: {st.agenda.ask.text()}")

    def _place(self, st: WaterdeepState, cmd: Place, facts: list[str]) -> None:
        where, building = hall_purchase(cmd.space, cmd.building)
        ask = st.agenda.ask
        if ask is not None and ask.command == "place":
            advance(st, Inputs({"space": where, "building": building}), facts)
            return
        self._not_asked(st)
        if st.to_move != "you" or st.left("you") <= 0:
            raise RuleError("It is not your turn.")
        space = find_space(st, where)
        if space.id in st.occupied:
            who = "Pseudo's" if st.occupied[space.id] == "pseudo" else "your"
            raise RuleError(f"{space.label} already holds {who} agent.")
        collect = _Collect(facts)
        you_visit(st, space, building, collect)  # type: ignore[arg-type]
        st.placed["you"] += 1
        st.to_move = "pseudo"
        st.checkpoint = None
        st.agenda.steps[:0] = collect.inserted
        advance(st, Inputs(), facts)

    def _override(self, st: WaterdeepState, cmd: Override, facts: list[str]) -> WaterdeepState:
        if st.checkpoint is None:
            raise RuleError("There is no placement of Pseudo's to move now.")
        before = WaterdeepState.model_validate_json(st.checkpoint)
        step = before.agenda.steps[0]
        assert isinstance(step, PseudoPlace)
        space = find_space(before, cmd.space)
        if space.id in before.occupied:
            raise RuleError(f"{space.label} was not free when Pseudo placed.")
        if step.from_harbor and space.id in HARBOR:
            raise RuleError("A reassigned agent leaves the Harbor.")
        step.forced = space.id
        before.agenda.ask = None
        facts.append(f"Override: Pseudo's agent goes to {space.label} instead of where I put it.")
        advance(before, Inputs(), facts)
        return before

    def _complete(self, st: WaterdeepState, cmd: Complete, facts: list[str]) -> None:
        data = waterdeep_data()
        quest = find_quest(cmd.quest)
        if quest.id in st.quests:
            raise RuleError(f"{quest.name} is Pseudo's quest.")
        if quest.id in st.your_quests or quest.id in st.completed:
            raise RuleError(f"{quest.name} is already completed.")
        st.your_quests.append(quest.id)
        if not quest.mandatory:
            index = data.quests.index(quest)
            if index in st.quest_deck.draw_pile:
                st.quest_deck.draw_specific(index)
        facts.append(f"You complete {quest.name}: score it on your track.")
        if "Lieutenant" in quest.ongoing_effect:
            st.lieutenant.append("you")
            facts.append("You have the Lieutenant: one agent more each round.")
        lord = data.lord(st.lord)
        if quest.type in lord.quest_types and lord_as_earned(st):
            st.ledger[LORD_VP] = st.ledger.get(LORD_VP, 0) + 4
            facts.append(f"{lord.name}: +4 VP for your {quest.type} quest (D6).")

    def _intrigue(self, st: WaterdeepState, cmd: PlayIntrigue, facts: list[str]) -> None:
        card = find_intrigue(cmd.card)
        collect = _Collect(facts)
        if card.category == "mandatory_quest":
            st.quests.insert(0, card.id)
            facts.append(f"Pseudo takes {describe_quest(card.id)} on top of his quests (rule 6).")
        elif card.id in RETURNS:
            cube, instead = RETURNS[card.id]
            if st.tavern[cube]:
                st.tavern.take(cube)
                facts.append(f"Pseudo returns 1 {cube}.")
            else:
                facts.append(f"Pseudo has no {cube}: {instead}.")
        elif card.id in GIFTS:
            gain(st, GIFTS[card.id], collect, card.name)  # type: ignore[arg-type]
            facts.append(f"You choose Pseudo: he takes {amounts(GIFTS[card.id])}.")
        elif card.id == "call_for_adventurers":
            cube = self._pseudo_picks(st, cmd)
            gain(st, {cube: 1}, collect, card.name)  # type: ignore[arg-type]
            facts.append(f"Pseudo takes 1 {cube} (D11).")
        elif card.id == "free_drinks":
            if cmd.cube is None:
                raise InputError(
                    "Free Drinks!: name the adventurer you take: "
                    "`/waterdeep intrigue card:… cube:…`."
                )
            st.tavern.take(cmd.cube)
            facts.append(f"You take 1 {cmd.cube} from Pseudo's tavern.")
        elif card.id in RULE5:
            what, count, vp = RULE5[card.id]
            if cmd.give is None:
                raise InputError(
                    f"{card.name}: does Pseudo give you {count} {what}? "
                    "`/waterdeep intrigue card:… give:yes` or `give:no`."
                )
            if cmd.give == "yes":
                st.tavern.take(what, count)
                facts.append(f"Pseudo gives you {count} {what}: score {vp} VP (rule 5).")
            else:
                facts.append("Pseudo gives you nothing (rule 5, your choice).")
        elif card.id == "change_of_plans":
            facts.append("Pseudo discards no quest (D11).")
        elif card.id == "bidding_war":
            give_player_quest(st, facts)
        else:
            facts.append(f"{card.name} does not touch Pseudo's mat.")
        st.agenda.steps[:0] = collect.inserted
        advance(st, Inputs(), facts)

    def _hall(self, st: WaterdeepState, cmd: Hall, facts: list[str]) -> None:
        """The table is the truth: the building the real Hall shows replaces the bot's draw."""
        data = waterdeep_data()
        needle = " ".join(cmd.building.lower().split())
        found = [b for b in data.buildings if needle in b.name.lower()]
        if len(found) != 1:
            raise InputError(f"`{short(cmd.building)}` names no single building.")
        new = data.buildings.index(found[0])
        if cmd.place > len(st.hall):
            raise RuleError(f"Builder's Hall has {len(st.hall)} places.")
        slot = st.hall[cmd.place - 1]
        if slot.building == found[0].id:
            raise RuleError(f"{found[0].name} is already there.")
        other = next((i for i, s in enumerate(st.hall) if s.building == found[0].id), None)
        if other is not None:  # it sits at another place of the Hall: the two swap
            there = st.hall[other]
            there.building, slot.building = slot.building, found[0].id
            facts.append(
                f"Builder's Hall places {cmd.place} and {other + 1} swap: {found[0].name} to "
                f"place {cmd.place}, {data.space(there.building).name} to place {other + 1}; "
                "the VP tokens stay on their places."
            )
            return
        if new not in st.buildings.draw_pile:
            raise RuleError(f"{found[0].name} is not in the building stack.")
        st.buildings.draw_specific(new)
        old = next(i for i, b in enumerate(data.buildings) if b.id == slot.building)
        st.buildings.put_bottom([old])
        facts.append(
            f"Builder's Hall place {cmd.place}: {found[0].name} instead of "
            f"{data.buildings[old].name} (back under the stack), {slot.vp} VP tokens stay."
        )
        slot.building = found[0].id

    def _drawn(self, st: WaterdeepState, cmd: Drawn, facts: list[str]) -> None:
        """You drew Pseudo's newest quest from the real deck: it replaces the bot's draw."""
        data = waterdeep_data()
        if cmd.quest is None:
            raise InputError("Name the quest card you drew for Pseudo: `/waterdeep drawn quest:…`.")
        if st.last_drawn is None or st.last_drawn not in st.quests:
            raise RuleError(
                "Pseudo holds no quest drawn during play (his first two are start options)."
            )
        quest = find_quest(cmd.quest, mandatory=False)
        if quest.id in st.quests or quest.id in st.completed or quest.id in st.your_quests:
            raise RuleError(f"{quest.name} is already out of the deck.")
        index = data.quests.index(quest)
        if index not in st.quest_deck.draw_pile:
            raise RuleError(f"{quest.name} is not in the quest deck.")
        st.quest_deck.draw_specific(index)
        old = st.last_drawn
        st.quest_deck.put_bottom([data.quests.index(data.quest(old))])
        st.quests[st.quests.index(old)] = quest.id
        st.last_drawn = quest.id
        facts.append(
            f"Pseudo's new quest is {describe_quest(quest.id)}, not {data.quest(old).name}."
        )

    def _pseudo_picks(self, st: WaterdeepState, cmd: PlayIntrigue) -> str:
        if st.options.get("pseudo_choices") == "you":
            if cmd.cube is None:
                raise InputError(
                    "You decide Pseudo's adventurer (D11): `/waterdeep intrigue card:… cube:…`."
                )
            return cmd.cube
        wanted = looking_for(st)
        return pick_cube(list(CUBES), wanted)

    def _final(self, st: WaterdeepState, cmd: Final, facts: list[str]) -> None:
        if st.phase != "final":
            raise RuleError(f"Round {st.round} of 8 is still being played.")
        sheet = self.score_sheet(st, cmd)
        st.phase = "finished"
        st.agenda.clear()
        st.result = {
            "score": sheet.total,
            "categories": dict(sheet.categories),
            "outcome": outcome(sheet.total, 0, tie_rule(GAME, OPPONENT)),
        }
        verdict = "above zero: you win" if sheet.total > 0 else "not above zero: Pseudo wins"
        facts.append(f"Final score: {sheet.text()} — {verdict} (rule 9).")

    def score_sheet(self, st: WaterdeepState, cmd: Final) -> ScoreSheet:
        sheet = ScoreSheet()
        data = waterdeep_data()
        sheet.add("score track", cmd.track)
        lord = data.lord(st.lord)
        if lord_as_earned(st):
            sheet.add(LORD_VP, st.ledger.get(LORD_VP, 0))
        else:
            quests = sum(data.quest(q).type in lord.quest_types for q in st.your_quests)
            owned = sum(b.owner == "you" for b in st.in_play)
            bonus = 6 * owned if not lord.quest_types else 4 * quests
            sheet.add("Lord bonus (at the end)", bonus)
        sheet.add(PSEUDO_VP, st.ledger.get(PSEUDO_VP, 0))
        sheet.add(INTRIGUE_VP, st.ledger.get(INTRIGUE_VP, 0))
        sheet.add("adventurers", cmd.adventurers)
        sheet.add("gold", cmd.gold // 2)
        sheet.add("uncompleted quests", -5 * cmd.quests)
        if st.options.get("pseudo_leftovers") == "subtract":
            cubes = sum(st.tavern[c] for c in CUBES)
            sheet.add("Pseudo's leftovers (D13)", -(cubes + st.tavern["gold"] // 2))
        return sheet

    # ------------------------------------------------------------------ views
    def describe(self, state: Any) -> Outcome:
        st: WaterdeepState = state
        if st.phase == "finished":
            return Outcome(prompt="The game is over.", finished=True)
        if st.phase == "final":
            return Outcome(
                prompt="After round 8: `/waterdeep final track:… adventurers:… gold:… "
                "quests:…` (the VP on your score track, the adventurers in your tavern, your "
                "gold, your uncompleted quests)."
            )
        if st.agenda.ask is not None:
            return Outcome(prompt=st.agenda.ask.text(), ask=st.agenda.ask)
        agent = st.placed["you"] + 1
        ask = Ask(
            prompt=f"Round {st.round}, your agent {agent} of {st.agents('you')}: "
            "`/waterdeep place space:…` (then `/waterdeep complete` and "
            "`/waterdeep intrigue` as you do them).",
            command="place",
            option="space",
            choices=placements(st),
        )
        return Outcome(prompt=ask.text(), ask=ask)

    def choices(self, state: Any, option: str = "") -> Outcome:
        """Read-only, for autocomplete: the names `option` ("drawn quest", …) may take now,
        one a line."""
        return Outcome(facts=names(state, option))

    def summary(self, state: Any) -> dict[str, Any]:
        st: WaterdeepState = state
        data = waterdeep_data()
        return {
            "phase": st.phase,
            "round": st.round,
            "to_move": st.to_move,
            "placed": dict(st.placed),
            "marker": st.marker,
            "pseudo_quests": [data.quest(q).name for q in st.quests],
            "pseudo_completed": [data.quest(q).name for q in st.completed],
            "tavern": {r: st.tavern[r] for r in RESOURCES},
            "pseudo_vp": st.pseudo_vp,
            "occupied": dict(st.occupied),
            "hall": [{data.space(h.building).name: h.vp} for h in st.hall],
            "in_play": {data.space(b.building).name: b.owner for b in st.in_play},
            "ledger": dict(st.ledger),
            "asking": st.agenda.ask.option if st.agenda.ask else None,
            "result": st.result,
        }

    def board(self, state: Any) -> str:
        st: WaterdeepState = state
        data = waterdeep_data()
        if st.phase == "play":
            head = (
                f"Round {st.round}/8 · agents placed: Pseudo {st.placed['pseudo']}/"
                f"{st.agents('pseudo')}, you {st.placed['you']}/{st.agents('you')} · "
                "first player: " + ("Pseudo" if st.marker == "pseudo" else "you")
            )
        else:
            head = "The eight rounds are over."
        lines = [
            head,
            "Pseudo's quests (top first):",
            *(f"{i}. {self._quest_short(q)}" for i, q in enumerate(st.quests, 1)),
            f"Pseudo's tavern: {amounts({r: st.tavern[r] for r in RESOURCES})} · "
            f"completed {len(st.completed)} · his VP {st.pseudo_vp}",
        ]
        kept = ", ".join(f"{k} {v:+d}" for k, v in st.ledger.items() if v)
        lines.append("Your VP kept here (not on your track): " + (kept or "–"))
        mine = [data.space(s).label for s, w in st.occupied.items() if w == "you"]
        his = [data.space(s).label for s, w in st.occupied.items() if w == "pseudo"]
        lines.append(f"Your agents: {', '.join(mine) or '–'} · Pseudo's: {', '.join(his) or '–'}")
        hall = ", ".join(f"{data.space(h.building).name} {h.vp}" for h in st.hall)
        lines.append(f"Builder's Hall (VP tokens): {hall or '–'}")
        if st.in_play:
            owned = {
                who: ", ".join(data.space(b.building).name for b in st.in_play if b.owner == who)
                for who in ("you", "pseudo")
            }
            lines.append(
                f"Your buildings: {owned['you'] or '–'} · Pseudo's: {owned['pseudo'] or '–'}"
            )
            lines += [
                f"{data.space(b.building).name}: pile {amounts(b.pile)}"
                for b in st.in_play
                if b.pile
            ]
        return "\n".join(lines)

    @staticmethod
    def _quest_short(quest: str) -> str:
        q = waterdeep_data().quest(quest)
        return f"{q.name} ({amounts(q.requires)} → {q.reward.get('vp', 0)} VP)"

    def show_board(self, state: Any) -> Outcome:
        return Outcome(facts=[self.board(state)])

    def results(self, state: Any, *, abandoned: bool = False) -> list[SeatResult]:
        st: WaterdeepState = state
        result = st.result or {}
        return [
            SeatResult(
                seat="owner",
                opponent=OPPONENT,
                modules=settings.modules(st.options),
                score=None if abandoned else result.get("score"),
                opponent_score=None if abandoned or not result else 0,
                outcome="abandoned" if abandoned else result.get("outcome", "unscored"),
                turns=min(st.round, waterdeep_data().rounds),
            )
        ]
