"""The compiled fast path must answer exactly as graphql-core's executor does.

Hypothesis generates documents over a schema built to exercise every feature the fast path
claims (aliases, fragments, inline fragments on interfaces and unions, `__typename`, @skip and
@include with variables, arguments, lists, non-null propagation, resolver errors, async
resolvers batched like DataLoaders, custom scalars that fail to serialise). Both executors run
each document; data and errors (message, path, locations) must be identical.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from graphql import ExecutionResult, GraphQLError, execute, parse, validate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from travel.graphql.binder import ObjectBinding, ScalarBinding, SchemaModule, build
from travel.graphql.dataloader import DataLoader
from travel.graphql.documents import PreparedDocument
from travel.graphql.errors import format_error
from travel.graphql.fastpath import FastExecutor
from travel.http.graphql import _status_for

SDL = """
type Query {
  hero: Character
  heroes(first: Int = 3): [Character!]!
  maybeHeroes: [Character]
  things: [Thing!]
  broken: Character!
  fails: String
  count(n: Int!, by: Scale, times: Int @deprecated(reason: "Use by.")): Int
  money: Money
  badMoney: Money
}
scalar Money
input Scale { factor: Int = 1, legacy: Int @deprecated(reason: "Use factor.") }
enum Side { LIGHT DARK }
interface Character { id: ID! name: String! side: Side friends: [Character!]! }
type Human implements Character {
  id: ID! name: String! side: Side friends: [Character!]!
  homePlanet: String
  strictNothing: String!
  lazyName: String!
  lazyFail: String
  lazyStrictFail: Int!
  bestFriend: Character
  strictBestFriend: Character!
}
type Droid implements Character {
  id: ID! name: String! side: Side friends: [Character!]!
  primaryFunction: String
  owner: Human
  bestFriend: Character
}
union Thing = Human | Droid
type Mutation {
  promote(id: ID!): Character
  demote(id: ID!): Character!
  note(text: String!): String
  explode: String
  strictExplode: String!
}
"""


@dataclass(frozen=True)
class Person:
    id: str
    name: str
    side: str | None
    friend_ids: tuple[str, ...]
    home_planet: str | None = None
    primary_function: str | None = None
    owner_id: str | None = None


PEOPLE = {
    "1": Person("1", "Luke", "LIGHT", ("2", "3"), home_planet="Tatooine"),
    "2": Person("2", "R2-D2", "LIGHT", ("1",), primary_function="Astromech", owner_id="1"),
    "3": Person("3", "Vader", "DARK", ("1", "4"), home_planet=None),
    "4": Person("4", "Probe", None, (), primary_function=None, owner_id="3"),
}


def _kind(p: Person) -> str:
    return "Droid" if p.primary_function is not None or p.owner_id else "Human"


async def _later(value: Any) -> Any:
    await asyncio.sleep(0)
    return value


def build_test_schema() -> Any:
    query, human, droid = ObjectBinding("Query"), ObjectBinding("Human"), ObjectBinding("Droid")
    query.field("hero")(lambda *_: PEOPLE["1"])
    query.field("heroes")(lambda _s, _i, first: list(PEOPLE.values())[:first])
    query.field("maybeHeroes")(lambda *_: [PEOPLE["1"], None, PEOPLE["2"]])
    query.field("things")(lambda *_: [PEOPLE["2"], PEOPLE["3"]])
    query.field("broken")(lambda *_: None)

    def fails(*_: Any) -> str:
        raise ValueError("resolver failed")

    query.field("fails")(fails)

    def count(_s: Any, _i: Any, n: int, by: Any = None, times: Any = None) -> Any:
        # A deprecated argument beside its replacement, as travelBookings(filter, where) has.
        if by is not None and times is not None:
            raise ValueError("give by or the deprecated times, not both")
        factor = times if times is not None else (by or {}).get("factor", 1)
        return _later(n * 2 * factor + (by or {}).get("legacy", 0))

    query.field("count")(count)
    query.field("money")(lambda *_: 1250)
    query.field("badMoney")(lambda *_: "not money")
    for binding in (human, droid):
        binding.field("friends")(lambda p, *_: [PEOPLE[i] for i in p.friend_ids])
    human.field("strictNothing")(lambda *_: None)
    human.field("lazyName")(lambda p, *_: _later(p.name.upper()))

    async def lazy_fail(*_: Any) -> str:
        raise RuntimeError("async failure")

    human.field("lazyFail")(lazy_fail)
    human.field("lazyStrictFail")(lazy_fail)
    droid.field("owner")(lambda p, *_: _later(PEOPLE[p.owner_id]) if p.owner_id else None)

    def best_friend(p: Person, info: Any) -> Any:  # a DataLoader future, as the app's loaders give
        return info.context["people"].load(p.friend_ids[-1] if p.friend_ids else "nobody")

    human.field("bestFriend")(best_friend)
    human.field("strictBestFriend")(best_friend)
    droid.field("bestFriend")(best_friend)

    def money_out(v: Any) -> str:
        if not isinstance(v, int):
            raise GraphQLError(f"Money cannot represent {v!r}")
        return f"{v / 100:.2f}"

    mutation = ObjectBinding("Mutation")

    def logged(name: str, value: Any) -> Callable[..., Any]:
        """A resolver that records its call in the context's log (the side effect) and
        returns `value(args)`; a coroutine for the async ones."""

        def sync(_: Any, info: Any, **args: Any) -> Any:
            info.context["log"].append((name, tuple(sorted(args.items()))))
            return value(args)

        async def deferred(_: Any, info: Any, **args: Any) -> Any:
            await asyncio.sleep(0)
            return sync(_, info, **args)

        return deferred if name in ("promote", "demote") else sync

    def missing(args: dict[str, Any]) -> Any:
        return PEOPLE.get(args["id"]) if args["id"] != "4" else None  # Probe: gone

    def explode(_: dict[str, Any]) -> Any:
        raise RuntimeError("exploded")

    mutation.field("promote")(logged("promote", missing))
    mutation.field("demote")(logged("demote", missing))
    mutation.field("note")(logged("note", lambda a: a["text"].upper()))
    mutation.field("explode")(logged("explode", explode))
    mutation.field("strictExplode")(logged("strictExplode", explode))

    module = SchemaModule(
        SDL,
        objects=[query, human, droid, mutation],
        scalars=[ScalarBinding("Money", money_out, lambda v: v, lambda n, _v=None: n)],
        type_resolvers={"Character": lambda v, *_: _kind(v), "Thing": lambda v, *_: _kind(v)},
    )
    return build([module], wrap_mutation=lambda r: r)


SCHEMA = build_test_schema()
FIELDS = {
    "Character": ["id", "name", "side", "__typename"],
    "Human": [
        "homePlanet",
        "strictNothing",
        "lazyName",
        "lazyFail",
        "lazyStrictFail",
        "bestFriend { id name }",
        "strictBestFriend { id ... on Human { lazyName } }",
    ],
    "Droid": ["primaryFunction"],
}


@st.composite
def character_selection(draw: st.DrawFn, depth: int) -> str:
    parts = draw(st.lists(st.sampled_from(FIELDS["Character"]), min_size=1, max_size=4))
    out = [draw(_aliased(p)) for p in parts]
    if draw(st.booleans()):
        human = draw(st.lists(st.sampled_from(FIELDS["Human"]), min_size=1, max_size=3))
        out.append("... on Human { " + " ".join(draw(_aliased(f)) for f in human) + " }")
    if draw(st.booleans()):
        out.append(
            "...DroidBits" + draw(st.sampled_from(["", " @include(if: $flag)", " @skip(if: $s)"]))
        )
    if depth > 0 and draw(st.booleans()):
        out.append("friends { " + draw(character_selection(depth - 1)) + " }")
    if depth > 0 and draw(st.booleans()):
        out.append("... on Droid { owner { " + draw(character_selection(depth - 1)) + " } }")
    if depth > 0 and draw(st.booleans()):
        out.append("... on Droid { bestFriend { " + draw(character_selection(depth - 1)) + " } }")
    if draw(st.booleans()):
        out.append("name @include(if: $flag)")
    if draw(st.booleans()):
        out.append("alias_side: side @skip(if: $flag)")
    return " ".join(out)


def _aliased(field: str) -> st.SearchStrategy[str]:
    name = field.split(" ", 1)[0]
    return st.sampled_from([field, f"a_{name.strip('_')}: {field}"])


QUERY_ROOTS = [
    "hero",
    "heroes",
    "heroes(first: $n)",
    "maybeHeroes",
    "things",
    "broken",
    "fails",
    "count(n: $n)",
    "count(n: 4)",
    "count(n: $n, times: 3)",
    "count(n: $n, by: {factor: 2})",
    "count(n: 1, by: {legacy: 5})",
    "count(n: 1, by: {}, times: 2)",
    "money",
    "badMoney",
    "__typename",
]
THINGS = "things { __typename ... on Droid { primaryFunction } ...on Human { homePlanet } }"
MUTATION_ROOTS = [
    'promote(id: "1")',
    'promote(id: "4")',
    'demote(id: "2")',
    'demote(id: "4")',
    'note(text: "hi")',
    "explode",
    "strictExplode",
    "__typename",
]


@st.composite
def _operation(draw: st.DrawFn, kind: str, roots: list[str], depth: int) -> str:
    """An operation of up to five aliased root fields; those returning characters get a
    generated selection `depth` levels deep."""
    fields = []
    for root in draw(st.lists(st.sampled_from(roots), min_size=1, max_size=5)):
        alias = draw(st.sampled_from(["", "x1: ", "x2: ", "x3: "]))
        name, _, rest = root.partition("(")
        # Any root field may be conditional (a mutation whose every field is skipped answers {}).
        directive = draw(st.sampled_from(["", "", " @skip(if: $flag)", " @include(if: $s)"]))
        call = name + ("(" + rest if rest else "") + directive
        if root == "things":
            fields.append(alias + THINGS.replace("things", "things" + directive, 1))
        elif name in ("hero", "heroes", "maybeHeroes", "broken", "promote", "demote"):
            fields.append(f"{alias}{call} {{ {draw(character_selection(depth))} }}")
        else:
            fields.append(alias + call)
    fields.append("s_typename: __typename @skip(if: $s)")  # `$s` is always used
    fragment = "fragment DroidBits on Droid { primaryFunction __typename }"
    # Another operation in the same document, whose condition uses a variable the chosen one
    # does not define: it must never be evaluated.
    other = "query Other($x: Boolean!) { hero @include(if: $x) { id ...DroidBits @skip(if: $x) } }"
    return (
        f"{kind} Q($flag: Boolean!, $n: Int!, $s: Boolean = true) {{ {' '.join(fields)} }} "
        f"{other} {fragment}"
    )


# `$s` (Boolean, default true) sent as true, false, null, or not at all.
S_VALUES = st.sampled_from([True, False, None, "absent"])


def _variables(flag: bool, n: int, s: object) -> dict[str, Any]:
    variables: dict[str, Any] = {"flag": flag, "n": n}
    if s != "absent":
        variables["s"] = s
    return variables


def documents() -> st.SearchStrategy[str]:
    return _operation("query", QUERY_ROOTS, 2)


def mutation_documents() -> st.SearchStrategy[str]:
    """Mutations: fields run serially with side effects (logged), some fail, some non-null."""
    return _operation("mutation", MUTATION_ROOTS, 1)


def _visible_path(data: Any, path: list[Any] | None) -> list[Any]:
    """The path down to the first null on it. When a non-null failure nulls a whole subtree,
    several failures inside it race to be the one reported; which wins is scheduling, not
    semantics, so errors are compared at the point the response actually shows as null."""
    if path is None:
        return []
    node, seen = data, []
    for key in path:
        if node is None:
            break
        seen.append(key)
        node = node[key] if isinstance(node, list) else node.get(key)
    return seen


def _normalise(result: ExecutionResult) -> tuple[Any, list[tuple[Any, ...]], object]:
    errors = sorted(
        {
            (
                str(_visible_path(result.data, e.path)),
                e.message if _visible_path(result.data, e.path) == e.path else "(nulled subtree)",
                tuple((loc.line, loc.column) for loc in e.locations or ())
                if _visible_path(result.data, e.path) == e.path
                else (),
            )
            for e in result.errors or ()
        }
    )
    return result.data, errors, (result.extensions or {}).get("status")


def _context() -> dict[str, Any]:
    async def batch(ids: Sequence[str]) -> dict[str, Person]:
        await asyncio.sleep(0)
        return {i: PEOPLE[i] for i in ids if i in PEOPLE and i != "4"}  # Probe: not found

    return {"people": DataLoader(batch), "log": []}


async def _both(query: str, variables: dict[str, Any]) -> tuple[ExecutionResult, ExecutionResult]:
    reference, fast, _ = await _both_logged(query, variables)
    return reference, fast


async def _both_logged(
    query: str, variables: dict[str, Any]
) -> tuple[ExecutionResult, ExecutionResult, tuple[list[Any], list[Any]]]:
    """Both executors' results and the side effects each caused (the resolvers' log)."""
    document = parse(query)
    reference_context, fast_context = _context(), _context()
    reference = execute(
        SCHEMA,
        document,
        variable_values=variables,
        context_value=reference_context,
        operation_name="Q",
    )
    if not isinstance(reference, ExecutionResult):
        reference = await reference
    operations = {d.name.value: d for d in document.definitions if hasattr(d, "operation")}
    prepared = PreparedDocument(document=document, errors=[], operations=operations)
    reference = _with_status(reference)
    fast = await FastExecutor(SCHEMA).execute(prepared, operations["Q"], variables, fast_context)
    if fast is None:
        # Only a condition that cannot be decided (`$s` sent as null to `@skip(if: $s)`) is
        # handed to graphql-core, as the service's Executor does.
        assert variables.get("s", False) is None, "the fast path refused a supported document"
        return reference, reference, (reference_context["log"], reference_context["log"])
    return reference, _with_status(fast), (reference_context["log"], fast_context["log"])


def _with_status(result: ExecutionResult) -> ExecutionResult:
    """The result, carrying the HTTP status the service would answer it with (compared too)."""
    formatted = [format_error(e, "differential") for e in result.errors or ()]
    result.extensions = {"status": _status_for(result, formatted)}
    return result


# graphql-core's own executor (the reference) abandons some resolver coroutines when a non-null
# error nulls their parent; they are finalised whenever the collector gets to them, sometimes in
# the middle of Hypothesis' own work, where their finalisation is reported as "unraisable".
# That is the reference's behaviour, not the compiled path's: both are ignored in these two tests.
ABANDONED = (
    pytest.mark.filterwarnings("ignore:coroutine .* was never awaited:RuntimeWarning"),
    pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning"),
)


@ABANDONED[0]
@ABANDONED[1]
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(query=documents(), flag=st.booleans(), n=st.integers(min_value=0, max_value=4), s=S_VALUES)
def test_fast_path_matches_graphql_core(query: str, flag: bool, n: int, s: object) -> None:
    if validate(SCHEMA, parse(query)):
        return  # an invalid combination (e.g. conflicting aliases) never reaches execution
    try:
        reference, fast = asyncio.run(_both(query, _variables(flag, n, s)))
    finally:
        # Finalise abandoned coroutines now, under this test's warning filter (pytest's own
        # collection after the test would report them as unraisable, at random).
        gc.collect()
    assert _normalise(fast) == _normalise(reference), query


@ABANDONED[0]
@ABANDONED[1]
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    query=mutation_documents(),
    flag=st.booleans(),
    n=st.integers(min_value=0, max_value=4),
    s=S_VALUES,
)
def test_fast_path_runs_mutations_as_graphql_core_does(
    query: str, flag: bool, n: int, s: object
) -> None:
    """Same response and the same side effects in the same order: serial execution, and
    nothing after a non-null field fails."""
    if validate(SCHEMA, parse(query)):
        return
    try:
        reference, fast, (reference_log, fast_log) = asyncio.run(
            _both_logged(query, _variables(flag, n, s))
        )
    finally:
        gc.collect()
    assert fast_log == reference_log, query
    assert _normalise(fast) == _normalise(reference), query


def test_a_failed_non_null_mutation_field_stops_the_rest() -> None:
    query = 'mutation Q { a: note(text: "x") strictExplode b: note(text: "y") }'
    reference, fast, (reference_log, fast_log) = asyncio.run(_both_logged(query, {}))
    assert fast.data is None
    assert reference.data is None
    assert fast_log == reference_log == [("note", (("text", "x"),)), ("strictExplode", ())]


def test_a_mutation_with_every_field_skipped_answers_an_empty_object() -> None:
    query = 'mutation Q($s: Boolean = true) { note(text: "x") @skip(if: $s) }'
    reference, fast = asyncio.run(_both(query, {}))
    assert fast.data == reference.data == {}
    assert _normalise(fast) == _normalise(reference)


def test_conditions_of_other_operations_are_not_evaluated() -> None:
    query = (
        "query A($x: Boolean!) { hero @include(if: $x) { id } } "
        "query Q { hero { id } note: count(n: 1) }"
    )
    reference, fast = asyncio.run(_both(query, {}))
    assert fast.errors is None
    assert _normalise(fast) == _normalise(reference)


def test_variable_coercion_errors_match() -> None:
    query = (
        "query Q($flag: Boolean!, $n: Int!) { count(n: $n) name: __typename @include(if: $flag) }"
    )
    reference, fast = asyncio.run(_both(query, {"flag": "yes", "n": 1}))
    assert reference.data is None
    assert _normalise(fast) == _normalise(reference)


def test_introspection_falls_back() -> None:
    document = parse("query Q { __schema { queryType { name } } }")
    prepared = PreparedDocument(
        document=document, errors=[], operations={"Q": document.definitions[0]}
    )  # type: ignore[dict-item]
    assert (
        asyncio.run(FastExecutor(SCHEMA).execute(prepared, document.definitions[0], {}, None))
        is None
    )  # type: ignore[arg-type]
