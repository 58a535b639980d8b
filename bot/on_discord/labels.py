"""Texts for Discord's components: a button's or select's label without Markdown (Discord
shows it there as typed), and a select's short placeholder from the question it answers."""

from __future__ import annotations

import re

from bot.i18n import tr

SHORT = 60  # a placeholder a phone shows whole; the whole prompt is in the embed
_MARKS = ("**", "__", "~~", "||", "`", "*")


def plain(text: str) -> str:
    """Text for a button or select: Discord shows Markdown there as typed, so none."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # [link](url) → link
    for mark in _MARKS:
        text = text.replace(mark, "")
    return " ".join(text.split())


def placeholder_for(prompt: str, locale: str) -> str:
    """A select's placeholder from the question it answers, short and plain: the question
    itself where the prompt asks one, without the commands to type or the asides."""
    text = re.sub(r"`[^`]*`", "", prompt)
    text = plain(re.sub(r"\s*\([^()]*\)", "", text))
    questions = re.findall(r"[^.?!:]*\?", text)
    text = (questions[-1] if questions else text).strip(" .:;,-–—")
    if not text:
        return tr("Choose…", locale)
    if len(text) <= SHORT:
        return text
    return text[: SHORT - 1].rsplit(" ", 1)[0].rstrip(" ,:;") + "…"
