"""`travel demo seed`: a demo workspace with a traveler, a host and an admin, and some inventory."""

from __future__ import annotations

from dataclasses import dataclass, field

from travel.auth import service as auth_service
from travel.auth.models import Member, Workspace
from travel.catalog import service as catalog
from travel.db.registry import Databases
from travel.db.session import tenant_transaction

PROVIDERS = [
    ("Casa Azul Guesthouse", "HOST"),
    ("Harbour View Apartments", "HOST"),
    ("Alpine Lodge Collective", "HOST"),
    ("Lisbon Walking Tours", "OPERATOR"),
    ("Atlas Adventures", "OPERATOR"),
    ("Riverside Arena", "OPERATOR"),
]


@dataclass
class DemoWorkspace:
    workspace: Workspace
    keys: dict[str, str] = field(default_factory=dict)


async def seed(databases: Databases) -> DemoWorkspace:
    """Create the demo workspace and return fresh keys for each role."""
    workspace = await auth_service.create_workspace(databases, "Demo Travel Co", "pro")
    demo = DemoWorkspace(workspace)
    members: dict[str, Member] = {}
    for role in ("traveler", "host", "admin"):
        members[role] = await auth_service.add_member(databases, workspace, f"demo-{role}", [role])
        issued = await auth_service.create_api_key(
            databases, workspace, roles=[], subject=members[role].subject, permissions=[]
        )
        demo.keys[role] = issued.secret
    host = auth_service.principal_for(workspace, members["host"])
    engines = databases.for_tenant(workspace.database_url)
    async with tenant_transaction(engines, host.workspace_id, write=True) as session:
        for name, kind in PROVIDERS:
            await catalog.create_provider(session, host, {"name": name, "type": kind})
    return demo
