"""Query limits of a document: depth and aliases of its operations, checked as a validation rule
(so once per distinct document, before anything runs). Token count is bounded by the parser
(`max_tokens`); the cost depends on the variables and is estimated per request
(travel.graphql.cost). See docs/decisions/0042-query-limits.md for how each figure is counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLField,
    GraphQLNamedType,
    GraphQLSchema,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
    get_named_type,
)
from graphql.language import SKIP
from graphql.validation import ASTValidationRule, ValidationContext, ValidationRule
from graphql.validation.validate import ValidationAbortedError

from travel.settings import QueryLimits


@dataclass(frozen=True, slots=True)
class Figures:
    """What a selection set adds up to."""

    depth: int = 0
    aliases: int = 0


# Introspection is answered from memory and the standard introspection query nests 15 levels
# deep (type references), so depth is not counted below these fields (aliases are).
INTROSPECTION_ROOTS = frozenset({"__schema", "__type"})
# However depth is counted, the walk never nests deeper than this (it recurses).
MIN_NESTING_CAP = 64


class _TooDeep(Exception):
    """Stops measuring a document nested past any sane depth (this also bounds our recursion)."""


class _TooComplex(Exception):
    """Stops the overlap check: what graphql-core's validation would compare is too much."""


class Measurer:
    """Measures operations of one document; fragments are measured once and reused."""

    def __init__(self, context: ValidationContext, max_depth: int) -> None:
        self.context = context
        self.schema: GraphQLSchema = context.schema
        self.nesting_cap = max(max_depth, MIN_NESTING_CAP)
        self.fragments: dict[str, Figures] = {}
        self.in_progress: set[str] = set()

    def operation(self, node: OperationDefinitionNode) -> Figures:
        root = self.schema.get_root_type(node.operation)
        return self.selections(node.selection_set, root, 0)

    def selections(
        self, selection_set: SelectionSetNode, parent: GraphQLNamedType | None, level: int
    ) -> Figures:
        if level > self.nesting_cap:
            raise _TooDeep
        depth = aliases = 0
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                part = self.field(selection, parent, level)
            elif isinstance(selection, InlineFragmentNode):
                condition = selection.type_condition
                type_ = self.schema.get_type(condition.name.value) if condition else parent
                part = self.selections(selection.selection_set, type_, level)
            elif isinstance(selection, FragmentSpreadNode):
                part = self.spread(selection.name.value, level)
            depth = max(depth, part.depth)
            aliases += part.aliases
        return Figures(depth, aliases)

    def field(self, node: FieldNode, parent: GraphQLNamedType | None, level: int) -> Figures:
        definition = self._definition(parent, node.name.value)
        child = Figures()
        if node.selection_set is not None:
            type_ = get_named_type(definition.type) if definition else None
            child = self.selections(node.selection_set, type_, level + 1)
        counted_below = node.name.value not in INTROSPECTION_ROOTS
        return Figures(
            depth=1 + (child.depth if counted_below else 0),
            aliases=(1 if node.alias else 0) + child.aliases,
        )

    def spread(self, name: str, level: int) -> Figures:
        """A named fragment's figures, relative to where it is spread."""
        known = self.fragments.get(name)
        if known is not None:
            return known
        fragment = self.context.get_fragment(name)
        if fragment is None or name in self.in_progress:
            return Figures()  # unknown or cyclic: the specified rules report those
        if len(self.in_progress) > self.nesting_cap:
            raise _TooDeep  # fragments spreading fragments: nesting without fields
        self.in_progress.add(name)
        try:
            type_ = self.schema.get_type(fragment.type_condition.name.value)
            figures = self.selections(fragment.selection_set, type_, level)
        finally:
            self.in_progress.discard(name)
        self.fragments[name] = figures
        return figures

    def _definition(self, parent: GraphQLNamedType | None, name: str) -> GraphQLField | None:
        if parent is None:
            return None
        return self.schema.get_field(parent, name)  # type: ignore[arg-type]


def query_limit_rules(limits: QueryLimits) -> list[type[ASTValidationRule]]:
    """The validation rule enforcing `limits` (depth, aliases) on every operation."""

    class QueryLimitsRule(ValidationRule):
        def enter_document(self, node: DocumentNode, *_: Any) -> Any:
            measurer = Measurer(self.context, limits.max_depth)
            errors = [
                GraphQLError(message, operation)
                for operation in node.definitions
                if isinstance(operation, OperationDefinitionNode)
                for message in check(measurer, operation, limits)
            ]
            if not errors:
                errors = [GraphQLError(m, node) for m in check_overlaps(node, limits)]
            if errors:
                # Stop validating: some specified rules (overlapping fields) are quadratic,
                # and an abusive document should not get to make them work.
                for error in errors[:-1]:
                    self.report_error(error)
                raise ValidationAbortedError(errors[-1].message, errors[-1].nodes)
            return SKIP

    return [QueryLimitsRule]


