"""Executable GraphQL documents generated over the served schema, for the differential fuzzing
of the compiled executor (tests/hardening/test_fuzz_differential.py).

A document holds one to three operations; the one run (`operationName`) is drawn among them,
and the others use a condition variable (`$x: Boolean!`) and argument variables the request
never sends, so evaluating anything of theirs is an error. Selections go as deep as asked:
fields with and without aliases (repeated ones are merged), arguments as literals, as
variables (`$vN`, declared with the argument's type or a nullable one with a default, sent
as a value, as null or not at all) or as variables inside input-object literals; inline
fragments on the `TravelListing` interface and on its object types (and without a type
condition); named fragments on either, shared between operations; `@skip`/`@include` on
fields, inline fragments and spreads with `$flag: Boolean!` and `$s: Boolean = true` (sent as
true, false, null or not at all) or literals.

Mutations: the operation run is made of fields whose answer does not depend on what ran
before — refused ones (an input with a value the service refuses, an id that does not exist,
another workspace's, another kind's) and `toggleTravelFavorite` twice in a row on the same
listing (the favorite is back as it was after each request) — so that the same document sent
to two servers on one database gets the same answer from each. Mutations of the operations
not run are anything at all.
"""

from __future__ import annotations

import itertools
import json
import re
import uuid
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import graphql
from hypothesis import strategies as st

# `$s` is sent as true, false, null, or not at all (its default, true, applies).
ABSENT = object()
CONDITION_VALUES: list[Any] = [True, False, None, ABSENT]
# The condition variables every operation may use; `x` only in the operations not run.
CONDITIONS = {"flag": "Boolean!", "s": "Boolean = true", "x": "Boolean!"}


# Each scalar's values: (well-formed, refused or odd); ids add the seeded rows', dates are
# around today.
SCALARS: dict[str, tuple[list[Any], list[Any]]] = {
    "ID": ([str(uuid.UUID(int=7))], ["not-an-id"]),
    "Int": ([0, 1, 2, 3, 5], [-1, 101, 2**31 - 1]),
    "Float": ([0.0, 1.5, 3.5, 4.9], [-1.0, 6.0]),
    "Boolean": ([True, False], []),
    "Date": ([], ["2030-02-30", "0001-01-01", "9999-12-31", "tomorrow"]),
    "DateTime": (
        ["2030-06-01T19:00:00Z", "2030-06-01T23:00:00+02:00"],
        ["2030-06-01T08:00:00", "9999-12-31T23:59:59-14:00", "soon"],
    ),
    "Decimal": (["0", "50.00", "120", "45.5"], ["-5", "1e40", "1.999", "abc"]),
    "String": (["Lisbon", "Porto", "Diff", "diff", "", "a\u00e9"], ["bad\x00", "tab\x01"]),
}


def one_in(n: int) -> st.SearchStrategy[bool]:
    """True one time in `n` (False is what a failure shrinks to)."""
    return st.sampled_from([False] * (n - 1) + [True])


@dataclass(frozen=True)
class World:
    """The rows the generated arguments point at: ids by what they are (the seeded
    workspace's, another workspace's), the listings' kinds, and a cancelled booking."""

    listings: dict[str, str]  # id -> kind (PROPERTY, TOUR, ...)
    providers: list[str]
    bookings: list[str]
    foreign: list[str]  # ids of another workspace (a listing, a provider, a booking)

    @property
    def ids(self) -> list[str]:
        return [*self.listings, *self.providers, *self.bookings, *self.foreign]


@dataclass
class Request:
    """One generated request: the document, the operation to run and the variables sent."""

    document: str
    operation_name: str | None
    variables: dict[str, Any]
    mutation: bool
    body: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        self.body = {"query": self.document}
        if self.variables:
            self.body["variables"] = self.variables
        if self.operation_name is not None:
            self.body["operationName"] = self.operation_name


