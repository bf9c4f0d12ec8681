"""Structured (JSON, one object per line) logging. Never pass secrets or tokens to it."""

from __future__ import annotations

import logging
import sys
import time
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

import orjson

_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {
    "message",
    "asctime",
    "color_message",
}


REQUEST_ID: ContextVar[str | None] = ContextVar("travel_request_id", default=None)
"""The id of the request being served (set by the HTTP edge; tasks it starts inherit it)."""


class RequestIdFilter(logging.Filter):
    """Stamps every record logged while a request is served with its id (unless the call gave
    one): database, Redis and OIDC warnings can then be followed back to their request."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            request_id = REQUEST_ID.get()
            if request_id is not None:
                record.request_id = request_id
        return True


_MILLIS = tuple(f".{ms:03d}+00:00" for ms in range(1000))  # a timestamp's end, by millisecond


class JsonFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__()
        self._second = -1
        self._prefix = ""

    def timestamp(self, created: float) -> str:
        """`created` as ISO 8601 in UTC to the millisecond (what `isoformat(timespec=
        "milliseconds")` gives), the date and time of day formatted once per second."""
        second = int(created)
        micro = round((created - second) * 1_000_000)
        if micro >= 1_000_000:
            second, micro = second + 1, micro - 1_000_000
        if second != self._second:
            self._second = second
            self._prefix = datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S")
        return self._prefix + _MILLIS[micro // 1000]

    def format(self, record: logging.LogRecord) -> str:
        extras = {
            key: value
            for key, value in record.__dict__.items()
            if key not in _STANDARD and not key.startswith("_")
        }
        if record.exc_info:
            extras["exc"] = self.formatException(record.exc_info)
        return self.line(record.created, record.levelname, record.name, record.getMessage(), extras)

    def line(
        self, created: float, level: str, logger: str, msg: str, extras: dict[str, Any]
    ) -> str:
        """One JSON line: when, how grave, whose, what, then the extras in their order."""
        return self.line_bytes(created, level, logger, msg, extras).decode()

    def line_bytes(
        self,
        created: float,
        level: str,
        logger: str,
        msg: str,
        extras: dict[str, Any],
        option: int = 0,
    ) -> bytes:
        """`line` as UTF-8 (orjson's `option`s: a newline after it)."""
        entry = {
            "ts": self.timestamp(created),
            "level": level,
            "logger": logger,
            "msg": msg,
            **extras,
        }
        return orjson.dumps(entry, default=str, option=option)


class JsonLines(logging.StreamHandler):  # type: ignore[type-arg]
    """The handler `configure` installs: JSON lines on a stream, and `write_line` for lines
    logged without a LogRecord (`info_line`)."""

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self.json = JsonFormatter()
        self.setFormatter(self.json)
        self.addFilter(RequestIdFilter())

    def write_line(self, logger: str, msg: str, fields: dict[str, Any]) -> bool:
        """What `emit` writes for an INFO record of `logger` with `fields` as its extras (the
        formatter's keys, in its order; the request id as the filter stamps it). False if the
        stream refused it (closed, a broken pipe): then the record goes through `logging`,
        whose handler reports the failure its own way (`Handler.handleError`)."""
        if "request_id" not in fields:  # as RequestIdFilter stamps a record
            request_id = REQUEST_ID.get()
            if request_id is not None:
                fields = {**fields, "request_id": request_id}
        try:
            # Under the handler's lock, as `emit` formats: the formatter's per-second prefix
            # is shared with every other thread's lines.
            with self.lock:  # type: ignore[union-attr]
                stream = self.stream
                binary = getattr(stream, "buffer", None)
                if binary is not None and self.terminator == "\n":
                    # A text stream with nothing pending (every line here and in `emit` is
                    # flushed): its bytes go straight to the buffer under it, not encoded
                    # again from a decoded string.
                    option = orjson.OPT_APPEND_NEWLINE
                    binary.write(
                        self.json.line_bytes(time.time(), "INFO", logger, msg, fields, option)
                    )
                    binary.flush()
                else:
                    line = self.json.line(time.time(), "INFO", logger, msg, fields)
                    stream.write(line + self.terminator)
                    stream.flush()
        except (OSError, ValueError):
            return False
        return True


_installed: JsonLines | None = None


def info_line(logger: logging.Logger, msg: str, fields: dict[str, Any]) -> None:
    """`logger.info(msg, extra=fields)`, for the line logged on every request: when nothing
    but `configure`'s handler would see the record (no handler, filter or stop on the way to
    it), the same JSON line is written without making a LogRecord and passing it through the
    logging machinery: about 12 µs less CPU a request (docs/performance.md). Anything
    else (pytest's capture, a handler added later) gets the record as usual."""
    handler = _installed
    if handler is not None and logger.isEnabledFor(logging.INFO):
        reached: list[logging.Handler] = []
        node: logging.Logger | None = logger
        while node is not None and not (node.filters or node.disabled):
            reached += node.handlers
            node = node.parent if node.propagate else None
        # Its own RequestIdFilter only, and nothing it would not let through.
        alone = node is None and reached == [handler] and len(handler.filters) == 1
        if alone and handler.level <= logging.INFO and handler.write_line(logger.name, msg, fields):
            return
    logger.info(msg, extra=fields)


def configure(level: str = "INFO") -> None:
    """Send every log line to stderr as JSON."""
    # No line says where in the code it was logged from, or in which thread or process: skip
    # finding out (the logging module's documented switches; a stack walk per request line).
    logging._srcfile = None
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False
    global _installed
    handler = _installed = JsonLines(sys.stderr)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for noisy in ("uvicorn.access",):
        logging.getLogger(noisy).disabled = True
    # httpx logs every request URL at INFO; webhook URLs may carry partners' secrets.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("httpcore").setLevel(logging.WARNING)
    for name in ("uvicorn", "uvicorn.error"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
