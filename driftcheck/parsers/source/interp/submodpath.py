"""``module.get_submodule(path)`` / ``module.set_submodule(path, layer)`` on dotted paths
(issue #16, session 21: a burned held-out case of fresh13).

torch's ``nn.Module.set_submodule("stages.1.conv", nn.Conv2d(...))`` walks the dotted path with
``getattr`` (``get_submodule`` of every atom but the last) and ends with ``setattr(parent,
last, layer)``: a layer swapped deep in the tree. The interpreter did not model either method:
``set_submodule`` read as an unknown attribute whose call did nothing, so the replaced layer
stayed and the count was the model's before the swap, with no note (a confident wrong count).

Both run here as torch's source does, through the interpreter's own ``getattr`` / ``setattr``
(the same registration, properties and ``__setattr__`` hooks a written-out
``model.stages[1].conv = ...`` goes through). Where a step is not known (a path that is not a
known string, an atom that is not a module as we read it), ``get_submodule`` is an unknown
value and ``set_submodule`` leaves the module it was called on unresolved, with a note naming
the call: the layer may have been swapped anywhere under it.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Ext, Leaf, Obj, Unknown, is_module, plain

METHODS = frozenset(("get_submodule", "set_submodule"))


class UnknownSubmodule(Unknown):
    """``owner.get_submodule(path)`` with ``path`` not known statically (a name from a walk
    we could not enumerate): some module under ``owner``, or ``owner`` itself. A layer written
    onto it (``setattr(parent, child, layer)``: a swap) may change what ``owner`` counts, so
    the write leaves ``owner`` unresolved (``written``); it was dropped unseen, and the count
    was the model's before the swap (a confident wrong count)."""

    __slots__ = ("owner", "others")

    def __init__(self, owner: Any, why: str, others: tuple = ()) -> None:
        super().__init__(why)
        self.owner = owner
        self.others = others  # more modules it may be (``d[k]``: one of the values)


def one_of(values: list, why: str) -> Unknown:
    """``d[k]`` / ``layers[i]`` with ``k`` not known statically: one of ``values`` (or an
    error). Where some are modules, an unknown that remembers them: a layer written onto it
    (``setattr(d[k], "act", nn.GELU())``) leaves each of them unresolved (``written``), as
    any of them may be the one changed; it was a plain unknown and the write was dropped."""
    mods: list = []
    for v in values:
        x = plain(v)
        if is_module(x) and all(x is not m for m in mods):
            mods.append(x)
    if not mods:
        return Unknown(why)
    return UnknownSubmodule(mods[0], why, tuple(mods[1:]))


def written(target: Any, name: Any, v: Any, loc: tuple | None) -> None:
    """An attribute write ``target.<name> = v`` where ``target`` is an ``UnknownSubmodule``:
    its owner unresolved, with a note, when ``v`` may be a layer or a parameter (or None:
    a layer removed); a plain value changes nothing counted."""
    from driftcheck.parsers.source.interp import opaque
    from driftcheck.parsers.source.values.abstract import Tensor

    if not isinstance(target, UnknownSubmodule):
        return
    x = plain(v)
    if x is None or is_module(x) or opaque.may_be_module(x) or (isinstance(x, Tensor) and x.param):
        why = f"a layer written at {_where(loc)} onto {target.why}: it may swap one under it"
        for owner in (target.owner, *target.others):
            if why not in owner.unresolved:
                owner.unresolved.append(why)


class PathMethod:
    """``module.get_submodule`` / ``module.set_submodule`` bound to ``owner``."""

    _builtin = True  # called as ``f(args, kwargs, loc)`` (interp/objmodel.py ``call``)

    def __init__(self, ip: Any, owner: Obj | Leaf, name: str) -> None:
        self.ip, self.owner, self.name = ip, owner, name

    def __call__(self, args: list, kwargs: dict, loc: tuple) -> Any:
        if self.name == "get_submodule":
            target = plain(args[0]) if args else plain(kwargs.get("target"))
            return get_submodule(self.ip, self.owner, target, loc)
        return set_submodule(self.ip, self.owner, args, kwargs, loc)


def method(ip: Any, owner: Obj | Leaf, name: str) -> PathMethod:
    """The bound method ``owner.<name>`` (``name`` in ``METHODS``)."""
    return PathMethod(ip, owner, name)


def _where(loc: tuple | None) -> str:
    return f"{str(loc[0]).rsplit('/', 1)[-1]}:{loc[1]}" if loc else "?"


def get_submodule(ip: Any, owner: Any, target: Any, loc: tuple | None) -> Any:
    """torch's ``get_submodule``: ``owner`` for ``""``, else ``getattr`` atom by atom, each
    step a module; an unknown value where the path or a step is not known."""
    if not isinstance(target, str):
        return UnknownSubmodule(
            owner, f"get_submodule of a path not known statically at {_where(loc)}"
        )
    mod = owner
    if target == "":
        return mod
    for atom in target.split("."):
        if not is_module(plain(mod)):
            return Unknown(f"get_submodule({target!r}): {atom!r} not under a module we know")
        mod = ip.calls.call(Ext("builtins.getattr"), [mod, atom], {}, loc)
        if not is_module(plain(mod)):
            return Unknown(f"get_submodule({target!r}): {atom!r} is not a module we know")
    return mod


def set_submodule(ip: Any, owner: Obj | Leaf, args: list, kwargs: dict, loc: tuple) -> None:
    """torch's ``set_submodule(target, module, strict=False)``: ``setattr`` on the parent the
    path names; the owner unresolved (with a note) where that parent is not known."""
    target = plain(args[0]) if args else plain(kwargs.get("target"))
    layer = args[1] if len(args) > 1 else kwargs.get("module")
    where = _where(loc)
    parent: Any = None
    if isinstance(target, str) and target and layer is not None:
        atoms = target.split(".")
        parent = owner if len(atoms) == 1 else get_submodule(ip, owner, ".".join(atoms[:-1]), loc)
    if is_module(plain(parent)):
        ip.calls.call(Ext("builtins.setattr"), [parent, atoms[-1], layer], {}, loc)
        return None
    why = f"set_submodule at {where} on a path not known statically: it may swap a layer"
    ip.stmts.note(why)
    owner.unresolved.append(why)
    return None
