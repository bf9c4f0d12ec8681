"""Roles and the role → permission table (docs/design.md §2)."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    TRAVELER = "traveler"
    HOST = "host"
    ADMIN = "admin"


class Permission(StrEnum):
    READ = "travel:read"
    BOOK = "travel:book"
    FAVORITE = "travel:favorite"
    HOST = "travel:host"
    ANALYTICS = "travel:analytics"
    ADMIN = "travel:admin"


ROLE_PERMISSIONS: dict[Role, frozenset[Permission]] = {
    Role.TRAVELER: frozenset({Permission.READ, Permission.BOOK, Permission.FAVORITE}),
    Role.HOST: frozenset({Permission.READ, Permission.HOST}),
    Role.ADMIN: frozenset(Permission),
}

ALL_ROLES = tuple(r.value for r in Role)
ALL_PERMISSIONS = tuple(p.value for p in Permission)


def permissions_for(roles: frozenset[Role]) -> frozenset[Permission]:
    """The union of what the roles grant."""
    granted: set[Permission] = set()
    for role in roles:
        granted |= ROLE_PERMISSIONS[role]
    return frozenset(granted)


def parse_roles(values: list[str] | tuple[str, ...]) -> frozenset[Role]:
    """Roles from their names; unknown names raise ValueError naming the allowed ones."""
    roles: set[Role] = set()
    for value in values:
        try:
            roles.add(Role(value))
        except ValueError:
            raise ValueError(f"unknown role {value!r}; allowed: {', '.join(ALL_ROLES)}") from None
    return frozenset(roles)


def parse_permissions(values: list[str] | tuple[str, ...]) -> frozenset[Permission]:
    """Permissions from their names; unknown names raise ValueError naming the allowed ones."""
    perms: set[Permission] = set()
    for value in values:
        try:
            perms.add(Permission(value))
        except ValueError:
            raise ValueError(
                f"unknown permission {value!r}; allowed: {', '.join(ALL_PERMISSIONS)}"
            ) from None
    return frozenset(perms)
