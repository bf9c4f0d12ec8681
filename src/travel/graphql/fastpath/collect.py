"""Field collection (the spec's CollectFields) with @skip/@include decided up front.

The conditions of a request are evaluated once into a tuple of booleans, in document order; a
plan is built per distinct tuple, so collection itself is static and done at plan time.
"""

from __future__ import annotations

from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLIncludeDirective,
    GraphQLObjectType,
    GraphQLSchema,
    GraphQLSkipDirective,
    InlineFragmentNode,
    NamedTypeNode,
    Node,
    OperationDefinitionNode,
    SelectionSetNode,
    is_abstract_type,
    visit,
)
from graphql.execution.values import VariableValues, get_directive_values
from graphql.language import Visitor
from graphql.utilities import type_from_ast

Conditional = FieldNode | InlineFragmentNode | FragmentSpreadNode


class _ConditionFinder(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.nodes: list[Conditional] = []
        self.spreads: list[str] = []

    def enter(self, node: Node, *_: object) -> None:
        if isinstance(node, FragmentSpreadNode):
            self.spreads.append(node.name.value)
        if isinstance(node, FieldNode | InlineFragmentNode | FragmentSpreadNode) and any(
            d.name.value in ("skip", "include") for d in node.directives or ()
        ):
            self.nodes.append(node)


def conditional_nodes(
    operation: OperationDefinitionNode, fragments: dict[str, FragmentDefinitionNode]
) -> list[Conditional]:
    """Every selection carrying @skip or @include that `operation` can reach (its own selections
    and the fragments it spreads, transitively): another operation's conditions may use
    variables this one does not define, and must not be evaluated."""
    finder = _ConditionFinder()
    visit(operation, finder)
    seen: set[str] = set()
    while finder.spreads:
        name = finder.spreads.pop()
        fragment = fragments.get(name)
        if name in seen or fragment is None:
            continue
        seen.add(name)
        visit(fragment, finder)
    return finder.nodes


def evaluate_conditions(nodes: list[Conditional], variables: VariableValues) -> tuple[bool, ...]:
    """Whether each conditional selection is included for these variables."""
    out = []
    for node in nodes:
        skip = get_directive_values(GraphQLSkipDirective, node, variables)
        include = get_directive_values(GraphQLIncludeDirective, node, variables)
        out.append(
            not (skip is not None and skip["if"])
            and not (include is not None and not include["if"])
        )
    return tuple(out)


class Collector:
    """Groups the fields a selection set selects on one runtime type by response key."""

    def __init__(
        self,
        schema: GraphQLSchema,
        fragments: dict[str, FragmentDefinitionNode],
        included: dict[int, bool],
    ) -> None:
        self.schema = schema
        self.fragments = fragments
        self.included = included

    def collect(
        self, runtime_type: GraphQLObjectType, selection_sets: list[SelectionSetNode]
    ) -> dict[str, list[FieldNode]]:
        fields: dict[str, list[FieldNode]] = {}
        visited: set[str] = set()
        for selection_set in selection_sets:
            self._collect(runtime_type, selection_set, fields, visited)
        return fields

    def _collect(
        self,
        runtime_type: GraphQLObjectType,
        selection_set: SelectionSetNode,
        fields: dict[str, list[FieldNode]],
        visited: set[str],
    ) -> None:
        for selection in selection_set.selections:
            if not self.included.get(id(selection), True):
                continue
            if isinstance(selection, FieldNode):
                key = selection.alias.value if selection.alias else selection.name.value
                fields.setdefault(key, []).append(selection)
            elif isinstance(selection, InlineFragmentNode):
                if self._matches(selection.type_condition, runtime_type):
                    self._collect(runtime_type, selection.selection_set, fields, visited)
            elif isinstance(selection, FragmentSpreadNode):
                name = selection.name.value
                fragment = self.fragments.get(name)
                if name in visited or fragment is None:
                    continue
                visited.add(name)
                if self._matches(fragment.type_condition, runtime_type):
                    self._collect(runtime_type, fragment.selection_set, fields, visited)

    def _matches(self, condition: NamedTypeNode | None, runtime_type: GraphQLObjectType) -> bool:
        if condition is None:
            return True
        conditional_type = type_from_ast(self.schema, condition)
        if conditional_type is runtime_type:
            return True
        return is_abstract_type(conditional_type) and self.schema.is_sub_type(
            conditional_type,
            runtime_type,
        )
