from decimal import Decimal
from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class SearchFacets(BaseModel):
    travel_search: Optional["SearchFacetsTravelSearch"] = Field(alias="travelSearch")


class SearchFacetsTravelSearch(BaseModel):
    total: int
    facets: "SearchFacetsTravelSearchFacets"


class SearchFacetsTravelSearchFacets(BaseModel):
    kinds: list["SearchFacetsTravelSearchFacetsKinds"]
    places: list["SearchFacetsTravelSearchFacetsPlaces"]
    amenities: list["SearchFacetsTravelSearchFacetsAmenities"]
    ratings: list["SearchFacetsTravelSearchFacetsRatings"]
    prices: Optional[list["SearchFacetsTravelSearchFacetsPrices"]]


class SearchFacetsTravelSearchFacetsKinds(BaseModel):
    value: str
    count: int


class SearchFacetsTravelSearchFacetsPlaces(BaseModel):
    value: str
    count: int


class SearchFacetsTravelSearchFacetsAmenities(BaseModel):
    value: str
    count: int


class SearchFacetsTravelSearchFacetsRatings(BaseModel):
    min_rating: float = Field(alias="minRating")
    count: int


class SearchFacetsTravelSearchFacetsPrices(BaseModel):
    min: Decimal
    max: Decimal
    count: int


SearchFacets.model_rebuild()
SearchFacetsTravelSearch.model_rebuild()
SearchFacetsTravelSearchFacets.model_rebuild()
