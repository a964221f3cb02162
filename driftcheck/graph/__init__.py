"""The typed layer graph: models declared in pydantic's syntax (plain classes on the static path,
driftcheck/lean.py) over networkx, and the layer catalogue."""

from driftcheck.graph.model import Edge, Fact, Graph, Node, Origin

__all__ = ["Edge", "Fact", "Graph", "Node", "Origin"]
