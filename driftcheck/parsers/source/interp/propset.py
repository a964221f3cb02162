"""A property setter on a module (or a plain object): ``model.copy_tied = True`` runs
``@copy_tied.setter`` (issue #16, session 17).

``nn.Module.__setattr__`` registers a ``Parameter`` in ``_parameters``, a module in
``_modules`` and a tensor under a buffer's name in ``_buffers``; any other value goes to
``object.__setattr__``, which calls a data descriptor of the class -- a property's setter.
A setter that ties a head to an embedding (``self.copy_head.weight = self.src_embed.weight``)
changes the count; storing the flag as a plain attribute instead left the untied weight
counted (a confidently wrong total).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import (
    Cls,
    Obj,
    Tensor,
    Unknown,
    UnknownDescriptor,
    is_module,
    plain,
)


def module_property_set(
    attrs: Any, obj: Obj, name: Any, v: Any, line: int | None = None, path: Any = None
) -> bool:
    """Run the class's property setter for ``obj.name = v`` where torch would (a module whose
    class defines ``@name.setter``, a value ``nn.Module.__setattr__`` does not register);
    True when it ran (the write is done), False to store ``v`` as before."""
    if obj.cls is None or not isinstance(name, str):
        return False  # (a plain object's property setter runs too: ``object.__setattr__``)
    # the class's own setters first: ``plain(v)`` reads the value, which a memo's probe or a
    # template's trace records as a use -- every module write must not do that
    has_setter = any(name in _setters(c) for c in obj.cls.mro() if isinstance(c, Cls))
    # and not ``property_setter``, which records in ``cls.ns``; a subclass's getter-only
    # ``@property`` hides a base's setter (Python raises: the first binding in the MRO wins)
    if not has_setter or _read_only(attrs, obj, name):
        if (
            _slots_refuse(attrs, obj, name)
            or (not obj.module and frozen_dataclass(obj.cls))
            or (not obj.module and slots_dataclass_refuses(obj.cls, name))
            or (_read_only(attrs, obj, name) and not _registered(obj, name, v))
        ):
            from driftcheck.parsers.source.interp.statements import Raised

            # Python's "property 'x' of 'C' object has no setter": an undecided branch takes
            # it as that branch raising, a ``try`` catching it runs its handler
            raise Raised("AttributeError", line, path)
        if _unknown_class_binding(obj, name) and not _registered(obj, name, v):
            # ``w = property(get, set)``: a data descriptor, whose ``__set__`` runs instead of a
            # plain store (Python's ``object.__setattr__``): what ``obj.name`` holds afterwards
            # is not known
            where = f" ({path}:{line})" if path is not None and line is not None else ""
            why = f"{name}: written over a class attribute we cannot read{where}: a descriptor?"
            attrs.register(obj, name, Unknown(why), line, str(path) if path else None)
            return True
        return False
    if _registered(obj, name, v):
        return False
    setter = attrs.classes.property_setter(obj.cls, name)
    if setter is None:
        return False
    return bool(attrs.classes.call_setter(setter, obj, v))


def _unknown_class_binding(obj: Obj, name: str) -> bool:
    """Whether the first class of ``obj``'s MRO (read from source) that binds ``name`` binds a
    data descriptor whose setter is not followed (``property(get, set)``). Other unknown class
    attributes are not taken as descriptors: ``field(init=False)`` in a dataclass is none."""
    for c in obj.cls.mro():
        if isinstance(c, Cls) and name in c.ns:
            return isinstance(c.ns[name], UnknownDescriptor)
    return False


def _registered(obj: Obj, name: str, v: Any) -> bool:
    """Whether ``nn.Module.__setattr__`` takes ``v`` itself (a module, a parameter, a tensor
    under a buffer's name): no descriptor of the class is consulted then."""
    p = plain(v) if obj.module else None
    return is_module(p) or (isinstance(p, Tensor) and (p.param or name in obj.buffers))


def frozen_dataclass(cls: Any) -> bool:
    """Whether ``cls`` (read from source) or a class of its MRO is decorated
    ``@dataclass(frozen=True)`` / ``@dataclasses.dataclass(frozen=True)``: its instances
    refuse every attribute write (``FrozenInstanceError``, an ``AttributeError``)."""
    if not isinstance(cls, Cls):
        return False
    for c in cls.mro():
        if not isinstance(c, Cls) or c.node is None:
            continue
        for d in c.node.decorator_list:
            if not isinstance(d, ast.Call):
                continue
            f = d.func
            fname = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            if fname != "dataclass":
                continue
            for k in d.keywords:
                if (
                    k.arg == "frozen"
                    and isinstance(k.value, ast.Constant)
                    and k.value.value is True
                ):
                    return True
    return False


def _dataclass_slots(d: ast.expr) -> bool:
    """Whether a class decorator is ``@dataclass(slots=True)`` (``dataclasses.dataclass``)
    with the literal flag."""
    if not isinstance(d, ast.Call):
        return False
    f = d.func
    if (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)) != "dataclass":
        return False
    return any(
        k.arg == "slots" and isinstance(k.value, ast.Constant) and k.value.value is True
        for k in d.keywords
    )


