"""Write driftcheck/data/catalogue_index.json: every catalogue name -> the module defining it.

``driftcheck.graph.catalogue`` reads this index so a command imports only the family modules
its graph uses (cold start). tests/test_imports.py fails when the file is out of date; rerun
this script after adding, renaming or moving a layer, block, alias or torch name.

    python tools/gen_catalogue_index.py [--check]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from driftcheck.graph.catalogue import INDEX_PATH, build_index  # noqa: E402


def render() -> str:
    return json.dumps(build_index(), indent=1, sort_keys=True) + "\n"


def main() -> int:
    text = render()
    if "--check" in sys.argv[1:]:
        current = INDEX_PATH.read_text(encoding="utf-8") if INDEX_PATH.exists() else ""
        if current != text:
            print(f"{INDEX_PATH} is out of date: run python tools/gen_catalogue_index.py")
            return 1
        return 0
    INDEX_PATH.write_text(text, encoding="utf-8")
    n = json.loads(text)
    print(f"wrote {INDEX_PATH}: {len(n['layers'])} layers, {len(n['blocks'])} blocks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
