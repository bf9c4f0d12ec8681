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


def _update_mutation(kind: ListingKind) -> str:
    """The mutation that changes one of `kind`."""
    return f'''  """
  Change {kind.article} {kind.word} under a provider the caller owns (admins: any): only the
  fields given. Needs travel:host; another member's is FORBIDDEN, an unknown one NOT_FOUND, a
  stale expectedVersion CONFLICT, bad fields one VALIDATION_ERROR listing each in
  `extensions.fields`. Existing bookings keep their price; capacity cannot drop below what is
  booked on any date from today.
  """
  {kind.update_mutation}(
    "The {kind.word} and the fields to change."
    input: {kind.update_input}!
  ): {kind.type_name}
'''


def _status_mutation(name: str, effect: str) -> str:
    """pauseTravelListing and its siblings."""
    return f'''  """
  {effect} Already so: unchanged. Needs travel:host (the provider's owner) or admin; an unknown
  id is NOT_FOUND, a stale expectedVersion CONFLICT.
  """
  {name}(
    "The listing's id (any kind)."
    id: ID!
    "The version last read; omitted: whatever is current."
    expectedVersion: Int
  ): TravelListing
'''


_STATUS_MUTATIONS = (
    _status_mutation(
        "pauseTravelListing",
        "Hide a listing from discovery and stop its bookings for now (existing ones stand).",
    )
    + _status_mutation(
        "archiveTravelListing",
        "Retire a listing: hidden and not bookable; kept with its bookings, never deleted.",
    )
    + _status_mutation("resumeTravelListing", "Make a paused or archived listing active again.")
)

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
  """
  Change a provider the caller owns (admins: any): only the fields given. Needs travel:host;
  another member's is FORBIDDEN, an unknown one NOT_FOUND, a stale expectedVersion CONFLICT.
  """
  updateTravelProvider(
    "The provider and the fields to change."
    input: UpdateTravelProviderInput!
  ): TravelProvider
'''
    + "".join(_create_mutation(kind) for kind in KINDS)
    + "".join(_update_mutation(kind) for kind in KINDS)
    + _STATUS_MUTATIONS
    + "}\n"
)
