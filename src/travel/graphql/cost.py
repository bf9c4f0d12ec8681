"""The cost of one operation with its variables: an upper bound on the size of its response
(docs/decisions/0042-query-limits.md).

One cost unit stands for at most `UNIT_BYTES` of response. A scalar field costs the units its
name and largest possible value take (one, but for a description); an object field one unit
plus its selection, counted as many times as the list may hold items: `take` for a page, the
days asked for by `availability`, a fixed bound for the other lists (every list field of the
schema must have one: `ListBounds` refuses to build otherwise). Fields left out by `@skip` or
`@include` cost nothing; fragments on several concrete types all count (an upper bound).

The estimate depends on the variables, so it is made per request, from a small cache on the
prepared document keyed by what the estimate reads of each variable (a page's `take` clamped to
0..100, a date, a boolean), never by raw values; only estimates within the limit are kept.
Each fragment is walked once per estimate however often it is spread (a document of fragments
that spread the previous one twice would otherwise double the work with every fragment:
docs/decisions/0086-resource-bounds.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from graphql import (
    BooleanValueNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLField,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    ListValueNode,
    NullValueNode,
    ObjectValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    StringValueNode,
    ValueNode,
    VariableNode,
    get_named_type,
    is_leaf_type,
    is_list_type,
    is_non_null_type,
)

from travel.catalog.availability import MAX_RANGE_DAYS
from travel.errors import ValidationError
from travel.graphql.documents import PreparedDocument
from travel.pagination import DEFAULT_TAKE, MAX_TAKE

UNIT_BYTES = 2048
# The longest value of a scalar field, in bytes of JSON (4 bytes per character at most).
DEFAULT_VALUE_BYTES = 1024  # ids, numbers, dates, names and places (at most 255 characters)
VALUE_BYTES: Mapping[str, int] = {"description": 4 * 5_000 + 2, "amenities": 4 * 100 + 3}
_CACHE_PER_DOCUMENT = 64
_EXTRA = "cost.estimates"
_VARIABLES = "cost.variables"


@dataclass(frozen=True)
class ListBounds:
    """How many items each list field of the schema may return, besides paginated lists and
    `availability` (whose sizes come from their arguments)."""

    fixed: Mapping[tuple[str, str], int]

    def check(self, schema: GraphQLSchema) -> None:
        """Refuse a schema with a list field whose size nothing bounds."""
        unbounded = [
            f"{type_name}.{field_name}"
            for type_name, type_ in schema.type_map.items()
            if isinstance(type_, GraphQLObjectType) and not type_name.startswith("__")
            for field_name, field in type_.fields.items()
            if _is_list(field)
            and not _paginated(field)
            and field_name != "availability"
            and (type_name, field_name) not in self.fixed
        ]
        if unbounded:
            raise LookupError(f"list fields without a size bound: {', '.join(unbounded)}")


class CostEstimator:
    """Estimates operations of prepared documents and refuses those over `max_cost`."""

    def __init__(self, schema: GraphQLSchema, bounds: ListBounds, max_cost: int) -> None:
        bounds.check(schema)
        self.schema = schema
        self.bounds = bounds
        self.max_cost = max_cost

    def check(
        self,
        prepared: PreparedDocument,
        operation: OperationDefinitionNode,
        variables: Mapping[str, Any] | None,
    ) -> int:
        """The operation's cost, or VALIDATION_ERROR when it is over the limit."""
        cost = self.estimate(prepared, operation, variables or {})
        if cost > self.max_cost:
            # Not a number in full: a fragment bomb's estimate may have thousands of digits.
            shown = f"{cost}" if cost < 10**15 else f"over 10^{len(str(cost)) - 1}"
            raise ValidationError(
                f"Query cost estimate {shown} is over the maximum cost of {self.max_cost} "
                f"(one unit per {UNIT_BYTES // 1024} KiB of response: each field 1, a list "
                "times the items it may return — `take`, or the days of `availability`)"
            )
        return cost

    def estimate(
        self,
        prepared: PreparedDocument,
        operation: OperationDefinitionNode,
        variables: Mapping[str, Any],
    ) -> int:
        read: tuple[str, ...] | None = prepared.extras.get(_VARIABLES)
        if read is None:  # in a fixed order: the cache's keys list their values in it
            read = prepared.extras[_VARIABLES] = tuple(sorted(set(_variables_read(prepared))))
        name = operation.name.value if operation.name else None
        # Whether a variable was sent at all: left out, it takes its declared default.
        key = (name, tuple((v in variables, _read_of(variables.get(v))) for v in read))
        cache: dict[Any, int] = prepared.extras.setdefault(_EXTRA, {})
        known = cache.get(key)
        if known is not None:
            return known
        walk = _Walk(self, prepared.fragments, variables, operation)
        root = self.schema.get_root_type(operation.operation)
        cost = walk.selections(operation.selection_set, root)
        if cost <= self.max_cost and len(cache) < _CACHE_PER_DOCUMENT:
            cache[key] = cost  # a refused estimate is not kept: refusals never fill caches
        return cost


