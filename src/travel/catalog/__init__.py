"""Catalog package."""
