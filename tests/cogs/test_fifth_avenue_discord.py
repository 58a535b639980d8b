"""Alea through discord.py's real command tree, in SimCord."""


def embed_text(result) -> str:
    embed = result.response.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""] + [f.value for f in embed.fields])


async def test_auction_with_buttons_build_and_odds(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "alea start", partner=bob, mode="physical", seed=1)
    lead = await bob.slash(
        channel, "alea auction", district="Times Square", high_bid=9, cards="6 4 6"
    )
    assert "bids **16**" in embed_text(lead)
    won = await alice.click(lead.response, label="Both passed: Alea wins")
    assert "Alea wins Times Square with 16" in embed_text(won)
    built = await alice.slash(channel, "alea build", plots="a:2 b:2")
    assert "plot a, plot b" in embed_text(built)
    odds = await alice.slash(channel, "alea odds", bid=12)
    assert odds.response.attachments[0].filename.endswith(".png")
    assert "Chance that Alea bids more than 12" in embed_text(odds)
    choices = await alice.autocomplete(channel, "alea auction", "district", "52")
    assert [c["value"] for c in choices] == ["52nd St West", "52nd St East"]