class _Builder:
    """Draws one document (see the module's docstring); `draw` is Hypothesis'."""

    def __init__(self, draw: st.DrawFn, schema: graphql.GraphQLSchema, world: World) -> None:
        self.draw = draw
        self.schema = schema
        self.world = world
        self.fragments: dict[str, tuple[str, str]] = {}  # name -> (type condition, text)
        self.names = itertools.count()
        self.declared: dict[str, str] = {}  # argument variables of the operation being built
        self.values: dict[str, Any] = {}
        self.running = False  # whether the operation being built is the one run
        self.aliases = 0
        self.in_fragment = False

    def chance(self, n: int) -> bool:
        """True one time in `n`."""
        return self.draw(one_in(n))

    # -- values ---------------------------------------------------------------------------

    def value(self, type_: graphql.GraphQLInputType) -> Any:
        """A Python value for `type_` (JSON as a variable, printed as a literal): mostly of
        the right shape and often valid, sometimes null where null is allowed."""
        if not isinstance(type_, graphql.GraphQLNonNull) and self.chance(10):
            return None
        inner = graphql.get_nullable_type(type_)
        if isinstance(inner, graphql.GraphQLList):
            return [self.value(inner.of_type) for _ in range(self.draw(st.integers(0, 2)))]
        if isinstance(inner, graphql.GraphQLInputObjectType):
            out = {}
            for name, item in inner.fields.items():
                if graphql.is_required_input_field(item) or self.chance(3):
                    out[name] = self.value(item.type)
            return out
        if isinstance(inner, graphql.GraphQLEnumType):
            return self.draw(st.sampled_from(sorted(inner.values)))
        assert isinstance(inner, graphql.GraphQLScalarType)
        return self.draw(self.scalar(inner.name))

    def scalar(self, name: str) -> st.SearchStrategy[Any]:
        """Values of a scalar: well-formed ones, and now and then a value the
        service refuses (which refuses a whole document when it is a literal)."""
        good, odd = SCALARS.get(name, SCALARS["String"])
        if name == "ID":
            good = [*self.world.ids, *good]
        if name == "Date":
            today = date.today()
            good = [(today + timedelta(days=d)).isoformat() for d in (-3, 0, 1, 2, 7, 30)]
        return st.sampled_from(good * 8 + odd)

    def literal(self, value: Any, type_: graphql.GraphQLInputType, variables: bool) -> str:
        """`value` printed as a GraphQL literal of `type_`; with `variables`, a field of an
        input object is sometimes a variable instead."""
        if value is None:
            return "null"
        inner = graphql.get_nullable_type(type_)
        if isinstance(inner, graphql.GraphQLList):
            return "[" + ", ".join(self.literal(v, inner.of_type, variables) for v in value) + "]"
        if isinstance(inner, graphql.GraphQLInputObjectType):
            parts = []
            for name, item in value.items():
                slot = inner.fields[name].type
                if variables and self.chance(5):
                    parts.append(f"{name}: {self.variable(slot)}")
                else:
                    parts.append(f"{name}: {self.literal(item, slot, variables)}")
            return "{" + ", ".join(parts) + "}"
        if isinstance(inner, graphql.GraphQLEnumType) or isinstance(value, bool):
            return str(value).lower() if isinstance(value, bool) else str(value)
        if isinstance(value, int | float):
            return json.dumps(value)
        return json.dumps(value)  # a string: JSON's escapes are GraphQL's

    def variable(self, type_: graphql.GraphQLInputType) -> str:
        """A new variable for a slot of `type_`, declared with that type, or nullable with a
        default; its value is sent, sent as null, or left out."""
        name = f"v{next(self.names)}"
        declared = str(type_)
        if self.chance(4):  # a default (the nullable type may take one)
            nullable = graphql.get_nullable_type(type_)
            default = self.literal(self.value(graphql.GraphQLNonNull(nullable)), nullable, False)
            declared = f"{nullable} = {default}"
        self.declared[name] = declared
        required = declared.endswith("!")
        sent = self.draw(st.sampled_from(["value"] * (18 if required else 4) + ["null", "absent"]))
        if sent != "absent":
            self.values[name] = None if sent == "null" else self.value(type_)
        return f"${name}"

    def arguments(self, args: dict[str, graphql.GraphQLArgument], in_fragment: bool) -> str:
        out = []
        for name, arg in args.items():
            required = graphql.is_required_argument(arg)
            how = self.draw(st.sampled_from(["literal", "variable", "omit", "omit"]))
            if how == "omit" and not required:
                continue
            if how == "variable" and not in_fragment:
                out.append(f"{name}: {self.variable(arg.type)}")
            else:
                value = self.value(arg.type)
                out.append(f"{name}: {self.literal(value, arg.type, not in_fragment)}")
        return f"({', '.join(out)})" if out else ""

    # -- selections -----------------------------------------------------------------------

    def condition(self) -> str:
        # `$x` only in operations not run (never in fragments: the one run may spread them).
        other = not self.running and not self.in_fragment
        flag = "$x" if other and self.draw(st.booleans()) else "$flag"
        return self.draw(
            st.sampled_from(
                [
                    "",
                    "",
                    "",
                    "",
                    f" @skip(if: {flag})",
                    f" @include(if: {flag})",
                    " @skip(if: $s)",
                    " @include(if: $s)",
                    " @include(if: true)",
                    " @skip(if: false)",
                    f" @skip(if: $s) @include(if: {flag})",
                ]
            )
        )

    def alias(self, always: bool) -> str:
        """A new response name: always for fields with arguments (two of them under one name
        would conflict), sometimes for the others (unaliased repeats are merged)."""
        if always or self.chance(4):
            self.aliases += 1
            return f"a{self.aliases}: "
        return ""

    def field(
        self,
        parent: graphql.GraphQLObjectType | graphql.GraphQLInterfaceType,
        depth: int,
        in_fragment: bool,
    ) -> str:
        name = self.draw(st.sampled_from(["__typename", *parent.fields]))
        if name == "__typename":
            return self.alias(False) + "__typename" + self.condition()
        definition = parent.fields[name]
        args = self.arguments(definition.args, in_fragment)
        head = self.alias(bool(definition.args)) + name + args + self.condition()
        named = graphql.get_named_type(definition.type)
        if isinstance(named, graphql.GraphQLObjectType | graphql.GraphQLInterfaceType):
            return f"{head} {self.selection_set(named, depth - 1, in_fragment)}"
        return head

    def selection_set(
        self,
        type_: graphql.GraphQLObjectType | graphql.GraphQLInterfaceType,
        depth: int,
        in_fragment: bool,
        size: int = 4,
    ) -> str:
        if depth <= 0:
            return (
                "{ "
                + self.draw(
                    st.sampled_from(
                        ["__typename", "id"] if "id" in type_.fields else ["__typename"]
                    )
                )
                + " }"
            )
        parts = []
        for _ in range(self.draw(st.integers(1, size))):
            kind = self.draw(st.sampled_from(["field", "field", "field", "inline", "spread"]))
            if kind == "inline":
                parts.append(self.inline(type_, depth, in_fragment))
            elif kind == "spread":
                parts.append(self.spread(type_, depth))
            else:
                parts.append(self.field(type_, depth, in_fragment))
        return "{ " + " ".join(parts) + " }"

    def related(
        self, type_: graphql.GraphQLObjectType | graphql.GraphQLInterfaceType
    ) -> list[graphql.GraphQLObjectType | graphql.GraphQLInterfaceType]:
        """The types a fragment inside a selection on `type_` may be on: itself, its
        interfaces, and for an interface, the types implementing it."""
        if isinstance(type_, graphql.GraphQLInterfaceType):
            return [type_, *self.schema.get_possible_types(type_)]
        return [type_, *type_.interfaces]

    def inline(
        self,
        type_: graphql.GraphQLObjectType | graphql.GraphQLInterfaceType,
        depth: int,
        in_fragment: bool,
    ) -> str:
        on = self.draw(st.sampled_from([None, *self.related(type_)]))
        inner = self.selection_set(on or type_, depth - 1, in_fragment, size=3)
        condition = f" on {on.name}" if on is not None else ""
        return f"...{condition}{self.condition()} {inner}"

    def spread(
        self, type_: graphql.GraphQLObjectType | graphql.GraphQLInterfaceType, depth: int
    ) -> str:
        related = {t.name for t in self.related(type_)}
        known = sorted(n for n, (on, _) in self.fragments.items() if on in related)
        if known and self.draw(st.booleans()):
            name = self.draw(st.sampled_from(known))
        else:
            on = self.draw(st.sampled_from(self.related(type_)))
            outer, self.in_fragment = self.in_fragment, True
            body = self.selection_set(on, depth - 1, in_fragment=True, size=3)
            self.in_fragment = outer
            name = f"F{next(self.names)}"
            self.fragments[name] = (on.name, f"fragment {name} on {on.name} {body}")
        return f"...{name}{self.condition()}"

    # -- operations -------------------------------------------------------------------

    def operation(self, kind: str, name: str | None, running: bool, depth: int) -> str:
        self.running = running
        self.declared = {}
        if kind == "mutation" and running:
            body = self.harmless_mutations()
        else:
            root = self.schema.mutation_type if kind == "mutation" else self.schema.query_type
            assert root is not None
            body = self.selection_set(root, depth, in_fragment=False)
        used = set(re.findall(r"\$(\w+)", self.with_fragments(body)))
        declarations = [f"${v}: {CONDITIONS[v]}" for v in CONDITIONS if v in used]
        declarations += [f"${v}: {t}" for v, t in self.declared.items() if v in used]
        head = kind + (f" {name}" if name else "")
        if declarations:
            head += f"({', '.join(declarations)})"
        return f"{head} {body}"

    def with_fragments(self, text: str) -> str:
        """`text` and the text of every fragment it spreads, transitively."""
        seen: set[str] = set()
        pending = [text]
        out = []
        while pending:
            part = pending.pop()
            out.append(part)
            for name in re.findall(r"\.\.\.(F\d+)", part):
                if name not in seen and name in self.fragments:
                    seen.add(name)
                    pending.append(self.fragments[name][1])
        return " ".join(out)

    def harmless_mutations(self) -> str:
        """Mutation fields whose answers do not depend on what ran before (see the module's
        docstring), each maybe conditional."""
        mutation = self.schema.mutation_type
        assert mutation is not None
        parts = []
        for _ in range(self.draw(st.integers(1, 3))):
            kind = self.draw(
                st.sampled_from(["create", "create", "book", "cancel", "toggle", "typename"])
            )
            condition = self.condition()
            if kind == "typename":
                parts.append(f"{self.alias(False)}__typename{condition}")
            elif kind == "toggle":
                target = self.draw(st.sampled_from(sorted(self.world.listings)))
                target_type = self.draw(
                    st.sampled_from([self.world.listings[target], "PROPERTY", "TOUR"])
                )
                call = f'toggleTravelFavorite(targetType: {target_type}, targetId: "{target}")'
                parts.append(
                    f"{self.alias(True)}{call}{condition} {self.alias(True)}{call}{condition}"
                )
            else:
                # The creations that take an `input` (createTravelPhotoUpload takes an id: the
                # isolation matrix refuses it with every id of nothing).
                creations = sorted(
                    name
                    for name, field in mutation.fields.items()
                    if name.startswith("createTravel") and "input" in field.args
                )
                name = {"book": "createTravelBooking", "cancel": "cancelTravelBooking"}.get(kind)
                name = name or self.draw(st.sampled_from(creations))
                definition = mutation.fields[name]
                args = self.refused_arguments(name, definition)
                named = graphql.get_named_type(definition.type)
                assert isinstance(named, graphql.GraphQLObjectType)
                selection = self.selection_set(named, 2, in_fragment=False, size=3)
                parts.append(f"{self.alias(True)}{name}{args}{condition} {selection}")
        return "{ " + " ".join(parts) + " }"

    def refused_arguments(self, name: str, definition: graphql.GraphQLField) -> str:
        """Arguments the service refuses whatever else they hold: an id of nothing or of
        another workspace, no guests, a check-in in the past, a provider without a name."""
        if name == "cancelTravelBooking":
            bad = self.draw(st.sampled_from([str(uuid.UUID(int=9)), "nope", *self.world.foreign]))
            return (
                f'(id: "{bad}")'
                if self.draw(st.booleans())
                else f"(id: {self.poisoned_variable('ID!', bad)})"
            )
        input_type = definition.args["input"].type
        value = self.value(input_type)
        unknown = self.draw(st.sampled_from([str(uuid.UUID(int=11)), *self.world.foreign]))
        if name == "createTravelBooking":
            poison = self.draw(
                st.sampled_from([("targetId", unknown), ("guests", 0), ("checkIn", "2001-01-01")])
            )
        elif name == "createTravelProvider":
            poison = ("name", self.draw(st.sampled_from(["", "   ", "", "   ", "bad\x01"])))
        else:
            poison = ("providerId", unknown)
        value[poison[0]] = poison[1]
        if self.draw(st.booleans()):
            return f"(input: {self.literal(value, input_type, False)})"
        return f"(input: {self.poisoned_variable(str(input_type), value)})"

    def poisoned_variable(self, declared: str, value: Any) -> str:
        """A variable of the operation run, always sent with `value`."""
        name = f"v{next(self.names)}"
        self.declared[name] = declared
        self.values[name] = value
        return f"${name}"


