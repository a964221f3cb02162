"""Frames and finalizers read as CPython runs them: ``sys._getframe(n)`` / ``inspect.currentframe()``
over the calls the interpreter followed, and ``weakref.finalize`` callbacks run at the ``del`` that
frees their object.

**Frames.** A function called straight from a call expression of another function of the analyzed
code (``Calls.eval_call`` marks the call site, ``Calls.call_func`` keeps it as the new frame's
``caller``) has that function's frame as its caller, as in CPython, where the class call, the
builtins and the interpreter's own models put no frame of their own in between only when the
callee is a plain function called directly. So ``sys._getframe(1).f_locals["width"]`` reads the
caller's local ``width`` (``f_locals`` of a function frame is what ``locals()`` gives there,
``wildlib.frame_locals``). Anything else is unknown with a note naming the call: a frame at module
level, in a comprehension, a lambda, a class body, a generator, ``eval``'d text, a caller reached
through a class call, a decorator's or a library's code, a depth past what is known, and ``f_locals``
in a module that may write through it (writes reach the caller's variables on Python 3.13, not
on 3.11: version-dependent: that frame's variables become unknown).

**Finalizers.** ``weakref.finalize(obj, fn, *args)`` calls ``fn(*args)`` when ``obj`` is freed.
CPython frees an object the moment its last reference goes; that moment is known when the object
was built by a torch.nn class (whose construction makes no reference cycle -- the lazy modules do,
so they are left out; checked against CPython for every torch.nn class in
``tests/test_wild_constructs33f.py``) straight into a name, and the statements that follow until
``del name`` in the same block are only ``weakref.finalize(name, ...)`` calls of plain arguments:
nothing else can have taken a reference. The callbacks then run at the ``del``, the last registered
first (CPython's order), an exception in one ignored (CPython prints it and goes on). Any other
``weakref.finalize`` keeps the old rule (``objmodel.handed_mutators``: a container method handed
there makes the container unknown).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import (
    Ext,
    Unknown,
    UnknownContainer,
    UnknownModule,
    is_module,
    plain,
)

GETFRAME = ("sys._getframe", "inspect.currentframe")
FINALIZE = ("weakref.finalize", "_weakref.finalize")
_PENDING = "_dc_finalizers"  # ip.__dict__ key: id(del statement) -> [(frame, name, obj, calls)]
_FLOCALS_OK = "_dc_flocals_ok"  # ip.__dict__ key: id(module tree) -> f_locals only read there


def _where(fr: Any, line: int) -> str:
    path = getattr(fr.mod, "path", None)
    return f"{path.name}:{line}" if path is not None else f"line {line}"


def _contains(root: ast.AST, node: ast.AST) -> bool:
    return any(n is node for n in ast.walk(root))


def _real(fr: Any, node: ast.AST) -> str | None:
    """None when ``fr`` is the frame CPython runs ``node`` in: the frame of a plain ``def``
    function (no generator, no coroutine) the interpreter entered through ``call_func``, with
    ``node`` in that function's own code; else why not."""
    from driftcheck.parsers.source.interp import tuplesub

    if getattr(fr, "caller", None) is None or fr.func is None:
        return "not a function's own frame (module level, a comprehension, a class body or eval'd text)"
    fn = fr.func.node
    if not isinstance(fn, ast.FunctionDef) or tuplesub.is_generator(fn):
        return f"the frame of {getattr(fr.func, 'name', '?')} (a lambda, coroutine or generator)"
    if not _contains(fn, node):
        return f"code run in {fr.func.name}'s frame that is not its own (eval'd text)"
    return None


def getframe(ip: Any, f: Any, args: list, kwargs: dict, fr: Any, e: ast.Call) -> Any:
    """``sys._getframe([depth])`` / ``inspect.currentframe()`` called in frame ``fr``."""
    where = _where(fr, e.lineno)
    what = f"{f.qual}() at {where}"
    if kwargs or len(args) > (1 if f.qual == "sys._getframe" else 0):
        return Unknown(f"{what}: unexpected arguments")
    depth = plain(args[0]) if args else 0
    if type(depth) is not int or depth < 0:
        return Unknown(f"{what}: a depth not known statically")
    why = _real(fr, e)
    if why is not None:
        return Unknown(f"{what}: the frame is not known ({why})")
    cur = fr
    for _ in range(depth):
        site = cur.caller
        if not site:
            return Unknown(
                f"{what}: the caller of {cur.func.name} is not known (called by a class, a "
                "decorator, a library or the interpreter's own model, not straight from a call "
                "in the analyzed code)"
            )
        cur, node = site
        why = _real(cur, node)
        if why is not None:
            return Unknown(f"{what}: the caller's frame is not known ({why})")
    return FrameView(cur, what, ip)


# what reads a mapping without writing it: its methods, and builtins handed it
_READ_METHODS = frozenset(("get", "keys", "values", "items", "copy", "__contains__", "__getitem__"))
_READ_BUILTINS = frozenset(
    ("len", "dict", "list", "sorted", "set", "tuple", "iter", "repr", "str", "any", "all")
)


def _flocals_read_only(ip: Any, mod: Any) -> bool:
    """Whether every ``.f_locals`` in ``mod``'s code is read: a subscript load or ``.get(...)``
    of it (a write through it is version-dependent, a frame handed elsewhere is not followed)."""
    tree = getattr(mod, "tree", None)
    if tree is None:
        return False
    memo = ip.__dict__.setdefault(_FLOCALS_OK, {})
    key = id(tree)
    if key not in memo:
        ok: set[int] = set()
        seen: list[ast.Attribute] = []
        for n in ast.walk(tree):
            if isinstance(n, ast.Attribute) and n.attr == "f_locals":
                seen.append(n)
            elif isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load):
                ok.add(id(n.value))
            elif isinstance(n, ast.Call):
                f = n.func
                if isinstance(f, ast.Attribute) and f.attr in _READ_METHODS:
                    ok.add(id(f.value))  # ``f_locals.get("w")``
                elif isinstance(f, ast.Name) and f.id in _READ_BUILTINS and not n.keywords:
                    ok.update(id(a) for a in n.args)  # ``len(f_locals)``, ``dict(f_locals)``
            elif isinstance(n, ast.Compare) and isinstance(n.ops[0], (ast.In, ast.NotIn)):
                ok.update(id(c) for c in n.comparators)  # ``"w" in f_locals``
            elif isinstance(n, (ast.For, ast.comprehension)):
                ok.add(id(n.iter))  # ``for k in f_locals``
        memo[key] = all(id(a) in ok and isinstance(a.ctx, ast.Load) for a in seen)
    return memo[key]


