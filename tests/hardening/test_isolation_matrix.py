"""The tenant-isolation matrix, generated from introspection (docs/reliability.md, "Tenant
isolation").

Two workspaces, A and B, each get the same world through the API: a host and an operator
provider, a listing of every kind, bookings and favorites, every name carrying the workspace's
marker. A is beside B in the shared database, or a dedicated tenant in its own. Then, from the
live schema:

- every Query and Mutation field that takes an ID (as an argument, or as a field of an input
  argument) is called from B, with every role's key, a key narrowed to each single permission
  and an OIDC token, once with each id of A's world in each such place. The answer must be the
  very answer B gets for an id that exists nowhere (status, codes, messages, data): a foreign id
  is indistinguishable from an unknown one. A field that answers one object refuses with
  NOT_FOUND (FORBIDDEN where the credential lacks the permission; never anything else), and an
  admin of B, who lacks no permission, always gets NOT_FOUND.
- A's state, read through the API by its admin, host and traveler (every Query field without
  required arguments), is the same before and after.
- every Query field without required arguments answers each credential of B the same before
  and after A's world exists, and nothing in it is an id or a name of A.
- each generated call, made by B's admin with B's own ids, succeeds for at least one id (and a
  list finds something): the arguments are right, so B's refusals of A's ids are about the
  workspace (`calibrate`, which also picks each call's argument variant).

Arguments are built from the input types (`Arguments`); a scalar it does not know fails the
test asking for a builder, and an id-taking field no object of the world satisfies fails
asking for one: a new operation is covered, or the test says what it needs.
"""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import graphql
import httpx
import pytest
from PIL import Image

from tests.factories import (
    CREATE_LISTING_MUTATIONS,
    Tenant,
    api_listing,
    api_provider,
    create_tenant,
    future_date,
    issue_key,
    request_booking,
)
from tests.support.api import data, post
from tests.support.dedicated import dedicated_database
from tests.support.live import LiveServer
from tests.support.oidc import Issuer
from tests.support.schema import CASES, documented_codes, introspect, leaf_selection
from travel.auth.permissions import ALL_PERMISSIONS

CODES = documented_codes()


@dataclass
class World:
    """A workspace with one of everything, made through the API by its own members."""

    tenant: Tenant
    marker: str
    objects: list[tuple[str, str, str | None]] = field(default_factory=list)  # label, id, kind
    credentials: dict[str, str] = field(default_factory=dict)

    @property
    def ids(self) -> set[str]:
        return {id_ for _, id_, _ in self.objects} | {self.tenant.id}


def _photo() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (400, 300), (10, 90, 160)).save(out, "JPEG")
    return out.getvalue()


def new_marker() -> str:
    return f"mark{uuid.uuid4().hex[:10]}"


