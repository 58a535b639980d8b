"""A declared value narrowed (`only`) or relabelled keeps every flag of its declaration: how it
is typed (glued, lettered) and shown (named), and reads only the values it keeps."""

from bot.core.values import Word, Words


def _declared() -> Words:
    return Words(
        "toy worker",
        (
            Word("cowboy", "cowboy", short=("C", "C")),
            Word("builder", "handwerker", short=("B", "H")),
        ),
        lettered=True,
        shown_named=True,
        declared=False,
    )


def test_only_keeps_every_flag_and_reads_only_what_it_keeps() -> None:
    narrowed = _declared().only("cowboy")
    assert narrowed.lettered and narrowed.shown_named and not narrowed.declared
    assert list(narrowed.tokens) == ["cowboy"]
    assert narrowed.read("cowboy") == "cowboy"
    assert narrowed.read("handwerker") is None


def test_relabel_keeps_every_flag() -> None:
    relabelled = _declared().relabel(cowboy="a rider")
    assert relabelled.lettered and relabelled.shown_named
    assert relabelled.word("cowboy").label == "a rider"
