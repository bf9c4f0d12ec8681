"""Running a compiled plan: the per-request state and the hot loop over an object's fields."""

from __future__ import annotations

import asyncio
from types import GeneratorType
from typing import Any

from graphql import (
    FragmentDefinitionNode,
    GraphQLAbstractType,
    GraphQLError,
    GraphQLResolveInfo,
    GraphQLSchema,
    OperationDefinitionNode,
    is_object_type,
    located_error,
)
from graphql.execution.values import VariableValues, get_argument_values
from graphql.pyutils import Path, Undefined, inspect, is_awaitable

from travel.graphql.fastpath.compiler import FieldPlan, ObjectPlan, field_error, path_list


class Deferred:
    """A field whose resolver returned an awaitable (typically a DataLoader future)."""

    __slots__ = ("anchor", "awaitable", "container", "key", "path", "plan")

    def __init__(
        self,
        container: dict[str, Any],
        key: str,
        awaitable: Any,
        plan: FieldPlan,
        path: Any,
        anchor: Any,
    ) -> None:
        self.container = container
        self.key = key
        self.awaitable = awaitable
        self.plan = plan
        self.path = path
        self.anchor = anchor


class State:
    """One request's execution: context, variables, errors, deferred fields, per-field caches."""

    __slots__ = (
        "_args",
        "_infos",
        "context",
        "errors",
        "fragments",
        "nulled",
        "operation",
        "pending",
        "schema",
        "variables",
    )

    def __init__(
        self,
        schema: GraphQLSchema,
        operation: OperationDefinitionNode,
        fragments: dict[str, FragmentDefinitionNode],
        variables: VariableValues,
        context: Any,
    ) -> None:
        self.schema = schema
        self.operation = operation
        self.fragments = fragments
        self.variables = variables
        self.context = context
        self.errors: list[GraphQLError] = []
        self.pending: list[Deferred] = []
        self.nulled: list[Any] = []  # positions set to null after a failure
        self._infos: dict[int, GraphQLResolveInfo[Any]] = {}
        self._args: dict[int, dict[str, Any]] = {}

    def info(self, plan: FieldPlan) -> GraphQLResolveInfo[Any]:
        """A ResolveInfo per field plan and request (its `path` is the field's first one)."""
        info = self._infos.get(id(plan))
        if info is None:
            info = GraphQLResolveInfo(
                plan.name,
                plan.nodes,
                plan.return_type,
                plan.parent_type,
                Path(None, plan.key, plan.parent_type.name),
                self.schema,
                self.fragments,
                None,
                self.operation,
                self.variables,
                self.context,
                is_awaitable,
                None,
                None,  # type: ignore[arg-type]
            )
            self._infos[id(plan)] = info
        return info

    def args(self, plan: FieldPlan) -> dict[str, Any]:
        """The field's coerced arguments (the same for every item of a list)."""
        if plan.literal_args:
            cached = plan.args_cache
            if cached is None:
                cached = plan.args_cache = get_argument_values(plan.field_def, plan.nodes[0])
            return cached
        args = self._args.get(id(plan))
        if args is None:
            args = get_argument_values(plan.field_def, plan.nodes[0], self.variables)
            self._args[id(plan)] = args
        return args

    def is_moot(self, path: Any) -> bool:
        """Whether `path` lies under a position already set to null."""
        nulled = self.nulled
        if any(position is None for position in nulled):
            return True  # the whole response is null
        while path is not None:
            for position in nulled:
                if position is path:
                    return True
            path = path[0]
        return False


def _null_error(plan: FieldPlan) -> TypeError:
    return TypeError(f"Cannot return null for non-nullable field {plan.parent_type}.{plan.name}.")


def execute_fields(
    object_plan: ObjectPlan, source: Any, state: State, path: Any, anchor: Any
) -> dict[str, Any]:
    """The response object for `source`. Awaitable field values are deferred to `drain`, so a
    list of objects whose fields use a DataLoader costs one batch, not one task per item.

    Runs the plan's generated function (travel.graphql.fastpath.generate), made on first use."""
    build = object_plan.build
    if build is None:
        from travel.graphql.fastpath.generate import object_function

        build = object_plan.build = object_function(object_plan)
    return build(source, state, path, anchor)


def fields_by_loop(
    object_plan: ObjectPlan, source: Any, state: State, path: Any, anchor: Any
) -> dict[str, Any]:
    """`execute_fields` as a loop over the plan's fields (what the generated functions unroll;
    they hand it mappings, which it reads by key)."""
    result: dict[str, Any] = {}
    is_dict = type(source) is dict
    for plan in object_plan.fields:
        key = plan.key
        if plan.leaf is not None:  # a plain attribute, serialised in place
            value = source.get(plan.attribute) if is_dict else getattr(source, plan.attribute, None)
            if value is not None:
                value = leaf_value(plan, value, state, path)
            elif plan.non_null:
                missing_non_null(plan, state, path)
            result[key] = value
        elif plan.is_typename:
            result[key] = object_plan.type_name
        else:
            resolve_field(plan, source, state, path, anchor, result)
    return result


