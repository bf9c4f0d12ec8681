"""The schema linter (scripts/schema-lint.sh, docs/decisions/0066-schema-lint.md) passes on the
committed schema and fails on a new undocumented element, a name off the conventions or a
deprecation without a reason. Needs Node.js: skipped without it, except in CI."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "schema.graphql"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None and os.environ.get("CI") != "true",
    reason="no Node.js (scripts/node.sh installs it; CI always runs this)",
)


def _lint(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(ROOT / "scripts" / "schema-lint.sh"), str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_committed_schema_passes() -> None:
    result = _lint(SCHEMA)
    assert result.returncode == 0, result.stdout + result.stderr


# (what schema.graphql has, what a careless change would make of it, the linter's complaint)
CARELESS_CHANGES = [
    # A field added without a description.
    (
        "type TravelWorkspace {\n",
        "type TravelWorkspace {\n  timezone: String\n",
        'Description is required for field "timezone" in type "TravelWorkspace"',
    ),
    # An enum value added without one.
    (
        "enum TravelTripMode {\n",
        "enum TravelTripMode {\n  BIKE\n",
        'Description is required for enum value "BIKE"',
    ),
    # An argument added without one.
    (
        "travelFavoritesCount: Int",
        "travelFavoritesCount(kind: TravelBookingType): Int",
        'Description is required for input value "kind"',
    ),
    # An input field added without one.
    (
        "input TravelPaginationInput {\n",
        "input TravelPaginationInput {\n  cursor: String\n",
        'Description is required for input value "cursor" in input "TravelPaginationInput"',
    ),
    # An input without the Input suffix (renamed with its uses).
    (
        "TravelProviderFilterInput",
        "TravelProviderFilters",
        '"TravelProviderFilters" should have one of the following suffixes: Input',
    ),
    # A deprecation without a reason.
    (
        '@deprecated(reason: "Tours are priced per person: use `price`.")',
        "@deprecated",
        'Deprecation reason is required for field "pricePerNight" in type "TravelTour"',
    ),
]


def test_each_new_problem_fails(tmp_path: Path) -> None:
    sdl = SCHEMA.read_text()
    for old, new, _ in CARELESS_CHANGES:
        assert old in sdl, old
        sdl = sdl.replace(old, new)
    changed = tmp_path / "schema.graphql"
    changed.write_text(sdl)
    result = _lint(changed)
    assert result.returncode == 1, result.stdout + result.stderr
    assert str(changed) in result.stdout  # the report names the file linted
    for _, _, complaint in CARELESS_CHANGES:
        assert complaint in result.stdout
    assert f"{len(CARELESS_CHANGES)} problems" in result.stdout
