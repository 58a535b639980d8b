"""/waterdeep: Lords of Waterdeep solo against Pseudo, the scripted pseudo-player."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.core.errors import SoloistError
from bot.games.waterdeep.names import CASTLE, CUBE, GIVE, HOUSE_RULE_VALUES, LORD
from bot.on_discord.render import ctx_of, send
from bot.table.service import MAX_SEED
from cogs.base import TableCog, choices, offer

GAME = "waterdeep"
SPACES = [
    "Aurora's Realms Shop",
    "Blackstaff Tower",
    "Field of Triumph",
    "The Grinning Lion Tavern",
    "The Plinth",
    "Castle Waterdeep",
    "Builder's Hall",
    "Cliffwatch Inn (left)",
    "Cliffwatch Inn (middle)",
    "Cliffwatch Inn (right)",
    "Waterdeep Harbor",
]


def _named(option: str) -> list[app_commands.Choice[str]]:
    """`redraw: Pseudo draws again`: the value as the start's summary shows it, and its sense
    (German: the German value, from its declaration, and the catalog's sense)."""
    return offer(HOUSE_RULE_VALUES[option], named=True)


def _choices(names: list[str], current: str = "") -> list[app_commands.Choice[str]]:
    needle = " ".join(current.lower().replace("'", "").split())
    shown = [n for n in names if needle in " ".join(n.lower().replace("'", "").split())]
    return [app_commands.Choice(name=n[:100], value=n[:60]) for n in shown[:25]]


async def quest_autocomplete(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    from bot.games.waterdeep.lookup import quest_names

    return _choices(quest_names(current))


async def intrigue_autocomplete(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    from bot.games.waterdeep.lookup import intrigue_names

    return _choices(intrigue_names(current))


async def touching_autocomplete(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The intrigue cards that touch Pseudo (the others need no command)."""
    from bot.games.waterdeep.choices import touching_pseudo

    return _choices(touching_pseudo(), current)


def _every_space() -> list[str]:
    from bot.games.waterdeep.data import waterdeep_data

    return SPACES + [b.name for b in waterdeep_data().buildings]


def _every_building() -> list[str]:
    from bot.games.waterdeep.data import waterdeep_data

    return [b.name for b in waterdeep_data().buildings]


class Waterdeep(TableCog, group_name="waterdeep", description="Lords of Waterdeep: Pseudo, solo"):
    game_key = GAME

    @app_commands.command(description="Start a solo game against Pseudo in this channel")
    @app_commands.describe(
        lord="your Lord card",
        primary="Pseudo's primary quest, if you drew it from the real deck (else I draw)",
        secondary="Pseudo's secondary quest, if you drew it from the real deck",
        removed_parts="D1: parts removed by rule 1 (lost): none, or a preset guess",
        colourless_intrigue="D2: 7F card without a cube colour: discard it, or redraw",
        pseudo_completes="D3: quests Pseudo completes after his action: one, or all",
        pseudo_rewards="D4: Pseudo's quest rewards: full, or VP only",
        pseudo_vp="D5: Pseudo's VP: subtracted from your score, or ignored",
        lord_bonus="D6: your Lord bonus: as earned, or at the end",
        resource_order="D7: 7A/7B direction within a quest",
        space_costs="D8: a space's cost: subtracted from its value (net), or not (gross)",
        building_worth="D9: 7D 'worth most VP': VP tokens, or the building's cost",
        harbor="D10: Pseudo's Harbor agents at round end: reassigned, or stay",
        pseudo_choices="D11: Pseudo's adventurer when your card lets him choose: script, or you",
        pseudo_gold="D12: Pseudo's starting gold: the mat's 4, or none",
        pseudo_leftovers="D13: Pseudo's leftovers: score nothing, or are subtracted from you",
        larissa_quests="D14: 7E with Larissa Neathal: keep the first quest, or none",
        coin="D15: 7C 'flip a coin': seeded, or you choose",
        pseudo_cards="Pseudo's intrigue cards: I draw them (bot), or you draw the real ones",
        seed="replay a game exactly (optional)",
        thread="open a thread for this game and play it there",
    )
    @app_commands.autocomplete(primary=quest_autocomplete, secondary=quest_autocomplete)
    @app_commands.choices(
        lord=offer(LORD), **{option: _named(option) for option in HOUSE_RULE_VALUES}
    )
    async def start(
        self,
        interaction: discord.Interaction,
        lord: str,
        primary: app_commands.Range[str, 1, 60] | None = None,
        secondary: app_commands.Range[str, 1, 60] | None = None,
        removed_parts: str = "none",
        colourless_intrigue: str = "discard",
        pseudo_completes: str = "one",
        pseudo_rewards: str = "full",
        pseudo_vp: str = "subtract",
        lord_bonus: str = "as_earned",
        resource_order: str = "left_to_right",
        space_costs: str = "net",
        building_worth: str = "vp_tokens",
        harbor: str = "reassign",
        pseudo_choices: str = "script",
        pseudo_gold: str = "mat",
        pseudo_leftovers: str = "nothing",
        larissa_quests: str = "keep_first",
        coin: str = "seeded",
        pseudo_cards: str = "bot",
        seed: app_commands.Range[int, 0, MAX_SEED] | None = None,
        thread: bool = False,
    ) -> None:
        options = {
            "lord": lord,
            "primary": primary,
            "secondary": secondary,
            "removed_parts": removed_parts,
            "colourless_intrigue": colourless_intrigue,
            "pseudo_completes": pseudo_completes,
            "pseudo_rewards": pseudo_rewards,
            "pseudo_vp": pseudo_vp,
            "lord_bonus": lord_bonus,
            "resource_order": resource_order,
            "space_costs": space_costs,
            "building_worth": building_worth,
            "harbor": harbor,
            "pseudo_choices": pseudo_choices,
            "pseudo_gold": pseudo_gold,
            "pseudo_leftovers": pseudo_leftovers,
            "larissa_quests": larissa_quests,
            "coin": coin,
            "pseudo_cards": pseudo_cards,
        }
        await self.start_game(interaction, options, seed, thread=thread)

    @app_commands.command(description="You placed an agent (or reassigned one from the Harbor)")
    @app_commands.describe(
        space="the action space or building",
        building="Builder's Hall: the building you bought",
        quest="the quest you completed in the same turn",
        card="Waterdeep Harbor: the intrigue card you played",
        give="rule 5: does Pseudo give you the resource? (you decide)",
        cube="Free Drinks!, or D11 'you': the adventurer",
        agent="your agent's number this round, when you skipped the ones the plan allows",
        harbor="with your last agent: where your agent from Waterdeep Harbor goes at round end",
    )
    @app_commands.autocomplete(card=touching_autocomplete)
    @app_commands.choices(give=offer(GIVE), cube=offer(CUBE))
    async def place(
        self,
        interaction: discord.Interaction,
        space: app_commands.Range[str, 1, 60],
        building: app_commands.Range[str, 1, 60] | None = None,
        quest: app_commands.Range[str, 1, 60] | None = None,
        card: app_commands.Range[str, 1, 60] | None = None,
        give: str | None = None,
        cube: str | None = None,
        agent: app_commands.Range[int, 1, 6] | None = None,
        harbor: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        await self.act(
            interaction,
            "place",
            space=space,
            building=building,
            quest=quest,
            card=card,
            give=give,
            cube=cube,
            agent=agent,
            harbor=harbor,
        )

    @app_commands.command(description="The round went as Pseudo's plan shows")
    @app_commands.describe(
        agent="only up to your agent N (then report it with /waterdeep place)",
        missing="how many of his intrigue cards found you without the cube (−2 VP each)",
        quest="a quest you completed this round and did not report yet",
        castle="you took Castle Waterdeep where the plan did not care",
        space="round end: where your agent from Waterdeep Harbor goes",
        building="round end: the building your Harbor agent bought in Builder's Hall",
    )
    @app_commands.choices(castle=offer(CASTLE))
    async def round(
        self,
        interaction: discord.Interaction,
        agent: app_commands.Range[int, 1, 6] | None = None,
        missing: app_commands.Range[int, 0, 30] | None = None,
        quest: app_commands.Range[str, 1, 60] | None = None,
        castle: str | None = None,
        space: app_commands.Range[str, 1, 60] | None = None,
        building: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        await self.act(
            interaction,
            "round",
            agent=agent,
            missing=missing,
            quest=quest,
            castle=castle,
            space=space,
            building=building,
        )

    @app_commands.command(description="You completed a quest")
    @app_commands.describe(quest="the quest's name")
    async def complete(
        self, interaction: discord.Interaction, quest: app_commands.Range[str, 1, 60]
    ) -> None:
        await self.act(interaction, "complete", quest=quest)

    @app_commands.command(description="You played an intrigue card that touches Pseudo")
    @app_commands.describe(
        card="the intrigue card",
        give="rule 5: does Pseudo give you the resource? (you decide)",
        cube="Free Drinks!, or D11 'you': the adventurer",
    )
    @app_commands.autocomplete(card=touching_autocomplete)
    @app_commands.choices(give=offer(GIVE), cube=offer(CUBE))
    async def intrigue(
        self,
        interaction: discord.Interaction,
        card: app_commands.Range[str, 1, 60],
        give: str | None = None,
        cube: str | None = None,
    ) -> None:
        await self.act(interaction, "intrigue", card=card, give=give, cube=cube)

    @app_commands.command(description="Answer the question the game waits on")
    @app_commands.describe(pick="your answer (the buttons send it; autocomplete lists them)")
    async def answer(
        self, interaction: discord.Interaction, pick: app_commands.Range[str, 1, 40]
    ) -> None:
        await self.act(interaction, "answer", pick=pick)

    @app_commands.command(description="The real board differs: move Pseudo's last agent")
    @app_commands.describe(space="where Pseudo's agent really goes")
    async def override(
        self, interaction: discord.Interaction, space: app_commands.Range[str, 1, 60]
    ) -> None:
        await self.act(interaction, "override", space=space)

    @app_commands.command(description="The real Builder's Hall differs: set one place")
    @app_commands.describe(
        place="the place in Builder's Hall, 1-3 from the left",
        building="the building the real Hall shows there",
    )
    async def hall(
        self,
        interaction: discord.Interaction,
        place: app_commands.Range[int, 1, 3],
        building: app_commands.Range[str, 1, 60],
    ) -> None:
        await self.act(interaction, "hall", place=place, building=building)

    @app_commands.command(description="You drew a card for Pseudo from the real pile")
    @app_commands.describe(
        quest="his newest quest, as the real deck gave it",
        intrigue="the intrigue card 7F asks for (pseudo_cards:table)",
    )
    @app_commands.autocomplete(intrigue=intrigue_autocomplete)
    async def drawn(
        self,
        interaction: discord.Interaction,
        quest: app_commands.Range[str, 1, 60] | None = None,
        intrigue: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        await self.act(interaction, "drawn", quest=quest, intrigue=intrigue)

    @app_commands.command(description="After round 8: your final score")
    @app_commands.describe(
        track="VP on your score track",
        adventurers="adventurers left in your tavern",
        gold="your gold",
        quests="your uncompleted quests (−5 VP each)",
    )
    async def final(
        self,
        interaction: discord.Interaction,
        track: app_commands.Range[int, 0, 999],
        adventurers: app_commands.Range[int, 0, 99],
        gold: app_commands.Range[int, 0, 999],
        quests: app_commands.Range[int, 0, 60],
    ) -> None:
        await self.act(
            interaction, "final", track=track, adventurers=adventurers, gold=gold, quests=quests
        )

    @app_commands.command(description="The board at a glance: Pseudo's quests, tavern, spaces")
    async def board(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.query(ctx_of(interaction), GAME, "board"))

    # ------------------------------------------------------------ autocomplete, from the board
    async def _names(
        self, interaction: discord.Interaction, option: str, current: str, every: list[str]
    ) -> list[app_commands.Choice[str]]:
        """What `option` may name in this channel's game now (read-only); every name of the
        base game when no Waterdeep game runs here."""
        try:
            reply = await self.service.query(ctx_of(interaction), GAME, "choices", option=option)
            names = reply.facts
        except SoloistError:
            names = every
        return _choices(names, current)

    @place.autocomplete("space")
    @place.autocomplete("harbor")
    @round.autocomplete("space")
    async def _place_space(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._names(interaction, "place space", current, _every_space())

    @place.autocomplete("building")
    @round.autocomplete("building")
    async def _place_building(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._names(interaction, "place building", current, _every_building())

    @override.autocomplete("space")
    async def _override_space(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._names(interaction, "override space", current, _every_space())

    @hall.autocomplete("building")
    async def _hall_building(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._names(interaction, "hall building", current, _every_building())

    @place.autocomplete("quest")
    @complete.autocomplete("quest")
    @round.autocomplete("quest")
    async def _complete_quest(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from bot.games.waterdeep.lookup import quest_names

        every = quest_names("", mandatory=True)
        return await self._names(interaction, "complete quest", current, every)

    @drawn.autocomplete("quest")
    async def _drawn_quest(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from bot.games.waterdeep.lookup import quest_names

        return await self._names(interaction, "drawn quest", current, quest_names(""))

    @answer.autocomplete("pick")
    async def _answer_pick(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The answers of the question the game waits on (the tied spaces, …)."""
        reply = await self.game_now(interaction)
        ask = reply.ask if reply is not None else None
        if ask is None or ask.command != "answer":
            return []
        return await choices(interaction, [(c.label, c.value) for c in ask.choices], current)


async def setup(bot) -> None:  # type: ignore[no-untyped-def]
    await bot.add_cog(Waterdeep(bot))
