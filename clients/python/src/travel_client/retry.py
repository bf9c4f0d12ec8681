"""When the SDK sends a request again, and how long it waits first (docs/decisions/0061)."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from functools import lru_cache

from travel_client.errors import RateLimitedError, TransportError, TravelAPIError

GATEWAY_STATUSES = frozenset({502, 503, 504})
# The first request holding the Idempotency-Key is still running: ask again shortly.
KEY_IN_USE = "IDEMPOTENCY_KEY_IN_USE"


@dataclass(frozen=True)
class RetryPolicy:
    """`max_retries` further attempts; a Retry-After longer than `max_wait` is not waited for."""

    max_retries: int = 3
    max_wait: float = 60.0
    base_delay: float = 0.5
    max_delay: float = 8.0

    def delay(self, error: Exception, attempt: int, safe: bool) -> float | None:
        """Seconds to wait before attempt `attempt + 1` after `error`, or None to give up.

        429 is always retried after its Retry-After: the service ran nothing. Network failures,
        502/503/504 and IDEMPOTENCY_KEY_IN_USE only when a repeat cannot double an effect
        (`safe`: a query, or a mutation carrying an Idempotency-Key).
        """
        if attempt >= self.max_retries:
            return None
        if isinstance(error, RateLimitedError):
            return error.retry_after if error.retry_after <= self.max_wait else None
        if not safe or not _transient(error):
            return None
        backoff = min(self.max_delay, self.base_delay * 2.0**attempt)
        return backoff * random.uniform(0.8, 1.2)  # spread out clients failing together


def _transient(error: Exception) -> bool:
    if isinstance(error, TransportError):
        return error.status is None or error.status in GATEWAY_STATUSES
    if isinstance(error, TravelAPIError):
        return error.status in GATEWAY_STATUSES or error.code == KEY_IN_USE
    return False


def retry_after(headers: Mapping[str, str], default: float = 1.0) -> float:
    """Retry-After in seconds: delta-seconds or an HTTP date (RFC 9110); `default` if absent."""
    raw = headers.get("retry-after", "").strip()
    if not raw:
        return default
    try:
        return max(0.0, float(raw))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(raw).timestamp() - time.time())
    except (TypeError, ValueError):
        return default


# The tokens of a GraphQL document that matter to tell its operations apart: block strings,
# strings and comments (skipped whole, so `# mutation` or "mutation" cannot mislead), brackets,
# names, and any other single character.
_TOKEN = re.compile(r'"""(?:\\"""|[^"]|"(?!""))*"""|"(?:\\.|[^"\\\n])*"|#[^\n]*|[_A-Za-z]\w*|\S')
_KINDS = frozenset({"query", "mutation", "subscription"})


@lru_cache(maxsize=256)
def is_mutation(document: str, operation_name: str | None = None) -> bool:
    """Whether the operation that would run is not a plain query. A document this cannot read
    counts as one: it is then never repeated after a failure that may have had effects."""
    operations = _operations(document)
    if operations is None:
        return True
    if operation_name is not None:
        operations = [(kind, name) for kind, name in operations if name == operation_name]
    if len(operations) != 1:
        return any(kind != "query" for kind, _ in operations) or not operations
    return operations[0][0] != "query"


def _operations(document: str) -> list[tuple[str, str | None]] | None:
    """The (kind, name) of each operation of `document`, `{ … }` being an anonymous query, from
    a scan of its top level (the SDK needs no GraphQL parser for this); None when the document
    is not made of operations and fragments."""
    found: list[tuple[str, str | None]] = []
    depth = 0
    header = False  # after `query`/`mutation`/`fragment`, before its selection set
    name_next = False
    for match in _TOKEN.finditer(document):
        token = match.group()
        if token[0] in '#"':
            continue
        if token in "{(":
            if depth == 0 and token == "{":
                if not header:
                    found.append(("query", None))
                header = False
            depth += 1
        elif token in "})":
            depth -= 1
            if depth < 0:
                return None
        elif depth > 0:
            pass
        elif name_next and (token[0].isalpha() or token[0] == "_"):
            found[-1] = (found[-1][0], token)
        elif header:
            pass  # variables' types, `on Type`, directives
        elif token in _KINDS:
            found.append((token, None))
            header = True
            name_next = True
            continue
        elif token == "fragment":
            header = True
        else:
            return None
        name_next = False
    return found if depth == 0 and not header else None
