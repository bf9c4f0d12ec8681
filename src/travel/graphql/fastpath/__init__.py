"""The fast execution path for queries and mutations (see compiler.py); introspection and
subscriptions use graphql-core."""

from __future__ import annotations

from typing import Any

from graphql import (
    ExecutionResult,
    FragmentDefinitionNode,
    GraphQLError,
    GraphQLObjectType,
    GraphQLSchema,
    OperationDefinitionNode,
    OperationType,
)
from graphql.execution.values import get_variable_values

from travel.graphql.documents import PreparedDocument
from travel.graphql.fastpath.collect import Collector, conditional_nodes, evaluate_conditions
from travel.graphql.fastpath.compiler import Compiler, ObjectPlan, Unsupported
from travel.graphql.fastpath.runtime import State, drain, execute_fields
from travel.graphql.fastpath.variables import FlatVariables

MAX_PLANS_PER_DOCUMENT = 32
_UNSUPPORTED = "fastpath.unsupported"
_PLANS = "fastpath.plans"
_VARIABLES = "fastpath.variables"
_UNSET: Any = object()


class FastExecutor:
    """Executes prepared documents through compiled plans, cached on the document."""

    def __init__(self, schema: GraphQLSchema) -> None:
        self.schema = schema
        self._no_variables = get_variable_values(schema, (), {})

    async def execute(
        self,
        prepared: PreparedDocument,
        operation: OperationDefinitionNode,
        variables: dict[str, Any] | None,
        context: Any,
    ) -> ExecutionResult | None:
        """The result, or None when this document must go to graphql-core's executor."""
        kind = operation.operation
        if kind == OperationType.SUBSCRIPTION or prepared.extras.get(_UNSUPPORTED):
            return None
        # An operation without variable definitions ignores whatever variables are sent.
        coerced: Any = self._no_variables
        if operation.variable_definitions:
            coerced = self._variables(prepared, operation, variables or {})
            if isinstance(coerced, list):
                return ExecutionResult(data=None, errors=coerced)
        fragments = prepared.fragments
        plan = self._plan(prepared, operation, fragments, coerced)
        if plan is None:
            return None
        state = State(self.schema, operation, fragments, coerced, context)
        holder: dict[str, Any] = {"data": None}
        if kind == OperationType.MUTATION:
            await _serially(plan, state, holder)
        else:
            _fields(plan, state, holder)
            await drain(state)
        return ExecutionResult(data=holder["data"], errors=state.errors or None)

    def _variables(
        self,
        prepared: PreparedDocument,
        operation: OperationDefinitionNode,
        variables: dict[str, Any],
    ) -> Any:
        """The coerced variables (or graphql-core's errors): by the operation's leaf-typed
        coercion when it has one and it takes these values, else by graphql-core."""
        definitions = operation.variable_definitions or ()
        by_operation: dict[str | None, Any] = prepared.extras.setdefault(_VARIABLES, {})
        name = operation.name.value if operation.name else None
        leaves = by_operation.get(name, _UNSET)
        if leaves is _UNSET:
            leaves = by_operation[name] = FlatVariables.of(self.schema, definitions)
        if leaves is not None:
            coerced = leaves.coerce(variables)
            if coerced is not None:
                return coerced
        return get_variable_values(self.schema, definitions, variables)

    def _root(self, operation: OperationDefinitionNode) -> GraphQLObjectType:
        root = (
            self.schema.mutation_type
            if operation.operation == OperationType.MUTATION
            else self.schema.query_type
        )
        assert root is not None
        return root

    def _plan(
        self,
        prepared: PreparedDocument,
        operation: OperationDefinitionNode,
        fragments: dict[str, FragmentDefinitionNode],
        variables: Any,
    ) -> ObjectPlan | None:
        assert prepared.document is not None
        plans: dict[Any, Any] = prepared.extras.setdefault(_PLANS, {})
        name = operation.name.value if operation.name else None
        conditions = plans.get(("conditions", name))
        if conditions is None:
            conditions = plans[("conditions", name)] = conditional_nodes(operation, fragments)
        try:
            outcome = evaluate_conditions(conditions, variables) if conditions else ()
        except GraphQLError:
            # A condition that cannot be decided (e.g. `@skip(if: $s)` with `$s` sent as null):
            # graphql-core's executor answers it, so that the answer is the same by construction.
            return None
        key = (name, outcome)
        plan = plans.get(key)
        if plan is not None:
            return plan  # type: ignore[no-any-return]
        included = {id(node): flag for node, flag in zip(conditions, outcome, strict=True)}
        root = self._root(operation)
        try:
            plan = Compiler(self.schema, Collector(self.schema, fragments, included)).object_plan(
                root, [operation.selection_set]
            )
        except Unsupported:
            prepared.extras[_UNSUPPORTED] = True
            return None
        if len(plans) < MAX_PLANS_PER_DOCUMENT:
            plans[key] = plan
        return plan


def _fields(plan: ObjectPlan, state: State, holder: dict[str, Any]) -> dict[str, Any] | None:
    """Start the root fields of `plan` into `holder["data"]` (deferred parts drain later)."""
    try:
        holder["data"] = execute_fields(plan, None, state, None, (holder, "data", None))
    except GraphQLError as error:  # a non-null root field failed: no data at all
        state.errors.append(error)
        state.nulled.append(None)
        holder["data"] = None
    data: dict[str, Any] | None = holder["data"]
    return data


async def _serially(plan: ObjectPlan, state: State, holder: dict[str, Any]) -> None:
    """Mutation fields run one after the other, each with everything under it resolved before
    the next starts; after a non-null field fails (no data at all) the rest do not run — as
    graphql-core's `execute_fields_serially`."""
    data: dict[str, Any] = {}
    holder["data"] = data  # every field skipped: `{}`, as graphql-core answers
    if plan.parts is None:
        plan.parts = [ObjectPlan(plan.type_name, [field]) for field in plan.fields]
    for one_field in plan.parts:
        part = _fields(one_field, state, holder)
        if part is not None:
            await drain(state)
        if part is None or holder["data"] is None:
            holder["data"] = None
            return
        data.update(part)
        holder["data"] = data