def build_world(
    server: LiveServer, issuer: Issuer, database_url: str | None = None, marker: str = ""
) -> World:
    tenant = create_tenant(server, plan="enterprise", database_url=database_url)
    world = World(tenant, marker=marker or new_marker())
    host, traveler, admin = (tenant.keys[r] for r in ("host", "traveler", "admin"))
    stays = api_provider(server, host, f"{world.marker} stays")
    operator = api_provider(server, host, f"{world.marker} tours", type="OPERATOR")
    world.objects += [("provider HOST", stays, None), ("provider OPERATOR", operator, None)]
    listings = {}
    for kind in CREATE_LISTING_MUTATIONS:
        provider = stays if kind == "PROPERTY" else operator
        name = f"{world.marker} {kind.lower()}"
        listings[kind] = api_listing(
            server, host, kind, provider, name=name, units=3 if kind == "PROPERTY" else None
        )
        world.objects.append((f"listing {kind}", listings[kind], kind))
    # The calendar's own objects: a block and a seasonal price, far from the bookings' dates.
    far = {"startsOn": future_date(300), "endsOn": future_date(301)}
    calendar = (
        (
            "block",
            "blockTravelListingDates(input: $input) { id }",
            "BlockTravelListingDatesInput",
            {},
        ),
        (
            "seasonal price",
            "setTravelSeasonalPrice(input: $input) { id }",
            "SetTravelSeasonalPriceInput",
            {"price": "99.00"},
        ),
    )
    for label, field_, input_type, more in calendar:
        mutation = f"mutation ($input: {input_type}!) {{ {field_} }}"
        variables = {"input": {"listingId": listings["PROPERTY"], **far, **more}}
        (made,) = data(server, host, mutation, variables).values()
        world.objects.append((label, made["id"], None))
    # A photo of the stay, and an upload that arrived but was not added yet.
    for label in ("photo upload", "photo"):
        upload = "mutation ($id: ID!) { createTravelPhotoUpload(listingId: $id) { id uploadPath } }"
        place = data(server, host, upload, {"id": listings["PROPERTY"]})["createTravelPhotoUpload"]
        sent = httpx.put(server.url + place["uploadPath"], content=_photo(), timeout=60)
        assert sent.status_code == 201, sent.text
        made = place["id"]
        if label == "photo":
            add = "mutation ($input: AddTravelListingPhotoInput!) { addTravelListingPhoto(input: $input) { id } }"
            variables = {"input": {"uploadId": place["id"], "alt": f"{world.marker} photo"}}
            made = data(server, host, add, variables)["addTravelListingPhoto"]["id"]
        world.objects.append((label, made, None))
    for kind, days in (("PROPERTY", 20), ("TOUR", 21)):
        dates = {"checkIn": future_date(days)} | (
            {"checkOut": future_date(days + 2)} if kind == "PROPERTY" else {}
        )
        booked = request_booking(server, traveler, listings[kind], target_type=kind, **dates)
        world.objects.append(
            (f"booking {kind}", booked.json()["data"]["createTravelBooking"]["id"], kind)
        )
    toggle = "mutation ($t: TravelBookingType!, $id: ID!) { toggleTravelFavorite(targetType: $t, targetId: $id) }"
    for key, kind in ((traveler, "TOUR"), (admin, "ACTIVITY")):
        assert data(server, key, toggle, {"t": kind, "id": listings[kind]})["toggleTravelFavorite"]
    for key in (traveler, admin):
        for favorite in data(server, key, "{ travelFavorites { id targetType } }")[
            "travelFavorites"
        ]:
            world.objects.append(
                (f"favorite {favorite['targetType']}", favorite["id"], favorite["targetType"])
            )
    # Every credential kind: each role's key, a key narrowed to each permission (of the admin,
    # so that the narrowing is all that limits it), and an OIDC token of the admin.
    world.credentials = {role: tenant.keys[role] for role in ("traveler", "host", "admin")}
    subject = data(server, admin, "{ travelViewer { subject } }")["travelViewer"]["subject"]
    for permission in ALL_PERMISSIONS:
        narrowed = issue_key(server, tenant.workspace, subject=subject, permissions=[permission])
        world.credentials[f"key narrowed to {permission}"] = narrowed.secret
    world.credentials["OIDC token of the admin"] = issuer.token(subject, tenant.id, expires_in=3600)
    return world


@dataclass(frozen=True)
class Slot:
    """Where an id goes in a root field's arguments: an argument, or a field of an input."""

    argument: str
    path: tuple[str, ...] = ()

    def __str__(self) -> str:
        return ".".join((self.argument, *self.path))


def id_slots(field_: graphql.GraphQLField) -> list[Slot]:
    slots = []
    for name, argument in field_.args.items():
        slots += [Slot(name, path) for path in _id_paths(argument.type, depth=3)]
    return slots


def _id_paths(type_: graphql.GraphQLInputType, depth: int) -> Iterator[tuple[str, ...]]:
    named = graphql.get_named_type(type_)
    if named is graphql.GraphQLID:
        yield ()
    elif isinstance(named, graphql.GraphQLInputObjectType) and depth > 0:
        for name, input_field in named.fields.items():
            for rest in _id_paths(input_field.type, depth - 1):
                yield (name, *rest)