@st.composite
def requests(
    draw: st.DrawFn, schema: graphql.GraphQLSchema, world: World, *, mutation: bool
) -> Request:
    """A request: a document of one to three operations and the variables of the one run
    (a mutation when `mutation`, a query otherwise)."""
    builder = _Builder(draw, schema, world)
    count = draw(st.integers(1, 3))
    run = draw(st.integers(0, count - 1))
    kinds = [
        ("mutation" if mutation else "query")
        if i == run
        else draw(st.sampled_from(["query", "query", "mutation"]))
        for i in range(count)
    ]
    anonymous = count == 1 and draw(st.booleans())
    operations = []
    values: dict[str, Any] = {}
    for i, kind in enumerate(kinds):
        builder.values = {}
        operations.append(
            builder.operation(kind, None if anonymous else f"Op{i}", i == run, depth=3)
        )
        if i == run:
            values = builder.values
    variables = {"flag": draw(st.booleans())}
    s = draw(st.sampled_from(CONDITION_VALUES))
    if s is not ABSENT:
        variables["s"] = s
    if draw(one_in(30)):
        del variables["flag"]  # a required variable missing: refused before anything runs
    variables.update(values)
    fragments = [text for _, text in builder.fragments.values()]
    order = draw(st.permutations(operations + fragments))
    name = None if anonymous else f"Op{run}"
    if count == 1 and not anonymous and draw(st.booleans()):
        name = None  # one operation: operationName may be left out
    return Request(" ".join(order), name, variables, mutation)
