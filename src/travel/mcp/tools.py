"""The tools: task-shaped (search, look, quote, book, trips, cancel, wishlist, figures), each
one or two calls to the public GraphQL API. Descriptions are written for a model: when to use
the tool and what it returns."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from travel.mcp import documents
from travel.mcp.api import Api
from travel.mcp.budget import clip, decode_cursor, page
from travel.mcp.calendar import price, unavailable
from travel.mcp.errors import ToolError
from travel.mcp.quotes import QUOTE_TTL_SECONDS, Quote, QuoteRefused, sign, verify
from travel.mcp.schemas import Param

READ = "travel:read"
BOOK = "travel:book"
FAVORITE = "travel:favorite"
ANALYTICS = "travel:analytics"

DEFAULT_LIMIT = 10
MAX_LIMIT = 50
DESCRIPTION_CHARS = 800
CANCELLATION = "Free cancellation with a full refund (cancel_booking) while it is CONFIRMED."


@dataclass(frozen=True)
class Call:
    """What a tool runs with: the caller's API, its arguments and the quote secret."""

    api: Api
    args: dict[str, Any]
    secret: bytes


Handler = Callable[[Call], Awaitable[dict[str, Any]]]


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    params: tuple[Param, ...]
    needs: frozenset[str]
    """Every permission the tool needs: a credential lacking one does not see it listed."""
    handler: Handler
    write: bool = False
    destructive: bool = False
    idempotent: bool = True


# -- parameters shared by several tools ---------------------------------------------------