class Arguments:
    """Arguments for a root field built from its input types: required arguments and input
    fields, the id in its slot, an enum set to the target's kind where it has that value (else
    its first value). With `full`, an optional Date or DateTime beside a required one of the
    same type is given too (checkOut after checkIn, arrivesAt after departsAt); each date given
    is later than the one before."""

    SCALARS = {
        "String": "isolation probe",
        "Int": 2,
        "Float": 1.0,
        "Boolean": False,
        "Decimal": "10.00",
    }

    def __init__(self, field_name: str, id_value: str, kind: str | None, *, full: bool) -> None:
        self.field_name, self.id_value, self.kind, self.full = field_name, id_value, kind, full
        self.dates = 0

    def build(self, field_: graphql.GraphQLField, slot: Slot) -> dict[str, Any]:
        values = {}
        for name, argument in field_.args.items():
            if name == slot.argument:
                values[name] = self.value(argument.type, slot.path)
            elif graphql.is_required_argument(argument):
                values[name] = self.value(argument.type, None)
        return values

    def value(self, type_: graphql.GraphQLInputType, path: tuple[str, ...] | None) -> Any:
        if isinstance(type_, graphql.GraphQLNonNull):
            return self.value(type_.of_type, path)
        if isinstance(type_, graphql.GraphQLList):
            return [self.value(type_.of_type, path)]
        if isinstance(type_, graphql.GraphQLEnumType):
            return self.kind if self.kind in type_.values else next(iter(type_.values))
        if isinstance(type_, graphql.GraphQLInputObjectType):
            return self.input_object(type_, path)
        assert isinstance(type_, graphql.GraphQLScalarType)
        if type_ is graphql.GraphQLID:
            return self.id_value
        if type_.name in ("Date", "DateTime"):
            self.dates += 1
            at = datetime(2031, 5, 1, 10, tzinfo=UTC) + timedelta(days=self.dates)
            return at.date().isoformat() if type_.name == "Date" else at.isoformat()
        if type_.name not in self.SCALARS:
            pytest.fail(f"add an argument builder for scalar {type_.name} (in {self.field_name})")
        return self.SCALARS[type_.name]

    def input_object(
        self, type_: graphql.GraphQLInputObjectType, path: tuple[str, ...] | None
    ) -> dict[str, Any]:
        required_types = {
            graphql.get_named_type(f.type).name
            for f in type_.fields.values()
            if graphql.is_required_input_field(f)
        }
        values = {}
        for name, input_field in type_.fields.items():
            named = graphql.get_named_type(input_field.type).name
            if path is not None and path[:1] == (name,):
                values[name] = self.value(input_field.type, path[1:])
            elif graphql.is_required_input_field(input_field) or (
                self.full and named in ("Date", "DateTime") and named in required_types
            ):
                values[name] = self.value(input_field.type, None)
        return values


def variants(
    name: str, field_: graphql.GraphQLField, slot: Slot, id_value: str, kind: str | None
) -> list[dict[str, Any]]:
    """The distinct argument sets for an id in a slot (minimal, and full when it differs)."""
    found: list[dict[str, Any]] = []
    for full in (False, True):
        arguments = Arguments(name, id_value, kind, full=full).build(field_, slot)
        if arguments not in found:
            found.append(arguments)
    return found


class Client:
    """One keep-alive connection to the live server (thousands of calls)."""

    def __init__(self, server: LiveServer) -> None:
        self.url = server.graphql_url
        self.http = httpx.Client(timeout=60)

    def post(self, credential: str, document: str, variables: dict[str, Any]) -> httpx.Response:
        CASES["isolation: requests"] += 1
        headers = {"Authorization": f"Bearer {credential}"}
        return self.http.post(
            self.url, json={"query": document, "variables": variables}, headers=headers
        )


def aliased_calls(
    root: str, name: str, field_: graphql.GraphQLField, calls: list[dict[str, Any]]
) -> tuple[str, dict[str, Any]]:
    """One document calling the root field once per argument set, as aliases c0, c1, ..., with
    the arguments as variables, selecting its scalars two levels deep."""
    declared, variables, parts = [], {}, []
    selection = leaf_selection(field_.type, depth=2)
    for i, arguments in enumerate(calls):
        passed = []
        for argument, value in arguments.items():
            variable = f"c{i}_{argument}"
            declared.append(f"${variable}: {field_.args[argument].type}")
            variables[variable] = value
            passed.append(f"{argument}: ${variable}")
        call = f"c{i}: {name}" + (f"({', '.join(passed)})" if passed else "")
        parts.append(call + (f" {{ {selection} }}" if selection else ""))
    heading = f"{root} ({', '.join(declared)})" if declared else root
    return f"{heading} {{ {' '.join(parts)} }}", variables


def answers(response: httpx.Response, count: int, sent: list[str]) -> list[str]:
    """Each alias's answer (its data and its errors, locations dropped), with the id it was sent
    replaced: two aliases sent two ids compare equal when they say the same thing."""
    assert response.status_code == 200, response.text
    body = response.json()
    out = []
    for i in range(count):
        errors = [
            dict(e, path=["<call>", *e["path"][1:]])
            for e in body.get("errors", [])
            if e.get("path", [None])[0] == f"c{i}"
        ]
        for error in errors:
            error.pop("locations", None)
        value = None if body.get("data") is None else body["data"].get(f"c{i}")
        out.append(
            json.dumps({"data": value, "errors": errors}, sort_keys=True).replace(sent[i], "<id>")
        )
    return out


