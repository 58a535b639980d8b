"""Options read as typed (issue 44): an option typed where it does not belong is named as an
unknown option wherever it stands, never swallowed into the free text before it; a yes/no
option (a flag) may be typed bare. In English and with German names."""

from bot.console.options import every_option, stray_option
from tests.test_console import make_console


async def test_an_unknown_option_after_a_free_text_value_is_named_not_swallowed(db):
    console = await make_console(db)
    reply, error = await console.attempt("/log play game:gah opponent:Leopold result:win")
    assert not reply.ok and error is not None
    assert "Unknown option `result`" in reply.text, reply.text
    assert "`outcome`" in reply.text  # the options /log play does take
    assert "leopold result" not in reply.text.lower()
    logged = await console.execute("/log play game:gah opponent:Leopold outcome:win")
    assert logged.ok, logged.text


async def test_an_unknown_german_option_is_named_in_a_german_line(db):
    console = await make_console(db)
    await console.execute("lang de")
    reply = await console.execute("/log eintragen spiel:gah gegner:Leopold bestätigen:ja")
    assert not reply.ok
    assert "Unbekannte Option `bestätigen`" in reply.text, reply.text
    assert "`ergebnis`" in reply.text  # /log play's outcome, as a German reader types it


async def test_a_values_own_colons_stay_in_the_value(db):
    """`stop1:12 districts:21` is a breakdown, `a:2 b:0` a district's plots: words with a
    colon that are a declared value or no option's name join the option before them."""
    console = await make_console(db)
    _, options = console.parse(
        ["/alea", "end", "breakdown:stop1:12", "stop2:8", "districts:21", "park:5"]
    )
    assert options == {"breakdown": "stop1:12 stop2:8 districts:21 park:5"}
    _, options = console.parse(["/alea", "round", "won:Times", "Square=a:2", "b:0"])
    assert options == {"won": "Times Square=a:2 b:0"}


async def test_a_flag_typed_bare_is_yes_in_either_language(db):
    console = await make_console(db)
    _, options = console.parse(["/stats", "page"])
    assert options == {"page": True}
    _, options = console.parse(["/stats", "seite"])
    assert options == {"page": True}
    _, options = console.parse(["/alea", "start", "partner:2", "mode:physical", "thread"])
    assert options["thread"] is True and options["mode"] == "physical"
    page = await console.execute("/stats page")
    assert page.ok and "Unknown option" not in page.text, page.text


async def test_a_flag_after_free_text_is_a_flag_and_quotes_keep_it_in_the_text(db):
    console = await make_console(db)
    _, options = console.parse(["/stats", "game:Spirit", "Island", "page"])
    assert options == {"game": "Spirit Island", "page": True}
    _, options = console.parse(["/stats", "game:Spirit Island page"])  # `game:"… page"`
    assert options == {"game": "Spirit Island page"}


async def test_a_value_of_option_pairs_keeps_the_options_it_holds(db):
    """A challenge's `options:` holds a start's options; they are its value, not strays."""
    console = await make_console(db)
    words = ["/challenge", "open", "game:gah", "name:Spring", "days:7"]
    words += ["options:difficulty:hard", "pseudo_cards:physical"]
    _, options = console.parse(words)
    assert options["options"] == "difficulty:hard pseudo_cards:physical"


async def test_a_declared_values_name_is_no_stray_option_though_an_option_has_it(db):
    """`districts:21` in Alea's breakdown is a declared value (the scoring round) although
    `/alea round` has an option `districts`; `result:` is an option and no value."""
    console = await make_console(db)
    options = every_option(console.bot.tree)
    assert {"districts", "result", "gold"} <= options
    assert not stray_option("districts", options)
    assert not stray_option("Gold", options)  # a good, as Glasgow's final counts them
    assert stray_option("result", options)
    assert stray_option("ergebnis", options)  # /log play's outcome, in German


async def test_the_built_challenge_commands_take_their_flags_bare_and_name_a_stray_option(db):
    """/challenge is built from its models: its yes/no options may be typed bare too, and an
    option it does not take is named, not swallowed into the free text before it."""
    console = await make_console(db)
    _, options = console.parse(["/challenge", "new", "name:Five", "by", "five", "plays:5", "solo"])
    assert options == {"name": "Five by five", "plays": 5, "solo": True}
    _, options = console.parse(
        ["/challenge", "void", "player:2", "attempt:1", "reason:a", "misread", "uses_attempt"]
    )
    assert options["reason"] == "a misread" and options["uses_attempt"] is True
    reply, _ = await console.attempt("/challenge new name:Five by five game:gah plays:5")
    assert not reply.ok and "Unknown option `game`" in reply.text, reply.text
    # the line as meant: `game:` is a slip for `games:`
    assert "did you mean `/challenge new name:Five by five games:gah plays:5`?" in reply.text
    reply, _ = await console.attempt("/challenge new name:Five by five zzyzx:gah plays:5")
    assert not reply.ok and "Unknown option `zzyzx`" in reply.text, reply.text
    assert "`solo`" in reply.text  # the options /challenge new does take
    # after a number: any `x:` is an option, however unknown (a number holds no `x:`)
    reply, _ = await console.attempt("/challenge new name:Five plays:5 rounds:3")
    assert not reply.ok and "Unknown option `rounds`" in reply.text, reply.text


async def test_the_console_shows_a_mention_as_a_name_and_keeps_it_in_a_line_to_type(db):
    from bot.console import render_text
    from bot.core.reply import Reply

    console = await make_console(db)
    shown = render_text(await console.execute("/stats page"))
    assert "The web page of @user1: http" in shown and "<@1>" not in shown
    said = Reply(title="T", facts=["<@2> plays: `/alea start partner:<@2>`"])
    assert render_text(said).endswith("@user2 plays: `/alea start partner:<@2>`")