KIND = Param(
    "kind", "CreateTravelBookingInput.targetType", True, "The listing's kind, as search gives it."
)
LISTING_ID = Param(
    "listing_id", "CreateTravelBookingInput.targetId", True, "The listing's id (from search)."
)
CHECK_IN = Param(
    "check_in",
    "CreateTravelBookingInput.checkIn",
    True,
    "YYYY-MM-DD: first night of a stay, else the date (an event's or trip's start day).",
)
CHECK_OUT = Param(
    "check_out",
    "CreateTravelBookingInput.checkOut",
    False,
    "YYYY-MM-DD: a stay's departure day (required for PROPERTY); omit for other kinds.",
)
GUESTS = Param("guests", "CreateTravelBookingInput.guests", False, "Persons, default 1.")
LIMIT = Param(
    "limit",
    "",
    local={"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "description": "Default 10."},
)
CURSOR = Param(
    "cursor",
    "",
    local={"type": "string", "description": "The previous result's cursor, for the next items."},
)
BOOKING_PATHS = {
    "input.targetType": "kind",
    "input.targetId": "listing_id",
    "input.checkIn": "check_in",
    "input.checkOut": "check_out",
    "input.guests": "guests",
}


def _pagination(args: dict[str, Any]) -> tuple[int, int]:
    try:
        skip = decode_cursor(args.get("cursor"))
    except ValueError:
        raise ToolError("VALIDATION_ERROR", "cursor is not one this server returned") from None
    return skip, int(args.get("limit") or DEFAULT_LIMIT)


# -- search --------------------------------------------------------------------------------

SEARCH_FILTERS = {
    "place": "location",
    "check_in": "availableFrom",
    "check_out": "availableTo",
    "guests": "guests",
    "min_price": "minPrice",
    "max_price": "maxPrice",
    "currency": "currency",
    "kinds": "kinds",
}


async def search_listings(call: Call) -> dict[str, Any]:
    args = call.args
    skip, take = _pagination(args)
    filters = {SEARCH_FILTERS[k]: v for k, v in args.items() if k in SEARCH_FILTERS}
    variables: dict[str, Any] = {
        "text": args.get("text"),
        "filter": filters,
        "sort": args.get("sort"),
        "pagination": {"skip": skip, "take": take},
    }
    paths = {f"filter.{graphql}": name for name, graphql in SEARCH_FILTERS.items()}
    found = (await call.api.run(documents.SEARCH, variables, paths=paths)).data["travelSearch"]
    extra: dict[str, Any] = {"total": found["total"]}
    if found["total"] == 0 and "location" in filters and not args.get("text") and skip == 0:
        # A misspelt place matches no location; as search text it is typo-corrected.
        place = filters.pop("location")
        variables.update(text=place, filter=filters)
        found = (await call.api.run(documents.SEARCH, variables, paths=paths)).data["travelSearch"]
        extra = {
            "total": found["total"],
            "note": f"no place contains {place!r}; searched it as text",
        }
    if found.get("didYouMean"):
        extra["didYouMean"] = found["didYouMean"]
    return page("listings", found["listings"], skip=skip, total=found["total"], extra=extra)


# -- one listing ---------------------------------------------------------------------------


async def get_listing(call: Call) -> dict[str, Any]:
    args = call.args
    kind, listing_id = args["kind"], args["listing_id"]
    check_in = args.get("check_in")
    result: dict[str, Any] = {}
    if check_in:
        priced = await price(
            call.api, kind, listing_id, check_in, args.get("check_out"), args.get("guests") or 1
        )
        result["dates"] = _dates_summary(kind, priced)
    answer = await call.api.run(documents.listing(kind), {"id": listing_id})
    listing = answer.data.get("listing")
    if listing is None:
        raise ToolError("NOT_FOUND", f"no {kind} with id {listing_id} in this workspace")
    if listing.get("description"):
        listing["description"] = clip(listing["description"], DESCRIPTION_CHARS)
    return {**listing, **result}


def _dates_summary(kind: str, priced: Any) -> dict[str, Any]:
    summary: dict[str, Any] = {"bookable": priced.bookable}
    if priced.bookable:
        summary["total"] = str(priced.total)
        summary["currency"] = priced.listing["currency"]
    else:
        summary["shortOn"] = priced.short_on
    return summary


# -- availability --------------------------------------------------------------------------


async def check_availability(call: Call) -> dict[str, Any]:
    args = call.args
    kind, listing_id, guests = args["kind"], args["listing_id"], args.get("guests") or 1
    priced = await price(
        call.api, kind, listing_id, args["check_in"], args.get("check_out"), guests
    )
    extra = {"listingId": listing_id, **_dates_summary(kind, priced)}
    return page("days", priced.days, skip=0, total=len(priced.days), extra=extra)


# -- quote and book ------------------------------------------------------------------------


async def quote_booking(call: Call) -> dict[str, Any]:
    args = call.args
    kind, listing_id, guests = args["kind"], args["listing_id"], args.get("guests") or 1
    check_in, check_out = args["check_in"], args.get("check_out")
    priced = await price(call.api, kind, listing_id, check_in, check_out, guests)
    if priced.short_on is not None:
        raise unavailable(kind, priced.short_on)
    quote = Quote(
        kind=kind,
        listing_id=listing_id,
        check_in=check_in,
        check_out=check_out if kind == "PROPERTY" else None,
        guests=guests,
        total=str(priced.total),
        currency=priced.listing["currency"],
        expires_at=int(time.time()) + QUOTE_TTL_SECONDS,
    )
    return {
        "quoteId": sign(quote, call.secret),
        "listing": {"id": listing_id, "kind": kind, "name": priced.listing["name"]},
        "checkIn": check_in,
        **({"checkOut": quote.check_out} if quote.check_out else {}),
        "guests": guests,
        **({"nights": len(priced.days)} if kind == "PROPERTY" else {}),
        "total": quote.total,
        "currency": quote.currency,
        "cancellation": CANCELLATION,
        "expiresAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(quote.expires_at)),
    }


async def book(call: Call) -> dict[str, Any]:
    args = call.args
    try:
        quote = verify(args["quote_id"], call.secret)
    except QuoteRefused as exc:
        raise ToolError("QUOTE_INVALID", str(exc)) from None
    priced = await price(
        call.api, quote.kind, quote.listing_id, quote.check_in, quote.check_out, quote.guests
    )
    if priced.total != Decimal(quote.total) or priced.listing["currency"] != quote.currency:
        raise _changed(priced.total, quote)
    booking_input: dict[str, Any] = {
        "targetType": quote.kind,
        "targetId": quote.listing_id,
        "checkIn": quote.check_in,
        "guests": quote.guests,
    }
    if quote.check_out:
        booking_input["checkOut"] = quote.check_out
    key = f"mcp-book:{args['idempotency_key']}"
    answer = await call.api.run(
        documents.CREATE_BOOKING, {"input": booking_input}, paths=BOOKING_PATHS, idempotency_key=key
    )
    booking: dict[str, Any] = answer.data["createTravelBooking"]
    if answer.replayed:
        # The first answer to this key, as it was then. What stands now decides: a booking
        # undone below (its price had moved) or cancelled since is not the quoted one.
        now = (await call.api.run(documents.BOOKING_NOW, {"id": booking["id"]})).data
        current = now.get("travelBooking")
        if current is None or not _as_quoted(current, quote) or current["status"] == "CANCELLED":
            raise ToolError(
                "QUOTE_CHANGED",
                f"booking {booking['id']}, made earlier with this idempotency_key, did not stand "
                "at the quoted total (it is cancelled or priced otherwise); quote again and book "
                "with a new idempotency_key",
            )
        return {**booking, "status": current["status"], "replayed": True}
    if not _as_quoted(booking, quote):
        # The price moved between the check and the booking: undo it, charge nothing.
        reason = "MCP: the price changed after the quote"
        try:
            await call.api.run(documents.CANCEL_BOOKING, {"id": booking["id"], "reason": reason})
        except ToolError as exc:
            raise ToolError(
                exc.code,
                f"booking {booking['id']} was made at {booking['totalPrice']} "
                f"{booking['currency']}, not the quoted {quote.total} {quote.currency}, and "
                f"could not be undone ({exc.message}): cancel it with cancel_booking",
            ) from None
        raise _changed(Decimal(booking["totalPrice"]), quote)
    return booking


def _as_quoted(booking: dict[str, Any], quote: Quote) -> bool:
    """Whether a booking's total and currency are the quote's."""
    return (
        Decimal(booking["totalPrice"]) == Decimal(quote.total)
        and booking["currency"] == quote.currency
    )


def _changed(now: Decimal, quote: Quote) -> ToolError:
    return ToolError(
        "QUOTE_CHANGED",
        f"the total is now {now} {quote.currency}, not the quoted {quote.total}; "
        "nothing was booked",
    )


# -- trips, cancel -------------------------------------------------------------------------


async def list_trips(call: Call) -> dict[str, Any]:
    args = call.args
    skip, take = _pagination(args)
    where: dict[str, Any] = {"bookedByViewer": True}
    if args.get("status"):
        where["status"] = args["status"]
    variables = {"where": where, "pagination": {"skip": skip, "take": take}}
    data = (await call.api.run(documents.TRIPS, variables)).data
    return page("trips", data["travelBookings"], skip=skip, total=data["travelBookingsCount"])


async def cancel_booking(call: Call) -> dict[str, Any]:
    variables = {"id": call.args["booking_id"], "reason": call.args.get("reason")}
    data = (await call.api.run(documents.CANCEL_BOOKING, variables)).data
    return dict(data["cancelTravelBooking"])


# -- wishlist ------------------------------------------------------------------------------


async def toggle_wishlist(call: Call) -> dict[str, Any]:
    variables = {"targetType": call.args["kind"], "targetId": call.args["listing_id"]}
    data = (await call.api.run(documents.TOGGLE_FAVORITE, variables)).data
    return {"listingId": call.args["listing_id"], "saved": data["toggleTravelFavorite"]}


async def list_wishlist(call: Call) -> dict[str, Any]:
    skip, take = _pagination(call.args)
    variables = {"pagination": {"skip": skip, "take": take}}
    data = (await call.api.run(documents.FAVORITES, variables)).data
    return page("wishlist", data["travelFavorites"], skip=skip, total=data["travelFavoritesCount"])


# -- figures -------------------------------------------------------------------------------


async def overview_stats(call: Call) -> dict[str, Any]:
    variables = {"from": call.args.get("from"), "to": call.args.get("to")}
    data = (await call.api.run(documents.OVERVIEW, variables)).data
    return dict(data["travelOverviewStats"])


TOOLS: tuple[Tool, ...] = (
    Tool(
        "search_listings",
        "Search listings",
        "Find stays, tours, activities, events and trips. Use first, to get listing ids and "
        "kinds for the other tools. Typos in text are corrected. Returns total, up to `limit` "
        "cards (id, kind, name, location, price, priceUnit, currency, rating) and, when cut, "
        "`more` and a `cursor` for the next ones.",
        (
            Param(
                "text",
                "Query.travelSearch(text)",
                note="Words to match: a city, a name, an amenity.",
            ),
            Param(
                "place",
                "TravelSearchFilterInput.location",
                note="Text the location must contain, e.g. Lisbon.",
            ),
            Param(
                "check_in",
                "TravelSearchFilterInput.availableFrom",
                note="YYYY-MM-DD; with check_out: only listings free then.",
            ),
            Param(
                "check_out",
                "TravelSearchFilterInput.availableTo",
                note="YYYY-MM-DD: a stay's departure day, else the last date.",
            ),
            Param("guests", "TravelSearchFilterInput.guests", note="Party size (default 1)."),
            Param(
                "min_price",
                "TravelSearchFilterInput.minPrice",
                note='Lowest price, a string like "50".',
            ),
            Param(
                "max_price",
                "TravelSearchFilterInput.maxPrice",
                note='Highest price, a string like "200".',
            ),
            Param(
                "currency",
                "TravelSearchFilterInput.currency",
                note="ISO 4217, e.g. EUR; needed to sort by price.",
            ),
            Param("kinds", "TravelSearchFilterInput.kinds", note="Only these kinds."),
            Param(
                "sort", "Query.travelSearch(sort)", note="Default RELEVANCE; PRICE_* need currency."
            ),
            LIMIT,
            CURSOR,
        ),
        frozenset({READ}),
        search_listings,
    ),
    Tool(
        "get_listing",
        "Get a listing",
        "Details of one listing (description, amenities, provider, limits, kind-specific "
        "times). With check_in (and check_out for a stay) also says whether those dates are "
        "bookable and their total.",
        (
            KIND,
            LISTING_ID,
            Param("check_in", "CreateTravelBookingInput.checkIn", note="YYYY-MM-DD, optional."),
            CHECK_OUT,
            GUESTS,
        ),
        frozenset({READ}),
        get_listing,
    ),
    Tool(
        "check_availability",
        "Check availability",
        "Rooms or places left and the price for each date of a stay (its nights) or of one "
        "date, for a party size. Returns bookable, total or shortOn (first date lacking room), "
        "and the days.",
        (KIND, LISTING_ID, CHECK_IN, CHECK_OUT, GUESTS),
        frozenset({READ}),
        check_availability,
    ),
    Tool(
        "quote_booking",
        "Quote a booking",
        "Price a booking before making it: total, currency, cancellation terms and a quoteId "
        f"valid {QUOTE_TTL_SECONDS // 60} minutes. Show the total to the user, then call book "
        "with the quoteId. Fails with UNAVAILABLE naming the date when there is no room.",
        (KIND, LISTING_ID, CHECK_IN, CHECK_OUT, GUESTS),
        frozenset({READ, BOOK}),
        quote_booking,
    ),
    Tool(
        "book",
        "Book",
        "Make the booking a quote describes, charged exactly the quoted total (else "
        "QUOTE_CHANGED, nothing booked). Pass a fresh idempotency_key per booking and reuse it "
        "when retrying: a repeated key returns the first booking, never a second one. Returns "
        "the booking (id, referenceCode, status, totalPrice).",
        (
            Param(
                "quote_id",
                "",
                True,
                local={"type": "string", "description": "quoteId from quote_booking."},
            ),
            Param(
                "idempotency_key",
                "",
                True,
                local={
                    "type": "string",
                    "minLength": 8,
                    "maxLength": 100,
                    "description": "A new unique string per booking, e.g. a UUID.",
                },
            ),
        ),
        frozenset({READ, BOOK}),
        book,
        write=True,
    ),
    Tool(
        "list_trips",
        "List my trips",
        "The caller's own bookings: id, referenceCode, status, dates, guests, "
        "totalPrice and the listing. Use to find a booking_id to cancel.",
        (
            Param(
                "status",
                "TravelBookingFilterInput.status",
                note="Only CONFIRMED or CANCELLED ones.",
            ),
            LIMIT,
            CURSOR,
        ),
        frozenset({BOOK}),
        list_trips,
    ),
    Tool(
        "cancel_booking",
        "Cancel a booking",
        "Cancel one of the caller's bookings (full refund; final). Returns the booking, now "
        "CANCELLED and REFUNDED.",
        (
            Param(
                "booking_id",
                "Mutation.cancelTravelBooking(id)",
                True,
                "The booking's id (list_trips).",
            ),
            Param(
                "reason",
                "Mutation.cancelTravelBooking(reason)",
                note="Why, optional, shown to the host.",
            ),
        ),
        frozenset({BOOK}),
        cancel_booking,
        write=True,
        destructive=True,
    ),
    Tool(
        "toggle_wishlist",
        "Save or unsave a listing",
        "Add a listing to the caller's wishlist, or remove it if already there. Returns saved: "
        "true when now saved, false when removed.",
        (KIND, LISTING_ID),
        frozenset({FAVORITE}),
        toggle_wishlist,
        write=True,
        destructive=True,
        idempotent=False,
    ),
    Tool(
        "list_wishlist",
        "List the wishlist",
        "The listings the caller saved: kind, id, name, when saved.",
        (LIMIT, CURSOR),
        frozenset({FAVORITE}),
        list_wishlist,
    ),
    Tool(
        "overview_stats",
        "Workspace figures",
        "For hosts and admins: confirmed bookings, revenue (per currency) and occupancy of "
        "stays, over a window of stay start dates (default: all time; occupancy over the next "
        "30 nights).",
        (
            Param(
                "from", "Query.travelOverviewStats(from)", note="YYYY-MM-DD, first day, optional."
            ),
            Param(
                "to",
                "Query.travelOverviewStats(to)",
                note="YYYY-MM-DD, day after the last, optional.",
            ),
        ),
        frozenset({ANALYTICS}),
        overview_stats,
    ),
)

BY_NAME = {tool.name: tool for tool in TOOLS}
