"""/help and /about come from the registry and the live command tree."""

from bot.games.registry import SPECS


def text(result) -> str:
    embed = result.response.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""])


async def test_help_for_a_game_lists_every_one_of_its_commands_and_its_reconstructed_data(table):
    env, channel, alice, _ = table
    for spec in SPECS.values():
        shown = text(await alice.slash(channel, "help", game=spec.key))
        group = env.bot.tree.get_command(spec.key)
        for command in group.walk_commands():
            assert f"`/{command.qualified_name}" in shown, command.qualified_name
        assert spec.opponent in shown and spec.reconstructed in shown


async def test_help_without_a_game_or_with_an_unknown_one_lists_the_games(table):
    _, channel, alice, _ = table
    listing = text(await alice.slash(channel, "help"))
    assert all(f"/help game:{key}" in listing for key in SPECS)
    unknown = text(await alice.slash(channel, "help", game="chess"))
    assert unknown.splitlines()[1] == "No game `chess`; these are the games:"
    choices = await alice.autocomplete(channel, "help", "game", "wat")
    assert [c["value"] for c in choices] == ["waterdeep"]


async def test_about_names_the_source_of_every_rule_text(table):
    _, channel, alice, _ = table
    about = text(await alice.slash(channel, "about"))
    for spec in SPECS.values():
        assert spec.rules_source and f"rules from {spec.rules_source}." in about
