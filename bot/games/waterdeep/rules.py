"""Lords of Waterdeep solo: you play as normal against Pseudo, who follows the script 7A–7F.

You report your own moves (where you placed, the building you bought, the quests you completed,
the intrigue cards you played on him); the bot keeps the board (occupied spaces, buildings,
Builder's Hall, the Harbor) and Pseudo's mat, and places his agents with a trace to check.
The rules are spread by idea: player.py (your commands and corrections), turn.py (Pseudo's
round), intrigue.py, completing.py, visits.py, end.py (the final score), views.py.
"""

from __future__ import annotations

from typing import Any, ClassVar

from bot.core.agenda import Ask, Inputs
from bot.core.commands import Command
from bot.core.deck import Deck
from bot.core.errors import InputError, RuleError
from bot.core.game import Outcome, SeatResult
from bot.core.kit import KitRules
from bot.core.pool import Pool
from bot.core.said import listed, say
from bot.core.scoresheet import FinalSheet
from bot.games.waterdeep import player, reporting, snapshot, views
from bot.games.waterdeep.choices import names, placements
from bot.games.waterdeep.commands import (
    COMMANDS,
    FINAL_LINE,
    Answer,
    Complete,
    Drawn,
    Final,
    Hall,
    Override,
    Place,
    PlayIntrigue,
    Round,
    Start,
)
from bot.games.waterdeep.data import waterdeep_data
from bot.games.waterdeep.end import GAME, OPPONENT, final, pseudo_score
from bot.games.waterdeep.lookup import find_quest
from bot.games.waterdeep.mat import described, draw_quest
from bot.games.waterdeep.plan import plan_lines, plan_steps, round_plan
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.sheet import final_sheet
from bot.games.waterdeep.state import HallSlot, WaterdeepState
from bot.games.waterdeep.turn import advance, start_round

ONE_LINE = (
    f"A whole turn in one line: `{Place.line(space='…', quest='…', card='…')}` (`quest:` the "
    "quest you complete, `card:` the intrigue card you play in the Harbor)."
)


def you_as_normal(lord: str, kinds: list[str]) -> str:
    """Your set-up line: your Lord and the two quest types he rewards (Larissa: buildings)."""
    rest = "5 gold, 2 quests, 2 intrigue cards, as normal."
    if not kinds:
        return say(f"You: {{lord}} (buildings), {rest}", lord=lord)
    if len(kinds) == 2:
        return say(f"You: {{lord}} ({{a}} and {{b}}), {rest}", lord=lord, a=kinds[0], b=kinds[1])
    return f"You: {lord} ({' and '.join(kinds)}), {rest}"


PRESET_BUILDINGS = ("the_zoarstar", "the_palace_of_waterdeep")
PRESET_INTRIGUE = ("change_of_plans", "bidding_war")


def lord_id(name: str) -> str:
    return next(lord.id for lord in waterdeep_data().lords if lord.name.startswith(name))


