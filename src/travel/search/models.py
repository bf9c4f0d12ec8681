"""Each workspace's search vocabulary: the words of its listings and its places, with how many
listings have each — what typo corrections, "did you mean" and suggestions choose from
(docs/decisions/0088-discovery.md)."""

from __future__ import annotations

import uuid

from sqlalchemy import ForeignKey, String, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from travel.db.base import Base

WORD, PLACE = "WORD", "PLACE"


class SearchTerm(Base):
    """A folded word of a workspace's listings (WORD), or a place they are in (PLACE: the
    folded location as `term`, as a host wrote it as `display`)."""

    __tablename__ = "search_terms"

    workspace_id: Mapped[uuid.UUID] = mapped_column(
        Uuid(), ForeignKey("workspaces.id", ondelete="CASCADE"), primary_key=True
    )
    field: Mapped[str] = mapped_column(String(8), primary_key=True)
    term: Mapped[str] = mapped_column(String(200), primary_key=True)
    display: Mapped[str] = mapped_column(String(200))
    # Listings in the workspace with the term; a term at 0 is kept (it is offered to nobody).
    listings: Mapped[int]
