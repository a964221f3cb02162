"""Model-level facts (numLayers, hiddenSize, ...) from the interpreted module tree."""

from __future__ import annotations

from typing import Any

from driftcheck.graph.model import Graph


def record_facts(graph: Graph, builder: Any, interp: Any) -> None:
    return None
