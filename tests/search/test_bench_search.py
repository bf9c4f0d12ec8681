"""The discovery benchmark keeps working (`make search-bench` runs it at a million listings;
here a bounded one on SQLite, and no timing is asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_search_benchmark_seeds_measures_and_prints_its_floor(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.search", "--db", "sqlite", "--listings", "2000",
         "--requests", "3", "--each", "--sqlite-path", str(tmp_path / "search.db")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    expected = ("text + place + price", "dates and guests", "suggestions", "floor:", "insert a")
    for line in (*expected, "each text alone", "kyoto temple"):
        assert line in done.stdout, done.stdout
