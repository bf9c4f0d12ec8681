"""Every element of the served schema is documented, as a partner's tooling sees it: through
the live server's introspection, deprecated arguments and input fields included."""

from __future__ import annotations

from typing import Any

from tests.factories import create_tenant
from tests.support.api import data
from tests.support.live import LiveServer
from travel.graphql.schema import build_schema

_VALUE = "name description isDeprecated deprecationReason"
INTROSPECTION = f"""{{
  __schema {{
    types {{
      name kind description
      fields(includeDeprecated: true) {{
        {_VALUE}
        args(includeDeprecated: true) {{ {_VALUE} }}
      }}
      inputFields(includeDeprecated: true) {{ {_VALUE} }}
      enumValues(includeDeprecated: true) {{ {_VALUE} }}
    }}
  }}
}}"""
# Described by the GraphQL specification, not by this API.
BUILT_IN = {"String", "Int", "Float", "Boolean", "ID"}


def _elements(types: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every type, field, argument, input field and enum value of the API, by path."""
    found: dict[str, dict[str, Any]] = {}
    for graphql_type in types:
        name = graphql_type["name"]
        if name.startswith("__") or name in BUILT_IN:
            continue
        found[name] = graphql_type
        for field in graphql_type["fields"] or []:
            found[f"{name}.{field['name']}"] = field
            for arg in field["args"]:
                found[f"{name}.{field['name']}({arg['name']}:)"] = arg
        for item in (graphql_type["inputFields"] or []) + (graphql_type["enumValues"] or []):
            found[f"{name}.{item['name']}"] = item
    return found


def _served_paths() -> set[str]:
    """The same paths read from the schema object the service builds."""
    schema = build_schema()
    paths: set[str] = set()
    for name, graphql_type in schema.type_map.items():
        if name.startswith("__") or name in BUILT_IN:
            continue
        paths.add(name)
        for field_name, field in getattr(graphql_type, "fields", {}).items():
            paths.add(f"{name}.{field_name}")
            paths.update(f"{name}.{field_name}({arg}:)" for arg in getattr(field, "args", {}))
        paths.update(f"{name}.{value}" for value in getattr(graphql_type, "values", {}))
    return paths


def _introspect(server: LiveServer) -> dict[str, dict[str, Any]]:
    key = create_tenant(server).keys["traveler"]
    return _elements(data(server, key, INTROSPECTION)["__schema"]["types"])


def test_every_element_has_a_description(server: LiveServer) -> None:
    elements = _introspect(server)
    assert set(elements) == _served_paths()  # nothing hidden from introspection, nothing missed
    undocumented = [path for path, e in elements.items() if not (e["description"] or "").strip()]
    assert undocumented == []


def test_every_deprecation_says_what_to_use_instead(server: LiveServer) -> None:
    elements = _introspect(server)
    deprecated = {
        path: e["deprecationReason"] for path, e in elements.items() if e.get("isDeprecated")
    }
    assert "Query.travelBookings(filter:)" in deprecated
    assert "Query.travelBookingsCount(filter:)" in deprecated
    assert "TravelTour.pricePerNight" in deprecated
    assert all("use" in reason.lower() for reason in deprecated.values()), deprecated


def test_the_new_booking_filter_is_documented_and_not_deprecated(server: LiveServer) -> None:
    elements = _introspect(server)
    where = elements["Query.travelBookings(where:)"]
    assert where["isDeprecated"] is False
    assert "`where`" in elements["TravelBookingFilterInput"]["description"]
    old = elements["TravelBookingFilter"]["description"]
    assert "Deprecated" in old
    assert "TravelBookingFilterInput" in old