class FrameView:
    """A frame object of the analyzed code: ``f_locals`` (what ``locals()`` gives in it),
    ``f_back`` (its caller, when known) and ``f_globals``; anything else is unknown."""

    __slots__ = ("fr", "what", "ip")
    library_type = "types.FrameType"  # read through ``attr`` (machine.Interp's attribute reads)

    def __init__(self, fr: Any, what: str, ip: Any) -> None:
        self.fr = fr
        self.what = what
        self.ip = ip

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library import wildlib

        fr = self.fr
        if name == "f_locals":
            mods = [fr.mod, getattr(self.ip, "at_mod", None) or fr.mod]
            if not all(_flocals_read_only(self.ip, m) for m in mods):
                why = (
                    f"f_locals of the frame of {self.what}: the code may write through it "
                    "(reaches the variables on Python 3.13, not on 3.11)"
                )
                bound, _ = wildlib._scope_names(fr.func.node)
                for k in bound & fr.locals.keys():  # what that frame holds is unknown now
                    v = fr.locals[k]
                    fr.locals[k] = UnknownModule(why) if is_module(plain(v)) else Unknown(why)
                return Unknown(why)
            return wildlib.frame_locals(fr, ast.Call(lineno=0))
        if name == "f_globals":
            return wildlib.ModGlobals(fr.mod)
        if name == "f_back":
            site = fr.caller
            if site and _real(site[0], site[1]) is None:
                return FrameView(site[0], f"{self.what}.f_back", self.ip)
            return Unknown(f"f_back of the frame of {self.what}: the caller is not known")
        return Unknown(f"{name} of the frame of {self.what}: not modelled")


# ---------------------------------------------------------------------------------- finalize
def _simple(x: ast.expr, fr: Any, calls: Any) -> bool:
    """An argument whose evaluation runs no code of the analyzed program: a constant, a name,
    or a method of a list / dict / set / module named by a name (``events.append``)."""
    from driftcheck.parsers.source.interp.attrs import ModRef

    if isinstance(x, (ast.Constant, ast.Name)):
        return True
    if isinstance(x, ast.Attribute) and isinstance(x.value, ast.Name):
        base = plain(calls.exprs.eval(x.value, fr))  # a name's read runs no code
        return isinstance(base, (list, dict, set, ModRef))
    return False


def _finalize_of(st: ast.stmt, name: str) -> ast.Call | None:
    """``weakref.finalize(name, ...)`` as a statement of its own (its value dropped)."""
    if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Call)):
        return None
    c = st.value
    fn = c.func
    ok = (isinstance(fn, ast.Attribute) and fn.attr == "finalize") or (
        isinstance(fn, ast.Name) and fn.id == "finalize"
    )
    if not ok or len(c.args) < 2 or not isinstance(c.args[0], ast.Name) or c.args[0].id != name:
        return None
    if any(isinstance(a, ast.Starred) for a in c.args) or any(k.arg is None for k in c.keywords):
        return None
    return c


_PLAIN_ARGS = (int, float, bool, str, type(None))


def _fresh_torch_layer(calls: Any, value: ast.expr, fr: Any) -> bool:
    """``nn.Linear(64, 64)``: a call of a torch.nn module class (not a lazy one: its load hook
    is a bound method the module holds, a reference cycle) on plain values or such calls, read
    without running any code of the analyzed program (no property, no operator method)."""
    from driftcheck.parsers.source.interp.attrs import ModRef

    if not isinstance(value, ast.Call) or any(isinstance(a, ast.Starred) for a in value.args):
        return False
    callee = value.func
    while isinstance(callee, ast.Attribute):
        callee = callee.value
    if not isinstance(callee, ast.Name):
        return False
    if callee is not value.func and not isinstance(
        plain(calls.exprs.eval(callee, fr)), (Ext, ModRef)
    ):
        return False  # ``cfg.layer(3)``: an attribute of an object may run a property
    made = plain(calls.exprs.eval(value.func, fr))  # a name or a module's attribute
    if made.__class__ is not Ext or not made.qual.startswith("torch.nn."):
        return False
    last = made.qual.rsplit(".", 1)[-1]
    if not last[:1].isupper() or last.startswith("Lazy") or ".functional" in made.qual:
        return False
    if last in ("Parameter", "Buffer", "UninitializedParameter", "UninitializedBuffer"):
        return False
    return all(_plain_arg(calls, a, fr) for a in (*value.args, *(k.value for k in value.keywords)))


def _plain_arg(calls: Any, a: ast.expr, fr: Any) -> bool:
    """A constructor argument whose evaluation ran no code of the analyzed program and that
    holds no object of it: constants, names of plain values or layers, tuples and arithmetic
    of those, and nested torch layer calls."""
    from driftcheck.parsers.source.values.abstract import Leaf, Obj

    if isinstance(a, ast.Constant):
        return True
    if isinstance(a, ast.Call):
        return _fresh_torch_layer(calls, a, fr)  # ``nn.Sequential(nn.Linear(2, 2))``
    if isinstance(a, ast.Tuple):
        return all(_plain_arg(calls, x, fr) for x in a.elts)
    if isinstance(a, (ast.UnaryOp, ast.BinOp)):
        parts = [a.operand] if isinstance(a, ast.UnaryOp) else [a.left, a.right]
        return all(
            isinstance(x, ast.Constant)
            or (isinstance(x, ast.Name) and type(plain(calls.exprs.eval(x, fr))) in (int, float))
            for x in parts
        )  # arithmetic of numbers: no operator method of the analyzed code
    if not isinstance(a, ast.Name):
        return False
    v = plain(calls.exprs.eval(a, fr))
    items = v if isinstance(v, tuple) else (v,)
    return all(
        isinstance(plain(x), _PLAIN_ARGS)
        or isinstance(plain(x), Leaf)
        or (isinstance(plain(x), Obj) and plain(x).module)
        for x in items
    )


