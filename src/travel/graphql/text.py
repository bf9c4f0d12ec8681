"""Text a caller may send: no control characters but tab, line feed and carriage return.

PostgreSQL cannot store U+0000 at all (the write would fail as an internal error), and the other
C0 controls only ever arrive by mistake or as probes. They are refused where input enters —
in the document's string literals (a validation rule) and in the variables (the endpoint) —
with VALIDATION_ERROR naming where the text is (`extensions.field`: `input.name`,
`filter.location`, `variables.input.name`; `$input.name` for a variable's default), so that no
domain code has to think about them.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from graphql import (
    ArgumentNode,
    GraphQLError,
    ListValueNode,
    Node,
    ObjectFieldNode,
    StringValueNode,
    ValidationRule,
    VariableDefinitionNode,
)

from travel.errors import ValidationError

_FORBIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
MESSAGE = "must not contain control characters (other than tab, line feed, carriage return)"


def has_control_characters(text: str) -> bool:
    return _FORBIDDEN.search(text) is not None


class NoControlCharacters(ValidationRule):
    """String literals of a document must be clean text."""

    def enter_string_value(
        self, node: StringValueNode, _key: Any, parent: Any, _path: Any, ancestors: list[Any]
    ) -> None:
        if has_control_characters(node.value):
            above = [a for a in [*ancestors, parent] if isinstance(a, Node)]  # lists are tuples
            field = literal_path([*above, node])
            refused = ValidationError(f"{field} {MESSAGE}", field=field)
            self.report_error(GraphQLError(refused.message, node, original_error=refused))


def literal_path(nodes: list[Node]) -> str:
    """Where the last of `nodes` (a value, with the nodes above it) is, as errors name fields:
    the argument, then input fields and list positions (`input.amenities.0`); in a variable's
    default, `$name` first."""
    parts: list[str] = []
    for node, below in pairwise(nodes):
        if isinstance(node, VariableDefinitionNode):
            parts = [f"${node.variable.name.value}"]
        elif isinstance(node, ArgumentNode | ObjectFieldNode):
            parts.append(node.name.value)
        elif isinstance(node, ListValueNode):
            parts.append(str(next(i for i, v in enumerate(node.values) if v is below)))
    return ".".join(parts) or "value"


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