class WaterdeepRules(KitRules[WaterdeepState]):
    key = GAME
    name = "Lords of Waterdeep"
    colour = 0x8B1A1A

    state_type = WaterdeepState
    command_set = COMMANDS
    over_message: ClassVar[str] = "The game is over."

    # ------------------------------------------------------------------ start
    def new_game(self, options: dict[str, Any], seed: int) -> tuple[WaterdeepState, Outcome]:
        opts = Start.model_validate({"command": "start", **options})
        data = waterdeep_data()
        chosen = opts.model_dump(exclude={"command", "lord", "primary", "secondary"})
        if opts.pseudo_cards == "table":
            facts_mode = say(
                "You draw Pseudo's intrigue cards from the real pile and name them (7F)."
            )
        else:
            facts_mode = say("I draw Pseudo's intrigue cards from my own seeded deck (7F).")
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
        gold = "4 gold" if opts.pseudo_gold == "mat" else say("no gold (D12)")
        facts += [
            say(
                "Setup (rule 2): Pseudo takes the first-player marker and {gold}; no intrigue "
                "cards, no Lord, no score marker (rule 3).",
                gold=gold,
            ),
            you_as_normal(lord.name, lord.quest_types),
            say(
                "Pseudo's quests (rule 6): primary {primary}; secondary {secondary}.",
                primary=described(st.quests[0]),
                secondary=described(st.quests[1]),
            ),
            say(
                "Builder's Hall: {names} (left to right).",
                names=listed(data.space(h.building).name for h in st.hall),
            ),
        ]
        if preset:
            facts.append(
                say(
                    "Removed (D1 preset): The Zoarstar, The Palace of Waterdeep, Change of Plans, "
                    "Bidding War."
                )
            )
        facts.append(facts_mode)
        facts.append(say(ONE_LINE))
        facts.append(say("House rules (change them as start options):"))
        facts += [say(line) for line in HOUSE_RULES.summary(chosen)]  # each line a catalog key
        facts.append(
            say(
                "Reconstructed: each intrigue card's first cube colour (7F) is derived from its "
                "text; a few quests and buildings carry uncertain values (marked)."
            )
        )
        start_round(st, facts)
        advance(st, Inputs(), facts)
        out = self.describe(st)
        out.facts = facts + out.facts
        out.picture = snapshot.picture(st)
        return st, out

    def replay_hint(self, options: dict[str, Any], seed: int) -> str:
        """The start line with the options that differ from the defaults, and the seed (an
        option every start takes besides its model's)."""
        shown: dict[str, Any] = {"lord": options["lord"]}
        shown |= {k: options.get(k) or None for k in ("primary", "secondary")}
        shown |= {rule.option: options[rule.option] for rule in HOUSE_RULES.changed(options)}
        if options.get("pseudo_cards", "bot") != "bot":
            shown["pseudo_cards"] = options["pseudo_cards"]
        line = f"{Start.line(**shown)} seed:{seed}"
        return say("Seed {seed}: `{command}` replays this game.", seed=seed, command=line)

    # ------------------------------------------------------------------ commands
    def over(self, state: WaterdeepState) -> bool:
        return state.phase == "finished"

    def run(self, st: WaterdeepState, cmd: Command, facts: list[str]) -> WaterdeepState | None:
        if isinstance(cmd, Final):
            final(st, cmd, facts)
        elif isinstance(cmd, Override):  # also for his last agent of round 8
            return player.override(st, cmd, facts)
        elif st.phase != "play":
            raise RuleError(f"The eight rounds are over: `{Final.line()}`.")
        elif isinstance(cmd, Answer):
            ask = st.agenda.ask
            if ask is None:
                raise RuleError("Nothing is waiting for an answer.")
            if ask.command != "answer":
                raise RuleError(f"First: {ask.text()}")
            pick = ask.answer(cmd.pick)
            if pick is None:
                raise ask.refuse(cmd.pick)
            advance(st, Inputs({"pick": pick}), facts)
        elif isinstance(cmd, Place):
            return player.place(st, cmd, facts)
        elif isinstance(cmd, Round):
            reporting.confirm(st, cmd, facts)
            if cmd.quest is not None:
                player.complete(st, Complete(command="complete", quest=cmd.quest), facts)
        elif isinstance(cmd, Drawn) and cmd.intrigue is not None:
            ask = st.agenda.ask
            if ask is None or ask.command != "drawn" or cmd.quest is not None:
                raise RuleError("Name an intrigue card only when 7F asks for Pseudo's card.")
            advance(st, Inputs({"intrigue": cmd.intrigue}), facts)
        else:
            player.not_asked(st)
            if isinstance(cmd, Complete):
                player.complete(st, cmd, facts)
            elif isinstance(cmd, PlayIntrigue):
                player.intrigue(st, cmd, facts)
            elif isinstance(cmd, Hall):
                player.hall(st, cmd, facts)
            elif isinstance(cmd, Drawn):
                player.drawn(st, cmd, facts)
        return None

    # ------------------------------------------------------------------ views
    def describe(self, state: Any) -> Outcome:
        st: WaterdeepState = state
        if st.phase == "finished":
            return Outcome(prompt=say("The game is over."), finished=True)
        if st.phase == "final":
            return Outcome(
                prompt=say(
                    f"After round 8: `{FINAL_LINE}` (the VP on your score track, the "
                    "adventurers in your tavern, your gold, your uncompleted quests)."
                )
            )
        if st.agenda.ask is not None:
            return Outcome(prompt=st.agenda.ask.text(), ask=st.agenda.ask)
        agent = st.placed["you"] + 1
        ask = Ask(
            prompt=say(
                "Round {n}, your agent {agent} of {agents}: "
                f"`{Place.line(space='…')}` (then `{Complete.line()}` and "
                f"`{PlayIntrigue.line()}` as you do them).",
                n=st.round,
                agent=agent,
                agents=st.agents("you"),
            ),
            command="place",
            option="space",
            choices=placements(st),
        )
        plan = round_plan(st)
        if plan is None:
            return Outcome(prompt=ask.text(), ask=ask)
        return Outcome(
            facts=plan_lines(plan),
            prompt=ask.text(),
            ask=ask,
            next_steps=[*plan_steps(plan), *ask.next_steps()],
        )

    def choices(self, state: Any, option: str = "") -> Outcome:
        """Read-only, for autocomplete: the names `option` ("drawn quest", …) may take now,
        one a line."""
        return Outcome(facts=names(state, option))

    def summary(self, state: Any) -> dict[str, Any]:
        return views.summary(state)

    def board(self, state: Any) -> str:
        return views.board(state)

    def show_board(self, state: Any) -> Outcome:
        return Outcome(facts=[views.board(state)], picture=snapshot.picture(state))

    def after(self, before: Any, state: Any, command: Command, outcome: Outcome) -> None:
        """The board picture comes with a reply that changed more than an agent's place."""
        if snapshot.board_key(state) != snapshot.board_key(before):
            outcome.picture = snapshot.picture(state)

    def sheet(self, state: WaterdeepState) -> FinalSheet | None:
        return final_sheet(state)

    def results(self, state: Any, *, abandoned: bool = False) -> list[SeatResult]:
        """Both real scores: yours before Pseudo's VP were taken off it, and his (D5)."""
        st: WaterdeepState = state
        result = st.result or {}
        scored = not abandoned and "score" in result
        theirs = pseudo_score(st) if scored else None
        return [
            SeatResult(
                seat="owner",
                opponent=OPPONENT,
                modules=HOUSE_RULES.modules(st.options),
                score=result["score"] + theirs if theirs is not None else None,
                opponent_score=theirs,
                outcome="abandoned" if abandoned else result.get("outcome", "unscored"),
                turns=min(st.round, waterdeep_data().rounds),
            )
        ]
