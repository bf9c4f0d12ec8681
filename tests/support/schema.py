"""What the hardening suites (tests/hardening/test_fuzz_schema.py, tests/hardening/test_isolation_matrix.py) share:
the live server's schema read by introspection, the documented error codes, the check that an
answer keeps the error contract, and the counts the terminal summary reports."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import graphql
import httpx

from tests.support.live import LiveServer

ROOT = Path(__file__).resolve().parents[2]

# How many cases each suite ran in this session, printed by tests/conftest.py's terminal
# summary (docs/reliability.md quotes them).
CASES: Counter[str] = Counter()


def documented_codes() -> frozenset[str]:
    """The `extensions.code` values docs/errors.md documents: its table is the one source."""
    table = (ROOT / "docs" / "errors.md").read_text()
    codes = frozenset(re.findall(r"^\| `([A-Z_]+)` \|", table, flags=re.MULTILINE))
    assert len(codes) >= 8, "docs/errors.md's table of codes was not found"
    return codes


def introspect(server: LiveServer, key: str) -> graphql.GraphQLSchema:
    """The schema as a partner's tooling sees it: the standard introspection query, over HTTP."""
    response = httpx.post(
        server.graphql_url,
        json={"query": graphql.get_introspection_query(descriptions=False)},
        headers={"Authorization": f"Bearer {key}"},
        timeout=30,
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert "errors" not in body, body
    return graphql.build_client_schema(body["data"])


def committed_schema() -> graphql.GraphQLSchema:
    """schema.graphql (tests/graphql/test_schema_file.py keeps it equal to the served schema): known at
    collection time, so each root field gets its own test id."""
    return graphql.build_schema((ROOT / "schema.graphql").read_text())


# What must never reach a caller: a trace, a file of the service, SQL, a driver's name, a repr.
LEAKS = re.compile(
    r"Traceback|File \"|\.py\b|sqlalchemy|asyncpg|aiosqlite|sqlite3|psycopg|postgresql://"
    r"|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|\bUPDATE\b.*\bSET\b|\bDELETE FROM\b"
    r"|object at 0x|<class '|Exception\(|Error\(",
    flags=re.IGNORECASE | re.DOTALL,
)


def check_answer(response: httpx.Response, sent: bytes | str, codes: frozenset[str]) -> None:
    """The error contract of docs/errors.md, for any request at all: never a 5xx; a JSON object
    answer; every error has a message and a documented `extensions.code`, and never
    INTERNAL_SERVER_ERROR; no trace, SQL or internal name in a message (unless the request
    itself carried that text, which a message may quote back)."""
    context = f"sent {sent[:400]!r}\ngot {response.status_code} {response.text[:800]}"
    assert response.status_code < 500, context
    try:
        body = response.json()
    except ValueError:
        raise AssertionError(f"the answer is not JSON: {context}") from None
    assert isinstance(body, dict), context
    assert set(body) <= {"data", "errors", "extensions"}, context
    errors = body.get("errors", [])
    if response.status_code != 200:
        assert errors, f"a refusal without errors: {context}"
        assert "data" not in body, f"a refused request has no data: {context}"
    sent_text = sent.decode("utf-8", "replace") if isinstance(sent, bytes) else sent
    for error in errors:
        assert isinstance(error.get("message"), str), context
        assert error["message"], context
        code = error.get("extensions", {}).get("code")
        assert code in codes, f"undocumented code {code!r}: {context}"
        assert code != "INTERNAL_SERVER_ERROR", f"a fault: {context}"
        for leak in LEAKS.finditer(error["message"]):
            assert leak.group(0).lower() in sent_text.lower(), f"leaks {leak.group(0)!r}: {context}"
    assert errors or body.get("data") is not None, context


def leaf_selection(type_: graphql.GraphQLOutputType, depth: int = 3) -> str:
    """A selection of every scalar under `type_` to `depth` levels (an interface's own fields;
    fields with required arguments left out)."""
    named = graphql.get_named_type(type_)
    if isinstance(named, graphql.GraphQLScalarType | graphql.GraphQLEnumType):
        return ""
    assert isinstance(named, graphql.GraphQLObjectType | graphql.GraphQLInterfaceType)
    parts = ["__typename"]
    for name, field in named.fields.items():
        if any(graphql.is_required_argument(arg) for arg in field.args.values()):
            continue
        inner = graphql.get_named_type(field.type)
        if isinstance(inner, graphql.GraphQLScalarType | graphql.GraphQLEnumType):
            parts.append(name)
        elif depth > 1:
            parts.append(f"{name} {{ {leaf_selection(field.type, depth - 1)} }}")
    return " ".join(parts)
