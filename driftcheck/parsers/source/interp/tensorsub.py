"""User subclasses of ``torch.Tensor`` and ``nn.Parameter``: instances are tensors.

``class ManifoldParameter(ManifoldTensor, nn.Parameter)`` (geoopt), ``class
LoRAParam(nn.Parameter)``: the interpreter took any class with a ``torch.nn.*`` base for a
module class, so ``MyParam(torch.randn(3, 4))`` was an empty module: its 12 weights were
silently left out of the count (a confident wrong total). Python's semantics, modelled here:

- a class whose MRO holds ``torch.Tensor`` or ``nn.Parameter`` (``TENSOR_BASES``) is a tensor
  class, never a module class (``objmodel.is_module_cls``);
- calling it runs its own ``__new__`` (read from source) with the class first; with none,
  the base's: ``nn.Parameter(data=None, requires_grad=True)`` is a parameter of ``data``'s
  shape (``torch.empty(0)`` without data), ``torch.Tensor(*sizes)`` a tensor of that shape;
- ``torch.Tensor._make_subclass(cls, data, requires_grad=False)`` (looked up on any tensor
  class) and ``super().__new__(cls, data, requires_grad)`` in a ``Parameter`` subclass give
  a tensor of ``data``'s shape, a parameter when ``cls`` derives from ``nn.Parameter``
  (``requires_grad=False`` still makes a parameter: torch counts frozen ones too);
- the value is a ``Tensor`` holding its class (``isinstance(t, ManifoldTensor)``) and the
  attributes written on it (``instance.manifold = manifold``).

torch's lazy modules' ``UninitializedParameter`` is a tensor class of torch's own source
whose shape is set by the first forward: it stays unknown here (``lazy`` notes it).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library import torchlib
from driftcheck.parsers.source.values.abstract import Cls, Ext, Func, Tensor, Unknown, plain

PARAM_BASES = frozenset(
    ("torch.nn.Parameter", "torch.nn.parameter.Parameter", "torch.nn.parameter.Buffer")
)
TENSOR_BASES = frozenset(
    (
        *PARAM_BASES,
        "torch.Tensor",
        "torch._C.TensorBase",
        "torch._C._TensorBase",
        "torch.nn.Buffer",
        "torch.nn.UninitializedParameter",
        "torch.nn.parameter.UninitializedParameter",
        "torch.nn.UninitializedBuffer",
        "torch.nn.parameter.UninitializedBuffer",
    )
)
_LAZY = frozenset(
    (
        "torch.nn.UninitializedParameter",
        "torch.nn.parameter.UninitializedParameter",
        "torch.nn.UninitializedBuffer",
        "torch.nn.parameter.UninitializedBuffer",
    )
)


_LAZY_NAMES = frozenset(
    ("UninitializedParameter", "UninitializedBuffer", "UninitializedTensorMixin")
)


def _mro(cls: Any) -> list[Any]:
    return cls.mro() if isinstance(cls, Cls) else [cls]


def is_tensor_cls(cls: Any) -> bool:
    """A class whose instances are tensors: ``torch.Tensor`` / ``nn.Parameter`` in its MRO."""
    return any(isinstance(c, Ext) and c.qual in TENSOR_BASES for c in _mro(cls))


def _is_param_cls(cls: Any) -> bool:
    """A subclass of ``nn.Parameter`` (``nn.Buffer`` is a tensor kept as a buffer)."""
    for c in _mro(cls):
        if isinstance(c, Ext) and c.qual in PARAM_BASES and not c.qual.endswith("Buffer"):
            return True
    return False


def _lazy_base(cls: Any) -> str | None:
    """torch's uninitialized (lazy) parameter or buffer class in ``cls``'s MRO: named by torch
    (an ``Ext``) or read from torch's own ``torch/nn/parameter.py`` (a lazy layer's source)."""
    for c in _mro(cls):
        if isinstance(c, Ext) and c.qual in _LAZY:
            return c.qual
        if (
            isinstance(c, Cls)
            and c.name in _LAZY_NAMES
            and getattr(c.mod, "name", "").startswith("torch.")
        ):
            return f"torch.nn.parameter.{c.name}"
    return None


def make(cls: Any, data: Any, requires_grad: Any = None) -> Any:
    """An instance of tensor class ``cls`` holding ``data``'s values (its shape)."""
    lazy = _lazy_base(cls)
    if lazy is not None:
        return Unknown(f"{lazy.rsplit('.', 1)[-1]}: its shape is set by the module's first forward")
    t = plain(data)
    if t is None:
        shape: Any = (0,)  # ``Parameter()``: ``torch.empty(0)``
    elif isinstance(t, Tensor):
        shape = t.shape
    else:
        return Unknown(f"data of {getattr(cls, 'name', 'a tensor subclass')}")
    out = Tensor(shape, param=_is_param_cls(cls))
    out.cls = cls if isinstance(cls, Cls) else None
    return out


