"""Methods of ``nn.Module`` read as attributes: never a layer (issue #16, session 18).

``self.forward = module.forward`` (torchnlp's ``WeightDrop`` hands its wrapper the wrapped
layer's ``forward``) stores a *bound method* on a module. torch's ``Module.__setattr__``
registers only ``nn.Module`` and ``nn.Parameter`` values, and a bound method is neither, so
the wrapper holds no parameters through it. The interpreter does not model torch's methods of
a catalogue layer (``nn.GRU.forward``): reading one gave an unknown that "may be a layer", and
the wrapper stayed unresolved although torch's count is plain.

A catalogue layer is a torch class: the names below are methods ``nn.Module`` defines for every
module (torch 2.x), so reading one off a layer gives a method, unless the instance was given an
attribute of that name. A module or parameter written onto a catalogue layer already leaves
it unresolved (``interp/attrs.leaf_addition``), so a layer still resolved holds no layer under
these names. Calling the method is unknown too (its result is not modelled), but it is a
method's result: a torch layer's ``forward`` returns tensors, never a new layer.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Ext, Func, Leaf, Obj, Unknown

# ``nn.Module``'s own methods that return no sub-module (``get_submodule``, ``children`` and
# the walks are modelled elsewhere or may return layers, so they are not here)
MODULE_METHODS = frozenset(
    {
        "forward",
        "__call__",
        "_call_impl",
        "_wrapped_call_impl",
        "extra_repr",
        "state_dict",
        "load_state_dict",
        "zero_grad",
        "share_memory",
        "half",
        "double",
        "bfloat16",
        "cpu",
        "type",
        "_get_name",
        "__repr__",
        "__dir__",
        "register_forward_hook",
        "register_forward_pre_hook",
        "register_full_backward_hook",
        "register_backward_hook",
        "flatten_parameters",
    }
)

# ``nn.Module`` methods that may change the dtype of every weight under the module
CASTS = frozenset({"to", "double", "half", "bfloat16", "float", "type"})


def _set_cast(m: Any, cast: Any) -> None:
    """Every catalogue layer registered under ``m`` now (``m`` itself included, each once)
    gets ``cast`` as its ``Leaf.cast``."""
    seen: set[int] = set()
    todo = [m]
    while todo:
        v = todo.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        if isinstance(v, Leaf):
            v.cast = cast
        elif isinstance(v, Obj):
            v.cast_ran = True  # its own Parameters / buffers may have another dtype now
            todo.extend(v.children.values())


def mark_cast(m: Any) -> None:
    """A module cast (``model.double()``, ``layer.to(torch.float64)``) ran on ``m``: every
    catalogue layer under it now (torch casts the modules registered at that moment) has
    weights of a dtype not known to be float32 (``Leaf.cast``)."""
    _set_cast(m, True)


def cast_call(m: Any, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """``m.double()`` / ``.half()`` / ``.bfloat16()`` / ``.float()`` / ``.to(torch.float64)``
    called: torch casts the floating weights of every layer registered under ``m`` now, so
    each such layer's ``cast`` becomes that dtype's name (its weights' dtype, exact). A cast
    whose dtype is not read here (``.to(device)``, ``.to(other)``, ``.type(...)``) leaves the
    mark the attribute read set (unknown). Returns ``m``, as torch's methods do."""
    from driftcheck.parsers.source.library import tensordtypes

    dt = None
    if name in ("double", "half", "bfloat16", "float") and not args and not kwargs:
        dt = tensordtypes.CASTS.get(name)
    elif name == "to":
        dt = tensordtypes._to_dtype(None, args, kwargs)  # a device alone: None (unknown)
    if dt not in ("float64", "float32", "float16", "bfloat16"):
        return m
    _set_cast(m, dt)
    return m


# the ``why`` of such a value (interp/opaque.py lists the prefix as never a module)
PREFIX = "method "


class LayerMethod(Unknown):
    """``layer.forward``: the method ``name`` of torch class ``qual`` (``torch.nn.GRU``), bound
    to a module. Its value is not modelled; ``inspect.getfullargspec`` of it reads the method
    from torch's source on disk (library/stdlib.py)."""

    __slots__ = ("qual", "name")

    def __init__(self, qual: str, name: str) -> None:
        super().__init__(f"{PREFIX}{qual.rsplit('.', 1)[-1]}.{name}")
        self.qual = qual
        self.name = name


def layer_method(leaf: Leaf, name: str) -> LayerMethod | None:
    """``layer.forward`` on a torch layer of the catalogue: a bound method (not modelled, never
    a layer); None for any other name."""
    if name not in MODULE_METHODS:
        return None
    return LayerMethod(leaf.torch or f"torch.nn.{leaf.type}", name)


def module_method(obj: Obj, name: str, classes: Any) -> LayerMethod | None:
    """``module.forward`` on a module whose class in analyzed code does not define ``name``:
    torch's method of the torch class it derives from (``nn.Module.forward`` for a class with
    no ``forward``), or of the torch container it is (``nn.Sequential``). None for another name,
    or where the defining torch class is not known."""
    if name not in MODULE_METHODS:
        return None
    if obj.cls is None:
        return LayerMethod(obj.qual, name) if obj.qual else None
    ok, _v, where = classes.mro_attr(obj.cls, name)
    if ok or not isinstance(where, Ext):
        return None
    return LayerMethod(where.qual, name)


def torch_method(interp: Any, m: LayerMethod) -> Any:
    """The ``Func`` torch's source defines for ``m`` (``Sequential.forward``), or None."""
    cls = interp.library.torch_class(m.qual)
    if cls is None:
        return None
    ok, fn, _where = interp.classes.mro_attr(cls, m.name)
    return fn if ok and isinstance(fn, Func) else None


def shipped_argspec(m: LayerMethod) -> list[Any] | None:
    """``inspect.getfullargspec`` of torch's ``forward`` of ``m``'s class, less annotations, from
    the table ``tools/gen_torch_signatures.py`` ships (checked against the installed torch), for
    installs where torch's source is not on disk; None for another method or class, and a
    default that is not a plain value reads as unknown."""
    from driftcheck.parsers.source.library.torchlib import _shipped_table

    parts = m.qual.split(".")
    # ``torch.nn.X`` / ``torch.nn.modules.<file>.X`` only (``torch.ao.nn.quantized.Linear`` is
    # another class with another ``forward``)
    if m.name != "forward" or not (
        parts[:2] == ["torch", "nn"]
        and (len(parts) == 3 or (len(parts) == 5 and parts[2] == "modules"))
    ):
        return None
    row = _shipped_table().get("forward", {}).get(f"torch.nn.{parts[-1]}")
    if not isinstance(row, dict):
        return None
    unknown = row.get("unknown") or ()
    defaults = row.get("defaults")
    kwdefaults = row.get("kwonlydefaults")
    return [
        list(row.get("args") or []),
        row.get("varargs"),
        row.get("varkw"),
        Unknown("forward defaults")
        if "defaults" in unknown
        else (tuple(defaults) if defaults is not None else None),
        list(row.get("kwonlyargs") or []),
        Unknown("forward keyword defaults")
        if "kwonlydefaults" in unknown
        else (dict(kwdefaults) if kwdefaults is not None else None),
    ]