def slots_dataclass_refuses(cls: Any, name: str) -> bool:
    """Whether an instance of a dataclass surely has no room for attribute ``name``: every
    class of its MRO read from source (the rest ``object``) is ``@dataclass(slots=True)``
    with no other decorator and no keywords (metaclass) -- so instances have no ``__dict__``,
    only a slot per field -- and ``name`` is no annotated name of any of them nor bound in a
    class body (a property, a method, a ClassVar: not modelled here) and no class defines
    ``__setattr__``. CPython raises ``AttributeError`` (the value was stored: a ``try``
    around the write took the wrong way, half the blocks)."""
    from driftcheck.parsers.source.values.abstract import Ext

    if not isinstance(cls, Cls):
        return False
    for c in cls.mro():
        if isinstance(c, Ext) and c.qual in ("builtins.object", "object"):
            continue
        if not isinstance(c, Cls) or c.node is None or c.node.keywords:
            return False
        decs = c.node.decorator_list
        if len(decs) != 1 or not _dataclass_slots(decs[0]):
            return False
        for st in c.node.body:
            if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                if st.target.id == name:
                    return False
            elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if st.name in (name, "__setattr__", "__getattr__"):
                    return False
            elif isinstance(st, ast.Assign):
                if any(not isinstance(t, ast.Name) or t.id == name for t in st.targets):
                    return False
            elif not isinstance(st, (ast.Expr, ast.Pass)):
                return False  # a body we do not read statically: not claimed
    return True


def _slots_refuse(attrs: Any, obj: Obj, name: str) -> bool:
    """Whether a plain object surely has no room for ``name``: every class of its MRO read
    from source declares ``__slots__`` as a literal (so instances have no ``__dict__``), the
    rest is ``object``, and neither the slots nor any class body name it. Python raises
    ``AttributeError`` (the value was stored: a ``try`` around it took the wrong way)."""
    if obj.module or not isinstance(obj.cls, Cls):
        return False
    from driftcheck.parsers.source.values.abstract import Ext

    slots: set[str] = set()
    for c in obj.cls.mro():
        if isinstance(c, Ext) and c.qual in ("builtins.object", "object"):
            continue
        if not isinstance(c, Cls) or c.node is None or c.node.decorator_list or c.node.keywords:
            return False
        own = _literal_slots(c.node)
        if own is None or "__dict__" in own:
            return False
        slots |= own
        ok, _ = attrs.classes.class_attr(c, name)
        if ok:
            return False
    return name not in slots


def _literal_slots(node: ast.ClassDef) -> set[str] | None:
    """The names a class body's ``__slots__ = (...)`` lists (a string, tuple or list of
    strings); None when it declares none or not as a literal."""
    found: set[str] | None = None
    for st in node.body:
        if isinstance(st, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in st.targets
        ):
            try:
                v = ast.literal_eval(st.value)
            except ValueError:
                return None
            if isinstance(v, str):
                v = (v,)
            if not isinstance(v, (tuple, list)) or not all(isinstance(x, str) for x in v):
                return None
            found = set(v)
    return found


def _read_only(attrs: Any, obj: Obj, name: str) -> bool:
    """Whether ``obj.name = v`` surely meets a ``@property`` with no setter: the first class of
    the MRO that binds ``name`` binds it last to a getter decorated ``@property`` (no
    ``cached_property``, which has no ``__set__``), every class before it is read from source
    (or is ``nn.Module`` / ``object`` without the name), and no class defines ``__setattr__``.
    Python then raises ``AttributeError`` ("property ... has no setter"); before, the value
    was stored and read back (a count torch never reaches)."""
    from driftcheck.parsers.source.interp.missingattr import _EMPTY_BASES
    from driftcheck.parsers.source.interp.objmodel import _NN_MODULE, NN_MODULE_MEMBERS
    from driftcheck.parsers.source.values.abstract import Ext, Func

    if obj.cls is None or not isinstance(obj.cls, Cls):
        return False
    mro = obj.cls.mro()
    for c in mro:
        if isinstance(c, Cls) and c.node is not None:
            if any(
                isinstance(st, ast.FunctionDef) and st.name == "__setattr__" for st in c.node.body
            ):
                return False
    for c in mro:
        if isinstance(c, Cls):
            ok, got = attrs.classes.class_attr(c, name)
            if not ok:
                continue
            return name not in _setters(c) and (
                isinstance(got, Func)
                and bool(got.closure and got.closure.get("__property__"))
                and [ast.unparse(d) for d in got.node.decorator_list] == ["property"]
            )
        if isinstance(c, Ext) and c.qual in _NN_MODULE:
            if name in NN_MODULE_MEMBERS or name.startswith("_"):
                return False
            continue
        if not (isinstance(c, Ext) and c.qual in _EMPTY_BASES):
            return False
    return False


def _setters(c: Cls) -> frozenset[str]:
    """The property setters a class read from source defines in its own body. Read without
    touching the class's namespace: a write to ``cls.ns`` is a class write, which a
    config-parametric template reads as a change (parsers/template.py: no reuse)."""
    return frozenset(
        st.name
        for st in c.node.body
        if isinstance(st, ast.FunctionDef)
        and any(
            isinstance(d, ast.Attribute)
            and d.attr == "setter"
            and isinstance(d.value, ast.Name)
            and d.value.id == st.name
            for d in st.decorator_list
        )
    )
