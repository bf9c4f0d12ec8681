"""Shared domain types every layer may use and none owns: typed ids, `parse_id`, listing kinds.
It imports nothing of the project but `travel.errors`."""
