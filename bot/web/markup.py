"""A reply's text (Discord's Markdown) as safe HTML: everything is escaped first, then the few
marks the bot writes become tags (`**bold**`, `` `code` ``, ```` ``` ```` boards, `||hidden||`),
mentions become names, and Discord's time stamps become dates. Nothing a player typed can
make a tag: it was escaped before any mark was read."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from markupsafe import Markup, escape

from bot.i18n import tr

FENCE = "```"
_CODE = re.compile(r"`([^`\n]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_UNDER = re.compile(r"__(.+?)__")
_STRIKE = re.compile(r"~~(.+?)~~")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])")
_SPOILER = re.compile(r"\|\|(.+?)\|\|")
_USER = re.compile(r"&lt;@!?(\d{1,20})&gt;")
_CHANNEL = re.compile(r"&lt;#(\d{1,20})&gt;")
_STAMP = re.compile(r"&lt;t:(-?\d{1,12})(?::([tTdDfFR]))?&gt;")
# Discord's "date (in 3 days)": on a page the date once (the relative part would say the
# same date again; the reader's own time zone comes from bot/web/static/time.js)
_PAIR = re.compile(r"&lt;t:(-?\d{1,12})(?::[tTdDfF])?&gt; \(&lt;t:\1:R&gt;\)")
_LINK = re.compile(r"\[([^\]\n]+)\]\(([^)\s]+)\)")


def when(moment: datetime | None) -> str:
    """A moment as the pages write it, in UTC (the same in every language)."""
    if moment is None:
        return ""
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def stamp(seconds: int) -> str:
    """A moment in a page's text: in UTC, marked up so the page's script can write it in the
    reader's time zone (bot/web/static/time.js); without the script it reads as it is."""
    moment = datetime.fromtimestamp(seconds, UTC)
    return f'<time datetime="{moment.strftime("%Y-%m-%dT%H:%MZ")}">{when(moment)}</time>'


class Names:
    """Who a mention names: a name the front-end knew when the link was made, else
    "player 1", "player 2"… in the order the page first mentions them."""

    def __init__(self, known: dict[str, str], locale: str) -> None:
        self.known = known
        self.locale = locale
        self.others: dict[str, str] = {}

    def __call__(self, user_id: int | str) -> str:
        key = str(user_id)
        if key in self.known:
            return self.known[key]
        if key not in self.others:
            self.others[key] = tr(f"player {len(self.others) + 1}", self.locale)
        return self.others[key]


def who(name: str) -> Markup:
    """A display name as a page shows it: its text escaped (nothing in it is a mark, a
    mention or a time stamp) and isolated for right-to-left scripts (`<bdi>`)."""
    return Markup("<bdi>{}</bdi>").format(name)


def _inline(text: str, names: Names) -> str:
    """One escaped line's marks as tags (code first: nothing inside code is a mark; names
    last: nothing in a name is one)."""
    codes: list[str] = []

    def keep(match: re.Match[str]) -> str:
        codes.append(f"<code>{match.group(1)}</code>")
        return f"\x00{len(codes) - 1}\x00"

    def mention(match: re.Match[str]) -> str:
        codes.append(f'<span class="who">@{who(names(match.group(1)))}</span>')
        return f"\x00{len(codes) - 1}\x00"

    text = _CODE.sub(keep, text)
    text = _USER.sub(mention, text)
    text = _LINK.sub(lambda m: m.group(1), text)
    text = _BOLD.sub(r"<strong>\1</strong>", text)
    text = _UNDER.sub(r"<u>\1</u>", text)
    text = _STRIKE.sub(r"<s>\1</s>", text)
    text = _ITALIC.sub(r"<em>\1</em>", text)
    hidden = tr("hidden", names.locale)
    text = _SPOILER.sub(
        lambda m: f'<details class="hidden"><summary>{hidden}</summary>{m.group(1)}</details>',
        text,
    )
    channel = escape(tr("channel", names.locale))
    text = _CHANNEL.sub(f'<span class="where">#{channel}</span>', text)
    text = _PAIR.sub(lambda m: stamp(int(m.group(1))), text)
    text = _STAMP.sub(lambda m: stamp(int(m.group(1))), text)
    return re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], text)


def markup(text: str, names: Names) -> Markup:
    """A block of the bot's text (several lines, perhaps a board between fences) as HTML:
    lines joined by breaks, a fenced board as preformatted text."""
    out: list[str] = []
    lines: list[str] = []
    board: list[str] | None = None

    def flush() -> None:
        if lines:
            out.append(
                "<p>" + "<br>".join(_inline(str(escape(ln)), names) for ln in lines) + "</p>"
            )
            lines.clear()

    for line in text.split("\n"):
        if line.strip().startswith(FENCE):
            if board is None:
                flush()
                board = []
            else:
                out.append(
                    '<pre class="board">' + "\n".join(map(str, map(escape, board))) + "</pre>"
                )
                board = None
            continue
        if board is not None:
            board.append(line)
        else:
            lines.append(line)
    if board is not None:  # an unclosed fence: its lines as they are
        out.append('<pre class="board">' + "\n".join(map(str, map(escape, board))) + "</pre>")
    flush()
    return Markup("".join(out))


def inline(text: str, names: Names) -> Markup:
    """One line of the bot's text as HTML, without a paragraph around it."""
    return Markup(" ".join(_inline(str(escape(line)), names) for line in text.split("\n")))


def plain(text: str, names: Names) -> str:
    """The text without marks, for a title or a link preview: time stamps as dates, the
    channel's mark as its word, mentions as names (last: a name's own text, `<t:0:R>` or
    `**`, is neither a stamp nor a mark)."""
    text = re.sub(r"<#\d{1,20}>", "#" + tr("channel", names.locale), text)
    text = re.sub(r"(<t:(-?\d{1,12})(?::[a-zA-Z])?>) \(<t:\2:R>\)", r"\1", text)
    text = re.sub(
        r"<t:(-?\d{1,12})(?::[a-zA-Z])?>",
        lambda m: when(datetime.fromtimestamp(int(m.group(1)), UTC)),
        text,
    )
    text = re.sub(r"\[([^\]\n]+)\]\([^)\s]+\)", r"\1", text)
    for mark in ("**", "__", "~~", "||", "`"):
        text = text.replace(mark, "")
    text = re.sub(r"<@!?(\d{1,20})>", lambda m: "@" + names(m.group(1)), text)
    return " ".join(text.split())


def clip(text: str, limit: int) -> str:
    """`text` in at most `limit` characters, never cut mid-word: a longer one ends at the last
    whole word that fits, with an ellipsis ("…", counted in the limit). A first word longer
    than the limit alone is cut, with the ellipsis (no other way to fit it)."""
    if len(text) <= limit:
        return text
    room = text[: limit - 1]
    at_boundary = text[limit - 1].isspace() or room[-1].isspace()
    if not at_boundary and len(room.split()) > 1:
        room = room.rsplit(None, 1)[0]  # the word that straddles the limit goes whole
    return room.rstrip().rstrip(",;:·-–—").rstrip() + "…"
