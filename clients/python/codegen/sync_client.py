"""Write src/travel_client/sync.py, the blocking client, from aio.py (the asyncio client) with
unasync: one hand-written client, so the two cannot drift apart. Run by scripts/sdk-codegen.sh
in the codegen environment."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import unasync

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "travel_client"
# Names of aio.py and what they are in sync.py (unasync already handles async/await, the
# async dunders and AsyncIterator).
REPLACEMENTS = {
    "AsyncTravelClient": "TravelClient",
    "AsyncClient": "Client",
    "aclose": "close",
    "async_sleep": "sync_sleep",
}
DOCSTRING = (
    '"""The blocking client: generated from aio.py by scripts/sdk-codegen.sh; do not edit."""'
)


def main(package: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "_async", "client.py")
        source.parent.mkdir()
        shutil.copyfile(package / "aio.py", source)
        rule = unasync.Rule("/_async/", "/_sync/", additional_replacements=REPLACEMENTS)
        unasync.unasync_files([str(source)], [rule])
        text = Path(tmp, "_sync", "client.py").read_text()
    start = text.index('"""')
    end = text.index('"""', start + 3) + 3
    (package / "sync.py").write_text(text[:start] + DOCSTRING + text[end:])


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else PACKAGE)
