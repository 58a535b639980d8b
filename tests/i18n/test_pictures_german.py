"""Pictures speak the reader's language too: a drawer gets the reply's locale with its data."""

from bot.games.registry import rules_for
from bot.i18n import tr


def test_the_hotel_picture_s_title_has_german():
    rules = rules_for("gah")
    state, _ = rules.new_game({"difficulty": "hard", "emperor_vp_variant": "S2"}, 7)
    picture = rules.picture(state)
    assert picture.kind == "gah_board"
    title = picture.data["title"]
    assert " round 1 " in title
    assert tr(title, "de") == title.replace("round", "Runde").replace("VP", "SP")
