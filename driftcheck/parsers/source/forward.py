"""forward() dataflow: edges between nodes (implemented in ``dataflow``)."""

from __future__ import annotations

from typing import Any

from driftcheck.graph.model import Graph


def add_edges(graph: Graph, builder: Any, interp: Any) -> None:
    from driftcheck.parsers.source.dataflow import add_edges as follow

    follow(graph, builder, interp)
