"""The typed layer graph: pydantic models over networkx, and the layer catalogue."""

from driftcheck.graph.model import Edge, Fact, Graph, Node, Origin

__all__ = ["Edge", "Fact", "Graph", "Node", "Origin"]
