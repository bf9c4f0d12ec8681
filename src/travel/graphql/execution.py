"""Run a prepared operation: the compiled fast path for queries and mutations, graphql-core
for the rest (introspection, subscriptions, or with the fast path off)."""

from __future__ import annotations

from typing import Any

from graphql import ExecutionResult, GraphQLSchema, OperationDefinitionNode, execute

from travel.graphql.documents import PreparedDocument
from travel.graphql.fastpath import FastExecutor


class Executor:
    """Chooses the execution path; `fast=False` forces graphql-core (for comparison runs)."""

    def __init__(self, schema: GraphQLSchema, *, fast: bool = True) -> None:
        self.schema = schema
        self.fast = FastExecutor(schema) if fast else None

    async def run(
        self,
        prepared: PreparedDocument,
        operation: OperationDefinitionNode,
        operation_name: str | None,
        variables: dict[str, Any] | None,
        context: Any,
    ) -> ExecutionResult:
        if self.fast is not None:
            result = await self.fast.execute(prepared, operation, variables, context)
            if result is not None:
                return result
        outcome = execute(
            self.schema,
            prepared.document,  # type: ignore[arg-type]
            context_value=context,
            variable_values=variables,
            operation_name=operation_name,
        )
        if not isinstance(outcome, ExecutionResult):
            outcome = await outcome
        return outcome
