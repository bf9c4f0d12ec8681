"""`travel demo seed`: a demo workspace with a traveler, a host and an admin, and a catalog."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime

from travel.auth import service as auth_service
from travel.auth.models import Member, Workspace
from travel.db.registry import Databases
from travel.db.session import tenant_transaction
from travel.demo.catalog import seed_catalog
from travel.demo.photos import seed_photos
from travel.media.storage import Storage

# The same catalog every time (dates move with today, so events and trips stay ahead).
RANDOM_SEED = 2026
ROLES = ("traveler", "host", "admin")


def subject_of(role: str) -> str:
    """The demo member holding `role`."""
    return f"demo-{role}"


@dataclass
class DemoWorkspace:
    workspace: Workspace
    keys: dict[str, str] = field(default_factory=dict)


async def seed(databases: Databases, storage: Storage) -> DemoWorkspace:
    """Create the demo workspace, fill its catalog (with a photo for each listing, kept in
    `storage`) and return fresh keys for each role."""
    workspace = await auth_service.create_workspace(databases, "Demo Travel Co", "pro", demo=True)
    demo = DemoWorkspace(workspace)
    members: dict[str, Member] = {}
    for role in ROLES:
        members[role] = await auth_service.add_member(
            databases, workspace, subject_of(role), [role]
        )
        issued = await auth_service.create_api_key(
            databases, workspace, roles=[], subject=members[role].subject, permissions=[]
        )
        demo.keys[role] = issued.secret
    # The host owns every demo provider, so the host key can add listings under any of them.
    host = auth_service.principal_for(workspace, members["host"])
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, host.workspace_id, write=True) as session:
        today = datetime.now(UTC).date()
        await seed_catalog(session, host, random.Random(RANDOM_SEED), today)
        await seed_photos(session, host.workspace_id, storage)
    return demo
