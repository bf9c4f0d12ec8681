"""Write src/travel_client/_sync/, the blocking client, from _async/ (the asyncio client) with
unasync: one hand-written client, so the two cannot drift apart. Run by scripts/sdk-codegen.sh
in the codegen environment."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import unasync

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "travel_client"
# Names of _async/ and what they are in _sync/. unasync already handles async/await, the async
# dunders and AsyncIterator, and renames AsyncX classes to SyncX.
REPLACEMENTS = {
    "_async": "_sync",
    "AsyncTravelClient": "TravelClient",
    "AsyncClient": "Client",
    "aclose": "close",
    "async_sleep": "sync_sleep",
}


def main(package: Path) -> None:
    target = package / "_sync"
    shutil.rmtree(target, ignore_errors=True)
    sources = sorted((package / "_async").glob("*.py"))
    rule = unasync.Rule("/_async/", "/_sync/", additional_replacements=REPLACEMENTS)
    unasync.unasync_files([str(path) for path in sources], [rule])
    for source in sources:
        generated = target / source.name
        note = f"# Generated from _async/{source.name} by scripts/sdk-codegen.sh: do not edit.\n"
        generated.write_text(note + generated.read_text())


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else PACKAGE)
