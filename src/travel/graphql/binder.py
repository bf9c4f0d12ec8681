"""Bind Python resolvers to SDL: each domain contributes type definitions and resolvers.

The SDL is the readable contract; the resolvers stay thin (GraphQL → service call → back).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLInterfaceType,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLUnionType,
    assert_valid_schema,
    build_schema,
)

from travel.graphql.inputs import bind_inputs, snake

Resolver = Callable[..., Any]


@dataclass
class ObjectBinding:
    """Resolvers for the fields of one object type (fields without one read attributes)."""

    type_name: str
    resolvers: dict[str, Resolver] = field(default_factory=dict)

    def field(self, name: str) -> Callable[[Resolver], Resolver]:
        def register(fn: Resolver) -> Resolver:
            self.resolvers[name] = fn
            return fn

        return register


@dataclass
class ScalarBinding:
    type_name: str
    serialize: Callable[[Any], Any]
    parse_value: Callable[[Any], Any]
    parse_literal: Callable[..., Any]


@dataclass
class SchemaModule:
    """One domain's part of the schema."""

    type_defs: str
    objects: list[ObjectBinding] = field(default_factory=list)
    scalars: list[ScalarBinding] = field(default_factory=list)
    # Interface/union name → function(value, info, type) returning the concrete type name.
    type_resolvers: dict[str, Callable[..., str]] = field(default_factory=dict)
    # Enum name → {GraphQL value name: Python value}
    enum_values: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Input type name → the dataclass its resolvers receive (travel.graphql.inputs)
    inputs: dict[str, type[Any]] = field(default_factory=dict)


def build(
    modules: list[SchemaModule], *, wrap_mutation: Callable[[Resolver], Resolver]
) -> GraphQLSchema:
    """Assemble the executable schema; every Mutation field is wrapped by `wrap_mutation`."""
    schema = build_schema("\n".join(m.type_defs for m in modules))
    for module in modules:
        for scalar in module.scalars:
            target = schema.type_map[scalar.type_name]
            assert isinstance(target, GraphQLScalarType), scalar.type_name
            # graphql-core 3.3 executes with the coerce_* functions; the legacy names
            # are kept equal so every code path agrees.
            target.serialize = target.coerce_output_value = scalar.serialize  # type: ignore[method-assign,assignment]
            target.parse_value = target.coerce_input_value = scalar.parse_value  # type: ignore[method-assign,assignment]
            target.parse_literal = scalar.parse_literal  # type: ignore[method-assign]
            target.coerce_input_literal = None
        for name, values in module.enum_values.items():
            enum = schema.type_map[name]
            assert isinstance(enum, GraphQLEnumType), name
            for key, value in values.items():
                enum.values[key].value = value
        for name, resolve_type in module.type_resolvers.items():
            abstract = schema.type_map[name]
            assert isinstance(abstract, GraphQLInterfaceType | GraphQLUnionType), name
            abstract.resolve_type = resolve_type
        bind_inputs(schema, module.inputs)
        for binding in module.objects:
            _bind_object(schema, binding, wrap_mutation)
    _bind_snake_case_attributes(schema)
    assert_valid_schema(schema)
    return schema


def _attribute_resolver(attribute: str) -> Resolver:
    def resolve(source: Any, _info: Any, **_args: Any) -> Any:
        if isinstance(source, dict):
            return source.get(attribute)
        return getattr(source, attribute, None)

    # The fast path reads this to inline the attribute access.
    resolve.reads_attribute = attribute  # type: ignore[attr-defined]
    return resolve


def _bind_snake_case_attributes(schema: GraphQLSchema) -> None:
    """Fields without a resolver read the snake_case attribute of their camelCase name."""
    for type_name, graphql_type in schema.type_map.items():
        if type_name.startswith("__") or not isinstance(graphql_type, GraphQLObjectType):
            continue
        for field_name, graphql_field in graphql_type.fields.items():
            attribute = snake(field_name)
            if graphql_field.resolve is None and attribute != field_name:
                graphql_field.resolve = _attribute_resolver(attribute)


def _bind_object(
    schema: GraphQLSchema, binding: ObjectBinding, wrap_mutation: Callable[[Resolver], Resolver]
) -> None:
    target = schema.type_map.get(binding.type_name)
    if not isinstance(target, GraphQLObjectType):
        raise LookupError(f"no object type {binding.type_name} in the SDL")
    for field_name, resolver in binding.resolvers.items():
        if field_name not in target.fields:
            raise LookupError(f"no field {binding.type_name}.{field_name} in the SDL")
        is_mutation = schema.mutation_type is not None and target is schema.mutation_type
        target.fields[field_name].resolve = wrap_mutation(resolver) if is_mutation else resolver
