"""The edit log: every step recorded as a typed graph diff, one JSON object per line.

A diff names components added and removed (with their catalogue type), params changed
(old -> new), connections added and removed, and config fields changed. Records carry no
clock, so a replayed episode writes the same bytes.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from driftcheck_gym.state import Arch
from driftcheck_gym.vocab import resolve_type


def _typed(name: str, c: dict[str, Any]) -> dict[str, Any]:
    t = str(c["type"])
    return {"name": name, "type": t, "catalogueType": resolve_type(t), "params": c["params"]}


def diff(before: Arch, after: Arch) -> dict[str, Any]:
    """The typed difference between two architectures."""
    b, a = before.components, after.components
    out: dict[str, Any] = {
        "added": [_typed(n, a[n]) for n in a if n not in b],
        "removed": [_typed(n, b[n]) for n in b if n not in a],
        "changed": [],
        "connectionsAdded": [
            {"from": s, "to": d}
            for s, d in after.connections
            if (s, d) not in set(before.connections)
        ],
        "connectionsRemoved": [
            {"from": s, "to": d}
            for s, d in before.connections
            if (s, d) not in set(after.connections)
        ],
    }
    for n in a:
        if n in b and a[n] != b[n]:
            old, new = b[n], a[n]
            ch: dict[str, Any] = {"name": n, "catalogueType": resolve_type(str(new["type"]))}
            if old["type"] != new["type"]:
                ch["type"] = [old["type"], new["type"]]
            po, pn = old["params"], new["params"]
            ch["params"] = {
                k: [po.get(k), pn.get(k)]
                for k in sorted(set(po) | set(pn))
                if po.get(k) != pn.get(k)
            }
            out["changed"].append(ch)
    if before.config is not None or after.config is not None:
        co, cn = before.config or {}, after.config or {}
        out["config"] = {
            k: [co.get(k), cn.get(k)] for k in sorted(set(co) | set(cn)) if co.get(k) != cn.get(k)
        }
    return out


class EditLog:
    """Appends records to a JSONL file (thread-safe; one line per step)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, sort_keys=True, default=repr)
        with self._lock, self.path.open("a", encoding="utf-8") as f:
            f.write(line + "\n")


def read(path: str | Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
