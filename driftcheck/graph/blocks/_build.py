"""A small builder the block families share: named leaves, auto-created parent modules, edges.

Why a builder: every block is written as a few lines that read like the torch ``forward``
(``x = b.add("RMSNorm", "input_layernorm", {...}, x)``), while the builder keeps the three
invariants the rest of driftcheck relies on:

- node ids never contain ``.`` (``Node.tied`` uses ``"<node id>.<weight>"``), so the module
  path lives in ``Node.name`` and the id is the path with ``/`` instead of ``.``;
- every dotted path gets its parent ``Module`` nodes, mirroring torch's module tree, so a
  leaf named ``self_attn.q_proj`` sits under a ``self_attn`` Module;
- every leaf's parameters bind against its catalogue entry at build time, so a typo in a
  block is a ``CatalogueError`` in the test suite, not a silent ``None`` count later.

The loader skips modules whose name starts with ``_``; nothing here is a catalogue entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from driftcheck.graph import catalogue
from driftcheck.graph.catalogue.spec import CatalogueError, Example, P
from driftcheck.graph.model import Graph, Node, Origin

_ACTS = {
    "gelu": "GELU",
    "gelu_new": "GELU",
    "gelu_fast": "GELU",
    "gelu_pytorch_tanh": "GELU",
    "gelu_python": "GELU",
    "quick_gelu": "GELU",
    "silu": "SiLU",
    "swish": "SiLU",
    "relu": "ReLU",
    "relu2": "ReLU",
    "tanh": "Tanh",
    "sigmoid": "Sigmoid",
}


def act_type(name: str) -> str:
    """Catalogue layer for an activation name as HF configs spell it (``ACT2FN`` keys).

    The catalogue's own aliases win (it may know ``gelu_new`` as a distinct entry); the
    fallback table keeps blocks buildable with the plain torch activations alone.
    """
    found = catalogue.lookup(name)
    if found is not None and catalogue.get(found) is not None:
        return found
    if name.lower() in _ACTS:
        return _ACTS[name.lower()]
    raise CatalogueError(f"unknown activation {name!r}")


def act_params(name: str) -> dict[str, Any]:
    """Constructor params for the activation node (GELU's tanh approximation)."""
    kind = act_type(name)
    if kind == "GELU" and name.lower() in ("gelu_new", "gelu_fast", "gelu_pytorch_tanh"):
        return {"approximate": "tanh"}
    return {}


def nid(name: str) -> str:
    return name.replace(".", "/")


class Builder:
    """Accumulates one block graph; ``done(out)`` returns it."""

    def __init__(self, name: str, reference: str | None = None) -> None:
        self.g = Graph(name=name, origin=Origin(kind="graph", detail=reference))
        self._ops = 0
        self._scope: str | None = None

    @contextmanager
    def scope(self, path: str) -> Iterator[None]:
        """Put unnamed ops (residual adds, activations) under the module ``path``.

        A repeated subtree must hold its whole dataflow: an Add left at the top level would
        make the copies leave and re-enter the block mid-way.
        """
        before, self._scope = self._scope, path
        try:
            yield
        finally:
            self._scope = before

    # ------------------------------------------------------------------ nodes
    def input(self, name: str, shape: Iterable[Any]) -> str:
        node = Node(id=nid(name), type="Input", params={"shape": tuple(shape), "name": name})
        self.g.add(node)
        return node.id

    def _parent(self, name: str) -> str | None:
        """Create (once) the Module nodes above a dotted path; return the direct parent id."""
        parts = name.split(".")
        parent = None
        for k in range(1, len(parts)):
            path = ".".join(parts[:k])
            i = nid(path)
            if i not in self.g.index:
                self.g.add(Node(id=i, type="Module", name=path, parent=parent))
            parent = i
        return parent

    def add(
        self,
        type_: str,
        name: str | None,
        params: Mapping[str, Any] | None = None,
        *inputs: str,
        tied: Mapping[str, str] | None = None,
        repeat: int = 1,
    ) -> str:
        """Add one catalogue leaf fed by ``inputs`` (in argument order); return its id.

        ``name`` is the torch module path; None for functional ops (residual adds, cats),
        which get an id such as ``add_2`` and sit at the top level.
        """
        params = dict(params or {})
        spec = catalogue.get(type_)
        if spec is None:
            raise CatalogueError(f"block {self.g.name} uses unknown layer {type_!r}")
        spec.bind(params)  # fail now, with the layer's own message, on a bad parameter
        if name is None:
            self._ops += 1
            node_id = f"{type_.lower()}_{self._ops}"
            parent = self._parent(f"{self._scope}.op") if self._scope else None
        else:
            node_id, parent = nid(name), self._parent(name)
        self.g.add(
            Node(
                id=node_id,
                type=type_,
                name=name,
                params=params,
                parent=parent,
                tied=dict(tied or {}),
                repeat=repeat,
            )
        )
        for k, src in enumerate(inputs):
            self.g.connect(src, node_id, k if len(inputs) > 1 else None)
        return node_id

    def act(self, name: str | None, activation: str, x: str) -> str:
        return self.add(act_type(activation), name, act_params(activation), x)

    def residual(self, a: str, b: str) -> str:
        return self.add("Add", None, {}, a, b)

    def done(self, *outputs: str) -> Graph:
        self.g.outputs = list(outputs)
        self.g.invalidate()
        return self.g


# ---------------------------------------------------------------------- parameter helpers
def dim(name: str, *aliases: str, default: Any = ..., doc: str = "") -> P:
    kw: dict[str, Any] = {} if default is ... else {"default": default}
    return P(name, "int", dim=True, aliases=aliases, doc=doc, **kw)


def flag(name: str, default: bool, *aliases: str, doc: str = "") -> P:
    return P(name, "bool", default, aliases=aliases, doc=doc)


def text(name: str, default: str, *aliases: str, doc: str = "") -> P:
    return P(name, "str", default, aliases=aliases, doc=doc)


def real(name: str, default: float | None, *aliases: str, doc: str = "") -> P:
    return P(name, "float", default, aliases=aliases, doc=doc)


def examples(*items: tuple[Mapping[str, Any], tuple[tuple[Any, ...], ...]]) -> tuple[Example, ...]:
    """``examples((params, input_shapes), ...)``: the generic test builds each in torch."""
    return tuple(Example(dict(p), tuple(tuple(s) for s in shapes)) for p, shapes in items)