def make_subclass(a: list, k: dict) -> Any:
    """``torch.Tensor._make_subclass(cls, data, require_grad=False)``."""
    cls = plain(a[0]) if a else plain(k.get("cls"))
    data = a[1] if len(a) > 1 else k.get("data")
    if not isinstance(cls, (Cls, Ext)) or not is_tensor_cls(cls):
        return Unknown("_make_subclass of a class that is no tensor class")
    return make(cls, data)


def as_subclass(t: Tensor, a: list, k: dict) -> Any:
    """``t.as_subclass(cls)``: torch's view of ``t``'s data as an instance of ``cls`` (a
    tensor class: torchhd's ``torch.where(...).as_subclass(MAPTensor)``); a parameter only
    when ``cls`` derives from ``nn.Parameter`` (``Parameter(x).as_subclass(Tensor)`` is a
    plain tensor), as ``_make_subclass`` does. Any other class is a TypeError in torch."""
    cls = plain(a[0]) if a else plain(k.get("cls"))
    if not isinstance(cls, (Cls, Ext)) or not is_tensor_cls(cls):
        return Unknown("as_subclass of a class that is no tensor class")
    return make(cls, t)


def base_new(base: Ext, a: list, k: dict) -> Any:
    """``super().__new__(cls, ...)`` reaching the tensor base ``base`` (``Parameter.__new__
    (cls, data=None, requires_grad=True)``; ``Tensor.__new__(cls, *sizes)``)."""
    cls = plain(a[0]) if a else None
    if not isinstance(cls, (Cls, Ext)):
        return Unknown(f"{base.qual}.__new__ of an unknown class")
    rest = a[1:]
    if base.qual in PARAM_BASES or base.qual == "torch.nn.Buffer":
        return make(cls, rest[0] if rest else k.get("data"))
    if len(rest) == 1 and isinstance(plain(rest[0]), Tensor):
        return make(cls, rest[0])
    return make(cls, Tensor(torchlib.shape_of(rest, "torch.Tensor")))


def construct(ip: Any, cls: Cls, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """``cls(*args, **kwargs)`` for a tensor class read from source: its ``__new__`` (with
    ``cls`` first), else the tensor base's; then a class's own ``__init__`` on the instance
    (interp/tensorinit.py)."""
    lazy = _lazy_base(cls)
    if lazy is not None:
        return make(cls, None)
    init_ok, init, _ = ip.classes.mro_attr(cls, "__init__")
    if init_ok and isinstance(init, Func):  # ``__new__`` then ``__init__`` (interp/tensorinit.py)
        from driftcheck.parsers.source.interp import tensorinit

        return tensorinit.construct(ip, cls, init, args, kwargs)
    return new_instance(ip, cls, args, kwargs)


def new_instance(ip: Any, cls: Cls, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """``cls.__new__(cls, *args, **kwargs)``: its own from source, else the tensor base's."""
    ok, new, _where = ip.classes.mro_attr(cls, "__new__")
    if ok and isinstance(new, Func):
        return ip.calls.call_func(
            Func(new.node, new.mod, new.closure, new.owner, None, is_static=True),
            [cls, *args],
            kwargs,
        )
    base = next((c for c in cls.mro() if isinstance(c, Ext) and c.qual in TENSOR_BASES), None)
    if base is None:
        return Unknown(f"instance of {cls.name}")
    if base.qual in PARAM_BASES or base.qual == "torch.nn.Buffer":
        data = args[0] if args else kwargs.get("data")
        return make(cls, data)
    return base_new(base, [cls, *args], kwargs)
