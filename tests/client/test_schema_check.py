"""scripts/check-schema.py, the breaking-change guard CI runs: on this repository, and on
throw-away git repositories whose history holds a schema the candidate breaks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "check-schema.py"

OLD = """type Query {
  travelThings: [String!]
  travelLegacy: String
  travelRetired: String @deprecated(reason: "Use travelThings.")
}

enum TravelKind {
  A
}
"""
# travelLegacy and travelRetired are gone; TravelKind gained a value (dangerous, not breaking).
NEW = """type Query {
  travelThings: [String!]
}

enum TravelKind {
  A
  B
}
"""


def check(
    root: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "SCHEMA_BASE_REF"}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--root", str(root), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
    )


def git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.test", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


@pytest.fixture
def history(tmp_path: Path) -> Path:
    """A repository whose last commit has OLD; the working tree and the candidate are NEW."""
    git(tmp_path, "init", "-q")
    (tmp_path / "schema.graphql").write_text(OLD)
    git(tmp_path, "add", "schema.graphql")
    git(tmp_path, "commit", "-q", "-m", "old")
    (tmp_path / "schema.graphql").write_text(NEW)
    (tmp_path / "candidate.graphql").write_text(NEW)
    return tmp_path


def test_this_repository_passes() -> None:
    result = check(REPO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "schema check passed" in result.stdout


def test_an_unacknowledged_breaking_change_fails(history: Path) -> None:
    result = check(history, "--served", str(history / "candidate.graphql"))
    assert result.returncode == 1, result.stdout
    out = result.stdout
    assert "HEAD: BREAKING: FIELD_REMOVED: Field Query.travelLegacy was removed." in out
    assert "never @deprecated" in out.split("travelLegacy")[1].splitlines()[0]
    assert "HEAD: BREAKING: FIELD_REMOVED: Field Query.travelRetired was removed." in out
    assert "never @deprecated" not in out.split("travelRetired")[1].splitlines()[0]
    assert "dangerous (check partners' clients): VALUE_ADDED_TO_ENUM" in out
    assert "HEAD~1: no schema.graphql there" in out
    assert "docs/schema-changes.md" in out


def test_acknowledged_changes_pass(history: Path) -> None:
    (history / "docs").mkdir()
    (history / "docs" / "schema-changes.md").write_text(
        "## 2030-01-01: retire travelLegacy and travelRetired\n\n"
        "- FIELD_REMOVED: Field Query.travelLegacy was removed.\n"
        "- FIELD_REMOVED: Field Query.travelRetired was removed.\n"
    )
    result = check(history, "--served", str(history / "candidate.graphql"))
    assert result.returncode == 0, result.stdout
    assert "breaking, acknowledged: FIELD_REMOVED: Field Query.travelLegacy" in result.stdout


def test_a_committed_file_behind_the_served_schema_fails(history: Path) -> None:
    (history / "candidate.graphql").write_text(NEW.replace("  B\n", "  B\n  C\n"))
    result = check(history, "--served", str(history / "candidate.graphql"), "--base", "HEAD")
    assert result.returncode == 1
    assert "schema.graphql is not the served schema" in result.stdout


def test_bases_from_the_environment_and_without_git(
    history: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    git(history, "add", "schema.graphql")
    git(history, "commit", "-q", "-m", "new")
    candidate = str(history / "candidate.graphql")
    assert check(history, "--served", candidate, "--base", "HEAD").returncode == 0
    from_env = check(history, "--served", candidate, env={"SCHEMA_BASE_REF": "HEAD~1"})
    assert from_env.returncode == 1
    assert "HEAD~1: BREAKING" in from_env.stdout

    plain = tmp_path_factory.mktemp("plain")  # a tarball, not a clone
    (plain / "schema.graphql").write_text(NEW)
    result = check(plain, "--served", candidate)
    assert result.returncode == 0, result.stdout
    assert "HEAD: no schema.graphql there" in result.stdout


def test_a_renamed_input_beside_its_deprecated_argument_is_not_breaking(tmp_path: Path) -> None:
    """The way docs/decisions/0065-booking-filter-input-name.md renames an input type: a new
    argument of the new type, the old argument deprecated. graphql-core counts an added
    optional argument as dangerous (printed for review), never as breaking: the guard passes."""
    before = "type Query {\n  travelThings(filter: ThingFilter): [String!]\n}\n\ninput ThingFilter {\n  a: Int\n}\n"
    after = (
        "type Query {\n  travelThings(\n    where: ThingFilterInput\n"
        '    filter: ThingFilter @deprecated(reason: "Use `where`.")\n  ): [String!]\n}\n\n'
        "input ThingFilter {\n  a: Int\n}\n\ninput ThingFilterInput {\n  a: Int\n}\n"
    )
    git(tmp_path, "init", "-q")
    (tmp_path / "schema.graphql").write_text(before)
    git(tmp_path, "add", "schema.graphql")
    git(tmp_path, "commit", "-q", "-m", "old")
    (tmp_path / "schema.graphql").write_text(after)
    candidate = tmp_path / "candidate.graphql"
    candidate.write_text(after)
    result = check(tmp_path, "--served", str(candidate), "--base", "HEAD")
    assert result.returncode == 0, result.stdout
    assert "BREAKING" not in result.stdout
    assert "OPTIONAL_ARG_ADDED: An optional argument Query.travelThings(where:) was added." in (
        result.stdout
    )
