"""The library of modelled callables: builtins, the standard library, numpy basics, torch,
einops and transformers helpers, one registry entry per qualified name (``registry.py``).

Importing the package declares every entry; ``lookup(qual)`` is what the interpreter asks.
"""

from __future__ import annotations

from driftcheck.parsers.source.library import (  # noqa: F401 - each declares its entries
    arrays,
    einopslib,
    hf,
    python,
    stdlib,
    torchfns,
)
from driftcheck.parsers.source.library.registry import (  # noqa: F401
    REGISTRY,
    RULES,
    Call,
    Entry,
    Group,
    Rule,
    entries,
    lookup,
)
