"""Typed inputs at the edge (docs/decisions/0073-typed-inputs.md).

In: each SDL input type a domain names in `SchemaModule.inputs` reaches its resolvers as that
domain's frozen dataclass, built by graphql-core's own coercion (`out_type`), its fields the
snake_case of the SDL's (`out_name`). Both executors coerce arguments through graphql-core, so
both hand resolvers the same objects.

Out: domains raise `InvalidInput` naming the dataclass field (`check_in`); a resolver runs the
service under `ErrorPaths("input")`, which turns it into VALIDATION_ERROR `input.checkIn`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from types import TracebackType
from typing import Any

from graphql import GraphQLInputObjectType, GraphQLNonNull, GraphQLSchema
from graphql.pyutils import Undefined

from travel.errors import InvalidInput


def snake(name: str) -> str:
    """`checkIn` → `check_in`: a GraphQL name as Python spells it."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def camel(name: str) -> str:
    """`check_in` → `checkIn`: a dataclass field as the SDL spells it."""
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


class ErrorPaths:
    """Renders InvalidInput raised inside the block under the caller's paths: the fields of
    the input object argument `argument` (`input.checkIn`), or the paths `paths` names."""

    __slots__ = ("_argument", "_paths")

    def __init__(self, argument: str = "", paths: Mapping[str, str] | None = None) -> None:
        self._argument = argument
        self._paths = dict(paths or {})

    def path_of(self, field: str) -> str:
        if field in self._paths:
            return self._paths[field]
        return f"{self._argument}.{camel(field)}"

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        _traceback: TracebackType | None,
    ) -> None:
        if isinstance(error, InvalidInput):
            raise error.at(self.path_of) from None


def bind_inputs(schema: GraphQLSchema, inputs: Mapping[str, type[Any]]) -> None:
    """Make coercion build `inputs[name]` for each SDL input type `name`. Refuses (at start-up)
    a dataclass whose fields are not exactly the SDL's in snake_case, or that lacks a default
    for a field a caller may leave out."""
    for type_name, record in inputs.items():
        target = schema.type_map.get(type_name)
        if not isinstance(target, GraphQLInputObjectType):
            raise LookupError(f"no input type {type_name} in the SDL")
        fields = {f.name: f for f in dataclasses.fields(record)}
        for name, field in target.fields.items():
            out = snake(name)
            if camel(out) != name or out not in fields:
                raise LookupError(f"{record.__name__} has no field {out} for {type_name}.{name}")
            # Coercion leaves out a nullable field without a default that was not sent.
            has_default = field.default is not None or field.default_value is not Undefined
            omittable = not isinstance(field.type, GraphQLNonNull) and not has_default
            declared = fields[out]
            no_default = declared.default is dataclasses.MISSING
            if omittable and no_default and declared.default_factory is dataclasses.MISSING:
                raise LookupError(
                    f"{record.__name__}.{out} needs a default: {name} may be left out"
                )
            field.out_name = out
        extra = set(fields) - {snake(name) for name in target.fields}
        if extra:
            raise LookupError(f"{record.__name__} has fields {sorted(extra)} {type_name} lacks")
        target.out_type = _builder(record)  # type: ignore[method-assign]


def _builder(record: type[Any]) -> Any:
    def build(values: dict[str, Any]) -> Any:
        return record(**values)

    return build
