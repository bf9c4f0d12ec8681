"""Reading an `Accept` header (RFC 9110 §12.5.1): which media types the client names, with
their weights."""

from __future__ import annotations

import math


def accept_weights(header: str) -> dict[str, float]:
    """Each media range the header names (lower-cased, parameters other than q dropped) → its
    weight `q`, 1 when not given, 0 when malformed. A range named twice keeps its highest."""
    weights: dict[str, float] = {}
    for item in header.split(","):
        media_range, *parameters = item.split(";")
        media_range = media_range.strip().lower()
        if not media_range:
            continue
        weight = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                weight = _weight(value.strip())
        weights[media_range] = max(weight, weights.get(media_range, 0.0))
    return weights


def _weight(value: str) -> float:
    try:
        weight = float(value)
    except ValueError:
        return 0.0
    return weight if math.isfinite(weight) and 0.0 <= weight <= 1.0 else 0.0