def run_calls(
    client: Client,
    credential: str,
    root: str,
    name: str,
    field_: graphql.GraphQLField,
    calls: list[dict[str, Any]],
    sent: list[str],
) -> tuple[list[str], list[httpx.Response]]:
    """The answers to `calls` as aliases of as few requests as the query limits allow (a
    refused request is split in two), and the responses they came in. A field that cannot be
    null is called alone: its error nulls the whole answer and stops a mutation's later fields."""
    if isinstance(field_.type, graphql.GraphQLNonNull) and len(calls) > 1:
        replies = [
            run_calls(client, credential, root, name, field_, [c], [s])
            for c, s in zip(calls, sent, strict=True)
        ]
        return [r[0][0] for r in replies], [r[1][0] for r in replies]
    document, variables = aliased_calls(root, name, field_, calls)
    response = client.post(credential, document, variables)
    if response.status_code == 400 and len(calls) > 1:
        half = len(calls) // 2
        first, first_responses = run_calls(
            client, credential, root, name, field_, calls[:half], sent[:half]
        )
        rest, rest_responses = run_calls(
            client, credential, root, name, field_, calls[half:], sent[half:]
        )
        return first + rest, first_responses + rest_responses
    return answers(response, len(calls), sent), [response]


def succeeded(answer: str) -> bool:
    """An alias's answer with no error and, for a list or a count, something found."""
    parsed = json.loads(answer)
    return not parsed["errors"] and parsed["data"] not in ([], 0)


def roots(schema: graphql.GraphQLSchema) -> Iterator[tuple[str, str, graphql.GraphQLField]]:
    for root, type_ in (("query", schema.query_type), ("mutation", schema.mutation_type)):
        assert type_ is not None
        for name, field_ in type_.fields.items():
            yield root, name, field_


def returns_one(field_: graphql.GraphQLField) -> bool:
    """Whether a field answers one object or value (not a list, not a count, not a search's
    result — an object with a `total`, which answers a filter as a list does)."""
    named = graphql.get_named_type(field_.type)
    searched = isinstance(named, graphql.GraphQLObjectType) and "total" in named.fields
    return not isinstance(graphql.get_nullable_type(field_.type), graphql.GraphQLList) and (
        named is not graphql.GraphQLInt and not searched
    )


def text_arguments(field_: graphql.GraphQLField) -> list[str]:
    """A field's String arguments, when they are all it requires (a search's text, a
    suggestion's prefix): the snapshot fills them with a workspace's marker."""
    strings = [
        name
        for name, argument in field_.args.items()
        if graphql.get_nullable_type(argument.type) is graphql.GraphQLString
    ]
    required = [n for n, a in field_.args.items() if graphql.is_required_argument(a)]
    return strings if set(required) <= set(strings) else []


def snapshot(
    client: Client, schema: graphql.GraphQLSchema, credential: str, text: str
) -> dict[str, Any]:
    """Every Query field without required arguments, as `credential` sees it (one request per
    field, so that a refused one leaves the others whole); each that takes text (a search, a
    suggestion) also asked for `text` — a workspace's marker."""
    seen = {}
    for root, name, field_ in roots(schema):
        if root != "query":
            continue
        if not any(graphql.is_required_argument(a) for a in field_.args.values()):
            seen[name] = run_calls(client, credential, root, name, field_, [{}], ["\x00"])[0][0]
        if strings := text_arguments(field_):
            asked = {argument: text for argument in strings}
            seen[f"{name}(text)"] = run_calls(
                client, credential, root, name, field_, [asked], ["\x00"]
            )[0][0]
    return seen


@dataclass
class Matrix:
    a: World
    b: World
    schema: graphql.GraphQLSchema
    client: Client
    b_before_a: dict[str, dict[str, Any]]
    b_after_a: dict[str, dict[str, Any]]
    # (field, slot, object label) -> the argument variant (index) to try it with (calibrate)
    variant: dict[tuple[str, Slot, str], int]
    unbuildable: list[str]


