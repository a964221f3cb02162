"""The checks, one family per module (``shape``, ``structure``, ``attention`` ...).

Each module exports ``CHECKS``; each check carries its own valid and invalid examples.
"""