class _Walk:
    def __init__(
        self,
        estimator: CostEstimator,
        fragments: Mapping[str, FragmentDefinitionNode],
        variables: Mapping[str, Any],
        operation: OperationDefinitionNode,
    ) -> None:
        self.schema = estimator.schema
        self.fixed = estimator.bounds.fixed
        self.fragments = fragments
        self.variables = dict(variables)
        # Variables the request left out take their declared defaults.
        for definition in operation.variable_definitions or ():
            name = definition.variable.name.value
            if name not in self.variables and definition.default_value is not None:
                self.variables[name] = _literal(definition.default_value, {})
        self.spreading: set[str] = set()
        # Each fragment's cost, walked once: a fragment's selection costs the same wherever it
        # is spread (its type condition, not the place, decides its fields).
        self.spread_costs: dict[str, int] = {}

    def selections(self, selection_set: SelectionSetNode, parent: GraphQLNamedType | None) -> int:
        total = 0
        for selection in selection_set.selections:
            if not self._included(selection):
                continue
            if isinstance(selection, FieldNode):
                total += self.field(selection, parent)
            elif isinstance(selection, InlineFragmentNode):
                condition = selection.type_condition
                type_ = self.schema.get_type(condition.name.value) if condition else parent
                total += self.selections(selection.selection_set, type_)
            elif isinstance(selection, FragmentSpreadNode):
                total += self.spread(selection.name.value)
        return total

    def spread(self, name: str) -> int:
        known = self.spread_costs.get(name)
        if known is not None:
            return known
        fragment = self.fragments.get(name)
        if fragment is None or name in self.spreading:
            return 0  # unknown or cyclic: validation refused the document already
        self.spreading.add(name)
        try:
            type_ = self.schema.get_type(fragment.type_condition.name.value)
            cost = self.spread_costs[name] = self.selections(fragment.selection_set, type_)
            return cost
        finally:
            self.spreading.discard(name)

    def field(self, node: FieldNode, parent: GraphQLNamedType | None) -> int:
        name = node.name.value
        key = (node.alias or node.name).value
        definition = (
            self.schema.get_field(parent, name)  # type: ignore[arg-type]
            if parent is not None
            else None
        )
        if definition is None:
            return _units(len(key) + DEFAULT_VALUE_BYTES)  # __typename
        named = get_named_type(definition.type)
        items = self._items(parent, definition, node) if _is_list(definition) else 1
        if is_leaf_type(named):
            return _units(len(key) + 8 + items * VALUE_BYTES.get(name, DEFAULT_VALUE_BYTES))
        assert node.selection_set is not None
        child = self.selections(node.selection_set, named)
        return _units(len(key) + 8) + items * child

    def _items(
        self, parent: GraphQLNamedType | None, definition: GraphQLField, node: FieldNode
    ) -> int:
        """How many items a list field may return."""
        assert parent is not None
        if parent.name.startswith("__"):
            return 1  # introspection: bounded by the schema, answered from memory
        fixed = self.fixed.get((parent.name, node.name.value))
        if fixed is not None:
            return fixed
        arguments = {a.name.value: a.value for a in node.arguments or ()}
        if node.name.value == "availability":
            return self._days(arguments.get("from"), arguments.get("to"))
        pagination = _paginated(definition)
        if pagination == "take":
            return _take(self._value(arguments.get("take")))
        page = self._value(arguments.get("pagination"))
        return _take(page.get("take") if isinstance(page, dict) else None)

    def _days(self, first: ValueNode | None, last: ValueNode | None) -> int:
        start_text, end_text = self._value(first), self._value(last)
        try:
            if not isinstance(start_text, str) or not isinstance(end_text, str):
                raise ValueError("not a date")
            start = date.fromisoformat(start_text)
            end = date.fromisoformat(end_text)
        except ValueError:
            return MAX_RANGE_DAYS  # refused when the field runs; count the most it could be
        return min(max((end - start).days + 1, 0), MAX_RANGE_DAYS)

    def _value(self, node: ValueNode | None) -> Any:
        return None if node is None else _literal(node, self.variables)

    def _included(self, selection: Any) -> bool:
        for directive in selection.directives or ():
            name = directive.name.value
            if name not in ("skip", "include"):
                continue
            argument = next((a for a in directive.arguments if a.name.value == "if"), None)
            value = self._value(argument.value) if argument else None
            if not isinstance(value, bool):
                continue  # refused when variables are coerced; count the field
            if (name == "skip") == value:
                return False
        return True