def leaf_value(plan: FieldPlan, value: Any, state: State, path: Any) -> Any:
    """A plain attribute's value (not None) through its scalar's serialiser; a failure is the
    field's error (null in its place, or raised to the parent when the field is non-null)."""
    assert plan.leaf is not None
    try:
        value = plan.leaf(value)
        if value is None or value is Undefined:
            raise TypeError(f"Expected a value of type {plan.return_type}")
    except Exception as exc:
        field_error(exc, plan, (path, plan.key), state, not plan.non_null)
        return None
    return value


def missing_non_null(plan: FieldPlan, state: State, path: Any) -> None:
    """A non-null plain attribute that is None: the error raised to the parent."""
    field_error(_null_error(plan), plan, (path, plan.key), state, False)


def resolve_field(
    plan: FieldPlan,
    source: Any,
    state: State,
    path: Any,
    anchor: Any,
    result: dict[str, Any],
) -> None:
    """A field with a resolver, arguments or a sub-selection: its value into `result` now, or
    deferred to `drain` when the resolver returned an awaitable."""
    key = plan.key
    field_path = (path, key)
    child_anchor = anchor if plan.non_null else (result, key, field_path)
    result[key] = None
    try:
        if plan.resolver is None:
            is_dict = type(source) is dict
            value = source.get(plan.attribute) if is_dict else getattr(source, plan.attribute, None)
        else:
            value = plan.resolver(source, state.info(plan), **state.args(plan))
        if awaitable(value):
            state.pending.append(Deferred(result, key, value, plan, field_path, child_anchor))
        else:
            result[key] = plan.complete(value, state, field_path, plan, child_anchor)
    except Exception as exc:
        field_error(exc, plan, field_path, state, not plan.non_null)


_AWAITABLE_TYPES: dict[type, bool] = {}


def awaitable(value: Any) -> bool:
    """graphql-core's `is_awaitable`, remembered per type: a resolver returns records (never
    awaitable) or futures and coroutines, and `hasattr(record, "__await__")` fails slowly."""
    kind = type(value)
    known = _AWAITABLE_TYPES.get(kind)
    if known is None:
        if kind is GeneratorType:  # a generator is awaitable or not by its code's flags
            return is_awaitable(value)
        known = _AWAITABLE_TYPES[kind] = is_awaitable(value)
    return known


async def drain(state: State) -> None:
    """Resolve deferred fields level by level: each round awaits all of them together."""
    while state.pending:
        batch, state.pending = state.pending, []
        values = await _settled(batch)
        for deferred, value in zip(batch, values, strict=True):
            if state.nulled and state.is_moot(deferred.path):
                continue
            if isinstance(value, BaseException):
                if not isinstance(value, Exception):
                    raise value
                _fail(state, deferred, value)
                continue
            plan = deferred.plan
            try:
                deferred.container[deferred.key] = plan.complete(
                    value, state, deferred.path, plan, deferred.anchor
                )
            except Exception as exc:
                _fail(state, deferred, exc)


async def _settled(batch: list[Deferred]) -> list[Any]:
    """The values (or exceptions) of a level's awaitables. A lone one — a root field's
    coroutine, typically — is awaited in place: `gather` would wrap it in a task and take two
    more turns of the event loop to report it."""
    if len(batch) == 1:
        try:
            return [await batch[0].awaitable]
        except Exception as exc:
            return [exc]
    return await asyncio.gather(*(d.awaitable for d in batch), return_exceptions=True)


def _fail(state: State, deferred: Deferred, exc: Exception) -> None:
    """A deferred field failed: null its nearest nullable position and record the error."""
    error = located_error(exc, deferred.plan.nodes, path_list(deferred.path))
    container, key, position = deferred.anchor
    container[key] = None
    state.nulled.append(position)
    state.errors.append(error)


def resolve_runtime_type(
    abstract: GraphQLAbstractType, value: Any, state: State, plan: FieldPlan
) -> str:
    """The concrete type name of `value`, checked as graphql-core checks it."""
    name = abstract.resolve_type(value, state.info(plan), abstract)  # type: ignore[misc]
    where = f"for field '{plan.parent_type}.{plan.name}'"
    if name is None:
        raise GraphQLError(
            f"Abstract type '{abstract}' must resolve to an Object type at runtime {where}."
            f" Either the '{abstract}' type should provide a 'resolve_type' function or each"
            " possible type should provide an 'is_type_of' function.",
            plan.nodes,
        )
    if not isinstance(name, str):
        raise GraphQLError(
            f"Abstract type '{abstract}' must resolve to an Object type at runtime {where} with"
            f" value {inspect(value)}, received '{inspect(name)}', which is not a valid Object"
            " type name.",
            plan.nodes,
        )
    runtime = state.schema.get_type(name)
    if runtime is None:
        raise GraphQLError(
            f"Abstract type '{abstract}' was resolved to a type '{name}' that does not exist"
            " inside the schema.",
            plan.nodes,
        )
    if not is_object_type(runtime):
        raise GraphQLError(
            f"Abstract type '{abstract}' was resolved to a non-object type '{name}'.", plan.nodes
        )
    if not state.schema.is_sub_type(abstract, runtime):
        raise GraphQLError(
            f"Runtime Object type '{runtime}' is not a possible type for '{abstract}'.", plan.nodes
        )
    return name
