"""Module proxies: objects whose ``__class__`` property names a module class (issue #16).

``isinstance(x, C)`` is true when ``type(x)`` derives from ``C`` *or* when ``x.__class__`` does:
a class read from source may define ``__class__`` as a property (bitorch's ``LayerContainer``
reports the class of the layer it wraps), so torch's ``Module.__setattr__`` / ``add_module``
(``isinstance(value, Module)``) register such an object as a sub-module although it is no
``nn.Module``. Torch then counts what the object gives back for ``_parameters``, ``_modules``
and ``_buffers``: the proxy's own instance dictionary and class do not hold those names, so
Python asks its ``__getattr__``, which in a forwarding proxy hands back the wrapped layer's.

``resolve`` decides, for a value about to be registered on a module or put in a container:

- not such a proxy (no ``__class__`` defined by a class read from source): None, as before;
- a proxy whose ``__class__`` is a module class and whose ``__getattr__`` gives back, for each
  of the three registries, the very dictionaries of one module ``m`` it holds in an attribute
  (and whose classes and instance define none of nn.Module's members themselves; for a torch
  layer, its ``_parameters`` view): ``m``, the module torch counts through it;
- any other proxy (its ``__class__`` not known, or a module class with registries not followed):
  an ``UnknownModule`` naming the construct, never the object silently dropped.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.values.abstract import (
    Cls,
    Ext,
    Func,
    Leaf,
    Obj,
    Sourced,
    Unknown,
    UnknownModule,
    plain,
)
from driftcheck.speed import tree_memos

_REGISTRY_NAMES = (("_parameters", "params"), ("_modules", "children"), ("_buffers", "buffers"))


def is_candidate(v: Any) -> bool:
    """A plain object (no module) of a class read from source that defines ``__class__``."""
    # no ``plain``: a watched int (speed/memo.py ``Probe``) or a traced number (speed/symbolic)
    # read here would pin what they watch; an object is an ``Obj``, at most one wrapper deep
    if isinstance(v, Obj):
        o = v
    elif v.__class__ is Sourced and isinstance(v.value, Obj):  # not a subclass: no read
        o = v.value
    else:
        return False
    if not (isinstance(o, Obj) and not o.module and not o.kind and isinstance(o.cls, Cls)):
        return False
    return any(isinstance(c, Cls) and _defines_class(c) for c in o.cls.mro())


def _defines_class(c: Cls) -> bool:
    keep = tree_memos()  # the ``tree_memos`` switch
    got = c.node.__dict__.get("_dc_class_prop") if keep else None
    if got is None:
        got = dunders.body_binds(c, "__class__")
        if keep:
            c.node._dc_class_prop = got  # type: ignore[attr-defined]
    return got


def class_shown(ip: Any, o: Obj) -> Any:
    """``o.__class__`` as ``isinstance`` reads it, for a candidate ``o``: the property's
    getter run on ``o`` (a class attribute: its value); None where it is a method (not a
    class: ``isinstance`` ignores it); unknown where it cannot be read."""
    from driftcheck.parsers.source.interp import propobj
    from driftcheck.parsers.source.interp.statements import Raised

    ok, cv, _ = ip.classes.mro_attr(o.cls, "__class__")
    if ok and isinstance(cv, Func) and propobj.is_property_def(cv.node):
        try:
            return plain(ip.calls.call_func(Func(cv.node, cv.mod, cv.closure, cv.owner, o), [], {}))
        except Raised:
            return Unknown(f"{o.cls.name}.__class__ raises")
    if ok and isinstance(cv, Func):
        return None
    return plain(cv) if ok else Unknown("__class__")


def isinstance_via_class(ip: Any, x: Any, t: Any, nominal: Any) -> Any:
    """``isinstance(x, t)`` for a candidate ``x``: true when ``type(x)`` derives from ``t``
    (``nominal``) or when the class ``x.__class__`` shows does (CPython reads both)."""
    if nominal is True:
        return True
    o = plain(x)
    shown = class_shown(ip, o)
    if shown is None or shown is o.cls:
        return nominal
    if not isinstance(shown, (Cls, Ext)):
        return Unknown(f"isinstance of a {o.cls.name}: its __class__ is not known")
    got = ip.library.call_ext(Ext("builtins.issubclass"), [shown, t], {}, ("", 0))
    if got is True:
        return True
    if got is False and nominal is False:
        return False
    return Unknown(f"isinstance of a {o.cls.name} through its __class__")


def resolve(ip: Any, v: Any) -> Any:
    """See the module docstring: None, the module counted through the proxy, or unknown."""
    if not is_candidate(v):
        return None
    from driftcheck.parsers.source.interp.objmodel import NN_MODULE_MEMBERS
    from driftcheck.parsers.source.interp.statements import Raised

    o = plain(v)
    name = o.cls.name
    shown = class_shown(ip, o)
    if shown is None:
        return None  # a method: not a class, which ``isinstance`` ignores
    if isinstance(shown, Cls):
        is_mod = ip.classes.is_module_cls(shown)
    elif isinstance(shown, Ext):
        q = shown.qual
        is_mod = q.startswith("torch.nn.") and "functional" not in q
        if not is_mod and not q.startswith(("builtins.", "torch.")):
            return UnknownModule(f"an instance of {name} whose __class__ is {q}")
    else:
        return UnknownModule(f"an instance of {name} whose __class__ property is not known")
    if not is_mod:
        return None  # ``isinstance(x, Module)`` is false: torch keeps it as a plain attribute
    why = f"an instance of {name} registered as a module through its __class__ property"
    for c in o.cls.mro():
        if isinstance(c, Cls) and any(dunders.body_binds(c, n) for n in NN_MODULE_MEMBERS):
            return UnknownModule(f"{why}: its class defines nn.Module members")
    if any(n in o.attrs for n in NN_MODULE_MEMBERS):
        return UnknownModule(f"{why}: it holds nn.Module members itself")
    ga = dunders.source_func(ip, o.cls, "__getattr__")
    if ga is None:
        return UnknownModule(f"{why}: no __getattr__ forwarding its registries")
    bound = ip.attrs.bind(ga, o)
    got: dict[str, Any] = {}
    try:
        for attr, _ in _REGISTRY_NAMES:
            got[attr] = ip.calls.call_func(bound, [attr], {})
    except Raised:
        return UnknownModule(f"{why}: its __getattr__ raises")
    for m in o.attrs.values():
        m = plain(m)
        if isinstance(m, Obj) and m.module and not m.kind:
            if all(got[a] is getattr(m, field) for a, field in _REGISTRY_NAMES):
                return m
    for m in o.attrs.values():
        m = plain(m)
        # a torch layer's ``_parameters`` is a view naming its layer (interp/leafregs.py)
        if isinstance(m, Leaf) and getattr(plain(got["_parameters"]), "leaf", None) is m:
            return m
    return UnknownModule(f"{why}: its __getattr__ does not give one held module's registries")
