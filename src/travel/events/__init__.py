"""Events package."""
