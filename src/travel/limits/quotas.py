"""Per-workspace, per-action quotas (DESIGN §7). Placeholder interface until issue 5 lands."""

from __future__ import annotations

from travel.auth.identity import Principal


class Unlimited:
    """Charges nothing and reports no quota headers."""

    async def peek_headers(self, principal: Principal) -> dict[str, str]:
        return {}

    async def charge(self, principal: Principal, root_fields: set[str]) -> dict[str, str]:
        return {}
