"""The catalog's part of the GraphQL schema: SDL (types, operations) and thin resolvers."""

from travel.catalog.inputs import (
    CREATE_INPUTS,
    UPDATE_INPUTS,
    ListingFilterInput,
    NearInput,
    ProviderFilterInput,
    ProviderInput,
    ProviderUpdate,
)
from travel.catalog.schema.inputs import INPUT_DEFS
from travel.catalog.schema.operations import OPERATION_DEFS
from travel.catalog.schema.resolvers import listing_bindings, resolve_listing_type
from travel.catalog.schema.types import TYPE_DEFS
from travel.graphql.binder import SchemaModule
from travel.pagination import TYPE_DEFS as PAGINATION_DEFS
from travel.pagination import PageInput

MODULE = SchemaModule(
    PAGINATION_DEFS + TYPE_DEFS + INPUT_DEFS + OPERATION_DEFS,
    objects=listing_bindings(),
    type_resolvers={"TravelListing": resolve_listing_type},
    inputs={
        "TravelPaginationInput": PageInput,
        "CreateTravelProviderInput": ProviderInput,
        "UpdateTravelProviderInput": ProviderUpdate,
        "TravelProviderFilterInput": ProviderFilterInput,
        "TravelListingFilterInput": ListingFilterInput,
        "TravelNearInput": NearInput,
        **{kind.create_input: record for kind, record in CREATE_INPUTS.items()},
        **{kind.update_input: record for kind, record in UPDATE_INPUTS.items()},
    },
)

__all__ = ["MODULE", "TYPE_DEFS", "resolve_listing_type"]
