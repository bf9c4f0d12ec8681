"""SDL of the catalog's queries and mutations."""

from travel.kernel.kinds import KINDS, ListingKind

_PAGINATION = '    "Which page; take 0..100 (default 20), otherwise VALIDATION_ERROR."\n'
_LISTING_FILTER = '    "Conditions the listings must meet (all of them); none: every listing."\n'
_PROVIDER_FILTER = '    "Conditions the providers must meet (all of them); none: every provider."\n'
_READ = "Needs travel:read (FORBIDDEN otherwise)."


def _listing_queries(kind: ListingKind, plural: str, one: str) -> str:
    """The list, one-item and count queries of one listing kind."""
    return (
        f'  "{plural}, oldest first. {_READ}"\n'
        f"  {kind.list_query}(\n{_PAGINATION}    pagination: TravelPaginationInput\n"
        f"{_LISTING_FILTER}    filter: TravelListingFilterInput\n  ): [{kind.type_name}!]\n"
        f"  \"One {one} of the workspace; an unknown id, or another kind's, is NOT_FOUND. "
        'Needs travel:read."\n'
        f'  {kind.one_query}(\n    "The {one}\'s id."\n    id: ID!\n  ): {kind.type_name}\n'
        f'  "How many {plural.lower()} {kind.list_query} lists with this filter, over all pages. '
        'Needs travel:read."\n'
        f"  {kind.count_query}(\n{_LISTING_FILTER}    filter: TravelListingFilterInput\n"
        "  ): Int\n"
    )


_WORDS = {
    "PROPERTY": ("Stays", "stay"),
    "TOUR": ("Tours", "tour"),
    "ACTIVITY": ("Activities", "activity"),
    "EVENT": ("Events", "event"),
    "TRIP": ("Trips (transport departures)", "trip"),
}

OPERATION_DEFS = (
    f"""
extend type Query {{
  "Providers of the workspace, oldest first. {_READ}"
  travelProviders(
{_PAGINATION}    pagination: TravelPaginationInput
{_PROVIDER_FILTER}    filter: TravelProviderFilterInput
  ): [TravelProvider!]
  "One provider of the workspace; an unknown id is NOT_FOUND. Needs travel:read."
  travelProvider(
    "The provider's id."
    id: ID!
  ): TravelProvider
  "How many providers travelProviders lists with this filter, over all pages. Needs travel:read."
  travelProvidersCount(
{_PROVIDER_FILTER}    filter: TravelProviderFilterInput
  ): Int
"""
    + "".join(_listing_queries(kind, *_WORDS[kind.value]) for kind in KINDS)
    + '''}

extend type Mutation {
  """
  Register a host or operator owned by the caller. Needs travel:host (FORBIDDEN otherwise);
  a blank or too long name is VALIDATION_ERROR.
  """
  createTravelProvider(
    "The provider's name and type."
    input: CreateTravelProviderInput!
  ): TravelProvider
'''
    + "".join(
        f'''  """
  Add {article} {noun} under a provider the caller owns (admins: any). Needs travel:host; another
  member's provider is FORBIDDEN, an unknown one NOT_FOUND, a bad field VALIDATION_ERROR.
  """
  {kind.create_mutation}(
    "The {noun} to list."
    input: CreateTravel{kind.noun}Input!
  ): {kind.type_name}
'''
        for kind, article, noun in (
            (ListingKind.PROPERTY, "a", "stay"),
            (ListingKind.TOUR, "a", "tour"),
            (ListingKind.ACTIVITY, "an", "activity"),
            (ListingKind.EVENT, "an", "event"),
            (ListingKind.TRIP, "a", "trip"),
        )
    )
    + "}\n"
)
