"""Alea through discord.py's real command tree, in SimCord."""

import re


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
    assert "**1 skyscraper on each** of plots a, b: the most valuable" in embed_text(built)
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


def values(choices) -> list:
    return [c["value"] for c in choices]


async def test_a_phone_player_answers_an_auction_by_autocomplete_and_buttons(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "alea start", partner=bob, mode="physical", seed=1)
    cards = await bob.autocomplete(channel, "alea auction", "cards", "5 4")
    assert [c["name"] for c in cards] == [
        "5 4 4 · Alea bids 13",
        "5 4 5 · Alea bids 14",
        "5 4 6 4 · Alea bids 19",
        "5 4 6 5 · Alea bids 20",
        "5 4 6 6 · Alea bids 21",
    ]
    bids = await bob.autocomplete(channel, "alea auction", "high_bid", "1")
    assert bids[0] == {"name": "10 · Alea bids more: 75%", "value": 10}
    assert await bob.autocomplete(channel, "alea odds", "bid", "1") == bids  # one callback
    lead = await bob.slash(
        channel, "alea auction", district="Times Square", high_bid=9, cards=values(cards)[1]
    )
    assert "bids **14**" in embed_text(lead)
    won = await alice.click(lead.response, label="Both passed: Alea wins")
    plots = await alice.autocomplete(channel, "alea build", "plots", "")
    assert values(plots) == ["none", "a:0", "a:1", "a:2", "a:3", "a:4"]
    assert await alice.autocomplete(channel, "alea result", "plots", "") == plots
    more = await alice.autocomplete(channel, "alea build", "plots", "a:2 ")
    assert values(more)[1:] == [f"a:2 b:{n}" for n in range(5)]
    stop = await alice.click(won.response, label="No empty plot: building stop")
    assert "Alea declares a **building stop**" in embed_text(stop)
    open_ = values(await alice.autocomplete(channel, "alea auction", "district", ""))
    assert "Times Square" not in open_ and open_[-1] == "Central Park" and len(open_) == 7
    stops = values(await alice.autocomplete(channel, "alea building-stop", "district", "St"))
    assert stops == [d for d in open_ if "St" in d]


async def test_alea_names_his_skyscrapers_and_a_virtual_stack_needs_no_cards(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "alea start", partner=bob, mode="virtual", seed=4)
    assert await alice.autocomplete(channel, "alea auction", "cards", "") == []
    lead = await bob.slash(channel, "alea auction", district="42nd St West", high_bid=0)
    assert "Alea now holds the high bid" in embed_text(lead)  # he bids 8 at least
    await alice.slash(channel, "alea result", outcome="passed", plots="a:1")
    names = [c["name"] for c in await alice.autocomplete(channel, "alea auction", "district", "42")]
    assert names == ["42nd St West · Alea has 1 skyscraper", "42nd St East"]


async def test_a_german_player_runs_an_auction_by_buttons_and_autocomplete(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "settings language", choice="de")
    started = await alice.slash(channel, "alea start", partner=bob, mode="physical", seed=1)
    assert "Stapelmodus **physisch**" in embed_text(started)
    cards = await alice.autocomplete(channel, "alea auction", "cards", "6 4")
    assert [c["name"] for c in cards][:2] == ["6 4 4 · Alea bietet 14", "6 4 6 · Alea bietet 16"]
    lead = await alice.slash(
        channel, "alea auction", district="Times Square", high_bid=9, cards="6 4 6"
    )
    assert "Versteigerung um **Times Square**: Alea deckt 6 + 4 + 6 auf und bietet **16**." in (
        embed_text(lead)
    )
    won = await alice.click(lead.response, label="Beide gepasst: Alea gewinnt")
    assert "Alea gewinnt Times Square mit 16." in embed_text(won)
    plots = await alice.autocomplete(channel, "alea build", "plots", "")
    assert plots[0]["name"] == "none · kein leerer Bauplatz: Alea verhängt einen Baustopp"
    assert plots[3]["name"] == "a:2 · Bauplatz a, 2 Geschäftsarten daneben"
    stop = await alice.click(won.response, label="Kein leerer Bauplatz: Baustopp")
    assert "Times Square hat keinen leeren Bauplatz: Alea verhängt dort einen **Baustopp**." in (
        embed_text(stop)
    )
    assert "Alea in Times Square: 0 · Baustopp durch Alea" in embed_text(stop)


