"""GraphQL of the caller itself: `travelViewer` (who the credential is and what it may do)."""

from __future__ import annotations

from dataclasses import dataclass

from travel.auth import profile, repository
from travel.auth.identity import Principal
from travel.auth.profile import ProfileUpdate
from travel.db.session import Reads
from travel.errors import NotFound
from travel.graphql.binder import ObjectBinding, SchemaModule
from travel.graphql.context import Info
from travel.graphql.inputs import ErrorPaths
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
  "The name hosts see on the member's bookings (up to 100 characters); null until given."
  displayName: String
  "The member's contact email, seen only by the member; null until given."
  email: String
}

"""The caller's own profile: only the fields given change; null clears one."""
input UpdateTravelProfileInput {
  "The name hosts see on your bookings: 1 to 100 characters (trimmed); blank or null: none."
  displayName: String
  "A contact address shaped like ana@example.com (up to 254 characters); null: none."
  email: String
}

extend type Mutation {
  """
  Change the caller's own display name or email. Any valid credential may (no permission
  needed); a bad field is VALIDATION_ERROR naming it (every bad field at once).
  """
  updateTravelProfile(
    "The fields to change."
    input: UpdateTravelProfileInput!
  ): TravelViewer
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
    display_name: str | None
    email: str | None


query = ObjectBinding("Query")
mutation = ObjectBinding("Mutation")


@query.field("travelViewer")
async def resolve_viewer(_: None, info: Info) -> ViewerRecord:
    session = await info.context.session()
    return await _viewer(session, info.context.principal)


@mutation.field("updateTravelProfile")
async def resolve_update_profile(_: None, info: Info, input: ProfileUpdate) -> ViewerRecord:
    principal: Principal = info.context.principal
    with ErrorPaths("input"):
        values = profile.checked(input)
    session = info.context.writes()
    await profile.write(session, principal.workspace_id, principal.member_id, values)
    return await _viewer(session, principal)


async def _viewer(session: Reads, principal: Principal) -> ViewerRecord:
    workspace = await repository.workspace_name_and_plan(session, principal.workspace_id)
    if workspace is None:  # deleted while the credential was cached
        raise NotFound("Workspace not found")
    name, plan = workspace
    own = await profile.read(session, principal)
    return ViewerRecord(
        member_id=principal.member_id,
        subject=principal.subject,
        roles=sorted(role.value.upper() for role in principal.roles),
        permissions=sorted(p.value for p in principal.permissions),
        workspace=WorkspaceRecord(principal.workspace_id, name, plan),
        display_name=own.display_name,
        email=own.email,
    )


MODULE = SchemaModule(
    TYPE_DEFS, objects=[query, mutation], inputs={"UpdateTravelProfileInput": ProfileUpdate}
)
