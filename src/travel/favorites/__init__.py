"""Favorites package."""
