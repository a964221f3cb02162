"""What every SRV rule shares: the pair of graphs, fact lookup with sides, Finding building."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from driftcheck.findings import Finding, Location, Severity
from driftcheck.graph.model import Graph

_ENGINE_NAMES = {"vllm": "vLLM", "tgi": "TGI", "ollama": "Ollama", "torchserve": "TorchServe"}


UNREAD: Any = object()
"""``Ctx.raw`` when the caller did not read the config: ``raw_config`` reads it."""


@dataclass
class Ctx:
    config: Graph
    serving: Graph
    cside: str = "left"
    sside: str = "right"
    raw: Any = UNREAD
    """The config as written (or None), when the caller has read it already (``compare``)."""

    def cfg(self, key: str) -> tuple[Any, Location | None]:
        return _fact(self.config, key, self.cside)

    def srv(self, key: str) -> tuple[Any, Location | None]:
        return _fact(self.serving, key, self.sside)

    @property
    def engine(self) -> str | None:
        for note in self.serving.notes:
            if note.startswith("engine: "):
                return note.split(": ", 1)[1]
        return None

    @property
    def is_checkpoint(self) -> bool:
        return self.serving.origin.kind == "checkpoint"

    def raw_config(self) -> dict[str, Any] | None:
        """The config JSON as written, when the config side came from a local file."""
        if self.raw is not UNREAD:
            return self.raw
        path = self.config.origin.path
        if self.config.origin.kind not in ("config", "graph") or not path:
            return None
        p = Path(path)
        if p.is_dir():
            p = p / "config.json"
        if not p.is_file() or p.suffix != ".json" or p.stat().st_size > 16 * 1024 * 1024:
            return None
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            return None
        return data if isinstance(data, dict) and "nodes" not in data else None


def _fact(graph: Graph, key: str, side: str) -> tuple[Any, Location | None]:
    f = graph.facts.get(key)
    if f is None:
        return None, None
    loc = f.loc or Location(file=graph.origin.path)
    return f.value, loc.model_copy(update={"side": side})


def _finding(check_id: str, name: str, sev: Severity, message: str, attribute: str,
             cval: Any, cloc: Location | None, sval: Any, sloc: Location | None,
             evidence: str | None = None) -> Finding:  # fmt: skip
    return Finding(
        check_id=check_id,
        name=name,
        severity=sev,
        message=message,
        kind="serving",
        attribute=attribute,
        values={
            (cloc.side if cloc else "left") or "left": cval,
            (sloc.side if sloc else "right") or "right": sval,
        },
        locations=[loc for loc in (sloc, cloc) if loc is not None],
        evidence=evidence,
    )


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)
