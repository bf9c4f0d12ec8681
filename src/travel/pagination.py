"""`TravelPaginationInput { skip: Int = 0, take: Int = 20 }`: validated, never clamped."""

from __future__ import annotations

from dataclasses import dataclass

from travel.errors import ValidationError

MAX_TAKE = 100
DEFAULT_TAKE = 20

TYPE_DEFS = '''
"""A page of a list: `skip` items are passed over, then up to `take` (0..100) are returned."""
input TravelPaginationInput {
  "Items to pass over, 0 or more (a negative skip is VALIDATION_ERROR)."
  skip: Int = 0
  "Items to return, 0 to 100 (anything else is VALIDATION_ERROR, never clamped)."
  take: Int = 20
}
'''


@dataclass(frozen=True, slots=True)
class Page:
    skip: int = 0
    take: int = DEFAULT_TAKE


@dataclass(frozen=True, slots=True)
class PageInput:
    """A `TravelPaginationInput` as sent (an explicit null is None)."""

    skip: int | None = 0
    take: int | None = DEFAULT_TAKE


def page_from(raw: PageInput | None) -> Page:
    """The page a `pagination` argument asks for, or VALIDATION_ERROR."""
    if raw is None:
        return Page()
    skip = 0 if raw.skip is None else raw.skip
    take = DEFAULT_TAKE if raw.take is None else raw.take
    if skip < 0:
        raise ValidationError("pagination.skip must be 0 or more", field="pagination.skip")
    if not 0 <= take <= MAX_TAKE:
        raise ValidationError(
            f"pagination.take must be between 0 and {MAX_TAKE}", field="pagination.take"
        )
    return Page(skip=skip, take=take)
