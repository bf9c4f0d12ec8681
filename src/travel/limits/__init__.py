"""Limits package."""
