"""SDL of the catalog's queries and mutations."""

from travel.kernel.kinds import KINDS, ListingKind

_PAGINATION = '    "Which page; take 0..100 (default 20), otherwise VALIDATION_ERROR."\n'
_LISTING_FILTER = '    "Conditions the listings must meet (all of them); none: every listing."\n'
_PROVIDER_FILTER = '    "Conditions the providers must meet (all of them); none: every provider."\n'
_SORT = (
    '    "The order (default OLDEST); a sort lacking the filter it needs is VALIDATION_ERROR."\n'
)
_READ = "Needs travel:read (FORBIDDEN otherwise)."


def _listing_queries(kind: ListingKind) -> str:
    """The list, one-item and count queries of one listing kind."""
    plural, one = kind.list_title, kind.word
    return (
        f'  "{plural}, oldest first unless sorted otherwise. {_READ}"\n'
        f"  {kind.list_query}(\n{_PAGINATION}    pagination: TravelPaginationInput\n"
        f"{_LISTING_FILTER}    filter: TravelListingFilterInput\n"
        f"{_SORT}    sort: TravelListingSort\n  ): [{kind.type_name}!]\n"
        f"  \"One {one} of the workspace; an unknown id, or another kind's, is NOT_FOUND. "
        'Needs travel:read."\n'
        f'  {kind.one_query}(\n    "The {one}\'s id."\n    id: ID!\n  ): {kind.type_name}\n'
        f'  "How many {plural.lower()} {kind.list_query} lists with this filter, over all pages. '
        'Needs travel:read."\n'
        f"  {kind.count_query}(\n{_LISTING_FILTER}    filter: TravelListingFilterInput\n"
        "  ): Int\n"
    )


def _create_mutation(kind: ListingKind) -> str:
    """The mutation that lists a new one of `kind`."""
    a_kind = f"{kind.article} {kind.word}"
    return f'''  """
  Add {a_kind} under a provider the caller owns (admins: any). Needs travel:host; another
  member's provider is FORBIDDEN, an unknown one NOT_FOUND, a bad field VALIDATION_ERROR.
  """
  {kind.create_mutation}(
    "The {kind.word} to list."
    input: {kind.create_input}!
  ): {kind.type_name}
'''


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
    + "".join(_listing_queries(kind) for kind in KINDS)
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
    + "".join(_create_mutation(kind) for kind in KINDS)
    + "}\n"
)
