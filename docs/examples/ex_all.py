"""All examples, in the order they must run (later ones use ids earlier ones saved)."""

from ex_bookings import ACCOUNT, ANALYTICS, BOOKINGS, GETTING_STARTED
from ex_catalog import CATALOG, HOSTING
from ex_changes import CHANGES
from ex_errors import ERRORS
from example import Example

EXAMPLES: list[Example] = [
    *HOSTING,
    *GETTING_STARTED,
    *CATALOG,
    *BOOKINGS,
    *ACCOUNT,
    *ANALYTICS,
    *ERRORS,
    *CHANGES,  # last: they change listings the examples above read
]
BY_NAME = {example.name: example for example in EXAMPLES}
assert len(BY_NAME) == len(EXAMPLES), "example names must be unique"
