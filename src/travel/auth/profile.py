"""A member's profile: the display name hosts see on their bookings, and an optional contact
email (docs/decisions/0089-host-tools.md). Set by the member (`updateTravelProfile`), by an
operator (`travel member add --name`), or from the identity provider's `name`/`email` claims."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.auth.models import Member
from travel.db.session import Reads
from travel.errors import Checks, InvalidInput
from travel.kernel.ids import WorkspaceId
from travel.kernel.text import cleaned as clean_text
from travel.kernel.text import is_blank
from travel.kernel.unset import UNSET

MAX_DISPLAY_NAME = 100
MAX_EMAIL = 254  # RFC 5321's limit on a forward path
# One @ between a local part and a dotted domain, no spaces: the shape, not deliverability.
_EMAIL = re.compile(r"[^\s@]+@[^\s@]+\.[^\s@]+")


@dataclass(frozen=True, slots=True, kw_only=True)
class ProfileUpdate:
    """`UpdateTravelProfileInput`: the fields to change (null clears), the others UNSET."""

    display_name: str | None = UNSET
    email: str | None = UNSET


@dataclass(frozen=True, slots=True)
class Profile:
    display_name: str | None
    email: str | None


def display_name(value: str | None) -> str | None:
    """1 to MAX_DISPLAY_NAME characters, trimmed; blank is none."""
    if value is None or is_blank(value):
        return None
    name = clean_text(value)
    if len(name) > MAX_DISPLAY_NAME:
        raise InvalidInput(
            "display_name", f"$display_name must be at most {MAX_DISPLAY_NAME} characters"
        )
    return name


def email(value: str | None) -> str | None:
    """An address shaped like one (name@domain.tld), at most MAX_EMAIL characters; blank is
    none."""
    if value is None or is_blank(value):
        return None
    address = value.strip()
    if len(address) > MAX_EMAIL or not _EMAIL.fullmatch(address):
        raise InvalidInput("email", "$email must be an email address such as ana@example.com")
    return address


def checked(given: ProfileUpdate) -> dict[str, str | None]:
    """The columns the update sets, validated (every bad field in one VALIDATION_ERROR)."""
    check = Checks()
    values: dict[str, str | None] = {}
    if given.display_name is not UNSET:
        values["display_name"] = check(lambda: display_name(given.display_name))
    if given.email is not UNSET:
        values["email"] = check(lambda: email(given.email))
    check.done()
    return values


def from_claims(claims: Mapping[str, Any]) -> dict[str, str]:
    """What an identity token says of its subject, where it is usable (else left out)."""
    found: dict[str, str] = {}
    for column, claim, rule in (("display_name", "name", display_name), ("email", "email", email)):
        value = claims.get(claim)
        if isinstance(value, str):
            try:
                usable = rule(value)
            except InvalidInput:
                continue
            if usable is not None:
                found[column] = usable
    return found


async def read(session: Reads, principal: Principal) -> Profile:
    stmt = select(Member.display_name, Member.email).where(
        Member.workspace_id == principal.workspace_id, Member.id == principal.member_id
    )
    row = (await session.execute(stmt)).one()
    return Profile(row[0], row[1])


async def write(
    session: AsyncSession, workspace_id: WorkspaceId, member_id: Any, values: Mapping[str, Any]
) -> None:
    if values:
        await session.execute(
            update(Member)
            .where(Member.workspace_id == workspace_id, Member.id == member_id)
            .values(**values)
        )
