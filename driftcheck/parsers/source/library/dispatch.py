"""``functools.singledispatch``: a module-level function whose implementation is chosen by the
class of its first argument, from registrations made by decorated definitions at import.

gymnasium sizes every space this way (``flatdim(space)``: ``@flatdim.register(Box)`` over one
definition per space class, the undecorated default raising ``NotImplementedError``); skrl,
stable-baselines3 and other RL libraries size their first and last layers with it. The
interpreter never runs module bodies, so the registrations are replayed when the global is
first read: ``interp/modglobals.py`` runs the definitions decorated by ``@name.register(...)``
on the bound value (``fill``), each adding (class, function) here.

A call dispatches as Python does on a class hierarchy read from source: the first class of the
argument's MRO that holds a registration. What is not decided from the MRO alone is unknown,
never the default: an argument we do not know, or a registration for an abstract base class
(``collections.abc.Mapping``) which Python also matches through ``register()`` and
``__subclasshook__``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any, ClassVar

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Cls, Ext, Func, Obj, Tensor, Unknown, plain

F = Group("functools")


@dataclass(eq=False)
class SingleDispatch:
    """The function ``singledispatch(func)`` returns: ``func`` is the default implementation,
    ``registry`` the (class, implementation) pairs in registration order."""

    func: Any
    interp: Any
    registry: list[tuple[Any, Any]] = field(default_factory=list)
    library_call: ClassVar[bool] = True  # called through ``call`` (objmodel.Calls.call)
    library_type: ClassVar[str] = "functools._SingleDispatchCallable"
    library_mutable: ClassVar[bool] = True  # filled by later top-level statements (modglobals)

    def attr(self, name: str) -> Any:
        if name == "register":
            return BuiltinMethod(self._register)
        if name == "dispatch":
            return BuiltinMethod(lambda a, k: self.dispatch(a[0]) if a else Unknown("dispatch()"))
        if name in ("__wrapped__", "__func__"):
            return self.func
        if name in ("__name__", "__qualname__") and isinstance(self.func, Func):
            return self.func.name
        return Unknown(f"singledispatch attribute {name}")

    def _register(self, a: list, k: dict) -> Any:
        """``f.register(cls, impl)``, ``@f.register(cls)`` or a bare ``@f.register`` over a
        definition whose first parameter is annotated with the class."""
        cls = a[0] if a else k.get("cls")
        if len(a) > 1:
            self.registry.append((plain(cls), a[1]))
            return a[1]
        if isinstance(plain(cls), Func):  # the bare form: the annotation names the class
            fn = plain(cls)
            ann = _annotation(fn.node, 0)
            if ann is None:
                return fn  # Python raises TypeError here; nothing is registered
            from driftcheck.parsers.source.interp.exprs import Frame

            self.registry.append((plain(self.interp.exprs.eval(ann, Frame(fn.mod))), fn))
            return fn

        def deco(a2: list, k2: dict) -> Any:
            if a2:
                self.registry.append((plain(cls), a2[0]))
            return a2[0] if a2 else Unknown("register() decorator without a function")

        return BuiltinMethod(deco)

    def dispatch(self, arg: Any) -> Any:
        return dispatch(self.func, self.registry, arg)

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        if not args:
            return Unknown(f"singledispatch {_name(self.func)} called without arguments")
        impl = self.dispatch(args[0])
        if isinstance(impl, Unknown):
            return Unknown(f"{impl.why} (called at {loc[0]}:{loc[1]})")
        return interp.calls.call(impl, args, kwargs, loc)


def dispatch(func: Any, registry: list[tuple[Any, Any]], arg: Any) -> Any:
    """The implementation Python picks for ``arg`` among ``registry`` (``func`` where none
    matches), or Unknown when the MRO alone does not decide it. Shared by a dispatching
    function and a dispatching method (``BoundDispatch``)."""
    arg = plain(arg)
    mro = _mro_of(arg)
    if mro is None:
        return Unknown(f"singledispatch {_name(func)} on an argument we do not know")
    for c in mro:
        for reg, impl in reversed(registry):  # a later registration wins
            if _same_class(c, reg):
                return impl
    if any(_abstract(reg) for reg, _ in registry):
        return Unknown(f"singledispatch {_name(func)}: an abstract base class registration")
    return func


def _name(func: Any) -> str:
    return func.name if isinstance(func, Func) else "function"


def _annotation(node: ast.FunctionDef | ast.AsyncFunctionDef, index: int) -> ast.expr | None:
    """The annotation of the dispatch parameter of a bare ``register``: the first positional
    parameter of a function (``index`` 0), the one after ``self`` of a method (1)."""
    a = node.args
    params = [*a.posonlyargs, *a.args]
    return params[index].annotation if len(params) > index else None


def _mro_of(v: Any) -> list[Any] | None:
    """The classes ``type(v).__mro__`` would list, as interpreter values (``Cls`` read from
    source, ``Ext`` for the rest), or None when ``v``'s class is not known."""
    if isinstance(v, Obj) and v.cls is not None:
        return [*v.cls.mro(), Ext("builtins.object")]
    if isinstance(v, (Unknown, Tensor, Obj)) or hasattr(type(v), "library_type"):
        return None  # a library object or a value we do not know
    if isinstance(v, (Cls, Ext, Func)):
        return None  # ``type``, a function: not what a dispatching library registers
    if v is None or isinstance(v, (bool, int, float, complex, str, bytes, tuple, list, dict, set)):
        return [Ext(f"builtins.{t.__name__}") for t in type(v).__mro__]
    return None


