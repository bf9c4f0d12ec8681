"""Parse + validate once per distinct document: a cache of prepared documents bounded in entries
and bytes, and one of refused documents' errors."""

from __future__ import annotations

import gc
import hashlib
import sys
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

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

from travel.kernel.bounded import BoundedCache


@dataclass
class PreparedDocument:
    """A parsed and validated document, plus what the request pipeline needs to know of it."""

    document: DocumentNode | None
    errors: list[GraphQLError]
    operations: dict[str | None, OperationDefinitionNode] = field(default_factory=dict)
    # Anything later stages want to keep per document (e.g. a compiled fast path).
    extras: dict[str, Any] = field(default_factory=dict)
    # Estimated bytes of memory it holds (DocumentCache's budget).
    size: int = 0
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


# A field's selected names by its first node's id, the node held weakly (an entry goes with its
# document: kept strongly, a table of nodes kept evicted documents and their text alive; and
# graphql-core's nodes compare by content, so they cannot be keys of their own).
_SELECTED: dict[int, tuple[weakref.ref[FieldNode], tuple[int, ...], frozenset[str]]] = {}


def selected_names(
    nodes: Sequence[FieldNode], fragments: dict[str, FragmentDefinitionNode]
) -> frozenset[str]:
    """Names of the fields selected directly under `nodes` (a resolver's `info.field_nodes`
    and `info.fragments`), through fragments too, whatever their directives say: what a
    resolver may leave unread when a field is surely not asked for.

    Remembered per first node (and the ids of the others, held alive by the same document):
    the compiled executor hands a field the same nodes on every request of a cached document,
    and a validated document's spreads name its own fragments only."""
    if not nodes:
        return frozenset()
    first, others = nodes[0], tuple(id(node) for node in nodes[1:])
    entry = _SELECTED.get(id(first))
    if entry is not None and entry[0]() is first and entry[1] == others:
        return entry[2]
    names: set[str] = set()
    for node in nodes:
        if node.selection_set is not None:
            _collect(node.selection_set, fragments, names, set())
    found = frozenset(names)
    key = id(first)
    _SELECTED[key] = (weakref.ref(first, lambda _: _SELECTED.pop(key, None)), others, found)
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
    """Prepared documents keyed by their exact text, least recently used evicted first, bounded
    in entries and in (estimated) bytes. A document is parsed and validated by `prepare` and
    stored by `keep` only once its request passed every check (quota, cost): a refused request
    adds nothing here. Refused documents are remembered apart, as their errors alone under a
    digest of their text, so a document sent again is refused without validating it again.
    See docs/decisions/0086-resource-bounds.md."""

    def __init__(
        self,
        schema: GraphQLSchema,
        *,
        size: int = 1000,
        max_bytes: int = 64 * 1024 * 1024,
        max_entry_bytes: int = 2 * 1024 * 1024,
        refused_size: int = 1000,
        refused_bytes: int = 4 * 1024 * 1024,
        max_chars: int | None = None,
        max_tokens: int | None = None,
        max_errors: int = 10,
        extra_rules: Sequence[type[ASTValidationRule]] = (),
    ) -> None:
        self.schema = schema
        self.max_tokens = max_tokens
        self.max_chars = max_chars
        self.max_errors = max_errors
        self.max_entry_bytes = max_entry_bytes
        self.rules = (*specified_rules, *extra_rules)
        self._entries: BoundedCache[str, PreparedDocument] = BoundedCache(
            "documents", size, max_bytes, lambda _, prepared: prepared.size
        )
        self._refused: BoundedCache[bytes, PreparedDocument] = BoundedCache(
            "refused_documents", refused_size, refused_bytes, lambda _, prepared: prepared.size
        )

    def get(self, query: str) -> PreparedDocument:
        """The prepared document, stored if valid (for callers that run no other check)."""
        found = self.lookup(query)
        if found is None:
            found = self.prepare(query)
            self.keep(query, found)
        return found

    def lookup(self, query: str) -> PreparedDocument | None:
        """The document prepared before (valid, or refused with its errors), if remembered."""
        found = self._entries.get(query)
        if found is None:
            found = self._refused.get(_digest(query))
        return found

    def prepare(self, query: str) -> PreparedDocument:
        """Parse and validate `query` (not stored: see `keep`); a refused one is remembered."""
        prepared = self._prepare(query)
        if prepared.errors:
            self._refused.put(_digest(query), prepared)
        return prepared

    def keep(self, query: str, prepared: PreparedDocument) -> None:
        """Store a valid document whose request passed every check (unless it is too big to
        be worth a place: it is prepared again each time)."""
        if prepared.errors or prepared.size > self.max_entry_bytes:
            return
        entries = self._entries
        entries.put(query, prepared)
        if entries.evicted > entries.max_bytes // 4:
            # An evicted document's compiled plans hold reference cycles, freed only by a full
            # collection, which the service's thresholds make rare (app.settle_heap): without
            # this, a stream of new documents grew memory 15 KB a document past the budget.
            entries.evicted = 0
            gc.collect()

    def _prepare(self, query: str) -> PreparedDocument:
        if self.max_chars is not None and len(query) > self.max_chars:
            # Refused before the lexer reads it: a megabyte of comment takes 130 ms to skip.
            error = GraphQLError(f"Document longer than the maximum of {self.max_chars} characters")
            return _refused([error])
        try:
            document = parse(query, max_tokens=self.max_tokens)
        except GraphQLError as error:
            return _refused([error])
        errors = validate(self.schema, document, self.rules, max_errors=self.max_errors)
        if errors:
            return _refused(list(errors))
        operations = {
            (d.name.value if d.name else None): d
            for d in document.definitions
            if isinstance(d, OperationDefinitionNode)
        }
        # The text twice: the source, and the comments' tokens (each holds its own copy).
        size = ENTRY_BYTES + 2 * sys.getsizeof(query) + TOKEN_BYTES * _tokens(document)
        return PreparedDocument(document=document, errors=[], operations=operations, size=size)


# What a prepared document costs in memory, estimated from its text and its tokens (each token
# is kept, linked from the nodes' locations, beside its node and what validation and the
# compiled executor derive from it). Measured in tests/hardening/test_memory_bounds.py.
ENTRY_BYTES = 16 * 1024
TOKEN_BYTES = 400


def _tokens(document: DocumentNode) -> int:
    """The document's tokens (a walk of the parser's token list: ~20 ns a token)."""
    loc = document.loc
    token = loc.start_token if loc is not None else None
    count = 0
    while token is not None:
        count += 1
        token = token.next
    return count


def _digest(query: str) -> bytes:
    return hashlib.blake2b(query.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _refused(errors: list[GraphQLError]) -> PreparedDocument:
    """A refused document as remembered: its errors' messages, codes and locations, nothing
    that holds its text or nodes."""
    kept = []
    for error in errors:
        original = error.original_error
        copy = GraphQLError(
            error.message,
            original_error=original if not isinstance(original, GraphQLError) else None,
            extensions=error.extensions,
        )
        copy.locations = error.locations
        kept.append(copy)
    size = 1024 + sum(1024 + 4 * len(error.message) for error in kept)
    return PreparedDocument(document=None, errors=kept, size=size)
