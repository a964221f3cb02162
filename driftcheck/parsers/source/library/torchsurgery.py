"""torch's module surgery after build: conv-bn fusion and removing parametrizations.

- ``torch.nn.utils.fusion.fuse_conv_bn_eval(conv, bn, transpose=False)`` (and
  ``fuse_linear_bn_eval(linear, bn)``): a deep copy of ``conv`` whose weight keeps its shape
  and whose bias is a new parameter of the norm's ``num_features`` (present even when the conv
  had none). torch asserts both modules are in eval mode and that the norm tracks running
  statistics; a norm without them (``track_running_stats=False``) or one we cannot read is
  unknown. (The interpreter does not track ``training``: code fusing modules left in training
  mode raises in torch, it is counted here as the fused layer.)
- ``remove_parametrizations`` of parametrizations registered with ``register_parametrization``
  (without ``unsafe=True``, so torch checked that each keeps the tensor's shape) and
  ``leave_parametrized=True``: one plain tensor of the original shape stays, the parametrization
  modules go with the parameters they own (``Leaf.owned``, interp/ownedparts.py).
- ``torch.nn.utils.parametrize.remove_parametrizations(module, name, leave_parametrized=True)``:
  the parametrization registered by ``torch.nn.utils.parametrizations.weight_norm`` stored the
  weight as ``original0`` (magnitude) and ``original1`` (direction); removing it with
  ``leave_parametrized=True`` leaves one plain weight of the original shape (the magnitude
  gone), with ``False`` torch raises (two originals). ``orthogonal`` / ``spectral_norm`` keep
  one original of the weight's shape: the count is unchanged either way. Which parametrization
  a tensor holds is recorded when it is registered (``record``); a tensor with none recorded
  (torch raises ``ValueError``), several, or one we did not see registered is unknown.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Leaf, Obj, UnknownModule, plain

UT = Group("torch.nn.utils", title="torch.nn.utils (surgery)")

_RECORD = "_driftcheck_parametrized"  # attribute on a Leaf / Obj: tensor name -> kinds
_LEAF_FIELDS = frozenset(f.name for f in dataclasses.fields(Leaf))
_CONV_LIKE = ("Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d")
_NORMS = ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d")


def record(mod: Any, qual: str, name: Any) -> None:
    """``mod``'s tensor ``name`` got the parametrization ``qual`` names (the new API's
    ``weight_norm`` / ``orthogonal`` / ``spectral_norm``, or a user one)."""
    mod = plain(mod)
    if not isinstance(mod, (Leaf, Obj)) or not isinstance(name, str):
        return
    kinds = getattr(mod, _RECORD, None)
    if kinds is None:
        kinds = {}
        setattr(mod, _RECORD, kinds)
    kinds.setdefault(name, []).append(qual)


def _remove(c: Call) -> Any:
    mod = c.plain(0, "module")
    name = c.plain(1, "tensor_name")
    leave = c.plain(2, "leave_parametrized", True)
    if not isinstance(mod, (Leaf, Obj)) or not isinstance(name, str) or not isinstance(leave, bool):
        return c.unknown("remove_parametrizations() of a module or name we cannot read")
    kinds = getattr(mod, _RECORD, {}).get(name)
    where = c.where
    if kinds and leave and all(k.endswith(".register_parametrization") for k in kinds):
        # user parametrizations (torch checked each keeps the tensor's shape): one plain
        # tensor of the original shape is left, the parametrization modules (and what
        # they own, ``Leaf.owned``) go
        if isinstance(mod, Leaf):
            for path in [p for p in mod.owned if p.startswith(f"parametrizations.{name}.")]:
                del mod.owned[path]
        del getattr(mod, _RECORD)[name]
        return None
    if not kinds or len(kinds) != 1:
        why = "none recorded" if not kinds else "several"
        _unsure(mod, f"remove_parametrizations({name!r}) at {where}: {why}")
        return None
    kind = kinds[0].rsplit(".", 1)[-1]
    if kind == "weight_norm" and kinds[0].startswith("torch.nn.utils.parametrizations."):
        if not leave:  # two originals: torch raises ValueError
            _unsure(mod, f"remove_parametrizations({name!r}, leave_parametrized=False) at {where}")
            return None
        if isinstance(mod, Leaf) and name in mod.wnorm:
            del mod.wnorm[name]
        elif isinstance(mod, Obj) and f"{name}_g" in mod.params:
            del mod.params[f"{name}_g"]
        else:
            _unsure(mod, f"remove_parametrizations({name!r}) at {where}")
            return None
    elif kind not in ("orthogonal", "spectral_norm"):
        _unsure(mod, f"remove_parametrizations({name!r}) of a {kind} parametrization at {where}")
        return None
    del getattr(mod, _RECORD)[name]
    return None


def _unsure(mod: Any, why: str) -> None:
    mod.unresolved.append(f"{why}: not followed")


UT.add(
    "parametrize.remove_parametrizations",
    _remove,
    "remove_parametrizations(m, name, leave_parametrized=True): weight_norm's magnitude gone "
    "(one weight left); orthogonal / spectral_norm: the count unchanged",
)


# the rule ``torch.nn.utils.*.remove_weight_norm / remove_spectral_norm`` is declared in torchfns.py
# beside weight_norm's rule: rules of one stem live in one module (tests/test_library_lazy.py)
def remove_old(c: Call) -> Any:
    """``remove_weight_norm(m, name)`` / ``remove_spectral_norm(m, name)`` (the old hook API):
    torch finds the hook the old ``weight_norm`` / ``spectral_norm`` put on ``m`` for ``name``
    and folds it back into one plain weight (weight_norm's magnitude gone; spectral_norm's
    count was unchanged). Without that hook (none recorded, or one of the
    ``parametrizations`` API) torch raises ``ValueError``: unknown, never a guess."""
    kind = "weight_norm" if c.qual.endswith("remove_weight_norm") else "spectral_norm"
    mod = c.plain(0, "module")
    name = c.plain(1, "name", "weight")
    if not isinstance(mod, (Leaf, Obj)) or not isinstance(name, str):
        return UnknownModule(f"{c.qual.rsplit('.', 1)[-1]}() of a module we cannot read")
    kinds = getattr(mod, _RECORD, {}).get(name) or []
    old = [
        k
        for k in kinds
        if k.rsplit(".", 1)[-1] == kind and not k.startswith("torch.nn.utils.parametrizations.")
    ]
    what = f"remove_{kind}({name!r}) at {c.where}"
    if len(kinds) != 1 or len(old) != 1:
        _unsure(mod, f"{what}: {'no' if not old else 'another'} {kind} hook recorded")
        return mod
    if kind == "weight_norm":
        if isinstance(mod, Leaf) and name in mod.wnorm:
            del mod.wnorm[name]
        elif isinstance(mod, Obj) and f"{name}_g" in mod.params:
            del mod.params[f"{name}_g"]
        else:
            _unsure(mod, what)
            return mod
    del getattr(mod, _RECORD)[name]
    return mod


def _fuse(c: Call) -> Any:
    layer, bn = c.plain(0), c.plain(1)
    transpose = c.plain(2, "transpose", False) if c.qual.endswith("conv_bn_eval") else False
    want = _CONV_LIKE if c.qual.endswith("conv_bn_eval") else ("Linear",)
    if not (isinstance(layer, Leaf) and layer.type in want and not layer.unresolved):
        return UnknownModule(f"{c.qual}() of a layer we cannot read at {c.where}")
    if not (isinstance(bn, Leaf) and bn.type in _NORMS and not bn.unresolved):
        return UnknownModule(f"{c.qual}() of a norm we cannot read at {c.where}")
    if bn.params.get("track_running_stats", True) is not True:
        return UnknownModule(f"{c.qual}() of a norm without running statistics at {c.where}")
    size = layer.params.get("out_channels", layer.params.get("out_features"))
    if not isinstance(size, int) or size != bn.params.get("num_features"):
        return UnknownModule(f"{c.qual}() of a layer and norm of other sizes at {c.where}")
    if (
        transpose is not False
        or layer.tied
        or layer.wnorm
        or layer.gone
        or layer.owned
        or getattr(layer, _RECORD, None)
    ):
        return UnknownModule(f"{c.qual}() of a transposed, tied or parametrized layer at {c.where}")
    if getattr(layer, _PRUNED, None):
        # the pruned weight is ``weight_orig * mask``, not a graph leaf: torch's deepcopy
        # raises RuntimeError (unless pruned under no_grad)
        return UnknownModule(f"{c.qual}() of a pruned layer at {c.where}")
    if layer.type.startswith("ConvTranspose") and layer.params.get("in_channels") != size:
        # without ``transpose=True`` the norm's scale multiplies the weight's first dim (the
        # in channels): torch raises (a size mismatch) or broadcasts it to another shape
        return UnknownModule(f"{c.qual}() of a ConvTranspose with in != out channels at {c.where}")
    out = copy.copy(layer)  # a deep copy of the layer: its own weights
    for k, v in vars(layer).items():
        # the attributes put on the layer (forward hooks, records): its own, as the deepcopy
        if k not in _LEAF_FIELDS and isinstance(v, (list, dict, set)):
            setattr(out, k, copy.copy(v))
    out.params = dict(layer.params)
    out.params["bias"] = True  # a new bias of the norm's size (= the layer's out size)
    out.param_keys = dict(layer.param_keys)
    out.unresolved, out.notes = list(layer.unresolved), list(layer.notes)
    out.tied, out.wnorm = {}, {}
    out.notes.append(f"fused with a batch norm at {c.where}")
    return out


UT.add(
    "fusion.fuse_conv_bn_eval",
    _fuse,
    "fuse_conv_bn_eval(conv, bn): a copy of conv with a bias of the norm's size",
)
UT.add(
    "fusion.fuse_linear_bn_eval",
    _fuse,
    "fuse_linear_bn_eval(linear, bn): a copy of linear with a bias of the norm's size",
)


# ------------------------------------------------------------------ torch.nn.utils.prune
_PRUNED = "_driftcheck_pruned"  # attribute on a Leaf / Obj: the tensor names pruned
_PRUNE_ONE = (
    "identity",
    "random_unstructured",
    "l1_unstructured",
    "random_structured",
    "ln_structured",
    "custom_from_mask",
)


def _weight_names(mod: Any) -> set[str] | None:
    """The parameter names of ``mod`` (a catalogue layer's from its arguments); None when
    they cannot be read."""
    from driftcheck.graph import catalogue

    if isinstance(mod, Obj):
        return set(mod.params)
    spec = catalogue.get(mod.type)
    if spec is None or mod.unresolved:
        return None
    try:
        return set(spec.weights(spec.bind(mod.params)))
    except Exception:  # noqa: BLE001 - arguments the catalogue refuses: not read
        return None


def _prune_one(mod: Any, name: Any, where: str) -> Any:
    """``prune.<method>(module, name, ...)``: ``name`` becomes ``name_orig`` (a parameter of
    the same shape) times ``name_mask`` (a buffer): the count is unchanged. A name the module
    does not hold is torch's error: the module is unsure."""
    if not isinstance(mod, (Leaf, Obj)) or not isinstance(name, str):
        return UnknownModule(f"prune of a module or name we cannot read at {where}")
    names = _weight_names(mod)
    if names is None or name not in names:
        _unsure(mod, f"prune of {name!r} at {where}")
        return mod
    pruned = getattr(mod, _PRUNED, None)
    if pruned is None:
        pruned = set()
        setattr(mod, _PRUNED, pruned)
    pruned.add(name)
    return mod


PRUNE_SEEN = "_driftcheck_prune_seen"  # on the interpreter: (file, line) of prunes read
PRUNE_UNREAD = "_driftcheck_prune_unread"  # on the interpreter: a prune it could not read


def _prune_noted(c: Call, mod: Any, name: Any) -> None:
    """Session 35 (crashfix35): the call sites of the prunes ``__init__`` ran, and whether one
    named a module or tensor not read (``dataflow_fix35``: ``prune.remove`` of an unpruned
    tensor in forward)."""
    try:
        if isinstance(mod, (Leaf, Obj)) and isinstance(name, str):
            seen = getattr(c.interp, PRUNE_SEEN, None)
            if seen is None:
                seen = set()
                setattr(c.interp, PRUNE_SEEN, seen)
            seen.add((str(c.loc[0]), c.loc[1]))
        else:
            setattr(c.interp, PRUNE_UNREAD, True)
    except Exception:  # noqa: BLE001 - an interpreter without attributes: nothing recorded
        pass


def _prune_entry(c: Call) -> Any:
    mod, name = c.plain(0, "module"), c.plain(1, "name")
    _prune_noted(c, mod, name)
    return _prune_one(mod, name, c.where)


for _n in _PRUNE_ONE:
    UT.add(
        f"prune.{_n}",
        _prune_entry,
        f"prune.{_n}(module, name, ...): name_orig (same shape) times a mask buffer: count unchanged",
    )


def _global_unstructured(c: Call) -> Any:
    pairs = c.interp.items.iterate(c.arg(0, "parameters"))
    if pairs is None:
        _prune_noted(c, None, None)
        return c.unknown("prune.global_unstructured() of parameters we cannot enumerate")
    for p in pairs:
        p = plain(p)
        if isinstance(p, (tuple, list)) and len(p) == 2:
            _prune_noted(c, plain(p[0]), plain(p[1]))
            _prune_one(plain(p[0]), plain(p[1]), c.where)
        else:
            _prune_noted(c, None, None)
            return c.unknown("prune.global_unstructured() of an item we cannot read")
    return None


UT.add(
    "prune.global_unstructured",
    _global_unstructured,
    "prune.global_unstructured([(module, name), ...], method, ...): each pruned, count unchanged",
)


def _prune_remove(c: Call) -> Any:
    mod, name = c.plain(0, "module"), c.plain(1, "name")
    if not isinstance(mod, (Leaf, Obj)) or not isinstance(name, str):
        return UnknownModule(f"prune.remove() of a module or name we cannot read at {c.where}")
    pruned = getattr(mod, _PRUNED, set())
    if name not in pruned:  # torch raises ValueError (not pruned), or a pruning we did not see
        _unsure(mod, f"prune.remove({name!r}) at {c.where}")
        return mod
    pruned.discard(name)
    return mod


UT.add(
    "prune.remove",
    _prune_remove,
    "prune.remove(module, name): the pruned tensor a plain parameter again: count unchanged",
)
