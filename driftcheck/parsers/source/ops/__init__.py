"""Python operator, comparison and truthiness semantics on abstract values."""
