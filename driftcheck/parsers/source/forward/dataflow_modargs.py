"""A module object where torch takes a tensor (session 21c, fresh13's ``module_as_tensor_arg``).

``F.linear(h, self.emb)`` meant ``self.emb.weight`` (a tied LM head), ``s @ self.fc1`` meant
``self.fc1(s)``: torch's argument parser accepts a ``Tensor`` (or a number for ``add``'s
``other``), never an ``nn.Module``, and ``Tensor.__matmul__`` returns ``NotImplemented`` for
one, which ``nn.Module`` has no reflected operator to take up. Measured in torch 2.13:

- ``F.linear(x, emb)``: ``TypeError: linear(): argument 'weight' (position 2) must be Tensor,
  not Embedding``; ``torch.matmul`` / ``mm`` / ``bmm`` / ``mv`` / ``dot`` / ``outer`` /
  ``add`` / ``sub`` / ``mul`` / ``div`` and the same tensor methods alike;
- ``x @ lin``, ``x * lin``, ``x + lin``, ``lin @ x``: ``TypeError: unsupported operand
  type(s) for @: 'Tensor' and 'Linear'``.

Only torch's own layers are judged (a catalogue layer whose class is torch's, or torch's
containers): a user's module class might define ``__torch_function__`` or a reflected
operator, and is left silent.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Leaf, Obj
from driftcheck.parsers.source.values.dataflow_values import Mod, known_shape

# torch function -> its tensor parameters, in order (torch 2.13's signatures)
_FNS: dict[str, tuple[str, ...]] = {
    "torch.matmul": ("input", "other"),
    "torch.mm": ("input", "mat2"),
    "torch.bmm": ("input", "mat2"),
    "torch.mv": ("input", "vec"),
    "torch.dot": ("input", "tensor"),
    "torch.outer": ("input", "vec2"),
    "torch.add": ("input", "other"),
    "torch.sub": ("input", "other"),
    "torch.mul": ("input", "other"),
    "torch.div": ("input", "other"),
    "torch.nn.functional.linear": ("input", "weight", "bias"),
}
# tensor method -> its tensor parameters after ``self``
_METHODS: dict[str, tuple[str, ...]] = {
    "matmul": ("other",),
    "mm": ("mat2",),
    "bmm": ("mat2",),
    "mv": ("vec",),
    "dot": ("tensor",),
    "outer": ("vec2",),
    "add": ("other",),
    "sub": ("other",),
    "mul": ("other",),
    "div": ("other",),
}
_OPS = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.MatMult: "@",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "** or pow()",
}
_CONTAINERS = {"ModuleList": "ModuleList", "Sequential": "Sequential", "ModuleDict": "ModuleDict"}


def torch_module(v: Any) -> str | None:
    """The class name of ``v`` when it is one of torch's own module objects, else None."""
    if not isinstance(v, Mod):
        return None
    o = v.obj
    if isinstance(o, Leaf) and isinstance(o.torch, str) and o.torch.startswith("torch.nn."):
        return o.torch.rpartition(".")[2]
    if isinstance(o, Obj) and o.module and o.cls is None and o.kind in _CONTAINERS:
        return _CONTAINERS[o.kind]
    return None


def _error(fn: str, params: tuple[str, ...], args: list, kwargs: dict, skip: int) -> str | None:
    for i, p in enumerate(params):
        v = args[i] if i < len(args) else kwargs.get(p)
        cls = torch_module(v)
        if cls is not None:
            return (
                f"TypeError: {fn}(): argument '{p}' (position {i + 1 + skip}) must be "
                f"Tensor, not {cls}"
            )
    return None


def torch_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """``torch.matmul(h, self.emb)`` / ``F.linear(h, self.emb)``: torch's TypeError."""
    params = _FNS.get(q)
    if f.input_shape is None or params is None:
        return None
    return _error(q.rpartition(".")[2], params, args, kwargs, 0)


def method_error(f: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``h.matmul(self.proj)``: torch's TypeError (positions count after ``self``)."""
    params = _METHODS.get(name)
    if f.input_shape is None or params is None:
        return None
    return _error(name, params, args, kwargs, 0)


def binop_error(f: Any, op: ast.operator, a: Any, b: Any) -> str | None:
    """``s @ self.fc1`` / ``self.fc1 * s`` (a tensor and torch's layer): the TypeError."""
    sym = _OPS.get(type(op))
    if f.input_shape is None or sym is None:
        return None
    ca, cb = torch_module(a), torch_module(b)
    if ca is None and cb is None:
        return None
    # the other side a tensor of known shape (an unknown call's result may be any object)
    if (ca is not None and known_shape(b) is None) or (cb is not None and known_shape(a) is None):
        return None
    left, right = ca or "Tensor", cb or "Tensor"
    return f"TypeError: unsupported operand type(s) for {sym}: '{left}' and '{right}'"
