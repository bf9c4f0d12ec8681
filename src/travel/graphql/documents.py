"""Parse + validate once per distinct document: a bounded LRU cache of prepared documents."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cachetools import LRUCache
from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLSchema,
    InlineFragmentNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    parse,
    validate,
)
from graphql.validation import ASTValidationRule, specified_rules


@dataclass
class PreparedDocument:
    """A parsed and validated document, plus what the request pipeline needs to know of it."""

    document: DocumentNode | None
    errors: list[GraphQLError]
    operations: dict[str | None, OperationDefinitionNode] = field(default_factory=dict)
    # Anything later stages want to keep per document (e.g. a compiled fast path).
    extras: dict[str, Any] = field(default_factory=dict)
    # Each operation's root fields (`root_fields`), by the operation node's id.
    _roots: dict[int, tuple[str, ...]] = field(default_factory=dict, repr=False)

    def operation(self, name: str | None) -> OperationDefinitionNode | None:
        """The operation to run, following the GraphQL rules for `operationName`."""
        if name is None:
            return next(iter(self.operations.values())) if len(self.operations) == 1 else None
        return self.operations.get(name)

    @cached_property
    def fragments(self) -> dict[str, FragmentDefinitionNode]:
        """The document's fragment definitions by name."""
        assert self.document is not None
        return {
            d.name.value: d
            for d in self.document.definitions
            if isinstance(d, FragmentDefinitionNode)
        }

    def root_fields(self, operation: OperationDefinitionNode) -> tuple[str, ...]:
        """Names of the root fields the operation selects (through fragments too), in a
        stable order; worked out once per operation of the document."""
        known = self._roots.get(id(operation))
        if known is None:
            names: set[str] = set()
            _collect(operation.selection_set, self.fragments, names, set())
            known = self._roots[id(operation)] = tuple(sorted(names))
        return known

    @staticmethod
    def is_mutation(operation: OperationDefinitionNode) -> bool:
        return operation.operation == OperationType.MUTATION


_Selected = tuple[Sequence[FieldNode], dict[str, FragmentDefinitionNode], frozenset[str]]
_SELECTED: dict[int, _Selected] = {}  # id(nodes) -> (nodes, fragments, names)
MAX_SELECTED = 4096


def selected_names(
    nodes: Sequence[FieldNode], fragments: dict[str, FragmentDefinitionNode]
) -> frozenset[str]:
    """Names of the fields selected directly under `nodes` (a resolver's `info.field_nodes`
    and `info.fragments`), through fragments too, whatever their directives say: what a
    resolver may leave unread when a field is surely not asked for.

    Remembered per `nodes` object: the compiled executor hands a field the same nodes on
    every request of a cached document. An entry holds its nodes and fragments, so their ids
    cannot be reused while it is kept; graphql-core's executor makes new ones each time, which
    only fills the table (emptied when full)."""
    entry = _SELECTED.get(id(nodes))
    if entry is not None and entry[0] is nodes and entry[1] is fragments:
        return entry[2]
    names: set[str] = set()
    for node in nodes:
        if node.selection_set is not None:
            _collect(node.selection_set, fragments, names, set())
    if len(_SELECTED) >= MAX_SELECTED:
        _SELECTED.clear()
    found = frozenset(names)
    _SELECTED[id(nodes)] = (nodes, fragments, found)
    return found


def _collect(
    selection_set: SelectionSetNode,
    fragments: dict[str, FragmentDefinitionNode],
    names: set[str],
    seen: set[str],
) -> None:
    for selection in selection_set.selections:
        if isinstance(selection, FieldNode):
            names.add(selection.name.value)
        elif isinstance(selection, InlineFragmentNode):
            _collect(selection.selection_set, fragments, names, seen)
        elif isinstance(selection, FragmentSpreadNode):
            name = selection.name.value
            if name in fragments and name not in seen:
                seen.add(name)
                _collect(fragments[name].selection_set, fragments, names, seen)


class DocumentCache:
    """Prepared documents keyed by their exact text, least recently used evicted first."""

    def __init__(
        self,
        schema: GraphQLSchema,
        *,
        size: int = 1000,
        max_tokens: int | None = None,
        extra_rules: Sequence[type[ASTValidationRule]] = (),
    ) -> None:
        self.schema = schema
        self.max_tokens = max_tokens
        self.rules = (*specified_rules, *extra_rules)
        self._entries: LRUCache[str, PreparedDocument] = LRUCache(maxsize=size)

    def get(self, query: str) -> PreparedDocument:
        entry = self._entries.get(query)
        if entry is None:
            entry = self._entries[query] = self._prepare(query)
        return entry

    def _prepare(self, query: str) -> PreparedDocument:
        try:
            document = parse(query, max_tokens=self.max_tokens)
        except GraphQLError as error:
            return PreparedDocument(document=None, errors=[error])
        errors = validate(self.schema, document, self.rules)
        if errors:
            return PreparedDocument(document=None, errors=list(errors))
        operations = {
            (d.name.value if d.name else None): d
            for d in document.definitions
            if isinstance(d, OperationDefinitionNode)
        }
        return PreparedDocument(document=document, errors=[], operations=operations)
