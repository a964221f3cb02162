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
            ann = _first_annotation(fn)
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
        """The implementation Python picks for ``arg``, or Unknown when the MRO alone does not
        decide it."""
        arg = plain(arg)
        mro = _mro_of(arg)
        if mro is None:
            return Unknown(f"singledispatch {self._name()} on an argument we do not know")
        for c in mro:
            for reg, impl in reversed(self.registry):  # a later registration wins
                if _same_class(c, reg):
                    return impl
        if any(_abstract(reg) for reg, _ in self.registry):
            return Unknown(f"singledispatch {self._name()}: an abstract base class registration")
        return self.func

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        if not args:
            return Unknown(f"singledispatch {self._name()} called without arguments")
        impl = self.dispatch(args[0])
        if isinstance(impl, Unknown):
            return Unknown(f"{impl.why} (called at {loc[0]}:{loc[1]})")
        return interp.calls.call(impl, args, kwargs, loc)

    def _name(self) -> str:
        return self.func.name if isinstance(self.func, Func) else "function"


def _first_annotation(fn: Func) -> ast.expr | None:
    a = fn.node.args
    params = [*a.posonlyargs, *a.args]
    return params[0].annotation if params and params[0].annotation is not None else None


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
    if isinstance(reg, Cls):
        return any(
            isinstance(b, Ext) and b.qual.startswith(("abc.", "collections.abc.", "typing."))
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