def _units(size: int) -> int:
    return max(1, math.ceil(size / UNIT_BYTES))


def _take(value: Any) -> int:
    if value is None:
        return DEFAULT_TAKE
    if isinstance(value, bool) or not isinstance(value, int):
        return MAX_TAKE  # refused when the field runs; count the most it could be
    return min(max(value, 0), MAX_TAKE)


def _is_list(field: GraphQLField) -> bool:
    type_ = field.type.of_type if is_non_null_type(field.type) else field.type
    return is_list_type(type_)


def _paginated(field: GraphQLField) -> str | None:
    """The argument carrying `take`: "take" itself, or the name of a pagination input."""
    for arg_name, arg in field.args.items():
        named: Any = get_named_type(arg.type)
        if arg_name == "take":
            return "take"
        if hasattr(named, "fields") and "take" in named.fields:
            return arg_name
    return None


def _literal(node: ValueNode, variables: Mapping[str, Any]) -> Any:
    """The raw value of an argument as sent: a literal, or the variable's JSON value."""
    if isinstance(node, VariableNode):
        return variables.get(node.name.value)
    if isinstance(node, IntValueNode):
        return int(node.value)
    if isinstance(node, BooleanValueNode):
        return node.value
    if isinstance(node, StringValueNode):
        return node.value
    if isinstance(node, NullValueNode):
        return None
    if isinstance(node, ObjectValueNode):
        return {f.name.value: _literal(f.value, variables) for f in node.fields}
    if isinstance(node, ListValueNode):
        return [_literal(v, variables) for v in node.values]
    return getattr(node, "value", None)


# Arguments whose values the estimate reads (a page's size, a calendar's dates, @skip/@include).
_READ_ARGUMENTS = frozenset({"take", "pagination", "from", "to", "if"})


def _variables_read(prepared: PreparedDocument) -> set[str]:
    """The variables the estimate depends on: those inside the arguments it reads."""
    assert prepared.document is not None
    names: set[str] = set()

    def values(node: Any) -> None:
        if isinstance(node, VariableNode):
            names.add(node.name.value)
        elif isinstance(node, ObjectValueNode):
            for field in node.fields:
                values(field.value)
        elif isinstance(node, ListValueNode):
            for value in node.values:
                values(value)

    def selections(selection_set: SelectionSetNode | None) -> None:
        for selection in selection_set.selections if selection_set else ():
            for directive in selection.directives or ():
                for argument in directive.arguments or ():
                    values(argument.value)
            if isinstance(selection, FieldNode):
                for argument in selection.arguments or ():
                    if argument.name.value in _READ_ARGUMENTS:
                        values(argument.value)
            if isinstance(selection, FieldNode | InlineFragmentNode):
                selections(selection.selection_set)

    for definition in prepared.document.definitions:
        if isinstance(definition, OperationDefinitionNode | FragmentDefinitionNode):
            selections(definition.selection_set)
    return names


def _read_of(value: Any) -> Any:
    """What the estimate reads of a variable's value, small whatever was sent: a page's `take`
    clamped as `_take` counts it, a date, a boolean (the value of `if`), or nothing. Raw values
    never become keys: a variable object with a megabyte of junk beside `take` keys like
    `{"take": 1}` (docs/decisions/0086-resource-bounds.md)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return ("take", _take(value))
    if isinstance(value, dict):
        return ("page", _take(value.get("take")))
    if isinstance(value, str) and len(value) <= _DATE_TEXT:
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    return ("other",)  # counted as the most it could be wherever it is read


# The longest text `date.fromisoformat` reads as a date ("2027-03-01" is 10; it accepts no more
# than a few forms of at most this length).
_DATE_TEXT = 10
