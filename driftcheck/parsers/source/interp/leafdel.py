"""Deleting a parameter of a catalogue layer: ``del conv.weight``, ``delattr(conv, "bias")``,
``del conv._parameters["weight"]``.

torch's ``Module.__delattr__`` drops the name from ``_parameters`` (or ``_buffers`` /
``_modules``), and ``del m._parameters[k]`` does the same on the dict itself (torchdeq's
``WeightNorm.apply`` removes ``weight`` so and registers ``weight_g`` / ``weight_v``). The
catalogue counts a layer from its constructor arguments, so the only deletion it can express
is a bias it can turn off (``bias=False``). Before, ``delattr`` and the ``_parameters`` form
were ignored (the parameter stayed counted: a confident overcount), and ``del conv.weight``
too. Now a bias the catalogue can drop is dropped; any other parameter of the layer (or a name
on a layer whose weights we cannot list) leaves the layer unresolved with a note naming the
line; a buffer deleted changes no count. A parameter assigned again under the deleted name
(``del bn.weight; bn.weight = other.weight``) takes its place as before (``reassigned``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp import leafregs
from driftcheck.parsers.source.values.abstract import Leaf, Tensor, Unknown, WeightRef, plain

_REGISTRY_ATTRS = ("_parameters", "_buffers", "_modules")
_PENDING = "_driftcheck_deleted"  # attribute on a Leaf: deleted parameter name -> its note


def _at(attrs: Any, line: int | None) -> str:
    """``file:line`` of the statement running (the deletion may be in a library's code)."""
    mod = getattr(attrs.ip, "at_mod", None)
    return f"{mod.path.name}:{line}" if mod is not None else f"line {line}"


def drop(attrs: Any, leaf: Leaf, name: Any, line: int | None) -> None:
    """``del leaf.<name>``: the parameter of that name gone from the layer, as torch does."""
    if not isinstance(name, str):
        leaf.unresolved.append(f"attribute deleted under an unknown name at {_at(attrs, line)}")
        return
    if name == "bias" and "bias" not in leaf.tied and attrs.catalogue_has(leaf, "bias"):
        attrs.drop_weight(leaf, name, line)  # the catalogue's ``bias=False``
        return
    weights = attrs.weights_with(leaf, {})
    if leafregs.delete(leaf, name, bool(attrs.ip.uncertain)):
        return  # the weights known: counted without it (interp/leafregs.py)
    if weights is not None and name not in weights and name not in leaf.tied:
        return  # not a parameter of the layer (a buffer or a plain attribute): nothing counted
    note = f"parameter {name!r} deleted from the torch layer at {_at(attrs, line)}"
    leaf.unresolved.append(note)
    pending = getattr(leaf, _PENDING, None)
    if pending is None:
        pending = {}
        setattr(leaf, _PENDING, pending)
    pending[name] = note


def reassigned(leaf: Leaf, name: str, v: Any) -> bool:
    """``leaf.<name> = v`` after ``del leaf.<name>``: a parameter (a new ``nn.Parameter``, or
    another layer's weight: pytorch-adapt's AdaBN deletes each domain's BatchNorm affine
    weights and ties them to one domain's) takes the deleted one's place, which the caller
    then counts (a tie, or the catalogue's weight of that shape) as before; the deletion's
    note comes off. Any other value (a plain tensor: no parameter) leaves it. True when the
    write is a plain attribute torch does not count: ``setattr(layer, "weight", None)`` or a
    plain tensor after the weight was deleted and recorded (``Leaf.gone``)."""
    x = plain(v)
    param = isinstance(x, WeightRef) or (isinstance(x, Tensor) and x.param)
    if name in leaf.gone:
        if not param or leafregs.reregistered(leaf, name, v):
            return True
        leaf.gone.remove(name)  # a parameter again: counted by the caller as a new one
    pending = getattr(leaf, _PENDING, None)
    if not pending or name not in pending:
        return False
    if isinstance(x, WeightRef) or (isinstance(x, Tensor) and (x.param or x.owner is not None)):
        note = pending.pop(name)
        if note in leaf.unresolved:
            leaf.unresolved.remove(note)
    return False


def registry_of_leaf(stmts: Any, value: ast.expr, fr: Any, key: Any, line: int) -> bool:
    """``del <leaf>._parameters[key]`` (or ``_buffers`` / ``_modules``): handled here (True)
    when ``value`` is such a registry of a catalogue layer; False leaves the statement to the
    caller."""
    if not isinstance(value, ast.Attribute) or value.attr not in _REGISTRY_ATTRS:
        return False
    leaf = plain(stmts.exprs.eval(value.value, fr))
    if not isinstance(leaf, Leaf):
        return False
    if value.attr == "_buffers":
        return True  # a buffer: no parameter count changes
    if isinstance(key, Unknown) or not isinstance(key, str):
        at = _at(stmts.attrs, line)
        leaf.unresolved.append(f"del {value.attr}[...] under an unknown key at {at}")
    elif value.attr == "_modules":
        at = _at(stmts.attrs, line)
        leaf.unresolved.append(f"sub-module {key!r} deleted from the torch layer at {at}")
    else:
        drop(stmts.attrs, leaf, key, line)
    return True
