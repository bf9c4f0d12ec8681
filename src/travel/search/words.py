"""How search reads text: folded (accents, case) and cut into words, the same way for the
listings' vocabulary and for what a traveler types, and the typo rules (decision 0088).

PostgreSQL folds the listings itself (`travel_fold`, which removes accents and turns ASCII
punctuation into spaces (revision 0016, decision 0101), and the `simple` configuration); this
module folds the same way in Python for the vocabulary and the queries, so a word typed here is
a word it indexed (the accents of Latin and Greek letters removed, other scripts' marks kept:
decision 0106). SQLite's FTS5 indexes the words this module folds, each keyed by its workspace
(`scoped_words`, revision 0023, decision 0112).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable

# Letters and digits; every other character separates words, as both engines' tokenizers do.
_WORD = re.compile(r"[^\W_]+")
# Folds that decomposition does not make (unaccent makes them; so must the vocabulary).
_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ł": "l", "ß": "ss", "þ": "th"})
# The combining marks the engines remove (decomposed Latin and Greek letters), the Cyrillic
# letters that keep theirs, and ё (Cyrillic ie and a diaeresis), which unaccent folds to ie
# (decision 0106).
_ACCENTS_FROM, _ACCENTS_TO = "\u0300", "\u036f"
_CYRILLIC_FROM, _CYRILLIC_TO = "\u0400", "\u04ff"
_YO = ("\u0435", "\u0308")
LONGEST_WORD = 40  # longer "words" are not words a traveler types; they are cut


def fold(text: str) -> str:
    """`text` lower-cased with its accents removed ("Zürich" → "zurich", "Belém" → "belem"),
    as the engines fold what they index (decision 0106).

    Only the marks a letter decomposes into that the engines remove are removed: those of
    U+0300 to U+036F, except on a Cyrillic letter (й, ї and ў stay; ё loses its diaeresis, as
    unaccent has it). The rest is composed again: a Hangul syllable decomposes into letters
    (jamo), a kana with a voiced mark into the kana and the mark, and neither engine does that
    ("서울" and "ギャラリー" stay themselves). Lower-cased again after decomposing: "№" is
    "No"."""
    if text.isascii():
        return text.lower()
    kept: list[str] = []
    base = ""
    for c in unicodedata.normalize("NFKD", text.lower().translate(_LETTERS)):
        if _ACCENTS_FROM <= c <= _ACCENTS_TO:
            if not _CYRILLIC_FROM <= base <= _CYRILLIC_TO or (base, c) == _YO:
                continue
        elif not unicodedata.combining(c):
            base = c
        kept.append(c)
    return unicodedata.normalize("NFC", "".join(kept)).lower().translate(_LETTERS)


def words(text: str) -> list[str]:
    """The folded words of `text`, in order (repeats kept)."""
    return [word[:LONGEST_WORD] for word in _WORD.findall(fold(text))]


def scoped_words(scope: str | None, text: str | None) -> str:
    """The folded words of `text`, each preceded by `scope` (a workspace's id, 32 hexadecimal
    digits), separated by spaces: what SQLite's full-text index holds (revision 0023, decision
    0112). A word is letters and digits, so FTS5's tokenizer reads each as one token."""
    if not scope or not text:
        return ""
    return " ".join(scope + word for word in words(text))


# The grid a listing's place is indexed in on SQLite, as PostgreSQL's text index has it
# (revision 0020, decision 0107): cells of 0.25, 1, 4 and 16 degrees, each a power of two, so
# the division is exact and a point on a box's edge falls in the box's cells.
_CELL_SIZES = (0.25, 1.0, 4.0, 16.0)
_MOST_CELLS = 9


def _cell(scope: str, level: int, row: int, column: int) -> str:
    """The cell of `level` at (`row`, `column`): the latitude and longitude divided by its size,
    floored. A token no word can be: words never hold "_" (letters and digits); "n" for minus."""
    return f"{scope}_{level}_{row}_{column}".replace("-", "n")


def place_cells(scope: str | None, latitude: float | None, longitude: float | None) -> str:
    """The cells of each size the point lies in, keyed by `scope`, separated by spaces; none
    without both coordinates, finite (revision 0023, decision 0112: a write never fails in it)."""
    if not scope or latitude is None or longitude is None:
        return ""
    if not (math.isfinite(latitude) and math.isfinite(longitude)):
        return ""
    return " ".join(
        _cell(scope, level, math.floor(latitude / size), math.floor(longitude / size))
        for level, size in enumerate(_CELL_SIZES)
    )


def box_cells(scope: str, south: float, north: float, west: float, east: float) -> list[str]:
    """The cells covering [south, north] x [west, east] at the finest size needing at most
    nine, keyed by `scope`; none (no narrowing) for a box across the antimeridian (west >
    east) or wider than nine cells of the largest size."""
    if not all(map(math.isfinite, (south, north, west, east))) or south > north or west > east:
        return []
    for level, size in enumerate(_CELL_SIZES):
        rows = range(math.floor(south / size), math.floor(north / size) + 1)
        columns = range(math.floor(west / size), math.floor(east / size) + 1)
        if len(rows) * len(columns) <= _MOST_CELLS:
            return [_cell(scope, level, row, column) for row in rows for column in columns]
    return []


def distinct_words(texts: Iterable[str | None]) -> set[str]:
    """Every folded word of `texts` (None skipped)."""
    found: set[str] = set()
    for text in texts:
        if text:
            found.update(words(text))
    return found


def typos_allowed(word: str) -> int:
    """Meilisearch's published rule: no typo under 5 characters, one from 5, two from 9."""
    if len(word) >= 9:
        return 2
    return 1 if len(word) >= 5 else 0
