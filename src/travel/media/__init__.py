"""Listing photos: checked by content, stripped of metadata, resized once, stored behind one
small interface and served with immutable caching (docs/decisions/0091-photos.md)."""
