"""The console plays the same commands as Discord; a game's own thread is Discord's alone."""

from tests.test_console import make_console


async def test_the_console_refuses_a_thread_in_one_line_and_starts_without(db):
    console = await make_console(db)
    refused = await console.execute("/glasgow start seed:3 thread:true")
    assert not refused.ok
    assert refused.text == "A game gets its own thread only in a server: start it without thread."
    started = await console.execute("/glasgow start seed:3")
    assert started.ok and "Glasgow against Freddy I." in started.text
    moved = await console.execute("press 1")  # no channel to post a status message in
    assert moved.ok and moved.version == 2