def _global_hooks(ip: Any) -> bool:
    """Whether analyzed code names one of torch's global module registration hooks
    (``register_module_module_registration_hook``...), which see every module built."""
    for m in list(ip.mods.values()):
        name = getattr(m, "name", None) or ""
        if name == "torch" or name.startswith("torch."):
            continue  # torch's own module.py defines them
        tree = getattr(m, "tree", None)
        for n in ast.walk(tree) if tree is not None else ():
            text = n.attr if isinstance(n, ast.Attribute) else getattr(n, "id", None)
            if text is None and isinstance(n, ast.alias):
                text = n.name
            if isinstance(text, str) and "registration_hook" in text:
                return True
    return False


def finalize_at_del(calls: Any, f: Any, args: list, kwargs: dict, fr: Any, e: ast.Call) -> bool:
    """``weakref.finalize(name, fn, *args)``: True when its callback is sure to run at a later
    ``del name`` of the same block (module docstring) -- then registered to run there."""
    ip = calls.ip
    if ip.uncertain or not isinstance(e.args[0], ast.Name):
        return False
    name = e.args[0].id
    body = fr.func.node.body if fr.func is not None else getattr(fr.mod, "tree", None)
    if fr.func is None:
        if body is None or fr.locals is not ip.globals.get(id(fr.mod)):
            return False
        body = body.body
    if not isinstance(body, list):
        return False
    at = next((i for i, st in enumerate(body) if isinstance(st, ast.Expr) and st.value is e), None)
    if at is None or _finalize_of(body[at], name) is None:
        return False
    i = at - 1
    while i >= 0 and _finalize_of(body[i], name) is not None:
        i -= 1
    if i < 0:
        return False
    made = body[i]
    if not (
        isinstance(made, ast.Assign)
        and len(made.targets) == 1
        and isinstance(made.targets[0], ast.Name)
        and made.targets[0].id == name
    ):
        return False
    j = at + 1
    while j < len(body) and _finalize_of(body[j], name) is not None:
        j += 1
    if j >= len(body):
        return False
    gone = body[j]
    if not (
        isinstance(gone, ast.Delete)
        and len(gone.targets) == 1
        and isinstance(gone.targets[0], ast.Name)
        and gone.targets[0].id == name
    ):
        return False
    for st in body[i + 1 : j]:
        c = _finalize_of(st, name)
        if c is None or not all(
            _simple(a, fr, calls) for a in (*c.args[1:], *(k.value for k in c.keywords))
        ):
            return False
    if fr.func is not None:
        from driftcheck.parsers.source.interp import globalstmt

        if globalstmt.declared(fr, name, ip.speed.attr_scans):
            return False
    if _global_hooks(ip):  # a global torch hook handed every new module may keep it
        return False
    obj = fr.locals.get(name)
    if obj is None or obj is not args[0] or not _fresh_torch_layer(calls, made.value, fr):
        return False
    pend = ip.__dict__.setdefault(_PENDING, {})
    entry = pend.get(id(gone))
    if entry is None or entry[0] is not fr or entry[2] is not obj:
        entry = pend[id(gone)] = (fr, name, obj, [])
    entry[3].append((args[1], list(args[2:]), dict(kwargs), e.lineno, e))
    return True


def after_del(calls: Any, st: ast.Delete, fr: Any, held: Any) -> None:
    """Run the finalizers registered for ``st`` (``finalize_at_del``) once ``del`` dropped
    ``held``, the last registered first; an exception in one is ignored, as CPython does."""
    from driftcheck.parsers.source.interp.statements import _LOOKUP_ERRORS, Raised

    pend = calls.ip.__dict__.get(_PENDING)
    entry = pend.pop(id(st), None) if pend else None
    if entry is None:
        return
    efr, _name, obj, todo = entry
    todo = todo[::-1]  # the last registered runs first
    if efr is not fr or held is not obj or calls.ip.uncertain:
        for cb, args, kwargs, _line, e in todo:  # not proven after all: the old rule
            handed_callbacks(calls.ip, [cb, *args], kwargs, fr, e, e.func)
        return
    for i, (cb, args, kwargs, line, _e) in enumerate(todo):
        try:
            calls.call(cb, args, kwargs, (fr.mod.path, line))
        except (Raised, *_LOOKUP_ERRORS):
            # "Exception ignored in: <finalize object ...>": the program goes on (a lookup
            # error of a value we hold is Python's own, as statements.py reads it)
            continue
        except Exception:
            for cb2, args2, kwargs2, _l, e2 in todo[i:]:  # their effects are unknown
                handed_callbacks(calls.ip, [cb2, *args2], kwargs2, fr, e2, e2.func)
            raise


