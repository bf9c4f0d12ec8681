"""Running a compiled plan: the per-request state and the hot loop over an object's fields."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from graphql import (
    FragmentDefinitionNode,
    GraphQLAbstractType,
    GraphQLError,
    GraphQLResolveInfo,
    GraphQLSchema,
    OperationDefinitionNode,
    is_object_type,
)
from graphql.execution.values import VariableValues, get_argument_values
from graphql.pyutils import Path, Undefined, inspect, is_awaitable

from travel.graphql.fastpath.compiler import FieldPlan, ObjectPlan, close_pending, field_error


class State:
    """One request's execution: context, variables, errors, and per-field caches."""

    __slots__ = (
        "_args",
        "_infos",
        "context",
        "errors",
        "fragments",
        "operation",
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
        args = self._args.get(id(plan))
        if args is None:
            args = get_argument_values(plan.field_def, plan.nodes[0], self.variables)
            self._args[id(plan)] = args
        return args


def _null_error(plan: FieldPlan) -> TypeError:
    return TypeError(f"Cannot return null for non-nullable field {plan.parent_type}.{plan.name}.")


def execute_fields(object_plan: ObjectPlan, source: Any, state: State, path: Any) -> Any:
    """The response object for `source`, or an awaitable of it when a resolver is async."""
    result: dict[str, Any] = {}
    pending: list[tuple[str, Any]] = []
    try:
        _fill(object_plan, source, state, path, result, pending)
    except BaseException:
        # A non-null field failed: this object is null, so its started work is abandoned.
        close_pending(p for _, p in pending)
        raise
    if pending:
        return _gather(result, pending)
    return result


def _fill(
    object_plan: ObjectPlan,
    source: Any,
    state: State,
    path: Any,
    result: dict[str, Any],
    pending: list[tuple[str, Any]],
) -> None:
    is_dict = type(source) is dict
    for plan in object_plan.fields:
        key = plan.key
        leaf = plan.leaf
        if leaf is not None:  # the fast lane: a plain attribute, serialised in place
            value = source.get(plan.attribute) if is_dict else getattr(source, plan.attribute, None)
            if value is not None:
                try:
                    value = leaf(value)
                    if value is None or value is Undefined:
                        raise TypeError(f"Expected a value of type {plan.return_type}")
                except Exception as exc:
                    field_error(exc, plan, (path, key), state, not plan.non_null)
                    value = None
            elif plan.non_null:
                field_error(_null_error(plan), plan, (path, key), state, False)
            result[key] = value
            continue
        if plan.is_typename:
            result[key] = object_plan.type_name
            continue
        field_path = (path, key)
        try:
            if plan.resolver is None:
                value = (
                    source.get(plan.attribute) if is_dict else getattr(source, plan.attribute, None)
                )
            else:
                value = plan.resolver(source, state.info(plan), **state.args(plan))
            if is_awaitable(value):
                completed: Any = _complete_later(value, plan, state, field_path)
            else:
                completed = plan.complete(value, state, field_path, plan)
                if is_awaitable(completed):
                    completed = _settle(completed, plan, state, field_path)
        except Exception as exc:
            field_error(exc, plan, field_path, state, not plan.non_null)
            completed = None
        if completed is not None and is_awaitable(completed):
            pending.append((key, completed))
        result[key] = completed


async def _complete_later(value: Awaitable[Any], plan: FieldPlan, state: State, path: Any) -> Any:
    try:
        completed = plan.complete(await value, state, path, plan)
        if is_awaitable(completed):
            completed = await completed
        return completed
    except Exception as exc:
        field_error(exc, plan, path, state, not plan.non_null)
        return None


async def _settle(completed: Awaitable[Any], plan: FieldPlan, state: State, path: Any) -> Any:
    try:
        return await completed
    except Exception as exc:
        field_error(exc, plan, path, state, not plan.non_null)
        return None


async def _gather(result: dict[str, Any], pending: list[tuple[str, Any]]) -> dict[str, Any]:
    values = await asyncio.gather(*(p for _, p in pending))
    for (key, _), value in zip(pending, values, strict=True):
        result[key] = value
    return result


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
