"""``vars(SomeClass)``: the namespace a class statement binds, read from its body.

Users keep sizes as attributes of a plain class used as a namespace and read them all at once
(``{k: v for k, v in vars(Hyper).items() if not k.startswith("_")}``). CPython's
``vars(cls)`` is ``cls.__dict__``: the names the class body binds, in source order, after
``__module__`` (and ``__doc__``); inherited names are not in it. Dunder entries CPython adds
itself (``__dict__``, ``__weakref__``, ``__firstlineno__``...) vary by Python version and are
left out: code that reads this namespace filters them by their leading underscore. A body
that binds names under a statement (``if``/``for``/``try``) or through an unpacking we
cannot follow is unknown, never a guessed dict.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import CLASS_WRITES, UNNAMED_SETATTR, Cls
from driftcheck.speed import tree_memos

_BRANCHES = (ast.If, ast.Try, ast.For, ast.While, ast.With, ast.Match)


def class_vars(c: Any, cls: Cls) -> Any:
    """``vars(cls)`` for a class defined in analyzed source: ``{name: value}`` in the order
    its body binds them (a re-binding keeps the first position, as a dict does), each value
    looked up through the interpreter's class attribute lookup (lazy, decorators applied)."""
    names: list[str] = []
    body = cls.node.body
    if (
        len(body) == 1
        and isinstance(body[0], ast.Pass)
        and body[0].col_offset <= cls.node.col_offset
    ):
        # a class made by ``type(name, bases, ns)`` (library/python.py) has a made-up body at
        # its own column (a source body is indented past its ``class``): not source
        return c.unknown(f"vars({cls.name}) (a class made by type())")
    doc = ast.get_docstring(cls.node, clean=False)
    for st in body:
        if isinstance(st, _BRANCHES):
            return c.unknown(f"vars({cls.name}) (names bound under a statement)")
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(st.name)
        elif isinstance(st, ast.Assign):
            for t in st.targets:
                if isinstance(t, ast.Name):
                    names.append(t.id)
                elif isinstance(t, (ast.Tuple, ast.List)) and all(
                    isinstance(e, ast.Name) for e in t.elts
                ):
                    names.extend(e.id for e in t.elts)  # type: ignore[union-attr]
                else:
                    return c.unknown(f"vars({cls.name}) (an assignment we cannot follow)")
        elif isinstance(st, ast.AnnAssign):
            if st.value is not None and isinstance(st.target, ast.Name):
                names.append(st.target.id)
        elif isinstance(st, (ast.AugAssign, ast.Delete, ast.Import, ast.ImportFrom)):
            return c.unknown(f"vars({cls.name}) (a binding we do not follow)")
    out: dict[str, Any] = {"__module__": cls.mod.name, "__doc__": doc}
    orig = orig_bases(c.interp, cls)
    if orig is not None:  # CPython binds it when a base was a generic alias (``Base[T]``)
        out["__orig_bases__"] = orig
    for n in names:
        if n in out:
            continue
        ok, v = c.interp.classes.class_attr(cls, n)
        out[n] = v if ok else c.unknown(f"vars({cls.name}).{n}")
    # a name written on the class after its body ran (``Klass.x = v`` at module level, a
    # ``setattr``, a name we could not compute) is in CPython's namespace too: not read here
    from driftcheck.parsers.source.interp.objmodel import class_patches

    later = (set(cls.ns.get(CLASS_WRITES, ())) | _written_in_module(cls)) - set(out)
    if (
        later
        or UNNAMED_SETATTR in cls.ns
        or any(k[0] == cls.name for k in class_patches(cls.mod.tree))
    ):
        return c.unknown(f"vars({cls.name}) (names written on the class after its body)")
    return out


def _written_in_module(cls: Cls) -> set[str]:
    """Names its module's code writes on the class by name, anywhere (``Enc.extra = 1`` in a
    function, ``setattr(Enc, ...)``): a module global read lazily may never run the call that
    writes them (interp/modglobals.py), so they count as written. ``"\0"``: a setattr."""
    # the ``tree_memos`` switch: off, a fresh table (scanned again)
    memo = cls.mod.tree.__dict__.setdefault("_dc_class_writes", {}) if tree_memos() else {}
    got = memo.get(cls.name)
    if got is None:
        got = set()
        for n in ast.walk(cls.mod.tree):
            if (
                isinstance(n, ast.Attribute)
                and isinstance(n.ctx, (ast.Store, ast.Del))
                and isinstance(n.value, ast.Name)
                and n.value.id == cls.name
            ):
                got.add(n.attr)
            elif (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Name)
                and n.func.id in ("setattr", "delattr")
                and n.args
                and isinstance(n.args[0], ast.Name)
                and n.args[0].id == cls.name
            ):
                got.add("\0")
        memo[cls.name] = got
    return got


_PURE = (ast.Name, ast.Attribute, ast.Constant)


def orig_bases(interp: Any, cls: Cls) -> Any:
    """``cls.__dict__["__orig_bases__"]``: the bases as the class statement wrote them, bound by
    ``types.resolve_bases`` when one of them is a generic alias (``Block[nn.GELU]``,
    ``Generic[A]``); None when every base is a plain name (CPython binds no such entry).
    Each subscripted base is a ``GenericAliasValue`` (``typing.get_args`` reads its
    arguments). A base we cannot re-read without running code (a call, a nested subscript)
    makes the tuple unknown. It was missing, so ``__dict__.get("__orig_bases__", ())`` read
    the default: every subclass kept the base's activation (198 where torch has 462)."""
    from driftcheck.parsers.source.library.pyprotocols import GenericAliasValue
    from driftcheck.parsers.source.values.abstract import Unknown

    nodes = cls.node.bases
    if not any(isinstance(b, ast.Subscript) for b in nodes):
        return None
    why = f"{cls.name}.__orig_bases__ (a base written as an expression not read here)"
    ip = getattr(interp, "ip", interp)
    frame = cls.ns.get("__frame__")
    if frame is None or any(isinstance(b, ast.Starred) for b in nodes) or cls.node.keywords:
        return Unknown(why)
    out: list[Any] = []
    for b in nodes:
        if isinstance(b, ast.Subscript):
            elts = b.slice.elts if isinstance(b.slice, ast.Tuple) else [b.slice]
            if not isinstance(b.value, _PURE) or not all(isinstance(e, _PURE) for e in elts):
                return Unknown(why)
            origin = ip.exprs.eval(b.value, frame)
            out.append(GenericAliasValue(origin, tuple(ip.exprs.eval(e, frame) for e in elts)))
        elif isinstance(b, _PURE):
            out.append(ip.exprs.eval(b, frame))
        else:
            return Unknown(why)
    return tuple(out)


def class_dict(ip: Any, cls: Cls, loc: tuple) -> Any:
    """``cls.__dict__``: CPython's ``vars(cls)`` (gin's ``'__init__' in base.__dict__``)."""
    from driftcheck.parsers.source.library.registry import Call

    return class_vars(Call(ip, "builtins.vars", [cls], {}, loc), cls)