@pytest.fixture(scope="module", params=["shared", "dedicated"], ids=["A shared", "A dedicated"])
def matrix(
    request: pytest.FixtureRequest,
    server: LiveServer,
    issuer: Issuer,
    database_url: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Matrix]:
    """B in the shared database; A beside it, or in a database of its own (a dedicated tenant:
    docs/design.md §1), where a routing mistake rather than a missing condition would leak."""
    with ExitStack() as stack:
        a_url = None
        if request.param == "dedicated":
            directory = tmp_path_factory.mktemp("dedicated")
            a_url = stack.enter_context(dedicated_database(server, database_url, directory))
        client = Client(server)
        stack.callback(client.http.close)
        b = build_world(server, issuer)
        schema = introspect(server, b.credentials["admin"])
        # B searches for A's marker before A exists and after: the same answer, nothing of A.
        a_marker = new_marker()
        before = {
            who: snapshot(client, schema, key, a_marker) for who, key in b.credentials.items()
        }
        a = build_world(server, issuer, a_url, marker=a_marker)
        after = {who: snapshot(client, schema, key, a_marker) for who, key in b.credentials.items()}
        chosen, unbuildable = calibrate(client, schema, b)
        yield Matrix(a, b, schema, client, before, after, chosen, unbuildable)


def calibrate(
    client: Client, schema: graphql.GraphQLSchema, world: World
) -> tuple[dict[tuple[str, Slot, str], int], list[str]]:
    """Which argument variant each of the world's objects is to be tried with in each slot, by
    B's admin in B's own world (after B's snapshots; A is never touched): the variant that
    answers for that object; else the first one under which an id of its kind that exists
    nowhere gets NOT_FOUND (the call gets past validation to the lookup). A field no object
    answers for is reported: the builder or the world lacks something."""
    chosen: dict[tuple[str, Slot, str], int] = {}
    unbuildable = []
    admin = world.credentials["admin"]
    for root, name, field_ in roots(schema):
        for slot in id_slots(field_):
            calls, keys, sent = [], [], []
            for label, id_value, kind in world.objects:
                for index, arguments in enumerate(variants(name, field_, slot, id_value, kind)):
                    calls.append(arguments)
                    keys.append((label, index))
                    sent.append(id_value)
            for kind in {kind for _, _, kind in world.objects}:
                nowhere = str(uuid.uuid4())
                for index, arguments in enumerate(variants(name, field_, slot, nowhere, kind)):
                    calls.append(arguments)
                    keys.append((f"unknown {kind}", index))
                    sent.append(nowhere)
            replies = dict(
                zip(keys, run_calls(client, admin, root, name, field_, calls, sent)[0], strict=True)
            )
            answered = False
            for label, _, kind in world.objects:
                tried = [index for (of, index) in replies if of == label]
                valid = [i for i in tried if succeeded(replies[label, i])]
                reaching = [i for i in tried if '"NOT_FOUND"' in replies[f"unknown {kind}", i]]
                answered = answered or bool(valid)
                chosen[name, slot, label] = (valid or reaching or [tried[-1]])[0]
            if not answered:
                unbuildable.append(
                    f"{name}({slot}): no id of the world makes a valid call by its own admin: "
                    "add an argument builder for it (Arguments) or an object of its kind to build_world"
                )
    return chosen, unbuildable


def test_every_id_taking_operation_has_a_valid_call(matrix: Matrix) -> None:
    """The matrix's calls are right in their own workspace, so the refusals B gets in the
    next test are about the workspace, not the arguments."""
    assert not matrix.unbuildable, "\n".join(matrix.unbuildable)
    covered = {name for name, _, _ in matrix.variant}
    assert {
        "travelBooking",
        "cancelTravelBooking",
        "toggleTravelFavorite",
        "createTravelBooking",
    } <= covered


def test_nothing_of_a_shows_in_any_list_or_figure_of_b(matrix: Matrix) -> None:
    a, b = matrix.a, matrix.b
    for who in b.credentials:
        after = matrix.b_after_a[who]
        assert after == matrix.b_before_a[who], f"B's {who} sees A's world in its answers"
        text = json.dumps(after)
        assert a.marker not in text, who
        leaked = [i for i in a.ids if i in text]
        assert not leaked, (who, leaked)
    # The snapshots are not empty shells: B's admin sees B's own world in them.
    assert b.marker in json.dumps(matrix.b_before_a["admin"])
    assert len(matrix.b_before_a["admin"]) >= 10
    # ... and each text-taking field asked for B's own marker finds B's world (so asked for
    # A's, its empty answer is about the workspace, not the call).
    own = snapshot(matrix.client, matrix.schema, b.credentials["admin"], b.marker)
    searched = {name: answer for name, answer in own.items() if name.endswith("(text)")}
    assert {"travelSearch(text)", "travelSuggest(text)"} <= set(searched)
    for name, answer in searched.items():
        assert b.marker in answer, name