def _same_class(c: Any, reg: Any) -> bool:
    if c is reg:
        return True
    if isinstance(c, Cls) and isinstance(reg, Cls):
        return c.name == reg.name and c.mod.name == reg.mod.name
    if isinstance(c, Ext) and isinstance(reg, Ext):
        return c.qual == reg.qual or c.qual == f"builtins.{reg.qual}"
    return False


def _abstract(reg: Any) -> bool:
    """A registration Python may match beyond the MRO (an ABC, a typing alias, a union)."""
    if isinstance(reg, Cls):  # a ``metaclass=`` keyword (``ABCMeta``, or any with a check)
        return any(
            isinstance(b, Ext)
            and b.qual.startswith(("abc.", "collections.abc.", "typing."))
            or isinstance(b, Cls)
            and any(k.arg == "metaclass" for k in b.node.keywords)
            for b in reg.mro()
        )
    return not (isinstance(reg, Ext) and reg.qual.startswith("builtins."))


@F.entry(
    "singledispatch",
    doc="singledispatch(f): a function dispatching on its first argument's class, filled by "
    "@f.register(cls) definitions of its module",
)
def _singledispatch(c: Call) -> Any:
    if not c.args:
        return c.unknown("singledispatch() without a function")
    return SingleDispatch(c.args[0], c.interp)


def singledispatch_def(node: ast.stmt) -> bool:
    """Whether a top-level definition is decorated by ``@singledispatch`` (by name: the
    decorator is evaluated and checked to be ``functools.singledispatch`` by ``decorate``)."""
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
        ast.unparse(d).rsplit(".", 1)[-1] == "singledispatch" for d in node.decorator_list
    )


def decorate(interp: Any, node: ast.FunctionDef, f: Func, fr: Any) -> Any:
    """A top-level ``@singledispatch`` definition's value: ``SingleDispatch(f)``; any other
    decorator on it is applied as Python would (innermost first) only when it is that one."""
    if len(node.decorator_list) != 1:
        return f  # other decorators too: read undecorated, as before
    deco = interp.exprs.eval(node.decorator_list[0], fr)
    if not (isinstance(deco, Ext) and deco.qual == "functools.singledispatch"):
        return f
    return SingleDispatch(f, interp)


@dataclass(eq=False)
class SingleDispatchMethod:
    """A class attribute ``functools.singledispatchmethod(func)``: the method's default
    implementation and the ``@name.register`` definitions of the same class body, in order
    (``Classes.class_attr`` fills ``registry`` when the attribute is first read). Read on an
    instance it binds as a method does, and a call dispatches on the first argument after
    ``self`` (it was read as the undecorated default, whose ``raise TypeError`` made a
    builder that dispatches this way report that building the model would raise)."""

    func: Any
    interp: Any
    registry: list[tuple[Any, Any]] = field(default_factory=list)
    library_method: ClassVar[bool] = True  # bound through ``bound_to`` (interp/attrs.py ``bind``)
    library_type: ClassVar[str] = "functools.singledispatchmethod"

    def bound_to(self, inst: Any) -> Any:
        return BoundDispatch(self, inst)


@dataclass(eq=False)
class BoundDispatch:
    """``obj.method`` for a ``singledispatchmethod``: dispatches on its first argument's class
    as ``SingleDispatch.dispatch`` does (unknown where the MRO alone does not decide), then
    calls the implementation with the instance first."""

    method: SingleDispatchMethod
    inst: Any
    library_call: ClassVar[bool] = True  # called through ``call`` (objmodel.Calls.call)
    library_type: ClassVar[str] = "functools.singledispatchmethod"

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        if not args:
            return Unknown("singledispatchmethod called without arguments")
        impl = dispatch(self.method.func, self.method.registry, args[0])
        if isinstance(impl, Unknown):
            return Unknown(f"{impl.why} (called at {loc[0]}:{loc[1]})")
        return interp.calls.call(impl, [self.inst, *args], kwargs, loc)


def method_registrations(interp: Any, cls: Any, name: str, frame: Any, make_func: Any) -> Any:
    """The ``(class, implementation)`` pairs of ``@name.register`` / ``@name.register(cls)``
    definitions in ``cls``'s body, in order; None when one cannot be read (a bare ``register``
    over a definition whose dispatch parameter has no annotation: Python raises TypeError)."""
    out: list[tuple[Any, Any]] = []
    for st in cls.node.body:
        if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for d in st.decorator_list:
            target = d.func if isinstance(d, ast.Call) else d
            if not (
                isinstance(target, ast.Attribute)
                and target.attr == "register"
                and isinstance(target.value, ast.Name)
                and target.value.id == name
            ):
                continue
            if len(st.decorator_list) != 1:
                return None  # another decorator on the implementation: not followed
            fn = make_func(st)
            if isinstance(d, ast.Call):
                if not d.args:
                    return None
                klass = plain(interp.exprs.eval(d.args[0], frame))
            else:
                ann = _annotation(st, 1)
                if ann is None:
                    return None
                klass = plain(interp.exprs.eval(ann, frame))
            out.append((klass, fn))
    return out


def method_decorator(interp: Any, node: ast.FunctionDef, frame: Any) -> bool:
    """Whether a method's only decorator is ``functools.singledispatchmethod``."""
    if len(node.decorator_list) != 1:
        return False
    d = node.decorator_list[0]
    if ast.unparse(d).rsplit(".", 1)[-1] != "singledispatchmethod":
        return False
    deco = interp.exprs.eval(d, frame)
    return isinstance(deco, Ext) and deco.qual == "functools.singledispatchmethod"
