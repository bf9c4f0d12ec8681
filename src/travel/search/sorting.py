"""The orders a listing search can be read in (decision 0088). Every order ends with the
listing's id, so pages of any sort neither repeat nor skip a listing."""

from __future__ import annotations

from enum import StrEnum


class Sort(StrEnum):
    """`TravelListingSort`."""

    RELEVANCE = "RELEVANCE"
    PRICE_ASC = "PRICE_ASC"
    PRICE_DESC = "PRICE_DESC"
    RATING = "RATING"
    NEWEST = "NEWEST"
    OLDEST = "OLDEST"
    DISTANCE = "DISTANCE"
    START_TIME = "START_TIME"


SORT_DEFS = '''
"""
The order of a listing search. Ties are broken by the listing's id, so paging through any
order never shows a listing twice or skips one.
"""
enum TravelListingSort {
  """
  Best match first: listings having every word as typed before those found through a typo
  correction, then by the engine's rank (name above place, amenities, description). Without
  text: best rated first.
  """
  RELEVANCE
  "Cheapest first. Needs filter.currency: prices in different currencies are not compared."
  PRICE_ASC
  "Dearest first. Needs filter.currency."
  PRICE_DESC
  "Best rated first; unrated listings last."
  RATING
  "Most recently listed first."
  NEWEST
  "First listed first (the kinds' lists' default)."
  OLDEST
  "Nearest first. Needs filter.near."
  DISTANCE
  "Soonest first: an event's start, a trip's departure; the other kinds after them."
  START_TIME
}
'''
