"""`python -m travel.graphql.export [PATH]`: write the served schema (default: schema.graphql)."""

from __future__ import annotations

import sys
from pathlib import Path

from travel.graphql.schema import schema_sdl


def main() -> None:
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "schema.graphql")
    target.write_text(schema_sdl())
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
