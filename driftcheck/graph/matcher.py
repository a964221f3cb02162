"""Stable import path for the drift matcher; the code lives in ``driftcheck.graph.match``."""

from driftcheck.graph.match import compare, label_of

__all__ = ["compare", "label_of"]
