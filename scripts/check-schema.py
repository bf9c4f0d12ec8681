#!/usr/bin/env python3
"""Breaking-change guard: the served GraphQL schema against the committed one and its history.

    scripts/check-schema.py [--base REF ...] [--served FILE] [--root DIR]

1. The served schema must equal the committed `schema.graphql` (else: run
   `python -m travel.graphql.export` and review the diff).
2. Against `schema.graphql` as it was at each base revision — `--base` options, else the
   space-separated $SCHEMA_BASE_REF (CI sets the merge base), else HEAD and HEAD~1 — every
   breaking change found by graphql-core's find_breaking_changes must be acknowledged: its
   description (e.g. "Field Query.travelFoo was removed.") must appear in docs/schema-changes.md.
   Dangerous changes (e.g. a new enum value) are printed, not failed.

Exit status: 0 clean, 1 out of date or unacknowledged breaking changes, 2 bad usage.
Policy: docs/versioning.md; why this way: docs/decisions/0062-schema-breaking-change-guard.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from graphql import (
    BreakingChange,
    DangerousChange,
    GraphQLError,
    GraphQLInterfaceType,
    GraphQLObjectType,
    GraphQLSchema,
    build_schema,
    find_breaking_changes,
    find_dangerous_changes,
)

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_FILE = "schema.graphql"
ACKNOWLEDGEMENTS = "docs/schema-changes.md"
DEFAULT_BASES = ("HEAD", "HEAD~1")


def served_sdl(path: Path | None) -> str:
    """The schema to check: a file, or the one the service serves."""
    if path is not None:
        return path.read_text()
    from travel.graphql.schema import schema_sdl

    return schema_sdl()


def sdl_at(root: Path, ref: str) -> str | None:
    """`schema.graphql` at a git revision; None when git, the revision or the file is missing."""
    try:
        shown = subprocess.run(
            ["git", "show", f"{ref}:{SCHEMA_FILE}"],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return shown.stdout if shown.returncode == 0 else None


def undeprecated_removals(old: GraphQLSchema, new: GraphQLSchema) -> set[str]:
    """`Type.field` of fields removed without having been @deprecated first."""
    removed: set[str] = set()
    for name, old_type in old.type_map.items():
        new_type = new.type_map.get(name)
        if not isinstance(old_type, GraphQLObjectType | GraphQLInterfaceType):
            continue
        if not isinstance(new_type, GraphQLObjectType | GraphQLInterfaceType):
            continue
        for field_name, field in old_type.fields.items():
            if field_name not in new_type.fields and not field.deprecation_reason:
                removed.add(f"{name}.{field_name}")
    return removed


def describe(change: BreakingChange | DangerousChange, undeprecated: set[str]) -> str:
    line = f"{change.type.name}: {change.description}"
    if undeprecated & set(change.description.rstrip(".").split()):
        line += "  (it was never @deprecated: deprecate first, remove later)"
    return line


def compare(label: str, old_sdl: str, new: GraphQLSchema, acknowledged: str) -> int:
    """Print the changes from `old_sdl` to `new`; the number of unacknowledged breaking ones."""
    try:
        old = build_schema(old_sdl)
    except GraphQLError as exc:
        print(f"  {label}: cannot read the schema ({exc.message}); skipped")
        return 0
    undeprecated = undeprecated_removals(old, new)
    failures = 0
    for change in find_breaking_changes(old, new):
        if change.description in acknowledged:
            print(f"  {label}: breaking, acknowledged: {describe(change, undeprecated)}")
        else:
            print(f"  {label}: BREAKING: {describe(change, undeprecated)}")
            failures += 1
    for dangerous in find_dangerous_changes(old, new):
        print(f"  {label}: dangerous (check partners' clients): {describe(dangerous, set())}")
    return failures


def main(argv: list[str] | None = None) -> int:
    """Run the checks; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", action="append", help="git revision to compare with")
    parser.add_argument("--served", type=Path, help="check this SDL instead of the served one")
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository")
    args = parser.parse_args(argv)
    root: Path = args.root
    bases = args.base or os.environ.get("SCHEMA_BASE_REF", "").split() or list(DEFAULT_BASES)

    new_sdl = served_sdl(args.served)
    new = build_schema(new_sdl)
    acknowledgements = root / ACKNOWLEDGEMENTS
    acknowledged = acknowledgements.read_text() if acknowledgements.exists() else ""
    committed_file = root / SCHEMA_FILE
    committed = committed_file.read_text() if committed_file.exists() else ""
    failures = 0
    if committed != new_sdl:
        print(f"{SCHEMA_FILE} is not the served schema: run `python -m travel.graphql.export`")
        failures += 1
        if committed:
            failures += compare(SCHEMA_FILE, committed, new, acknowledged)
    for ref in bases:
        old_sdl = sdl_at(root, ref)
        if old_sdl is None:
            print(f"  {ref}: no {SCHEMA_FILE} there (no git, a shallow clone, or new): skipped")
            continue
        failures += compare(ref, old_sdl, new, acknowledged)
    if failures:
        print(
            "schema check failed. A breaking change needs a deliberate decision: copy its line "
            f"above into {ACKNOWLEDGEMENTS} under a dated heading with the reason "
            "(docs/versioning.md)."
        )
        return 1
    print(f"schema check passed (compared with {', '.join(bases)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
