"""A subclass of a catalogue layer called in ``__init__`` on tensors of known shape (issue #16,
session 23).

rl_games' IMPALA builder sizes its MLP from ``nn.Sequential(*cnn)(torch.rand(1, *shape))``,
the CNN made of ``Conv2dAuto(nn.Conv2d)``: a subclass whose ``__init__`` calls
``super().__init__(...)`` and then rewrites ``self.padding`` from ``self.kernel_size``. The
object is read from source (its own ``__init__`` ran, torch's ``__init__`` stored the layer's
arguments as attributes), but its ``forward`` is torch's, not in the analyzed code: the call
was not followed, and the Linear after it stayed unknown.

torch's ``forward`` reads the layer's attributes as they are when it runs, so the output shape
is the catalogue entry's shape rule over the object's *current* attributes (the rewritten
``padding`` included). Followed only when nothing the subclass defines can change what torch's
forward does:

- no class between the object's class and the torch layer binds ``forward`` / ``__call__``
  or any private name (``_conv_forward``, ``_check_input_dim``, ``__getattr__``...) other than
  ``__init__`` and a few that forward never reaches (``__repr__``...), nor a class-level name
  that is one of the entry's parameters (a ``padding`` property would shadow the attribute);
- every parameter of the entry is an attribute of the object (as torch's ``__init__`` stores
  it), except one that only decides a weight (``bias``, read from the object's parameters) or
  whose default is None; anything else (a name torch stores differently) is not followed.

Anything else stays as before: not followed (the caller's Unknown).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.graph import catalogue
from driftcheck.parsers.source.values.abstract import Cls, Ext, Obj, Tensor, plain

# private names a subclass may bind that torch's forward never reaches
_HARMLESS_PRIVATE = frozenset({"__init__", "__repr__", "__str__", "__doc__", "__module__"})
_FORWARD_NAMES = frozenset({"forward", "__call__"})


def _bound_names(node: ast.ClassDef) -> set[str]:
    """Names a class body binds (functions, assignments, annotated names)."""
    out: set[str] = set()
    for st in node.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(st.name)
        elif isinstance(st, ast.Assign):
            out.update(t.id for t in st.targets if isinstance(t, ast.Name))
            if any(not isinstance(t, ast.Name) for t in st.targets):
                out.add("<unpacked>")  # ``a, b = ...`` at class level: not read here
        elif isinstance(st, (ast.AnnAssign, ast.AugAssign)) and isinstance(st.target, ast.Name):
            out.add(st.target.id)
        elif not isinstance(st, (ast.Expr, ast.Pass)):
            out.add("<statement>")  # ``if`` / ``for`` / ``import`` in a class body
    return out


def _torch_base(m: Obj, params: set[str]) -> str | None:
    """The torch layer's qualname when every source class before it in the MRO leaves
    torch's forward alone (module docstring); None otherwise."""
    if m.cls is None:
        return None
    for c in m.cls.mro():
        if isinstance(c, Ext):
            return c.qual if c.qual.startswith("torch.nn.") else None
        if not isinstance(c, Cls):
            return None
        for name in _bound_names(c.node):
            if name in _FORWARD_NAMES or name in params or name.startswith("<"):
                return None
            if name.startswith("_") and name not in _HARMLESS_PRIVATE:
                return None
    return None


def output(m: Any, shapes: list[tuple]) -> tuple[str, Tensor] | None:
    """The catalogue entry's name and the output of a catalogue layer's subclass applied to
    inputs of known ``shapes``, by the entry's shape rule over the object's current
    attributes; None when not followed."""
    if not isinstance(m, Obj) or not m.module or m.kind or m.unresolved or not m.qual:
        return None
    spec = catalogue.by_torch(m.qual)
    if spec is None or spec.n_inputs not in (None, len(shapes)):
        return None
    names = {p.name for p in spec.params}
    base = _torch_base(m, names)
    if base is None or catalogue.by_torch(base) is not spec:
        return None
    bound: dict[str, Any] = {}
    for p in spec.params:
        if p.name in m.attrs:
            v = plain(m.attrs[p.name])
            if isinstance(v, list):
                v = tuple(v)
            bound[p.name] = v
        elif p.name == "bias":  # torch keeps the weight there, or None
            bound[p.name] = plain(m.params.get("bias")) is not None
        elif p.default is None and not p.required:
            continue
        else:
            return None  # a parameter torch stores under another name: not followed
    try:
        shp = spec.output_shape(bound, [tuple(s) for s in shapes])
    except Exception:  # noqa: BLE001 - the rule refuses the input or the values: not followed
        return None
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in shp):
        return None
    return spec.name, Tensor(tuple(shp))
