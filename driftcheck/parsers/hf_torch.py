"""The exact fallback: build the model on torch's meta device and map its module tree.

Only with ``--exact``: transformers builds the model from the config under
``torch.device("meta")`` (shapes, no memory, no weights; remote code only with
``--trust-remote-code``), and we translate the module tree into the typed graph:

- a ``torch.nn`` leaf the catalogue knows becomes that catalogue layer, its attributes read off
  the module -- but only when the catalogue's weight rule reproduces the module's own parameter
  shapes exactly; otherwise, and for every other module that owns parameters directly, each
  parameter becomes a ``Parameter`` node with its shape. Counts are exact by construction.
- a parameter reached a second time (tied embeddings) is ``tied`` to its first owner, so it is
  counted once, as ``model.parameters()`` counts it;
- consecutive children with the same typed structure (the 32 decoder layers) collapse into one
  node with ``repeat=n``.
torch and transformers are imported here only, and only when this route runs.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections import Counter
from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.graph import catalogue
from driftcheck.graph.model import Graph, Node, Origin
from driftcheck.parsers.hf_source import ConfigSource

_PRIMITIVE = (int, float, str, bool, type(None))


def _first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [""])[0][:240]


def build_model(src: ConfigSource, trust_remote_code: bool, entry: str | None) -> Any:
    """The transformers model for ``src`` on the meta device (DriftcheckError on failure)."""
    try:
        import torch
        import transformers
    except ImportError:
        raise DriftcheckError(
            "--exact needs torch and transformers (pip install 'driftcheck[torch]')", src.display
        ) from None
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    transformers.utils.logging.set_verbosity_error()
    logging.getLogger("transformers").setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if src.kind == "hub" and trust_remote_code:
                config = transformers.AutoConfig.from_pretrained(
                    src.repo_id, revision=src.revision, trust_remote_code=True
                )
            else:
                config = transformers.AutoConfig.from_pretrained(
                    str(src.path), trust_remote_code=trust_remote_code
                )
            with torch.device("meta"):
                if entry:
                    cls = getattr(transformers, entry, None)
                    if cls is None:
                        raise DriftcheckError(f"transformers has no class {entry!r}", src.display)
                    return cls(config)
                return transformers.AutoModel.from_config(
                    config, trust_remote_code=trust_remote_code
                )
    except DriftcheckError:
        raise
    except Exception as e:  # noqa: BLE001 - whatever transformers raises is one line here
        raise DriftcheckError(
            f"transformers cannot build this config ({type(e).__name__}: {_first_line(e)})",
            src.display,
        ) from None


def meta_graph(
    src: ConfigSource, trust_remote_code: bool = False, entry: str | None = None
) -> Graph:
    model = build_model(src, trust_remote_code, entry)
    graph = module_graph(model)
    graph.origin = Origin(kind=src.kind, path=src.display, route="torch-meta", detail=entry)
    return graph


def module_graph(model: Any) -> Graph:
    """The typed graph of a torch module tree (no dataflow edges: forward is not traced)."""
    shared = Counter(id(p) for _, p in model.named_parameters(remove_duplicate=False))
    builder = _Builder({k for k, n in shared.items() if n > 1})
    builder.children(model, prefix="", parent=None)
    graph = Graph(name=type(model).__name__, nodes=builder.nodes)
    graph.notes.append("built by transformers on the meta device; no dataflow edges")
    return graph


class _Builder:
    def __init__(self, shared: set[int]) -> None:
        self.shared = shared
        self.owner: dict[int, str] = {}  # id(param) -> "<node id>.<weight>" of its first owner
        self.nodes: list[Node] = []
        self._sig: dict[int, tuple] = {}

    # ------------------------------------------------------------------ structure
    def signature(self, mod: Any) -> tuple:
        """Typed structure of a subtree: class, own parameter shapes, children's signatures."""
        key = id(mod)
        if key not in self._sig:
            own = tuple((n, tuple(p.shape)) for n, p in mod.named_parameters(recurse=False))
            kids = tuple((n, self.signature(c)) for n, c in mod.named_children())
            self._sig[key] = (_qualname(mod), own, kids)
        return self._sig[key]

    def has_shared(self, mod: Any) -> bool:
        return any(id(p) in self.shared for p in mod.parameters())

    def children(self, mod: Any, prefix: str, parent: str | None) -> None:
        self.params(mod, prefix, parent)
        kids = list(mod.named_children())
        i = 0
        while i < len(kids):
            name, child = kids[i]
            run = 1
            if name.isdigit() and not self.has_shared(child):  # ModuleList / Sequential items
                sig = self.signature(child)
                while (
                    i + run < len(kids)
                    and not self.has_shared(kids[i + run][1])
                    and self.signature(kids[i + run][1]) == sig
                ):
                    run += 1
            self.module(child, f"{prefix}{name}", parent, run)
            i += run

    def module(self, mod: Any, path: str, parent: str | None, repeat: int) -> None:
        has_kids = any(True for _ in mod.named_children())
        own = list(mod.named_parameters(recurse=False))
        if not has_kids:
            node = self.layer(mod, path, parent, own)
            if node is not None:
                node.repeat = repeat
                self.nodes.append(node)
                return
        node = Node(id=_id(path), type="Module", name=path, parent=parent, repeat=repeat)
        node.user_class = type(mod).__name__
        self.nodes.append(node)
        self.children(mod, prefix=f"{path}.", parent=node.id)

    def params(self, mod: Any, prefix: str, parent: str | None) -> None:
        """Parameters a module owns directly (cls tokens, position tables, custom layers)."""
        for pname, p in mod.named_parameters(recurse=False):
            node = Node(
                id=_id(f"{prefix}{pname}"),
                type="Parameter",
                name=f"{prefix}{pname}",
                parent=parent,
                params={"shape": list(p.shape), "requires_grad": bool(p.requires_grad)},
            )
            self.tie(node, "weight", p)
            self.nodes.append(node)

    # ------------------------------------------------------------------ leaves
    def layer(self, mod: Any, path: str, parent: str | None, own: list) -> Node | None:
        """A catalogue node for a known torch.nn leaf whose weights the catalogue reproduces."""
        spec = catalogue.by_torch(_qualname(mod))
        if spec is None:
            return None
        params: dict[str, Any] = {}
        for p in spec.params:
            if not hasattr(mod, p.name):
                continue
            v = getattr(mod, p.name)
            if p.kind == "bool" and not isinstance(v, bool):
                v = v is not None  # ``bias``: a tensor or None on the module
            if isinstance(v, (list, tuple)):
                if not all(isinstance(x, _PRIMITIVE) for x in v):
                    return None
                v = list(v)
            elif not isinstance(v, _PRIMITIVE):
                return None
            params[p.name] = v
        try:
            weights = spec.weights(spec.bind(params))
        except (catalogue.CatalogueError, TypeError, ValueError, KeyError):
            return None
        actual = {n: tuple(t.shape) for n, t in own}
        if {k: tuple(v) for k, v in weights.items()} != actual:
            return None
        node = Node(id=_id(path), type=spec.name, name=path, parent=parent, params=params)
        node.user_class = type(mod).__name__
        for n, t in own:
            self.tie(node, n, t)
        return node

    def tie(self, node: Node, weight: str, p: Any) -> None:
        first = self.owner.get(id(p))
        if first is None:
            self.owner[id(p)] = f"{node.id}.{weight}"
        else:
            node.tied[weight] = first


def _id(path: str) -> str:
    """Node ids use ``/``: a tie reference is ``<node id>.<weight>``, split at its first dot."""
    return path.replace(".", "/")


def _qualname(mod: Any) -> str:
    cls = type(mod)
    return f"{cls.__module__}.{cls.__qualname__}"
