"""A single incoming triangle multiplicative update; hidden size left to its default (= dim)."""

from triangle_multiplicative_module import TriangleMultiplicativeModule

model = TriangleMultiplicativeModule(dim=64, mix="ingoing")
