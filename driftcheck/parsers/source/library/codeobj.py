"""A function's ``__code__`` and ``types.FunctionType(code, globals, name, argdefs)``.

``hook.__code__.co_argcount`` (a width from a hook's arity) and ``co_varnames[:n]`` are facts
of the ``def`` alone, as CPython's compiler sets them: ``co_argcount`` the positional
parameters (positional-only included), ``co_posonlyargcount`` / ``co_kwonlyargcount`` theirs,
``co_varnames`` the parameters (positional, keyword-only, then ``*args``, ``**kwargs``) followed
by the other local variables. The order of those other locals is the compiler's order of
first use, not modelled: ``co_varnames`` / ``co_nlocals`` are known only for a function whose
only locals are its parameters (``symtable``, CPython's own scope analysis, says which names
are local); otherwise unknown. Any other code attribute is unknown.

``types.FunctionType(f.__code__, f.__globals__, name, argdefs)`` is ``f``'s body with the
defaults ``argdefs`` (a tuple, or None: no defaults at all) and no keyword-only defaults, as
CPython makes it; the original keeps its own (interp/deftime.py holds defaults per ``def``
execution, keyed on the closure: the clone gets a closure of its own). Only ``globals`` that
are the function's own module namespace (``f.__globals__`` / ``globals()`` there) and no
``closure`` argument are followed (tests/test_wild_constructs31a.py).
"""

from __future__ import annotations

import ast
import symtable
from dataclasses import dataclass
from typing import Any, ClassVar

from driftcheck.parsers.source.library.registry import Call
from driftcheck.parsers.source.values.abstract import Func, Unknown, plain
from driftcheck.speed import tree_memos


def _params(node: Any) -> list[str]:
    a = node.args
    names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    names += [p.arg for p in (a.vararg, a.kwarg) if p is not None]
    return names


def _only_params_local(node: Any) -> bool:
    """Whether CPython's scope analysis finds no local of ``node`` but its parameters."""
    keep = tree_memos()  # the ``tree_memos`` switch
    cached = getattr(node, "_dc_code_locals", None) if keep else None
    if cached is not None:
        return cached
    try:
        if isinstance(node, ast.Lambda):
            src, name = f"_ = {ast.unparse(node)}\n", "lambda"
        else:
            bare = ast.FunctionDef(
                name=node.name,
                args=node.args,
                body=node.body,
                decorator_list=[],
                returns=None,
                type_comment=None,
            )
            src, name = ast.unparse(ast.fix_missing_locations(bare)) + "\n", node.name
        top = symtable.symtable(src, "<code>", "exec")
    except (SyntaxError, ValueError, TypeError, RecursionError):
        got = False
    else:
        kids = [
            t for t in top.get_children() if t.get_type() == "function" and t.get_name() == name
        ]
        got = len(kids) == 1 and set(kids[0].get_locals()) == set(_params(node))
    if keep:
        node._dc_code_locals = got  # type: ignore[union-attr]
    return got


@dataclass(eq=False)
class CodeValue:
    """``f.__code__`` of a function of the analyzed code."""

    func: Func
    library_type: ClassVar[str] = "code"

    def attr(self, name: str) -> Any:
        node = self.func.node
        a = node.args
        if name == "co_argcount":
            return len(a.posonlyargs) + len(a.args)
        if name == "co_posonlyargcount":
            return len(a.posonlyargs)
        if name == "co_kwonlyargcount":
            return len(a.kwonlyargs)
        if name == "co_name":
            return self.func.name
        if name in ("co_varnames", "co_nlocals"):
            if not _only_params_local(node):
                return Unknown(f"{self.func.name}.__code__.{name}: locals in the compiler's order")
            names = tuple(_params(node))
            return names if name == "co_varnames" else len(names)
        return Unknown(f"{self.func.name}.__code__.{name}")


class RenamedFunc(Func):
    """A function ``types.FunctionType`` made: ``f``'s code under the ``name`` it was given
    (``__name__``); its own closure dict keys its own defaults (interp/deftime.py)."""

    given: str = ""

    @property
    def name(self) -> str:
        return self.given


def code_of(f: Func) -> Any:
    """``f.__code__`` (a plain function or lambda of the analyzed code)."""
    if not isinstance(f.node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return Unknown(f"{f.name}.__code__")
    return CodeValue(f)


def function_type(c: Call) -> Any:
    """``types.FunctionType(code, globals, name=None, argdefs=None, closure=None)`` of a code
    object read here and its function's own module globals."""
    from driftcheck.parsers.source.interp import deftime
    from driftcheck.parsers.source.library import wildlib

    names = ("code", "globals", "name", "argdefs", "closure")
    if len(c.args) > 5 or set(c.kwargs) - set(names):
        return c.unknown("types.FunctionType() with arguments we cannot read")
    got = dict(zip(names, c.args)) | dict(c.kwargs)
    code, glb = plain(got.get("code")), plain(got.get("globals"))
    if not isinstance(code, CodeValue) or plain(got.get("closure")) is not None:
        return c.unknown("types.FunctionType() of a code object or closure not read here")
    f = code.func
    if f.closure:
        return c.unknown("types.FunctionType() of a nested function's code (free variables)")
    if not (isinstance(glb, wildlib.ModGlobals) and glb.mod is f.mod):
        return c.unknown("types.FunctionType() with globals other than its module's")
    defs, name = plain(got.get("argdefs")), plain(got.get("name"))
    if defs is not None and not isinstance(defs, tuple):
        return c.unknown("types.FunctionType() with argdefs that are not a tuple")
    if name is not None and not isinstance(name, str):
        return c.unknown("types.FunctionType() with a name not known")
    clone = RenamedFunc(f.node, f.mod, {}, f.owner, None, f.is_static, f.is_classmethod)
    clone.given = name if name is not None else f.name
    deftime.write(c.interp, clone, "__defaults__", defs)
    deftime.write(c.interp, clone, "__kwdefaults__", None)
    return clone
