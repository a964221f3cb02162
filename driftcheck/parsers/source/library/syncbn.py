"""``nn.SyncBatchNorm.convert_sync_batchnorm(module, process_group=None)`` (torch's classmethod).

torch walks the module tree: a batch norm (``BatchNorm1d/2d/3d``, ``SyncBatchNorm``) is
replaced by a new ``SyncBatchNorm(num_features, eps, momentum, affine, track_running_stats)``
holding the same weights and buffers; any other module keeps its identity and gets its children
converted in place (``add_module``); the root's result is returned. The call was an unknown
module, so a model converted before DDP had no count.

Unknown where the conversion is not followed: a batch-norm subclass of the code or a lazy one
(torch makes a plain ``SyncBatchNorm`` of it: its own weights would go), a batch norm whose
weights were edited (weight norm, a parametrization, a tied or deleted weight), a module met
twice (torch converts a shared batch norm into two separate layers), an item not known.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Ext, Leaf, Obj, UnknownModule, plain

_BN = ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm")
_KW = ("eps", "momentum", "affine", "track_running_stats")


def _edited(leaf: Leaf) -> bool:
    return bool(leaf.wnorm or leaf.owned or leaf.gone or leaf.tied or leaf.unresolved)


def _bn_class(obj: Obj) -> bool:
    """A class of the code deriving from a torch norm layer (a batch norm, maybe)."""
    cls = obj.cls
    if cls is None:
        return False
    return any(
        isinstance(c, Ext) and ("norm" in c.qual.lower() or "Lazy" in c.qual) for c in cls.mro()
    )


def _check(v: Any, seen: set[int]) -> str | None:
    """Why the tree under ``v`` is not converted as modelled; None when it is."""
    if id(v) in seen:
        return "a module met twice (torch converts each visit)"
    seen.add(id(v))
    if isinstance(v, Leaf):
        if v.type in _BN:
            return f"a {v.type} with edited weights" if _edited(v) else None
        if "BatchNorm" in v.type or v.type == "Unknown":
            return f"a {v.type} layer"
        return None
    if isinstance(v, Obj):
        if _bn_class(v):
            return f"a norm subclass {v.cls.name}" if v.cls is not None else "a norm subclass"
        if v.unresolved:
            return "a module whose items are not known"
        for child in v.children.values():
            why = _check(child, seen)
            if why is not None:
                return why
        return None
    return "an item not known"


def _convert(v: Any, interp: Any, loc: tuple) -> Any:
    if isinstance(v, Leaf):
        if v.type not in _BN:
            return v
        kw = {k: v.params[k] for k in _KW if k in v.params}
        return interp.library.torch_layer(
            "torch.nn.SyncBatchNorm", [v.params["num_features"]], kw, loc
        )
    for k, child in list(v.children.items()):
        v.children[k] = _convert(child, interp, loc)
    return v


def convert(interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
    root = plain(args[0] if args else kwargs.get("module"))
    where = f"{loc[0]}:{loc[1]}"
    if len(args) > 2 or set(kwargs) - {"module", "process_group"}:
        return UnknownModule(
            f"SyncBatchNorm.convert_sync_batchnorm() with other arguments at {where}"
        )
    why = _check(root, set())
    if why is not None:
        return UnknownModule(f"SyncBatchNorm.convert_sync_batchnorm() of {why} at {where}")
    return _convert(root, interp, loc)
