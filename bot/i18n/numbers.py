"""Numbers in the reader's format: 1,234.5 and 12.5% in English, 1.234,5 and 12,5 % in German.

Two locales need no library (Babel would bring the CLDR data of hundreds to say two things):
`number()` formats a value where the locale is known (pictures, charts, the logbook), and
`localized()` rewrites the numbers an English line printed once it is shown in German, where
they cannot be mistaken for anything else: grouped thousands (`1,234`) and percentages
(`12.5%`). A plain decimal (`3.45`) could be a rule or a room (`rule 4.1`, `room 2.4`), so a
catalog marks the placeholders that hold one: `{mean:number}` (bot.i18n)."""

from __future__ import annotations

import re
from decimal import Decimal

# the separators per language: (thousands, decimal, before a percent sign)
SEPARATORS = {"en": (",", ".", ""), "de": (".", ",", "\u00a0")}  # 12,5 % (no-break space)
_CODE = re.compile(r"(`[^`]*`)")
# an English number a line printed: grouped thousands, or any number with a percent sign
_GROUPED = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?"
_PRINTED = re.compile(rf"(?<![\w.,])(?:{_GROUPED}(?:%)?|\d+(?:\.\d+)?%)(?![\w]|[.,]\d)")
_DECIMAL = re.compile(r"^([+\-−]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(%?)$")


def number(
    value: float | int | Decimal,
    locale: str,
    decimals: int | None = None,
    *,
    percent: bool = False,
    sign: bool = False,
) -> str:
    """`value` as the reader writes it: thousands grouped, `decimals` places (None: as many
    as it has, at most 2), a percent of a fraction (`0.125` → `12.5%` / `12,5 %`), a sign
    for a margin (`+3`)."""
    group, point, before_percent = SEPARATORS.get(locale, SEPARATORS["en"])
    amount = Decimal(str(value)) * (100 if percent else 1)
    places = decimals
    if places is None:
        exponent = amount.normalize().as_tuple().exponent
        places = min(2, max(0, -exponent)) if isinstance(exponent, int) else 0
    text = f"{abs(amount):,.{places}f}"
    whole, _, fraction = text.partition(".")
    out = whole.replace(",", group) + (point + fraction if fraction else "")
    if amount < 0 and out.strip("0,.") != "":
        out = "-" + out
    elif sign and amount > 0:
        out = "+" + out
    return out + (before_percent + "%" if percent else "")


def percent(share: float, locale: str, digits: int = 1) -> str:
    """A share (0.125) as a percentage in the reader's style: `12.5%`, `12,5 %`."""
    return number(share, locale, digits, percent=True)


def convert(text: str, locale: str) -> str:
    """One number printed in English (`1,234.5`, `+1.5`, `12.5%`) in `locale`'s format;
    anything else as it is."""
    match = _DECIMAL.match(text.strip())
    if match is None or locale == "en":
        return text
    sign, whole, fraction, percent = match.groups()
    group, point, before_percent = SEPARATORS.get(locale, SEPARATORS["en"])
    out = whole.replace(",", group) + (point + fraction if fraction else "")
    return sign + out + (before_percent + "%" if percent else "")


def localized(line: str, locale: str) -> str:
    """A line's grouped thousands and percentages in `locale`'s format, outside code spans."""
    if locale == "en" or not any(c in line for c in ",%"):
        return line
    parts = _CODE.split(line)
    return "".join(
        part if i % 2 else _PRINTED.sub(lambda m: convert(m.group(0), locale), part)
        for i, part in enumerate(parts)
    )