# ------------------------------------------------------------------ callbacks not proven to run
# ``weakref.finalize(obj, cb)`` / ``weakref.ref(obj, cb)`` where the moment ``obj`` is freed is
# not proven (``finalize_at_del``): ``cb`` may run at any later point -- a ``del`` of the last
# name, the return of the function holding it, a collection, an explicit ``f()`` -- or never.
# A container method handed there keeps the old rule (``handed_mutators``); a function of the
# analyzed code may change whatever it reaches (session 34: ``def cb(): events.append(1)`` was
# not looked at, so ``len(events)`` read 0 where CPython has 1 after the ``del``: a confident
# wrong). Everything it can reach from here on is unknown: the containers and objects its free
# names, its arguments and its bound receiver hold (with the functions it names, followed), and
# the names it declares ``global`` / ``nonlocal``. Code that can reach other state (an import,
# ``globals()`` / ``eval`` / ``exec`` / ``open``, a class or an object of the analyzed code whose
# methods may run, a library function, an unknown value) makes every value the frame and the
# modules hold unknown.
_SAFE_QUALS = ("torch.", "math.", "operator.")  # their functions change no state a model reads
_RISKY_BUILTINS = frozenset(
    (
        "globals",
        "vars",
        "locals",
        "eval",
        "exec",
        "compile",
        "open",
        "__import__",
        "setattr",
        "delattr",
        "breakpoint",
        "input",
        "exit",
        "quit",
    )
)  # ``setattr`` / ``delattr``: on a class or a module the callback names
_MAX_FUNCS = 32


def _safe_ext(v: Any) -> bool:
    q = getattr(v, "qual", "") or ""
    if q.startswith("builtins."):
        return q[len("builtins.") :] not in _RISKY_BUILTINS
    return q.startswith(_SAFE_QUALS)


def _reach_of_callbacks(ip: Any, cbs: list) -> tuple[list, list[tuple[Any, str, Any]], str | None]:
    """(roots, rebinds, why-everything) for the callbacks ``cbs``: the values their code can
    change in place, the (module or closure dict, name, module) bindings it may rebind, and
    a reason when it may reach other state (then everything is unknown)."""
    from driftcheck.parsers.source.interp.exprs import Frame  # a cycle at import
    from driftcheck.parsers.source.values.abstract import Func, Leaf, Obj

    roots: list[Any] = []
    rebinds: list[tuple[Any, str, Any]] = []
    todo = list(cbs)
    seen: set[int] = set()
    while todo:
        v = plain(todo.pop())
        if id(v) in seen:
            continue
        seen.add(id(v))
        if len(seen) > 4 * _MAX_FUNCS:
            return roots, rebinds, "too many values to follow"
        if v is None or v.__class__ in (int, float, str, bool, bytes, complex, range):
            continue
        if v.__class__ in (tuple, frozenset):
            todo.extend(v)
            continue
        if getattr(v, "library_type", None) == "functools.partial":
            todo.extend((v.func, *v.args, *v.keywords.values()))
            continue
        if v.__class__ in (list, dict, set, bytearray):
            roots.append(v)
            continue
        if v.__class__ is Leaf:  # a torch layer: the callback may change it
            roots.append(v)
            continue
        if v.__class__ is Obj:
            if v.cls is not None and outside_torch_cls(v.cls):
                return roots, rebinds, f"an object of class {v.cls.name} (its methods may run)"
            roots.append(v)
            continue
        if isinstance(v, Ext) and not is_module(v) and _safe_ext(v):
            continue
        if not isinstance(v, Func):
            return roots, rebinds, f"the value {type(v).__name__} it reaches"
        if v.bound is not None:
            todo.append(v.bound)
        node = v.node
        if any(isinstance(n, (ast.Import, ast.ImportFrom)) for n in ast.walk(node)):
            return roots, rebinds, f"an import in {v.name}"
        a = node.args
        params = {x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if x}
        body = [node.body] if isinstance(node, ast.Lambda) else list(node.body)
        if not all(d is None or isinstance(d, ast.Constant) for d in (*a.defaults, *a.kw_defaults)):
            return roots, rebinds, f"a default of {v.name} evaluated where it was defined"
        stores = {
            n.id
            for b in body
            for n in ast.walk(b)
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
        }
        fr = Frame(v.mod, v, v.closure)
        for b in body:
            for n in ast.walk(b):
                if isinstance(n, ast.Global):
                    g = ip.globals.get(id(v.mod))
                    for x in n.names:
                        if g is None and x not in v.mod.ns:
                            return roots, rebinds, f"global {x} of a module not run"
                        rebinds.append((g, x, v.mod))
                elif isinstance(n, ast.Nonlocal):
                    for x in n.names:
                        if not isinstance(v.closure, dict) or x not in v.closure:
                            return roots, rebinds, f"nonlocal {x} not held"
                        rebinds.append((v.closure, x, None))
        for x in tuplesub_free(body, params | stores):
            try:
                got = ip.names.lookup(x, fr)
            except Exception:  # noqa: BLE001 -- a name it cannot read: nothing it reaches there
                continue
            todo.append(got)
    return roots, rebinds, None


def outside_torch_cls(cls: Any) -> bool:
    from driftcheck.parsers.source.interp.dunders import outside_torch

    return outside_torch(cls)


def tuplesub_free(body: list, bound: set) -> tuple[str, ...]:
    from driftcheck.parsers.source.interp.tuplesub import free_names

    return free_names(body, bound, "_dc_cb_free_names")


def handed_callbacks(ip: Any, args: list, kwargs: dict, fr: Any, e: ast.Call, f: Any) -> None:
    """``weakref.finalize(obj, cb, *args)`` / ``weakref.ref(obj, cb)`` not proven to run at a
    known point: the old rule for a container method, then what a function of the analyzed
    code can change is unknown from here on (the block above)."""
    from driftcheck.parsers.source.interp.objmodel import handed_mutators

    handed_mutators(ip, args, kwargs, fr, e, f)
    if not args or not _code(plain(args[0])):
        return
    what = getattr(f, "qual", None) or ast.unparse(e.func)
    why = f"a function handed to {what} at {_where(fr, e.lineno)}: it may run at any later point"
    escape(ip, [*args, *kwargs.values()], fr, why)


