"""Compile a validated query into nested closures that build the response directly.

graphql-core spends most of a list's time in per-field machinery (ResolveInfo, Path,
complete_value dispatch, awaitable checks). Here that work is done once per document: each
selection becomes a `FieldPlan` whose completer is specialised to its type, plain attribute
fields are read with `getattr` and serialised in place, and only fields with a resolver pay for
a call. The semantics follow graphql-core's executor — aliases, fragments, `__typename`,
abstract types, null propagation and located errors with paths — and a differential test
compares the two on generated documents.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from graphql import (
    FieldNode,
    GraphQLAbstractType,
    GraphQLError,
    GraphQLField,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLSchema,
    GraphQLString,
    ListValueNode,
    ObjectValueNode,
    SelectionSetNode,
    ValueNode,
    VariableNode,
    is_abstract_type,
    is_leaf_type,
    located_error,
)
from graphql.pyutils import Undefined, inspect, is_iterable

from travel.graphql.fastpath.collect import Collector

# complete(value, state, path, plan, anchor) -> the response value. `anchor` is the nearest
# position at or above this one that may be null: (container, key, path). A failure that
# surfaces later, when a deferred value resolves, nulls it (see runtime.drain).
Completer = Callable[[Any, Any, Any, "FieldPlan", Any], Any]


class Unsupported(Exception):
    """The document needs something only graphql-core's executor does."""


@dataclass(eq=False)
class FieldPlan:
    key: str
    name: str
    nodes: list[FieldNode]
    parent_type: GraphQLObjectType
    field_def: GraphQLField
    return_type: GraphQLOutputType
    resolver: Callable[..., Any] | None
    attribute: str
    non_null: bool
    complete: Completer = field(repr=False, default=None)  # type: ignore[assignment]
    leaf: Callable[[Any], Any] | None = None  # set for plain attribute leaves: the fast lane
    is_typename: bool = False
    has_args: bool = False
    # Arguments written as literals only (no variable): coerced once, then shared by every
    # request of this plan (resolvers never change their arguments).
    literal_args: bool = False
    args_cache: dict[str, Any] | None = None


@dataclass(eq=False)
class ObjectPlan:
    type_name: str
    fields: list[FieldPlan]
    # The plan as one function (travel.graphql.fastpath.generate), made on first use.
    build: Callable[[Any, Any, Any, Any], dict[str, Any]] | None = field(default=None, repr=False)
    # A mutation's root fields as plans of one field each (they run one after the other).
    parts: list[ObjectPlan] | None = field(default=None, repr=False)


def path_list(path: Any) -> list[str | int]:
    """`(parent, key)` chains → the list form used in errors."""
    keys: list[str | int] = []
    while path is not None:
        path, key = path
        keys.append(key)
    keys.reverse()
    return keys


def field_error(exc: Exception, plan: FieldPlan, path: Any, state: Any, nullable: bool) -> None:
    """Locate the error; record it where null is allowed, else let it bubble to the parent."""
    error = located_error(exc, plan.nodes, path_list(path))
    if not nullable:
        raise error
    state.errors.append(error)
    state.nulled.append(path)  # whatever is still pending below this position is moot


def _leaf(coerce: Callable[[Any], Any], type_: Any) -> Completer:
    def complete(value: Any, state: Any, path: Any, plan: FieldPlan, anchor: Any) -> Any:
        if value is None:
            return None
        coerced = coerce(value)
        if coerced is None or coerced is Undefined:
            raise TypeError(
                f"Expected `{inspect(type_)}.coerce_output_value({inspect(value)})` to return"
                f" non-nullable value, returned: {inspect(coerced)}"
            )
        return coerced

    return complete


def _non_null(inner: Completer) -> Completer:
    def complete(value: Any, state: Any, path: Any, plan: FieldPlan, anchor: Any) -> Any:
        completed = inner(value, state, path, plan, anchor)
        if completed is None:
            raise TypeError(
                f"Cannot return null for non-nullable field {plan.parent_type}.{plan.name}."
            )
        return completed

    return complete


def _list(inner: Completer, item_nullable: bool) -> Completer:
    def complete(value: Any, state: Any, path: Any, plan: FieldPlan, anchor: Any) -> Any:
        if value is None:
            return None
        if not is_iterable(value):
            raise GraphQLError(
                "Expected Iterable, but did not find one for field"
                f" '{plan.parent_type}.{plan.name}'."
            )
        out: list[Any] = []
        for i, item in enumerate(value):
            item_path = (path, i)
            # Where a failure below this item stops: the item itself if it may be null.
            item_anchor = (out, i, item_path) if item_nullable else anchor
            out.append(None)
            try:
                out[i] = inner(item, state, item_path, plan, item_anchor)
            except Exception as exc:
                field_error(exc, plan, item_path, state, item_nullable)
        return out

    return complete


def _object(object_plan: ObjectPlan) -> Completer:
    from travel.graphql.fastpath.runtime import execute_fields

    def complete(value: Any, state: Any, path: Any, plan: FieldPlan, anchor: Any) -> Any:
        if value is None:
            return None
        return execute_fields(object_plan, value, state, path, anchor)

    return complete


# The shapes most lists and relations have, each one closure instead of two or three nested
# ones: `_non_null(_object(plan))`, `_list(_non_null(_object(plan)))` and a list of strings.


def _non_null_object(object_plan: ObjectPlan) -> Completer:
    from travel.graphql.fastpath.runtime import execute_fields

    def complete(value: Any, state: Any, path: Any, plan: FieldPlan, anchor: Any) -> Any:
        if value is None:
            raise TypeError(
                f"Cannot return null for non-nullable field {plan.parent_type}.{plan.name}."
            )
        return execute_fields(object_plan, value, state, path, anchor)

    return complete


