"""The caller itself: who the credential is and what it may do (any valid credential)."""

from __future__ import annotations

from travel.client.operations.base import OperationsBase, R

VIEWER = "memberId subject roles permissions workspace { id name plan }"


class Account(OperationsBase[R]):
    def viewer(self) -> R:
        """travelViewer: the member, its roles, the credential's permissions, the workspace."""
        return self._call("travelViewer", f"query {{ travelViewer {{ {VIEWER} }} }}", {})
