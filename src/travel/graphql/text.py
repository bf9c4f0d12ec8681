"""Text a caller may send: no control characters but tab, line feed and carriage return.

PostgreSQL cannot store U+0000 at all (the write would fail as an internal error), and the other
C0 controls only ever arrive by mistake or as probes. They are refused where input enters —
in the document's string literals (a validation rule) and in the variables (the endpoint) —
with VALIDATION_ERROR, so that no domain code has to think about them.
"""

from __future__ import annotations

import re
from typing import Any

from graphql import GraphQLError, StringValueNode, ValidationRule

from travel.errors import ValidationError

_FORBIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
MESSAGE = "must not contain control characters (other than tab, line feed, carriage return)"


def has_control_characters(text: str) -> bool:
    return _FORBIDDEN.search(text) is not None


class NoControlCharacters(ValidationRule):
    """String literals of a document must be clean text."""

    def enter_string_value(self, node: StringValueNode, *_: Any) -> None:
        if has_control_characters(node.value):
            self.report_error(GraphQLError(f"String values {MESSAGE}", node))


def check_variables(value: Any, path: str = "variables") -> None:
    """Raise VALIDATION_ERROR naming the first variable (or key) with a control character."""
    if isinstance(value, str):
        if has_control_characters(value):
            raise ValidationError(f"{path} {MESSAGE}", field=path)
    elif isinstance(value, dict):
        for key, item in value.items():
            if has_control_characters(key):
                raise ValidationError(f"{path} has a key that {MESSAGE}", field=path)
            check_variables(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_variables(item, f"{path}.{index}")
