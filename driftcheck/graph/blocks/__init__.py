"""Blocks: composites defined as sub-graphs of catalogue layers (one module per family)."""