def check(measurer: Measurer, node: OperationDefinitionNode, limits: QueryLimits) -> list[str]:
    """Messages naming each limit the operation goes over (none when it fits)."""
    try:
        figures = measurer.operation(node)
    except _TooDeep:
        cap = measurer.nesting_cap
        return [
            f"Query is deeper than the maximum depth of {limits.max_depth} "
            f"(introspection fields: {cap} levels)"
        ]

    problems = []
    if figures.depth > limits.max_depth:
        problems.append(f"Query is deeper than the maximum depth of {limits.max_depth}")
    if figures.aliases > limits.max_aliases:
        problems.append(
            f"Query uses {figures.aliases} aliases, over the maximum of {limits.max_aliases} "
            "aliases (aliases inside fragments count each time the fragment is spread)"
        )
    return problems


# Selections the overlap check may visit (fragments expanded) before it refuses the document.
MAX_OVERLAP_VISITS = 10_000


def check_overlaps(document: DocumentNode, limits: QueryLimits) -> list[str]:
    """Messages when validating `document` would compare too many fields (none when fine).

    graphql-core's OverlappingFieldsCanBeMerged compares every two fields of one response name
    in a selection set, and then their selections pairwise, level by level: 490 copies of
    `workspace { id }` took 0.8 s. This walk merges same-named fields as that rule does and
    counts, linearly and with a cap on its own work, how many fields each merged name holds
    (at most `max_field_repeats`) and how many pairs the rule would compare (at most
    `max_field_pairs`). docs/decisions/0086-resource-bounds.md"""
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    walk = _Overlaps(fragments, limits.max_field_repeats, limits.max_field_pairs)
    try:
        for definition in document.definitions:
            if isinstance(definition, OperationDefinitionNode | FragmentDefinitionNode):
                walk.merged([definition.selection_set], 0)
    except _TooRepeated as repeated:
        return [
            f"Query selects {repeated.name[:64]!r} more than {limits.max_field_repeats} times "
            "in one selection set (same-named fields are merged, fragments counted each time "
            f"they are spread; the maximum is {limits.max_field_repeats})"
        ]
    except _TooComplex:
        return [
            "Query is too complex to validate: it selects the same fields too many times "
            f"through fragments and repeated fields (over {limits.max_field_pairs} pairs of "
            "same-named fields to compare)"
        ]
    return []


class _TooRepeated(Exception):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class _Overlaps:
    def __init__(
        self, fragments: dict[str, FragmentDefinitionNode], max_repeats: int, max_pairs: int
    ) -> None:
        self.fragments = fragments
        self.max_repeats = max_repeats
        self.max_pairs = max_pairs
        self.visits = 0
        self.pairs = 0

    def merged(self, selection_sets: list[SelectionSetNode], level: int) -> None:
        """Check the fields of `selection_sets` merged by response name, then each name's
        merged selections below."""
        if level > MIN_NESTING_CAP:
            raise _TooComplex
        groups: dict[str, list[SelectionSetNode]] = {}
        counts: dict[str, int] = {}
        spread: set[str] = set()
        for selection_set in selection_sets:
            self._gather(selection_set, groups, counts, spread, set())
        for times in counts.values():
            self.pairs += times * (times - 1) // 2
        # The rule also compares every two fragments spread in one selection set.
        self.pairs += len(spread) * (len(spread) - 1) // 2
        if self.pairs > self.max_pairs:
            raise _TooComplex
        for below in groups.values():
            self.merged(below, level + 1)

    def _gather(
        self,
        selection_set: SelectionSetNode,
        groups: dict[str, list[SelectionSetNode]],
        counts: dict[str, int],
        spread: set[str],
        active: set[str],
    ) -> None:
        for selection in selection_set.selections:
            self.visits += 1
            if self.visits > MAX_OVERLAP_VISITS:
                raise _TooComplex
            if isinstance(selection, FieldNode):
                key = (selection.alias or selection.name).value
                times = counts[key] = counts.get(key, 0) + 1
                if times > self.max_repeats:
                    raise _TooRepeated(key)
                if selection.selection_set is not None:
                    groups.setdefault(key, []).append(selection.selection_set)
            elif isinstance(selection, InlineFragmentNode):
                self._gather(selection.selection_set, groups, counts, spread, active)
            elif isinstance(selection, FragmentSpreadNode):
                name = selection.name.value
                fragment = self.fragments.get(name)
                if fragment is None or name in active:
                    continue  # unknown or cyclic: the specified rules report it
                spread.add(name)
                active.add(name)
                self._gather(fragment.selection_set, groups, counts, spread, active)
                active.discard(name)
