"""An operation's variables coerced without graphql-core's general walk, when that is plainly
the same thing.

graphql-core's `get_variable_values` works every variable's type out of the document again on
each request (`type_from_ast`), checks the value's nesting depth and walks it generically; for
the common `query($id: ID!)` that is more code than the rest of the request's GraphQL steps
(docs/performance.md). Here the signatures are worked out once per operation. A request then
takes this path only when every variable's type is a scalar or an enum (nullable or not) with
no default, and every value sent is a plain JSON scalar that the type accepts; for anything
else — a missing non-null value, a null for a non-null type, a list or object, a value the
type refuses, an input object, a default — it answers None and graphql-core does the whole
coercion, errors included. What it returns is what graphql-core returns for the same input
(tests/graphql/test_fastpath_variables.py compares the two).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from graphql import (
    GraphQLError,
    GraphQLLeafType,
    GraphQLSchema,
    VariableDefinitionNode,
    is_leaf_type,
    is_non_null_type,
)
from graphql.execution.get_variable_signature import (
    GraphQLVariableSignature,
    get_variable_signature,
)
from graphql.execution.values import VariableValues, VariableValueSource
from graphql.pyutils import Undefined

_PLAIN = frozenset({str, int, float, bool})

Entry = tuple[str, GraphQLVariableSignature, GraphQLLeafType, bool]  # name, signature, type, !


class LeafVariables:
    """The coercion of one operation's variables, all of leaf types without defaults."""

    __slots__ = ("entries",)

    def __init__(self, entries: tuple[Entry, ...]) -> None:
        self.entries = entries

    @classmethod
    def of(
        cls, schema: GraphQLSchema, definitions: Collection[VariableDefinitionNode]
    ) -> LeafVariables | None:
        """The operation's coercion, or None when a variable is not of that simple kind."""
        entries = []
        for node in definitions:
            signature = get_variable_signature(schema, node)
            if isinstance(signature, GraphQLError) or node.default_value is not None:
                return None
            required = is_non_null_type(signature.type)
            leaf = signature.type.of_type if required else signature.type  # type: ignore[union-attr]
            if not is_leaf_type(leaf):
                return None
            entries.append((signature.name, signature, leaf, required))
        return cls(tuple(entries))

    def coerce(self, inputs: dict[str, Any]) -> VariableValues | None:
        """graphql-core's answer for `inputs` when it is a success, or None: graphql-core
        must answer (with the errors, or for a value this path does not take)."""
        sources: dict[str, VariableValueSource] = {}
        coerced: dict[str, Any] = {}
        for name, signature, leaf, required in self.entries:
            value = inputs.get(name, Undefined)
            if value is Undefined or value is None:
                if required:
                    return None
                if value is None:
                    sources[name] = VariableValueSource(signature, None)
                    coerced[name] = None
                else:  # a nullable variable not sent is left out
                    sources[name] = VariableValueSource(signature)
                continue
            if type(value) not in _PLAIN:
                return None
            try:
                parsed = leaf.coerce_input_value(value)
            except Exception:  # graphql-core reports it
                return None
            if parsed is Undefined:
                return None
            sources[name] = VariableValueSource(signature, value)
            coerced[name] = parsed
        return VariableValues(sources, coerced)
