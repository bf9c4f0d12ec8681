"""The fast execution path for queries (see compiler.py); mutations use graphql-core."""

from __future__ import annotations

from typing import Any

from graphql import (
    ExecutionResult,
    FragmentDefinitionNode,
    GraphQLError,
    GraphQLSchema,
    OperationDefinitionNode,
    OperationType,
)
from graphql.execution.values import get_variable_values

from travel.graphql.documents import PreparedDocument
from travel.graphql.fastpath.collect import Collector, conditional_nodes, evaluate_conditions
from travel.graphql.fastpath.compiler import Compiler, ObjectPlan, Unsupported
from travel.graphql.fastpath.runtime import State, drain, execute_fields

MAX_PLANS_PER_DOCUMENT = 32
_UNSUPPORTED = "fastpath.unsupported"
_PLANS = "fastpath.plans"


class FastExecutor:
    """Executes prepared query documents through compiled plans, cached on the document."""

    def __init__(self, schema: GraphQLSchema) -> None:
        self.schema = schema

    async def execute(
        self,
        prepared: PreparedDocument,
        operation: OperationDefinitionNode,
        variables: dict[str, Any] | None,
        context: Any,
    ) -> ExecutionResult | None:
        """The result, or None when this document must go to graphql-core's executor."""
        if operation.operation != OperationType.QUERY or prepared.extras.get(_UNSUPPORTED):
            return None
        coerced = get_variable_values(
            self.schema, operation.variable_definitions or (), variables or {}
        )
        if isinstance(coerced, list):
            return ExecutionResult(data=None, errors=coerced)
        assert prepared.document is not None
        fragments = {
            d.name.value: d
            for d in prepared.document.definitions
            if isinstance(d, FragmentDefinitionNode)
        }
        plan = self._plan(prepared, operation, fragments, coerced)
        if plan is None:
            return None
        state = State(self.schema, operation, fragments, coerced, context)
        holder: dict[str, Any] = {"data": None}
        try:
            holder["data"] = execute_fields(plan, None, state, None, (holder, "data", None))
        except GraphQLError as error:  # a non-null root field failed: no data at all
            state.errors.append(error)
            state.nulled.append(None)
        await drain(state)
        return ExecutionResult(data=holder["data"], errors=state.errors or None)

    def _plan(
        self,
        prepared: PreparedDocument,
        operation: OperationDefinitionNode,
        fragments: dict[str, FragmentDefinitionNode],
        variables: Any,
    ) -> ObjectPlan | None:
        assert prepared.document is not None
        plans: dict[Any, Any] = prepared.extras.setdefault(_PLANS, {})
        conditions = plans.get("conditions")
        if conditions is None:
            conditions = plans["conditions"] = conditional_nodes(prepared.document)
        outcome = evaluate_conditions(conditions, variables) if conditions else ()
        key = (operation.name.value if operation.name else None, outcome)
        plan = plans.get(key)
        if plan is not None:
            return plan  # type: ignore[no-any-return]
        included = {id(node): flag for node, flag in zip(conditions, outcome, strict=True)}
        root = self.schema.query_type
        assert root is not None
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
