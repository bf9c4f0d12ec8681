"""Client package."""