def escape(ip: Any, values: list, fr: Any, why: str) -> None:
    """What the callbacks among ``values`` (with their arguments) can change is unknown from
    here on (``handed_callbacks``). ``fr``: the frame running, or None where the caller does
    not know it (``ExitStack.pop_all``): then the module globals and the closures are the
    holders, and a list the code reaches holds an unknown run (seen through any holder)."""
    from driftcheck.parsers.source.interp import branchstate
    from driftcheck.parsers.source.values.abstract import Func, UnknownRun

    roots, rebinds, everything = _reach_of_callbacks(ip, values)
    holders: list[dict] = [fr.locals] if fr is not None else []
    c = getattr(fr, "caller", None)  # (the calling frame, the call) where known
    for _ in range(64):
        if not isinstance(c, tuple):
            break
        holders.append(c[0].locals)
        c = getattr(c[0], "caller", None)
    holders.extend(g for g in list(ip.globals.values()) if isinstance(g, dict))
    holders.extend(
        d for d, _x, _m in rebinds if isinstance(d, dict) and all(d is not h for h in holders)
    )
    if fr is None and everything is None:
        for r in roots:
            if r.__class__ is list:
                r.append(UnknownRun(why))
    if everything is not None or roots or rebinds:
        ip.stmts.note(
            f"{why}: what it can change is unknown from here on"
            + (f" ({everything})" if everything else "")
        )
    if everything is not None:
        why = f"{why} ({everything})"
        for h in holders:
            for k, v in list(h.items()):
                if not isinstance(plain(v), (Func, Ext)) and not is_module(plain(v)):
                    h[k] = branchstate.unknown_for([v], why)
        return
    for d, x, mod in rebinds:
        for h in (d, getattr(mod, "ns", None)):
            if isinstance(h, dict) and (h is d or x in h):
                h[x] = branchstate.unknown_for([h.get(x)], why) if x in h else Unknown(why)
    if not roots:
        return
    conts, objs = branchstate._reachable({str(i): r for i, r in enumerate(roots)})
    ids = {id(x) for x in (*conts, *objs, *roots)}
    for x in (*conts, *roots):
        if x.__class__ in (list, dict, set, bytearray):
            ip.havoc.setdefault(id(x), (x, why))
    for h in holders:
        branchstate.forget(h, ids, [], why)


def code_callback(v: Any) -> bool:
    """``_code`` for callers outside this module (``ExitStack.pop_all``)."""
    return _code(plain(v))


