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


async def test_ending_early_asks_with_a_button_and_a_tie_asks_for_the_cards_left(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "alea start", partner=bob, seed=2)
    early = await alice.slash(channel, "alea end", score=40, partner_score=40)
    assert "Neither end condition has come" in embed_text(early)
    tied = await alice.click(early.response, label="End the game now")
    assert "most cards left in hand" in embed_text(tied)
    over = await bob.slash(channel, "alea end", cards_left=2, partner_cards_left=7)
    assert "your partner holds more, so your partner wins" in embed_text(over)
