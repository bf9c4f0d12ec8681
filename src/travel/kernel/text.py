"""Text as callers send it, made comparable: NFC-normalised and trimmed; and what counts as blank
(nothing left once white space and invisible format characters — Unicode category Cf, such as
U+200B ZERO WIDTH SPACE or U+FEFF — are removed). docs/decisions/0086-resource-bounds.md"""

from __future__ import annotations

import unicodedata


def cleaned(value: str) -> str:
    """`value` in Unicode normal form C, without leading or trailing white space."""
    return unicodedata.normalize("NFC", value).strip()


def is_blank(value: str) -> bool:
    """Whether `value` shows nothing: only white space and format characters."""
    return all(c.isspace() or unicodedata.category(c) == "Cf" for c in value)
