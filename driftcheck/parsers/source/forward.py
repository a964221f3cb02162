"""forward() dataflow: edges between nodes."""

from __future__ import annotations

from typing import Any

from driftcheck.graph.model import Graph


def add_edges(graph: Graph, builder: Any, interp: Any) -> None:
    return None
