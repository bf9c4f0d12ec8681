"""Imports every model so `Base.metadata` is complete (for migrations and tests)."""

from travel.analytics.models import DailyProviderSales, DailySales, StayDates
from travel.auth.models import ApiKey, Member, Workspace
from travel.bookings.models import AuditEntry, Booking, BookingTransition
from travel.catalog.models import Listing, ListingBlock, Provider, SeasonalPrice
from travel.db.base import Base
from travel.embed.models import EmbedSettings, UsedHostToken
from travel.events.models import OutboxEvent, WebhookAttempt, WebhookDelivery, WebhookEndpoint
from travel.favorites.models import Favorite
from travel.idempotency.models import IdempotencyRecord
from travel.media.models import ListingPhoto, PhotoUpload
from travel.search.models import SearchTerm

__all__ = [
    "ApiKey",
    "AuditEntry",
    "Base",
    "Booking",
    "BookingTransition",
    "DailyProviderSales",
    "DailySales",
    "EmbedSettings",
    "Favorite",
    "IdempotencyRecord",
    "Listing",
    "ListingBlock",
    "ListingPhoto",
    "Member",
    "OutboxEvent",
    "PhotoUpload",
    "Provider",
    "SearchTerm",
    "SeasonalPrice",
    "StayDates",
    "UsedHostToken",
    "WebhookAttempt",
    "WebhookDelivery",
    "WebhookEndpoint",
    "Workspace",
]