def test_a_foreign_id_is_refused_like_an_unknown_one(matrix: Matrix) -> None:
    a, b, schema, client = matrix.a, matrix.b, matrix.schema, matrix.client
    observers = {who: a.tenant.keys[who] for who in ("admin", "host", "traveler")}
    a_before = {who: snapshot(client, schema, key, a.marker) for who, key in observers.items()}
    failures: list[str] = []
    for root, name, field_ in roots(schema):
        for slot in id_slots(field_):
            # Each of A's objects in the slot, with the argument variant chosen for its
            # counterpart in B; and for each variant and kind used, an id that exists nowhere.
            calls, sent, labels = [], [], []
            unknown_of: dict[tuple[str | None, int], int] = {}
            for label, id_value, kind in a.objects:
                index = matrix.variant[name, slot, label]
                if (kind, index) not in unknown_of:
                    nowhere = str(uuid.uuid4())
                    unknown_of[kind, index] = len(calls)
                    calls.append(variants(name, field_, slot, nowhere, kind)[index])
                    sent.append(nowhere)
                    labels.append(None)
                calls.append(variants(name, field_, slot, id_value, kind)[index])
                sent.append(id_value)
                labels.append((label, unknown_of[kind, index]))
            for who, credential in b.credentials.items():
                replies, responses = run_calls(client, credential, root, name, field_, calls, sent)
                for response in responses:
                    if a.marker in response.text:
                        failures.append(
                            f"{name}({slot}) as B's {who}: A's data in {response.text[:300]}"
                        )
                for target, reply in zip(labels, replies, strict=True):
                    if target is None:
                        continue
                    label, unknown = target
                    CASES["isolation: foreign-id calls"] += 1
                    where = f"{name}({slot} = A's {label}) as B's {who}"
                    failures += judge(reply, replies[unknown], field_, who, where)
    a_after = {who: snapshot(client, schema, key, a.marker) for who, key in observers.items()}
    for who in observers:
        for name in a_before[who]:
            if a_after[who][name] != a_before[who][name]:
                failures.append(f"A's {name} changed for A's {who}")
    assert a.marker in json.dumps(a_before["admin"])
    assert not failures, "\n".join(failures[:40])


def judge(
    reply: str, unknown: str, field_: graphql.GraphQLField, who: str, where: str
) -> list[str]:
    failures = []
    if reply != unknown:
        failures.append(f"{where}: answers {reply[:300]} but an unknown id {unknown[:300]}")
    codes = {e["extensions"]["code"] for e in json.loads(reply)["errors"]}
    if not codes <= CODES:
        failures.append(f"{where}: undocumented codes {codes}")
    if returns_one(field_):
        allowed = (
            {"NOT_FOUND"}
            if who in ("admin", "OIDC token of the admin")
            else {"NOT_FOUND", "FORBIDDEN"}
        )
        if not codes or not codes <= allowed:
            failures.append(f"{where}: expected {sorted(allowed)}, got {reply[:300]}")
    elif not codes <= {"FORBIDDEN"}:
        failures.append(f"{where}: a list refused with {codes}: {reply[:300]}")
    return failures


def test_a_credential_of_b_cannot_name_workspace_a(
    server: LiveServer, matrix: Matrix, issuer: Issuer
) -> None:
    """The credential decides the workspace: B's admin subject in a token naming A is not a
    member of A (403), and B's key secret under A's workspace id is no key (401)."""
    a, b = matrix.a, matrix.b
    subject = data(server, b.credentials["admin"], "{ travelViewer { subject } }")["travelViewer"][
        "subject"
    ]
    token = issuer.token(subject, a.tenant.id)
    refused = post(server, token, "{ travelProperties { id name } }")
    assert refused.status_code == 403, refused.text
    assert [e["extensions"]["code"] for e in refused.json()["errors"]] == ["FORBIDDEN"]
    assert "data" not in refused.json()
    _, _, secret = b.credentials["admin"].split("_", 2)
    forged = f"trv_{uuid.UUID(a.tenant.id).hex}_{secret}"
    refused = post(server, forged, "{ travelProperties { id name } }")
    assert refused.status_code == 401, refused.text
    assert a.marker not in refused.text