async def test_a_two_player_game_in_its_own_thread_lets_the_partner_play_there(table):
    _, channel, alice, bob = table
    started = await alice.slash(
        channel, "alea start", partner=bob, mode="physical", seed=1, thread=True
    )
    [thread] = channel.threads
    assert started.response.content.endswith(f"is played in its own thread: <#{thread.id}>")
    lead = await bob.slash(
        thread, "alea auction", district="Times Square", high_bid=9, cards="6 4 6"
    )
    assert not lead.ephemeral and "bids **16**" in embed_text(lead)  # the partner may play


def labels(message) -> list[str]:
    return [
        item["label"]
        for row in message.components
        for item in row.get("components", [])
        if item.get("label")
    ]


async def test_a_round_shows_each_bid_as_a_spoiler_and_closes_by_a_button(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "alea start", partner=bob, seed=3)
    typed = await alice.autocomplete(channel, "alea round", "districts", "Times Square, 42")
    assert values(typed) == ["Times Square, 42nd St West", "Times Square, 42nd St East"]
    opened = await bob.slash(channel, "alea round", districts="Times Square, 42nd St East")
    description = opened.response.embeds[0].description
    spoilers = re.findall(r"\|\|(.+?)\|\|", description)
    assert len(spoilers) == 3 and all(len(s) == 2 for s in spoilers)
    assert "1. **Times Square**: Alea bids ||" in description
    outside = re.sub(r"\|\|.+?\|\|", "", description)  # his bids are 8 to 21
    assert [int(n) for n in re.findall(r"\b\d+\b", outside) if int(n) >= 8] == []
    assert labels(opened.response) == ["Alea won nothing", "Answer…"]
    won = await alice.autocomplete(channel, "alea round", "won", "Times Square=a:1; ")
    assert values(won) == ["Times Square=a:1; 42nd St East=", "Times Square=a:1; Central Park"]
    stops = await alice.autocomplete(channel, "alea round", "stop", "")
    assert values(stops) == ["Times Square", "42nd St East"]
    form = await alice.click(opened.response, label="Answer…")
    assert form.modal["title"] == "Which auctions of the round did Alea win?"
    assert [c["label"] for c in form.modal["components"]] == [
        "Alea won: district=plots; … (or none)",
        "Building stops by a player (districts)",
    ]
    done = await bob.click(opened.response, label="Alea won nothing")
    text = embed_text(done)
    assert "**Times Square**: Alea bid " in text and "and did not win." in text
    assert "||" not in text  # once the round is over his cards are named in clear


async def test_a_round_result_sent_by_the_form_builds_for_alea(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "alea start", partner=bob, seed=3)
    opened = await alice.slash(channel, "alea round", districts="Times Square")
    form = await alice.click(opened.response, label="Answer…")
    sent = await alice.submit_modal(form, {"won": "Times Square=a:2 b:0 c:2", "stop": ""})
    assert "Alea builds **1 skyscraper on each** of plots a, c" in embed_text(sent)


async def test_a_german_round_shows_spoilers_and_a_german_button(table):
    _, channel, alice, bob = table
    await alice.slash(channel, "settings language", choice="de")
    await alice.slash(channel, "alea start", partner=bob, seed=3)
    opened = await alice.slash(channel, "alea round", districts="Times Square")
    assert "1. **Times Square**: Alea bietet ||" in embed_text(opened)
    assert labels(opened.response) == ["Alea hat nichts gewonnen", "Antworten …"]
    done = await alice.click(opened.response, label="Alea hat nichts gewonnen")
    assert "und hat nicht gewonnen." in embed_text(done)
