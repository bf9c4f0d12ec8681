"""The executable schema: the base SDL plus every domain's module."""

from __future__ import annotations

from graphql import GraphQLSchema, print_schema

from travel.graphql.binder import Resolver, ScalarBinding, SchemaModule, build
from travel.graphql.scalars import SCALARS
from travel.graphql.scalars import TYPE_DEFS as SCALAR_DEFS

BASE_TYPE_DEFS = '''
"""
Reads. Every field is scoped to the caller's workspace, which comes from the credential. A field
that fails (FORBIDDEN, NOT_FOUND, VALIDATION_ERROR) answers null with its error in `errors`
(`extensions.code`, `path`); the other fields still answer.
"""
type Query

"""
Writes. Each mutation field runs in its own transaction: all of it happens, or none. Send an
Idempotency-Key header to retry safely: the same key and body within 24 hours answers the
first result again, a different body IDEMPOTENCY_KEY_REUSED.
"""
type Mutation
'''


def _modules() -> list[SchemaModule]:
    from travel.analytics.schema import MODULE as ANALYTICS
    from travel.auth.schema import MODULE as VIEWER
    from travel.bookings.schema import MODULE as BOOKINGS
    from travel.catalog.schema import MODULE as CATALOG
    from travel.catalog.schema.calendar import MODULE as CALENDAR
    from travel.favorites.schema import MODULE as FAVORITES
    from travel.media.schema import MODULE as PHOTOS
    from travel.search.schema import MODULE as SEARCH

    scalars: list[ScalarBinding] = SCALARS
    return [
        SchemaModule(BASE_TYPE_DEFS + SCALAR_DEFS, scalars=scalars),
        VIEWER,
        CATALOG,
        SEARCH,
        ANALYTICS,
        BOOKINGS,
        FAVORITES,
        CALENDAR,  # after bookings: closing dates acts on what bookings take
        PHOTOS,
    ]


def _wrap_mutation(resolver: Resolver) -> Resolver:
    async def resolve(obj: object, info: object, **kwargs: object) -> object:
        async with info.context.mutation_transaction():  # type: ignore[attr-defined]
            return await resolver(obj, info, **kwargs)

    return resolve


def build_schema() -> GraphQLSchema:
    """The schema the service serves."""
    return build(_modules(), wrap_mutation=_wrap_mutation)


def schema_sdl() -> str:
    """The served schema as SDL (what `schema.graphql` must equal)."""
    return print_schema(build_schema()) + "\n"
