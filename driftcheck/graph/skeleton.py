"""A graph's skeleton: what ``Prepared`` and the verifier derive from its structure alone,
remembered by that structure (``Speed.verify_template``).

Graphs that differ only in their layers' params (the gym's plans of one family, a width
sweep) share their node ids, types, parents and edges. What is derived from those alone --
the nodes of each type (as positions), producers and consumers, degrees, whether every edge
points forward, and, filled in by the verifier when it first asks, the structure key's memo
of structural hits, the layer ids and the in-degrees per type -- is built once per skeleton
and copied (C-level) into each later graph's ``Prepared`` instead of being derived again.

Exact by construction: the key holds the ids and types in node order and the identities of
the edge objects (``id``); a skeleton holds its edges, so while it lives no other object can
have those identities, and an edge is frozen. A hit is used only when the parents are equal
too; everything the skeleton holds is a function of these. Opt-in per graph (``Prepared(...,
skeleton=True)``: the gym asks for it, since its graphs reuse edge objects); off with
``DRIFTCHECK_SPEED_OFF=verify_template`` (tests/test_gym_speed14.py proves identical reports and
grades).
"""

from __future__ import annotations

from typing import Any

MAX_NODES = 512
"""Graphs up to this many nodes get a skeleton (the key holds every id)."""
MAX_SKELETONS = 4096
"""Skeletons kept per ``Stores`` (cleared when full)."""


class Skeleton:
    """The structural part of a ``Prepared``, and what the verifier adds to it."""

    __slots__ = (
        "parents",
        "edges",
        "positions",
        "type_set",
        "srcs",
        "dsts",
        "n_edges",
        "indegree",
        "outdegree",
        "sources",
        "shared_index",
        "forward",
        "layer_ids",
        "in_degrees",
        "struct",
        "kv_types",
    )

    def __init__(self, prep: Any, edges: list) -> None:
        self.parents = list(prep.parents)
        self.edges = list(edges)  # held: their identities are in the key
        pos: dict[str, list[int]] = {}
        for i, t in enumerate(prep.types):
            if t in pos:
                pos[t].append(i)
            else:
                pos[t] = [i]
        self.positions = tuple((t, tuple(p)) for t, p in pos.items())
        self.type_set = frozenset(pos)
        self.srcs = tuple(prep.srcs)
        self.dsts = tuple(prep.dsts)
        self.n_edges = prep.n_edges
        self.indegree = dict(prep.indegree)
        self.outdegree = dict(prep.outdegree)
        self.sources = dict(prep.sources)
        self.shared_index = prep.shared_index
        self.forward = prep.forward
        self.layer_ids: frozenset[str] | None = None
        """``Context.layer_ids`` (ids, parents and the structural types' ids decide it)."""
        self.in_degrees: dict[str, tuple[int, int]] | None = None
        """``Context.in_degrees`` (types and edges decide it)."""
        self.kv_types: tuple[str, ...] | None = None
        """``cost_counts.kv_per_token_elems``'s types that may cache K/V (the cached
        attention types, and blocks: types with a block spec and no layer spec), in by-type
        order."""
        self.struct: tuple | None = None
        """(the runner's structure key, its memo of structural hits), kept by the runner."""


def key_of(ids: list, types: list, edges: list, nodes: int) -> tuple | None:
    """The skeleton key of a graph (None: too large, or an unhashable id or type)."""
    if nodes > MAX_NODES:
        return None
    k = (tuple(ids), tuple(types), tuple(map(id, edges)))
    try:
        hash(k)
    except TypeError:
        return None
    return k