def _list_of_objects(object_plan: ObjectPlan) -> Completer:
    """`[Object!]`: a failure of one item nulls the whole list (its items may not be null)."""
    from travel.graphql.fastpath.runtime import execute_fields

    def complete(value: Any, state: Any, path: Any, plan: FieldPlan, anchor: Any) -> Any:
        if value is None:
            return None
        if type(value) is not list and not is_iterable(value):
            raise GraphQLError(
                "Expected Iterable, but did not find one for field"
                f" '{plan.parent_type}.{plan.name}'."
            )
        out: list[Any] = []
        for i, item in enumerate(value):
            item_path = (path, i)
            try:
                if item is None:
                    raise TypeError(
                        f"Cannot return null for non-nullable field {plan.parent_type}.{plan.name}."
                    )
                out.append(execute_fields(object_plan, item, state, item_path, anchor))
            except Exception as exc:
                field_error(exc, plan, item_path, state, False)
        return out

    return complete


def _list_of_strings(general: Completer) -> Completer:
    """`[String!]`: a list of `str` is its own answer; anything else goes the general way."""

    def complete(value: Any, state: Any, path: Any, plan: FieldPlan, anchor: Any) -> Any:
        if type(value) is list and all(type(item) is str for item in value):
            return value[:]
        return general(value, state, path, plan, anchor)

    return complete


class Compiler:
    """Builds the plan of one operation for one set of @skip/@include outcomes."""

    def __init__(self, schema: GraphQLSchema, collector: Collector) -> None:
        self.schema = schema
        self.collector = collector

    def object_plan(
        self, type_: GraphQLObjectType, selection_sets: list[SelectionSetNode]
    ) -> ObjectPlan:
        if type_.is_type_of is not None:
            raise Unsupported("is_type_of")
        grouped = self.collector.collect(type_, selection_sets)
        return ObjectPlan(type_.name, [self.field_plan(type_, k, n) for k, n in grouped.items()])

    def field_plan(self, parent: GraphQLObjectType, key: str, nodes: list[FieldNode]) -> FieldPlan:
        name = nodes[0].name.value
        if name == "__typename":
            return FieldPlan(key, name, nodes, parent, None, None, None, "", True, is_typename=True)  # type: ignore[arg-type]
        if name.startswith("__"):
            raise Unsupported("introspection")
        field_def = parent.fields[name]
        resolver = field_def.resolve
        attribute = getattr(resolver, "reads_attribute", None) or name
        if attribute != name or resolver is None:
            resolver = None  # a plain attribute read: inlined
        plan = FieldPlan(
            key,
            name,
            nodes,
            parent,
            field_def,
            field_def.type,
            resolver,
            attribute,
            isinstance(field_def.type, GraphQLNonNull),
            has_args=bool(field_def.args),
            literal_args=not any(_has_variable(a.value) for a in nodes[0].arguments or ()),
        )
        sub_sets = [n.selection_set for n in nodes if n.selection_set is not None]
        plan.complete = self.completer(field_def.type, sub_sets)
        leaf_type = field_def.type.of_type if plan.non_null else field_def.type
        if resolver is None and not plan.has_args and is_leaf_type(leaf_type):
            plan.leaf = leaf_type.coerce_output_value
        return plan

    def completer(self, type_: GraphQLOutputType, sub_sets: list[SelectionSetNode]) -> Completer:
        if isinstance(type_, GraphQLNonNull):
            if isinstance(type_.of_type, GraphQLObjectType):
                return _non_null_object(self.object_plan(type_.of_type, sub_sets))
            return _non_null(self.completer(type_.of_type, sub_sets))
        if isinstance(type_, GraphQLList):
            item = type_.of_type
            if isinstance(item, GraphQLNonNull) and isinstance(item.of_type, GraphQLObjectType):
                return _list_of_objects(self.object_plan(item.of_type, sub_sets))
            general = _list(self.completer(item, sub_sets), not isinstance(item, GraphQLNonNull))
            if isinstance(item, GraphQLNonNull) and item.of_type is GraphQLString:
                return _list_of_strings(general)
            return general
        if is_leaf_type(type_):
            return _leaf(type_.coerce_output_value, type_)
        if isinstance(type_, GraphQLObjectType):
            return _object(self.object_plan(type_, sub_sets))
        if is_abstract_type(type_):
            return self._abstract(type_, sub_sets)
        raise Unsupported(str(type_))

    def _abstract(self, type_: GraphQLAbstractType, sub_sets: list[SelectionSetNode]) -> Completer:
        from travel.graphql.fastpath.runtime import execute_fields, resolve_runtime_type

        if type_.resolve_type is None:
            raise Unsupported("abstract type without resolve_type")
        plans = {
            t.name: self.object_plan(t, sub_sets) for t in self.schema.get_possible_types(type_)
        }

        def complete(value: Any, state: Any, path: Any, plan: FieldPlan, anchor: Any) -> Any:
            if value is None:
                return None
            runtime = resolve_runtime_type(type_, value, state, plan)
            return execute_fields(plans[runtime], value, state, path, anchor)

        return complete


def _has_variable(value: ValueNode) -> bool:
    if isinstance(value, VariableNode):
        return True
    if isinstance(value, ListValueNode):
        return any(_has_variable(v) for v in value.values)
    if isinstance(value, ObjectValueNode):
        return any(_has_variable(f.value) for f in value.fields)
    return False