def _code(v: Any) -> bool:
    """Whether calling the callback ``v`` may run code other than a container's own method
    (``handed_mutators``' case) or a function that changes no state (``_safe_ext``)."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    for _ in range(8):
        if getattr(v, "library_type", None) != "functools.partial":
            break
        v = plain(v.func)
    if isinstance(v, BuiltinMethod):
        return False
    return not (isinstance(v, Ext) and not is_module(v) and _safe_ext(v))


# ------------------------------------------------------------ callbacks a stdlib call keeps
# A function handed to a standard-library call that runs it later, at a moment we do not
# follow, or on another thread (session 34, wrongs34; each a confident wrong before, checked
# against CPython in tests/test_wild_constructs34y.py): a signal handler run by
# ``signal.raise_signal`` / ``os.kill``, a trace / profile function run at every later call, a
# ``threading.Timer`` run on its own thread, an ``atexit`` function run by
# ``atexit._run_exitfuncs()`` or at exit, a fork hook, an executor's work item (``submit``).
# What the callback (with its arguments) can reach is unknown from here on (``escape``).
LATER_CALLBACKS = frozenset(
    (
        "signal.signal",
        "sys.settrace",
        "sys.setprofile",
        "threading.settrace",
        "threading.setprofile",
        "threading.settrace_all_threads",
        "threading.setprofile_all_threads",
        "threading.Timer",
        "threading._start_new_thread",
        "_thread.start_new_thread",
        "_thread.start_new",
        "atexit.register",
        "os.register_at_fork",
        "sys.addaudithook",
        "sys.set_asyncgen_hooks",
    )
)
# functions read from CPython's source that keep a callable for later: an executor's
# ``submit`` / ``map`` (a worker thread or process runs it), ``signal.signal`` (the handler)
_KEEPERS = {"submit": "concurrent.futures", "map": "concurrent.futures", "signal": "signal"}


def executor_queue(f: Any) -> bool:
    """Whether the function ``f`` read from source is one of ``_KEEPERS``."""
    top = _KEEPERS.get(getattr(f.node, "name", ""))
    name = getattr(f.mod, "name", None) or ""
    return top is not None and (name == top or name.startswith(top + "."))


def handed_later(ip: Any, args: list, kwargs: dict, fr: Any, e: ast.Call, what: str) -> None:
    """A callable of the analyzed code among ``args`` / ``kwargs`` of a call that keeps it
    (``LATER_CALLBACKS``, ``executor_queue``): what it and the other arguments reach is
    unknown from here on. Plain data or a library function handed there changes nothing."""
    from driftcheck.parsers.source.values.abstract import Func, Obj

    values = [*args, *kwargs.values()]
    todo = list(values)
    cb = False
    for _ in range(64):
        if not todo:
            break
        v = plain(todo.pop())
        if v.__class__ in (tuple, list):
            todo.extend(v)
        elif getattr(v, "library_type", None) == "functools.partial":
            todo.append(v.func)
        elif v.__class__ in (Func, Obj, Unknown, UnknownContainer):
            cb = True
            break
    if not cb:
        return
    why = f"a function handed to {what} at {_where(fr, e.lineno)}: it may run at any later point"
    escape(ip, values, fr, why)


# ------------------------------------------------------------------ atexit (session 35, wildfix35)
# ``atexit.register(cb, *args)`` alone: CPython runs ``cb`` at interpreter exit, after the module
# (and the model it builds) is done, so nothing the model reads can see it; the escape above
# was too harsh there (every value ``cb`` reaches unknown at once). The registration is kept
# (``_ATEXIT``) and the escape runs where the program runs the exit functions by hand
# (``atexit._run_exitfuncs()``); ``atexit.unregister(cb)`` drops ``cb``'s entries and
# ``atexit._clear()`` all of them, as CPython does. An argument list we cannot follow (a
# ``*args`` of unknown length) keeps the old rule at once.
_ATEXIT = "_dc_atexit"  # ip.__dict__ key: the pending (args, kwargs, where) registrations


def atexit_call(ip: Any, qual: str, args: list, kwargs: dict, fr: Any, e: ast.Call) -> bool:
    """``atexit.register`` / ``unregister`` / ``_clear`` / ``_run_exitfuncs`` (see above).
    False where the call is not one of them or keeps the old rule."""
    pend = ip.__dict__.setdefault(_ATEXIT, [])
    if qual == "atexit.register":
        if any(isinstance(a, ast.Starred) for a in e.args) or any(
            k.arg is None for k in e.keywords
        ):
            return False
        pend.append((list(args), dict(kwargs), _where(fr, e.lineno)))
        ip.class_writes = ip.class_writes + 1  # shared state (speed/memo.py keeps no copy)
        return True
    if qual == "atexit.unregister" and len(args) == 1 and not kwargs:
        cb = plain(args[0])
        if isinstance(cb, Unknown):  # it may be any of them: keep them all (run or not)
            return True
        # CPython compares with ``==``: a function / bound method of ours by identity
        pend[:] = [p for p in pend if not (p[0] and plain(p[0][0]) is cb)]
        ip.class_writes = ip.class_writes + 1
        return True
    if qual == "atexit._clear" and not args and not kwargs:
        pend.clear()
        ip.class_writes = ip.class_writes + 1
        return True
    if qual == "atexit._run_exitfuncs" and not args and not kwargs:
        todo = pend[::-1]
        pend.clear()
        for a, k, where in todo:
            why = (
                f"a function handed to atexit.register at {where}, run by atexit._run_exitfuncs "
                f"at {_where(fr, e.lineno)}"
            )
            escape(ip, [*a, *k.values()], fr, why)
        return True
    return False


# ------------------------------------------------------------------ __del__ of analyzed code
# An instance of a class of the analyzed code that defines ``__del__``: CPython runs it when the
# instance is freed (a ``del`` of its last name, a rebinding, the return of the function holding
# it, a temporary at once, a collection), which is not followed (session 34, wrongs34: a
# ``__del__`` appending to a module list read 2 where torch has 4). What the bound ``__del__``
# can reach is unknown from the instance's making on (``escape``).
_HAS_DEL = "_dc_has_del"  # ip.__dict__ key: id(class) -> (class, whether it defines __del__)


def has_finalizer(ip: Any, cls: Any) -> bool:
    """Whether ``cls`` or a base of the analyzed code binds ``__del__`` in its body."""
    from driftcheck.parsers.source.interp import dunders

    memo = ip.__dict__.setdefault(_HAS_DEL, {})
    got = memo.get(id(cls))
    if got is None or got[0] is not cls:
        found = any(dunders.own_code(c) and dunders.body_binds(c, "__del__") for c in cls.mro())
        got = memo[id(cls)] = (cls, found)
    return got[1]


def finalizer_made(ip: Any, obj: Any, loc: tuple) -> None:
    """``escape`` for the bound ``__del__`` of the new instance ``obj`` made at ``loc``."""
    path = getattr(loc[0], "name", None) or str(loc[0]).rsplit("/", 1)[-1]
    why = (
        f"an instance of {obj.cls.name} (its __del__) made at {path}:{loc[1]}: __del__ runs "
        "when it is freed"
    )
    funcs = _del_methods(ip, obj.cls)
    if funcs is not None:  # what the methods it runs reach, not everything (below)
        escape(ip, funcs, None, why)
        return
    escape(ip, [ip.attrs.getattr(obj, "__del__")], None, why)


# Session 35 (wildfix35): the bound ``__del__`` reached its own instance, an object of the
# analyzed code "whose methods may run", so every value the modules held became unknown at each
# such instance's making (a ``k = 7`` read before ``b = B()`` too). The instance is freed when
# ``__del__`` runs: what it does to its own attributes is seen by no one, unless it hands
# ``self`` on. Where the body only (a) stores / deletes attributes of ``self`` (its first
# parameter), (b) calls ``self.m(...)`` of a method the class's own code defines (followed the
# same way), (c) calls a free name or a method of one (``events.append(1)``, followed as a
# callback's free names are: an object or class of ours there keeps the old rule), and names
# ``self`` nowhere else, the unbound methods are the callbacks: their free names, ``global`` and
# ``nonlocal`` names are what becomes unknown. The class's dunders (``__setattr__`` that (a)
# runs) are followed too. Anything else (``type(self)``, ``super()``, ``self.cb()``, a class
# property, a static method, a library base) keeps the old rule.
def _del_methods(ip: Any, cls: Any) -> list | None:
    from driftcheck.parsers.source.interp import dunders
    from driftcheck.parsers.source.values.abstract import Cls, Func

    funcs: dict[str, Any] = {}
    for c in cls.mro():
        if isinstance(c, Ext) and c.qual == "builtins.object":
            continue
        if not isinstance(c, Cls) or not dunders.own_code(c) or c.node is None:
            return None
        for st in c.node.body:
            if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
                continue  # a docstring
            if isinstance(st, ast.Pass):
                continue
            if isinstance(st, ast.FunctionDef):
                names = [st.name]
            elif isinstance(st, ast.Assign) and all(isinstance(t, ast.Name) for t in st.targets):
                names = [t.id for t in st.targets]  # type: ignore[union-attr]
            elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                names = [st.target.id]
            else:
                return None
            for k in names:
                if k in funcs:
                    continue
                try:
                    ok, v, where = ip.classes.mro_attr(cls, k)
                except Exception:  # noqa: BLE001 -- a name we cannot read: the old rule
                    return None
                v = plain(v)
                if not ok or v is None or v.__class__ in (int, float, str, bool, bytes):
                    continue
                if v.__class__ is not Func or where is not c:
                    return None
                if v.is_static or v.is_classmethod or v.bound is not None:
                    return None
                funcs[k] = v
    if "__del__" not in funcs:
        return None
    todo = ["__del__", *(k for k in funcs if k.startswith("__") and k.endswith("__"))]
    todo = [k for k in todo if k not in ("__init__", "__new__", "__init_subclass__")]
    seen: set[str] = set()
    while todo:
        k = todo.pop()
        if k in seen:
            continue
        seen.add(k)
        if len(seen) > _MAX_FUNCS:
            return None
        called = _self_calls(funcs[k].node, funcs)
        if called is None:
            return None
        todo.extend(called)
    shadow = _attr_stores(ip)
    if shadow is None or any(k in shadow for k in seen):
        return None  # ``b.close = f``: an instance attribute may shadow a method it calls
    return [funcs[k] for k in sorted(seen)]


def _attr_stores(ip: Any) -> set[str] | None:
    """The attribute names the analyzed code's modules store or delete (``x.close = f``), or
    None where one of them calls ``setattr`` / reads a ``__dict__`` (any name)."""
    from driftcheck.parsers.source.loader import installed
    from driftcheck.speed import tree_memos

    keep = tree_memos()  # the scan kept on the tree (off: scanned at every ask)
    out: set[str] = set()
    for m in list(getattr(ip, "mods", {}).values()):
        tree = getattr(m, "tree", None)
        if tree is None or installed(m.path):
            continue
        got = tree.__dict__.get("_dc_attr_stores") if keep else None
        if got is None:
            got = set()
            for n in ast.walk(tree):
                if isinstance(n, ast.Attribute):
                    if n.attr == "__dict__":
                        got = None
                        break
                    if isinstance(n.ctx, (ast.Store, ast.Del)):
                        got.add(n.attr)
                elif isinstance(n, ast.Name) and n.id in ("setattr", "vars"):
                    got = None
                    break
            got = got if got is not None else False
            if keep:
                tree.__dict__["_dc_attr_stores"] = got
        if got is False or got is None:
            return None
        out |= got
    return out


def _self_calls(node: Any, funcs: dict) -> list[str] | None:
    """The methods ``self.m(...)`` the function ``node`` calls, or None where it names ``self``
    otherwise or calls what ``_del_methods`` does not allow."""
    a = node.args
    pos = [*a.posonlyargs, *a.args]
    if not pos or isinstance(node, ast.Lambda):
        return None
    me = pos[0].arg
    params = {x.arg for x in (*pos, *a.kwonlyargs, a.vararg, a.kwarg) if x}
    allowed: set[int] = set()  # ids of the ``self`` Name nodes in an allowed place
    called: list[str] = []
    body = list(node.body)
    for n in (w for b in body for w in ast.walk(b)):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == me:
            if isinstance(n.ctx, (ast.Store, ast.Del)):
                allowed.add(id(n.value))
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, (ast.Store, ast.Del)):
            return None  # ``type(self).n += 1``, ``other.x = 1``: a class / another object
        if isinstance(n, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)):
            return None  # a function made here may be handed on
        if not isinstance(n, ast.Call):
            continue
        f = n.func
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            if f.value.id == me:
                if f.attr not in funcs:
                    return None  # ``self.cb()``: an attribute set elsewhere
                allowed.add(id(f.value))
                called.append(f.attr)
            elif f.value.id in params:
                return None
        elif isinstance(f, ast.Name):
            if f.id in params or f.id in ("type", "super", "getattr", "vars", "id"):
                return None
        else:
            return None  # ``self.x.m()``, ``xs[0]()``, ``super().__del__()``
    stores = {
        n.id
        for b in body
        for n in ast.walk(b)
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del))
    }
    for n in (w for b in body for w in ast.walk(b)):
        if isinstance(n, ast.Name) and n.id == me and id(n) not in allowed:
            return None  # ``self`` handed on or read
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in stores:
            return None  # a local name called: a value read from ``self`` may be it
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id in stores
        ):
            return None
    return called


# --------------------------------------------- a lazy map drained at once (session 35, pins35)
# ``map(f, xs)`` / ``itertools.starmap`` / ``accumulate`` with a state-changing ``f`` is lazy
# in CPython: ``f`` runs as the iterator is drained (wrongs34: unknown, pybuiltins.py
# ``lazy_effects``). Drained right where it is made -- the argument of ``list`` / ``tuple`` /
# ``sorted`` / ``sum``..., unpacked into a call's arguments (``g(*map(f, xs))``), the iterable
# of a list / set / dict comprehension whose body makes no call -- ``f`` runs there, in order,
# with nothing in between that could read what it changes: the eager reading is exact.
_DRAINERS = frozenset(
    "builtins." + n for n in "list tuple set frozenset sorted sum min max dict".split()
)
_DRAIN_NODES = "_dc_drain_nodes"  # ip.__dict__ key: id -> Call node drained at once
_DRAIN_ARGS = "_dc_drain_args"  # ip.__dict__ key: the arguments of the one being called


def _mark(ip: Any, node: Any) -> None:
    if node.__class__ is ast.Call:
        ip.__dict__.setdefault(_DRAIN_NODES, {})[id(node)] = node  # held: its id stays its


def mark_drained(ip: Any, f: Any, e: ast.Call) -> None:
    """Before the arguments of the call ``e`` of ``f`` are evaluated: the calls among them
    that CPython drains at once."""
    for a in e.args:
        if a.__class__ is ast.Starred:
            _mark(ip, a.value)
    if f.__class__ is Ext and f.qual in _DRAINERS and len(e.args) == 1 and not e.keywords:
        _mark(ip, e.args[0])


def mark_comprehension(ip: Any, e: Any) -> None:
    """A list / set / dict comprehension whose first iterable is a call: drained at once
    when nothing else in it makes a call (a call there could read what ``f`` changes)."""
    if e.__class__ is ast.GeneratorExp or e.generators[0].iter.__class__ is not ast.Call:
        return
    keep = ip.speed.tree_memos  # the scan kept on the node (off: scanned at every evaluation)
    calls = e.__dict__.get(_COMP_CALLS) if keep else None
    if calls is None:
        rest = [getattr(e, "elt", None), getattr(e, "key", None), getattr(e, "value", None)]
        rest += [*e.generators[0].ifs, *e.generators[1:]]
        calls = any(n.__class__ is ast.Call for r in rest if r is not None for n in ast.walk(r))
        if keep:
            e.__dict__[_COMP_CALLS] = calls
    if not calls:
        _mark(ip, e.generators[0].iter)


_COMP_CALLS = "_dc_comp_calls"  # on a comprehension node: whether its body makes a call


def drain_now(ip: Any, e: ast.Call, callee: Any, args: list) -> None:
    """The call ``e`` of ``callee``: its arguments are evaluated and it is dispatched next. If
    it is drained at once, ``(callee, args)`` is kept for ``drained``; otherwise the slot is
    emptied.

    One slot, not a table by call: it describes the call about to be dispatched, and every
    call made through ``Calls.call_expr`` sets or empties it before its own dispatch, so a
    slot left by an earlier call (one whose callee never asked) is gone by the time any later
    call of the analyzed code dispatches. The slot names its callee, and ``drained`` answers
    only the lazy producer named (``map``, ``itertools.starmap``...): a producer reached
    another way (a library model's ``call_func``) while the slot of another call is set
    cannot take that call's answer (hygiene36)."""
    nodes = ip.__dict__.get(_DRAIN_NODES)
    if nodes and nodes.get(id(e)) is e:
        del nodes[id(e)]
        ip.__dict__[_DRAIN_ARGS] = (callee, args)
    else:
        ip.__dict__.pop(_DRAIN_ARGS, None)


def drained(ip: Any, f: Any, what: str) -> bool:
    """Whether the lazy call of ``what`` (``map``, ``itertools.starmap``...) being made with
    ``f`` is drained at once (``drain_now``)."""
    slot = ip.__dict__.pop(_DRAIN_ARGS, None)
    if slot is None:
        return False
    callee, args = slot
    return (
        callee.__class__ is Ext
        and callee.qual in (what, "builtins." + what)
        and any(a is f for a in args)
    )


# ------------------------------------ a generator expression stored, drained later (pins35)
# ``g = (f(i) for i in range(n))`` runs nothing in CPython: ``f`` runs as ``g`` is drained,
# after whatever the statements in between changed. The interpreter reads a generator
# expression eagerly, where it is made (a confident wrong: 35 parameters where torch has 14
# when a width read by ``f`` changed in between). Eager is exact when its body reads nothing
# that can change (its own targets, constants, operators) or when the very next statement
# drains it at once (``nn.Sequential(*g)``, ``list(g)``: a call of a plain name or attribute
# with ``g`` first); any other stored one is unknown, and what its calls reach is forgotten.
_GEN_SAFE = "_dc_stored_genexps"  # ip.__dict__ key: id(module tree) -> ids of safe statements


def _pure_genexp(e: ast.GeneratorExp) -> bool:
    targets = {n.id for g in e.generators for n in ast.walk(g.target) if n.__class__ is ast.Name}
    rest = [e.elt, *e.generators[0].ifs, *e.generators[1:]]
    for r in rest:
        for n in ast.walk(r):
            if n.__class__ is ast.Name and n.id not in targets and n.ctx.__class__ is ast.Load:
                return False
            if n.__class__ in (ast.Call, ast.Attribute, ast.Subscript, ast.Await, ast.NamedExpr):
                return False
    return True


def _plain_callee(f: ast.expr) -> bool:
    while f.__class__ is ast.Attribute:
        f = f.value
    return f.__class__ is ast.Name


def _drains_next(name: str, nxt: ast.stmt | None) -> bool:
    v = getattr(nxt, "value", None) if nxt.__class__ in (ast.Assign, ast.Expr, ast.Return) else None
    if v.__class__ is not ast.Call or not v.args or not _plain_callee(v.func):
        return False
    a = v.args[0]
    a = a.value if a.__class__ is ast.Starred else a
    return a.__class__ is ast.Name and a.id == name


def _safe_stored(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if body.__class__ is not list:
                continue
            for i, st in enumerate(body):
                if st.__class__ is not ast.Assign or st.value.__class__ is not ast.GeneratorExp:
                    continue
                nxt = body[i + 1] if i + 1 < len(body) else None
                tgt = st.targets[0] if len(st.targets) == 1 else None
                if (
                    len(st.targets) == 1 and tgt.__class__ in (ast.Tuple, ast.List)
                ) or (  # ``q, k = (f(z) for z in (a, b))``: unpacked, so drained at once
                    _pure_genexp(st.value)
                    or (tgt.__class__ is ast.Name and _drains_next(tgt.id, nxt))
                ):
                    out.add(id(st))
    return out


def stored_genexp(ip: Any, st: ast.Assign, fr: Any) -> Any:
    """The value of ``st`` (``g = (<generator expression>)``), or None to read it eagerly."""
    tree = fr.mod.tree
    memo = ip.__dict__.setdefault(_GEN_SAFE, {})
    got = memo.get(id(tree))
    if got is None or got[0] is not tree:
        got = memo[id(tree)] = (tree, _safe_stored(tree))
    if id(st) in got[1]:
        return None
    e = st.value
    where = _where(fr, st.lineno)
    why = f"a generator expression stored at {where}: its items are made as it is drained, later"
    callees = []
    for n in ast.walk(e):
        if n.__class__ is ast.Call and _plain_callee(n.func):
            try:
                callees.append(ip.exprs.eval(n.func, fr))
            except Exception:  # noqa: BLE001 - a callee we cannot read: nothing to forget
                continue
    if callees:
        escape(ip, callees, fr, why)
    ip.stmts.unfollowed(f"{why} (not followed): value unknown")
    return Unknown(why)
