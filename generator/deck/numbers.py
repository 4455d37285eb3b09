"""Numbers written as text (CSV cells, XLSX text cells, YAML strings), read strictly.

A number cell is digits with an optional sign, one decimal separator and an
exponent — nothing else. ``"1,5"`` is not silently 15 and ``"€3"``, ``"50%"``
or ``"3 kg"`` are not silently 3: each is an error with a hint saying what to
write. A deck that writes numbers the European way declares it once::

    number_format: {decimal: ',', thousands: '.'}

and every number text in the deck is then read that way (``1.234,5``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

DECIMALS = (".", ",")
THOUSANDS = ("", ".", ",", " ", "'", "\u00a0", "\u202f", "_")  # none, dot, comma, spaces, apostrophe, underscore
_EXPONENT = r"(?:[eE][+-]?\d+)?"


@dataclass(frozen=True)
class NumberFormat:
    """How a deck writes numbers in text: its decimal mark and thousands separator."""

    decimal: str = "."
    thousands: str = ""
    declared: bool = False  # written in the deck file (number_format:), not the default

    def describe(self) -> str:
        sep = repr(self.thousands) if self.thousands else "none"
        return f"decimal {self.decimal!r}, thousands {sep}"

    def write(self, value: float) -> str:
        """``value`` as this format writes it (for hints)."""
        text = f"{value:g}" if abs(value) < 1e15 else str(value)
        return text.replace(".", self.decimal)

    def pattern(self) -> re.Pattern[str]:
        dec = re.escape(self.decimal)
        if self.thousands:
            sep = re.escape(self.thousands)
            whole = rf"(?:\d{{1,3}}(?:{sep}\d{{3}})+|\d+)"
        else:
            whole = r"\d+"
        return re.compile(rf"^[+-]?(?:{whole}(?:{dec}\d*)?|{dec}\d+){_EXPONENT}$")


DEFAULT = NumberFormat()

SHOWN_CHARS = 40  # how much of a value a message quotes


def clipped(value: object) -> str:
    """``repr(value)`` for a message, cut to about SHOWN_CHARS characters with the length
    said, so a 5,000-digit cell is not echoed whole."""
    text = value if isinstance(value, str) else str(value)
    if len(text) <= SHOWN_CHARS:
        return repr(value)
    return f"{text[:SHOWN_CHARS - 3]!r}... ({len(text):,} characters)"


def format_problem(decimal: str, thousands: str) -> str | None:
    """Why a declared ``number_format`` cannot be used (None: it can)."""
    if decimal not in DECIMALS:
        return f"decimal must be '.' or ',', got {decimal!r}"
    if thousands not in THOUSANDS:
        shown = ", ".join(repr(t) for t in THOUSANDS)
        return f"thousands must be one of {shown}, got {thousands!r}"
    if decimal == thousands:
        return f"decimal and thousands must differ (both are {decimal!r})"
    return None


def read_number(text: str, fmt: NumberFormat = DEFAULT) -> tuple[float | None, str | None]:
    """A number from ``text`` in the deck's format: (value, None) or (None, why-and-hint)."""
    stripped = text.strip()
    if fmt.pattern().match(stripped):
        plain = stripped.replace(fmt.thousands, "") if fmt.thousands else stripped
        return float(plain.replace(fmt.decimal, ".")), None
    return None, _why(stripped, fmt)


_DECLARE = "declare the deck's number_format (e.g. number_format: {decimal: ',', thousands: '.'})"


def _why(text: str, fmt: NumberFormat) -> str:
    shown = clipped(text)
    core = text.strip("+- ")
    extra = [ch for ch in core if not (ch.isdigit() or ch in ".,eE '\u00a0\u202f_")]
    digits = "".join(ch for ch in core if ch.isdigit() or ch in ".,")
    if any(unicodedata.category(ch) == "Sc" for ch in extra):
        return f"not a number: {shown} has a currency sign; write the number alone: {_bare(text, fmt)}"
    if "%" in extra:
        return f"not a number: {shown} has a percent sign; write the number alone: {_bare(text, fmt)}"
    if extra and digits and core[:1].isdigit() and all(ch.isalpha() or ch in " /." for ch in core.lstrip("0123456789.,")):
        return (f"not a number: {shown} has a unit; write the number alone: {_bare(text, fmt)}, "
                "and put the unit in the attribute's 'unit:'")
    if not extra and any(ch.isdigit() for ch in core):
        return _separator_hint(text, shown, fmt)
    return f"not a number: {shown} (write a number, or leave it empty for no data)"


def _bare(text: str, fmt: NumberFormat) -> str:
    """The number inside ``text`` (for a hint), or a placeholder."""
    keep = "".join(ch for ch in text if ch.isdigit() or ch in ".,+-")
    value, error = read_number(keep, fmt) if keep else (None, "")
    return fmt.write(value) if value is not None and error is None else "e.g. 3"


def _separator_hint(text: str, shown: str, fmt: NumberFormat) -> str:
    """Digits with separators this deck's format does not read: say how to write it."""
    text = text.strip()
    if fmt.declared:
        example = f"1{fmt.thousands}234{fmt.decimal}5" if fmt.thousands else f"1234{fmt.decimal}5"
        return f"not a number in this deck's number format ({fmt.describe()}): {shown}; write e.g. {example}"
    whole, _, frac = text.partition(",")
    if "." not in text and text.count(",") == 1 and len(frac) != 3:  # 1,5: a decimal comma
        return f"not a number: {shown} uses a decimal comma; write {whole}.{frac}, or {_DECLARE}"
    if "." not in text and text.count(",") == 1:  # 1,000: one thousand, or one?
        return (f"not a number: {shown} is ambiguous (a thousands separator or a decimal comma?); "
                f"write {whole}{frac} or {whole}.{frac}, or {_DECLARE}")
    if "," in text:
        return (f"not a number: {shown} has thousands separators; write {text.replace(',', '')}, "
                f"or {_DECLARE}")
    return f"not a number: {shown} (write a number such as 1.5, or leave it empty for no data)"
