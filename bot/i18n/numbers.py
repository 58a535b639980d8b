"""Numbers as a reader writes them: `1,234.5` in English, `1.234,5` in German.

Replies and pictures build their sentences in English and translate them at the edge; a number
they print is formatted here first, in the reader's language, so the catalog only carries it."""

from __future__ import annotations

# thousands separator, decimal mark, what stands between a number and `%`
MARKS = {"en": (",", ".", ""), "de": (".", ",", "\u00a0")}


def number(value: float, locale: str, digits: int | None = None) -> str:
    """`value` with grouped thousands and the language's decimal mark; `digits` decimals
    (None: none for a whole number, else as Python writes the value)."""
    group, point, _ = MARKS.get(locale, MARKS["en"])
    if digits is None:
        whole = isinstance(value, int) or float(value).is_integer()
        text = f"{int(value):,}" if whole else f"{value:,}"
    else:
        text = f"{value:,.{digits}f}"
    return text.translate(str.maketrans({",": group, ".": point}))


def percent(share: float, locale: str, digits: int = 1) -> str:
    """A share (0.125) as a percentage in the reader's style: `12.5%`, `12,5 %`."""
    space = MARKS.get(locale, MARKS["en"])[2]
    return f"{number(share * 100, locale, digits)}{space}%"
