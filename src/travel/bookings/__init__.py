"""Bookings package."""
