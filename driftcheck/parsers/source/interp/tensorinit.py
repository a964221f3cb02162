"""A tensor subclass with its own ``__init__``, and the shape torch reads of its instance
through the class's ``__torch_function__``.

``class ManifoldParameter(ManifoldTensor, nn.Parameter)`` (hypll) makes an *empty* Parameter in
``__new__`` (``super(ManifoldTensor, cls).__new__(cls)``: ``torch.empty(0)``) and wraps the real
data in ``__init__`` (``self.tensor = Parameter(data)``); its classmethod ``__torch_function__``
hands calls whose ``func`` is a ``method-wrapper`` on to ``self.tensor``. torch reads a
tensor's ``.shape`` as the ``method-wrapper`` ``Tensor.shape.__get__`` and, for a subclass
overriding ``__torch_function__``, dispatches that read to it: the shape torch reports (what a
count reads) is the wrapped tensor's. Python's and torch's semantics, modelled here:

- ``cls(*args, **kwargs)`` runs ``cls.__new__`` (interp/tensorsub.py ``new_instance``) and,
  when that returns an instance of ``cls``, ``cls.__init__`` on it (attribute writes land on
  the instance: ``Tensor.attrs``); anything else is unknown;
- when a class read from source in the MRO defines ``__torch_function__``, the shape is what
  that method returns for ``func`` = ``Tensor.shape.__get__`` (a ``ShapeGetter``: its
  ``__class__.__name__`` is ``"method-wrapper"``, equal only to itself; called on a tensor it
  gives that tensor's shape, on a subclass instance that itself overrides
  ``__torch_function__`` unknown), ``types`` = ``(cls,)``, ``args`` = ``(instance,)``,
  ``kwargs`` = None. A result that is not a tuple of ints -- the method raising, returning
  something else, or a branch we cannot decide -- leaves the tensor's shape unknown, so the
  count is unknown (never the empty ``__new__`` tensor's 0);
- without such an override the shape is the instance's own.
"""

from __future__ import annotations

from typing import Any, ClassVar

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.values.abstract import Cls, Ext, Func, Tensor, Unknown, plain


class _WrapperType:
    """``type(Tensor.shape.__get__)``: CPython's ``method-wrapper`` type (its ``__name__``)."""

    library_type: ClassVar[str] = "builtins.type"

    def attr(self, name: str) -> Any:
        if name in ("__name__", "__qualname__"):
            return "method-wrapper"
        return Unknown(f"method-wrapper.{name}")


class ShapeGetter(BuiltinMethod):
    """``Tensor.shape.__get__``, the ``func`` torch hands ``__torch_function__`` for a shape
    read. Called with a tensor it returns that tensor's shape."""

    library_type: ClassVar[str] = "builtins.method-wrapper"

    def __init__(self) -> None:
        super().__init__(self._get)

    @staticmethod
    def _get(a: list, k: dict) -> Any:
        t = plain(a[0]) if len(a) == 1 and not k else None
        if not isinstance(t, Tensor) or isinstance(t.cls, Cls):
            return Unknown("Tensor.shape.__get__ of a value that is not a plain tensor")
        return t.shape

    def attr(self, name: str) -> Any:
        if name == "__class__":
            return _WrapperType()
        if name in ("__name__", "__qualname__"):
            return "__get__"
        return Unknown(f"Tensor.shape.__get__.{name}")


def overrides(ip: Any, cls: Any) -> tuple[bool, Any]:
    """(whether a class read from source in ``cls``'s MRO defines ``__torch_function__``, that
    definition); past the first torch class it is torch's own (Tensor's)."""
    if not isinstance(cls, Cls):
        return False, None
    from driftcheck.parsers.source.interp.tensorsub import TENSOR_BASES

    ok, fn, where = ip.classes.mro_attr(cls, "__torch_function__")
    if ok and isinstance(where, Cls):
        return True, fn
    if isinstance(where, Ext) and where.qual not in TENSOR_BASES:
        return True, None  # a base not read (another library's class) may define one: unknown
    return False, None


def construct(ip: Any, cls: Cls, init: Func, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """``cls(*args, **kwargs)`` for a tensor class with its own ``__init__`` (module docstring)."""
    from driftcheck.parsers.source.interp import tensorsub

    why = f"instance of {cls.name} (a tensor subclass with its own __init__)"
    inst = tensorsub.new_instance(ip, cls, args, kwargs)
    if not isinstance(inst, Tensor) or inst.cls is not cls:
        return Unknown(why)
    ip.calls.call_func(Func(init.node, init.mod, init.closure, init.owner, inst), args, kwargs)
    found, tf = overrides(ip, cls)
    if not found:
        return inst
    from driftcheck.parsers.source.interp.statements import Raised

    shape = None
    if isinstance(tf, Func) and tf.is_classmethod:
        fn = Func(tf.node, tf.mod, tf.closure, tf.owner, cls, False, True)
        try:
            shape = plain(ip.calls.call_func(fn, [ShapeGetter(), (cls,), (inst,), None], {}))
        except Raised:  # the override refuses a shape read: torch would raise too
            shape = None
    if not isinstance(shape, tuple) or not all(
        isinstance(d, int) and not isinstance(d, bool) for d in shape
    ):
        inst.shape = Unknown(f"{why}: its shape read through {cls.name}.__torch_function__")
        return inst
    inst.shape = shape
    return inst
