"""Analytics package."""
