"""GraphQL of the caller itself: `travelViewer` (who the credential is and what it may do)."""

from __future__ import annotations

from dataclasses import dataclass

from travel.auth import repository
from travel.auth.identity import Principal
from travel.errors import NotFound
from travel.graphql.binder import ObjectBinding, SchemaModule
from travel.graphql.context import Info
from travel.kernel.ids import MemberId, WorkspaceId

TYPE_DEFS = '''
"""A role a member holds in its workspace; its permissions are listed on each value."""
enum TravelRole {
  "travel:read, travel:book, travel:favorite: books, cancels its own bookings, keeps a wishlist."
  TRAVELER
  """
  travel:read, travel:host: registers providers and lists under them; sees and cancels the
  bookings on its listings.
  """
  HOST
  "Every permission, including every booking (travel:admin) and the analytics."
  ADMIN
}

"""The caller's workspace: every id the caller sends or receives belongs to it."""
type TravelWorkspace {
  "The workspace's id (a UUID), as operators' tools and webhook payloads (workspaceId) name it."
  id: ID!
  "The workspace's name, as its operator created it."
  name: String!
  "The billing plan, which sets the rate limits: free, pro or enterprise."
  plan: String!
}

"""Who the credential of this request is, and what it may do."""
type TravelViewer {
  "The member the credential belongs to (a person or a service account); a UUID."
  memberId: ID!
  "The member's OIDC subject, or service:<id> for a service account."
  subject: String!
  "The member's roles, in alphabetical order."
  roles: [TravelRole!]!
  """
  What this credential may do, e.g. travel:read, in alphabetical order: the member's roles'
  permissions, narrowed by the API key's own list when it has one. Fields that need a
  permission the credential lacks answer FORBIDDEN.
  """
  permissions: [String!]!
  "The workspace the credential is scoped to."
  workspace: TravelWorkspace!
}

extend type Query {
  """
  The caller: its member, roles, effective permissions and workspace. Any valid credential
  may read it (no permission needed); a client uses it to show only what the caller may do.
  """
  travelViewer: TravelViewer!
}
'''


@dataclass(frozen=True, slots=True)
class WorkspaceRecord:
    id: WorkspaceId
    name: str
    plan: str


@dataclass(frozen=True, slots=True)
class ViewerRecord:
    member_id: MemberId
    subject: str
    roles: list[str]
    permissions: list[str]
    workspace: WorkspaceRecord


query = ObjectBinding("Query")


@query.field("travelViewer")
async def resolve_viewer(_: None, info: Info) -> ViewerRecord:
    ctx = info.context
    principal: Principal = ctx.principal
    session = await ctx.session()
    workspace = await repository.workspace_name_and_plan(session, principal.workspace_id)
    if workspace is None:  # deleted while the credential was cached
        raise NotFound("Workspace not found")
    name, plan = workspace
    return ViewerRecord(
        member_id=principal.member_id,
        subject=principal.subject,
        roles=sorted(role.value.upper() for role in principal.roles),
        permissions=sorted(p.value for p in principal.permissions),
        workspace=WorkspaceRecord(principal.workspace_id, name, plan),
    )


MODULE = SchemaModule(TYPE_DEFS, objects=[query])
