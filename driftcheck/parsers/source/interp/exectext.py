"""``exec`` of a text known statically: parsed and interpreted like the code around it, never run.

Code that writes its own source (pykan's ``exec(f'self.node_bias_{l} = nn.Parameter(...)')``
in a loop, skrl's model instantiators building a ``class`` statement as a string and running
it with ``exec(template, globals(), _locals)``) registers parameters torch counts. Before this
module, ``exec`` was an unknown call whose effects were dropped: the parameters it registers
were silently missing (a confident wrong count).

Where the text runs, as CPython runs it:

- ``exec(s)`` in a function: the function's module globals, and a snapshot of its locals
  (names the text binds never become the function's locals; objects it mutates, ``self``
  among them, are the caller's own).
- ``exec(s, globals(), d)``: the module's globals and the dict ``d``, which receives the names
  the text binds (read back with ``d["Name"]``).
- ``exec(s, globals())``, and ``exec(s)`` at module level: module-level code of that module,
  reading and binding its globals (session 21).
- ``exec(s, {}, d)`` / ``exec(s, d)`` with dicts of the code's own (an mmengine-style config
  file run into a fresh namespace, session 27): ``d`` receives what the text binds, and the
  globals dict gets ``__builtins__``, as in CPython; only a text of plain bindings whose every
  name read is bound before it (by the text or ``d``) or is an unshadowed builtin is run (a
  frame of the analyzed module would resolve other names through its globals).

Anything else (a text not known statically, a text that does not parse, other namespaces) is
not followed: the call is unknown and every module the text could reach (the caller's locals
and closure, its module's globals, and the lists / dicts among them) is left unresolved with a
note, since the text may have added weights to it or swapped a layer. Session 21 (a burned
held-out case): only modules of analyzed code directly in the caller's locals were marked, so
torchbnn's ``exec`` swapping the children of a ``global model`` (catalogue layers, reached
through a global) left a confident count of the model before the swap.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp.statements import Frame
from driftcheck.parsers.source.library import wildlib
from driftcheck.parsers.source.values.abstract import Unknown, is_module, plain

_TREES_KEY = "_exec_trees"


def exec_text(calls: Any, args: list[Any], fr: Frame, e: ast.Call) -> Any:
    """``exec(s[, globals[, locals]])`` called at ``e`` in frame ``fr``: None once the text
    ran, else an unknown value (and the caller's modules unresolved)."""
    where = f"{fr.mod.path.name}:{e.lineno}"
    text = plain(args[0]) if args else None
    if not isinstance(text, str) or len(text) > wildlib.TEXT_MAX:
        return not_followed(calls, fr, f"exec() at {where} of a text not known statically")
    run_in = _namespace(calls.ip, args, fr)
    own = run_in is None and _own_dicts(calls.ip, args)
    if run_in is None and not own:
        return not_followed(calls, fr, f"exec() at {where} in namespaces not modelled")
    tree = _parse(calls.ip, text, e.lineno)
    if tree is None:
        return not_followed(calls, fr, f"exec() at {where} of a text that does not parse")
    if own:
        run_in = _own_frame(calls.ip, args, fr, tree)
        if run_in is None:
            return not_followed(
                calls, fr, f"exec() at {where} into its own dicts of a text not modelled there"
            )
    calls.ip.stmts.run_body(tree.body, run_in)
    if own:
        # CPython puts the builtins module's namespace in the globals dict it was given
        plain(args[1]).setdefault("__builtins__", Unknown(f"the builtins exec() adds at {where}"))
    return None


def _own_dicts(ip: Any, args: list[Any], evaluating: bool = False) -> bool:
    """``exec(s, g)`` / ``exec(s, g, d)`` with dicts of the code's own (a fresh ``{}``, not
    ``globals()``): the text's namespace is those dicts alone (the mmengine-style config file
    run into a fresh namespace). ``eval`` (``evaluating``) binds nothing, so it reads names
    from a globals dict that is not empty too (``_own_eval_frame``)."""
    if len(args) < 2:
        return False
    g = plain(args[1])
    d = plain(args[2]) if len(args) == 3 else g
    if type(g) is not dict or type(d) is not dict or id(g) in ip.havoc or id(d) in ip.havoc:
        return False
    if not all(isinstance(k, str) for k in (*g, *d)):
        return False
    # names the text reads from a separate globals dict are not modelled: only an empty one
    return evaluating or g is d or not any(k != "__builtins__" for k in g)


# statements a text run into its own dicts may hold: bindings of expressions, bare constants
_OWN_STMTS = (ast.Assign, ast.AugAssign, ast.Pass)
# nodes that open a scope whose names would resolve through the analyzed module's globals here
# (CPython: the exec's own globals dict), or that bind names elsewhere
_OWN_REFUSED = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Lambda,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
    ast.Import,
    ast.ImportFrom,
    ast.Global,
    ast.Nonlocal,
    ast.Await,
    ast.Yield,
    ast.YieldFrom,
)


def _bound_anywhere(mod: Any) -> set[str] | None:
    """Every name the module's code binds anywhere (a store, a definition, an import), or
    None when a star import may bind any name: a builtin of that name may be shadowed."""
    if mod.stars:
        return None
    out: set[str] = set()
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            out.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            out.update(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.add(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            out.add(node.name)
    return out


def _own_frame(ip: Any, args: list[Any], fr: Frame, tree: ast.Module) -> Frame | None:
    """The frame running ``tree`` into its own dicts, or None when a name it reads could
    resolve differently here than in CPython: each name read must be bound before (by the
    text or the locals dict) or be a builtin the analyzed module does not shadow (a frame of
    that module falls back on its globals; the exec's fresh globals would not). An annotated
    assignment (it adds ``__annotations__``), a class, an import or a comprehension is
    refused; a ``def`` only where every name it reads from globals resolves the same here
    (``_own_def``)."""
    import builtins

    d = plain(args[2]) if len(args) == 3 else plain(args[1])
    module_names = _bound_anywhere(fr.mod)
    bound = set(d)
    texts = None
    for st in tree.body:
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
            continue  # a docstring
        if isinstance(st, ast.FunctionDef):
            texts = texts if texts is not None else _scopes(tree)
            binds = bound | {
                n.id
                for n in ast.walk(tree)
                if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
            }
            binds |= {n.name for n in ast.walk(tree) if isinstance(n, _DEFS)}
            if texts is None or not _own_def(st, texts, binds, module_names):
                return None
            bound.add(st.name)
            continue
        if not isinstance(st, _OWN_STMTS):
            return None
        stores: set[str] = set()
        for node in ast.walk(st):
            if isinstance(node, _OWN_REFUSED):
                return None
            if isinstance(node, ast.Name):
                if isinstance(node.ctx, ast.Store):
                    stores.add(node.id)
                elif node.id not in bound and (
                    not hasattr(builtins, node.id)
                    or module_names is None
                    or node.id in module_names
                ):
                    return None
        if isinstance(st, ast.AugAssign) and isinstance(st.target, ast.Name):
            if st.target.id not in bound:
                return None  # NameError in CPython
        bound |= stores
    run_in = Frame(fr.mod)
    run_in.locals = d  # the dict itself: it receives what the text binds
    return run_in


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _scopes(tree: ast.Module) -> dict[tuple[str, int], Any] | None:
    """The function scopes at the top of an exec'd text (CPython's ``symtable``), by name and
    line; None when the text does not compile."""
    import symtable

    try:
        top = symtable.symtable(ast.unparse(tree), "<exec>", "exec")
    except (SyntaxError, ValueError, RecursionError):
        return None
    return {(t.get_name(), t.get_lineno()): t for t in top.get_children()}


def _own_def(
    st: ast.FunctionDef, scopes: dict, bound: set[str], module_names: set[str] | None
) -> bool:
    """Whether a ``def`` in a text exec'd into its own dicts runs here as in CPython: its
    globals there are the exec's dict, here the analyzed module's, so every name its body (and
    its defaults and annotations, evaluated at the def) reads from globals must resolve the
    same in both: a builtin (not a dunder: the exec's globals hold their own ``__name__``)
    that neither the module, the exec's dicts nor the text binds, and no ``global``
    statement (a builtin name written into the dict after the exec is not seen). No
    decorators. The function made is then an ordinary one."""
    import builtins

    if st.decorator_list:
        return False
    # ``ast.unparse`` renumbers lines: the scope is found by name among the text's own defs
    same = [t for (name, _), t in scopes.items() if name == st.name]
    if len(same) != 1:
        return False

    def allowed(name: str) -> bool:
        return (
            hasattr(builtins, name)
            and not name.startswith("__")  # ``__name__``: the exec's globals hold their own
            and name not in bound
            and module_names is not None
            and name not in module_names
        )

    stack = list(same)
    while stack:
        t = stack.pop()
        for sym in t.get_symbols():
            if sym.is_declared_global() or (sym.is_global() and not allowed(sym.get_name())):
                return False
        stack.extend(t.get_children())
    at_def = [*st.args.defaults, *(d for d in st.args.kw_defaults if d is not None)]
    at_def += [a.annotation for a in (*st.args.posonlyargs, *st.args.args) if a.annotation]
    at_def += [a.annotation for a in st.args.kwonlyargs if a.annotation]
    at_def += [a.annotation for a in (st.args.vararg, st.args.kwarg) if a and a.annotation]
    at_def += [st.returns] if st.returns is not None else []
    for node in at_def:
        for n in ast.walk(node):
            if isinstance(n, _OWN_REFUSED) or isinstance(n, ast.Name) and not allowed(n.id):
                return False
    return True


def eval_in(calls: Any, args: list[Any], kwargs: dict, fr: Frame, e: ast.Call) -> Any:
    """``eval(s, globals[, locals])`` (or with keywords): a known text is one expression
    evaluated in the namespace ``exec`` would run it in; an unknown text, or a namespace not
    modelled, is not followed (every module it can reach unresolved: the text may call
    ``model.add_module(...)``, as exec's may)."""
    where = f"{fr.mod.path.name}:{e.lineno}"
    if set(kwargs) - {"globals", "locals"}:
        return not_followed(calls, fr, f"eval() at {where} with keywords not modelled")
    args = [*args, *([kwargs["globals"]] if "globals" in kwargs else [])]
    args += [kwargs["locals"]] if "locals" in kwargs else []
    text = plain(args[0]) if args else None
    if not isinstance(text, str) or len(text) > wildlib.TEXT_MAX:
        return not_followed(calls, fr, f"eval() at {where} of a text not known statically")
    if len(args) == 1:
        return calls.eval_text(args[0], fr, e)
    run_in = _namespace(calls.ip, args, fr) if len(args) <= 3 else None
    if run_in is None and len(args) <= 3 and _own_dicts(calls.ip, args, evaluating=True):
        tree = parse_eval(text, e.lineno, where)
        if isinstance(tree, Unknown):
            return tree
        run_in = _own_eval_frame(calls.ip, args, fr, tree)
        if run_in is not None:
            got = calls.ip.exprs.eval(tree, run_in)
            if "__builtins__" not in plain(args[1]):
                # CPython puts the builtins module's namespace in the globals dict it was given
                plain(args[1])["__builtins__"] = Unknown(f"the builtins eval() adds at {where}")
            return got
        return not_followed(
            calls, fr, f"eval() at {where} in its own dicts of a text not modelled there"
        )
    if run_in is None:
        return not_followed(calls, fr, f"eval() at {where} in namespaces not modelled")
    tree = parse_eval(text, e.lineno, where)
    return tree if isinstance(tree, Unknown) else calls.ip.exprs.eval(tree, run_in)


def _own_eval_frame(ip: Any, args: list[Any], fr: Frame, tree: ast.expr) -> Frame | None:
    """The frame evaluating ``eval(s, g[, d])`` with dicts of the code's own (a config file
    that is one Python expression, ``eval(text, {"__builtins__": {}, "dict": dict})``), or
    None where a name could resolve differently here than in CPython. CPython resolves a name
    in ``d``, then ``g``, then ``g["__builtins__"]`` (a dict given there is all the builtins
    the text has; without the key, the real builtins). Every name read must be found so: in
    the dicts, in a ``__builtins__`` dict, or (no such key) a builtin the analyzed module does
    not shadow (a frame of that module falls back on its globals; the eval's would not). A
    lambda, a comprehension (scopes reading ``g`` only) or a ``:=`` is refused."""
    import builtins

    g = plain(args[1])
    d = plain(args[2]) if len(args) == 3 else g
    names: dict[str, Any] = {}
    real_builtins = "__builtins__" not in g
    if not real_builtins:
        b = plain(g["__builtins__"])
        if type(b) is not dict or id(b) in ip.havoc or not all(isinstance(k, str) for k in b):
            return None  # the builtins module itself, or a namespace we cannot list
        names.update(b)
    names.update(g)
    names.update(d)
    module_names = _bound_anywhere(fr.mod) if real_builtins else set()
    for node in ast.walk(tree):
        if isinstance(node, (*_OWN_REFUSED, ast.NamedExpr)):
            return None
        if isinstance(node, ast.Name) and node.id not in names:
            if not (
                real_builtins
                and hasattr(builtins, node.id)
                and module_names is not None
                and node.id not in module_names
            ):
                return None  # NameError in CPython, or a name we cannot resolve as it would
    run_in = Frame(fr.mod)
    run_in.locals = names  # a snapshot: an expression binds nothing
    return run_in


def parse_eval(text: str, line: int, where: str) -> ast.expr | Unknown:
    """The expression ``eval(text)`` runs, its nodes at the eval call's ``line`` (notes name
    that line), or unknown for a text that is not an expression."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError):
        return Unknown(f"eval() of a text that is not an expression at {where}")
    for node in ast.walk(tree):
        node.lineno = line
    return tree.body


def _namespace(ip: Any, args: list[Any], fr: Frame) -> Frame | None:
    """The frame the text runs in, or None when it is not one we model."""
    if len(args) == 1:
        if fr.func is None:  # module level: the text binds the module's globals
            return _module_frame(ip, fr.mod)
        run_in = Frame(fr.mod, None, fr.closure)
        run_in.locals = dict(fr.locals)  # CPython: a snapshot; bindings do not come back
        return run_in
    g = plain(args[1])
    if len(args) == 2 and isinstance(g, wildlib.ModGlobals):
        # ``exec(s, globals())``: the text runs as module-level code of that module, reading
        # and binding its globals (torchbnn's ``exec("model.fc = ...", globals())``)
        return _module_frame(ip, g.mod)
    d = plain(args[2]) if len(args) == 3 else None
    if not isinstance(g, wildlib.ModGlobals) or not isinstance(d, dict):
        return None
    if id(d) in ip.havoc or not all(isinstance(k, str) for k in d):
        return None
    run_in = Frame(g.mod)
    run_in.locals = d  # the caller's dict itself: it receives what the text binds
    return run_in


def _module_frame(ip: Any, mod: Any) -> Frame:
    """A frame running module-level code of ``mod``: its locals are the module's globals as
    the interpreter holds them (interp/decoregistry.py runs a module's code so)."""
    run_in = Frame(mod)
    run_in.locals = ip.globals.setdefault(id(mod), {})
    return run_in


def _parse(ip: Any, text: str, line: int) -> ast.Module | None:
    """The text parsed once per call site (the same syntax nodes each time the site runs:
    classes and functions made from them keep their identity for the caches keyed on them);
    every node carries the ``exec`` call's line, so notes name it."""
    trees = getattr(ip, _TREES_KEY, None)
    if trees is None:
        trees = {}
        setattr(ip, _TREES_KEY, trees)
    key = (text, line)
    if key not in trees:
        try:
            tree: ast.Module | None = ast.parse(text)
        except (SyntaxError, ValueError):
            tree = None
        if tree is not None:
            for node in ast.walk(tree):
                if hasattr(node, "lineno"):
                    node.lineno = node.end_lineno = line
        trees[key] = tree
    return trees[key]


def not_followed(calls: Any, fr: Frame, why: str) -> Unknown:
    """The text is not run: every module it can reach is left unresolved. That is what the
    caller's locals and closure hold, and what its module's globals hold (a text reads and
    writes any global by name: torchbnn's ``exec("model." + name + " = " + str(layer),
    globals())`` swaps a child of a ``global model``), a catalogue layer as much as a module
    of analyzed code, and the modules a list / tuple / dict among them holds (bounded)."""
    calls.ip.stmts.note(f"{why}: not followed")  # what it binds (skrl's class) is unknown
    spaces = [fr.locals, fr.closure or {}, calls.ip.globals.get(id(fr.mod), {})]
    seen: set[int] = set()
    for space in spaces:
        for v in list(space.values())[:_ITEMS]:
            _mark(plain(v), f"{why}: it may add weights", seen, 0)
    return Unknown(why)


def mark_reachable(fr: Frame, why: str, only: set[int]) -> None:
    """The modules in ``only`` (by id) that the frame's locals and closure hold (and the
    containers among them, bounded) left unresolved: a call we did not follow may have built
    layers on them."""
    seen: set[int] = set()
    for space in (fr.locals, fr.closure or {}):
        for v in list(space.values())[:_ITEMS]:
            _mark(plain(v), f"{why}: it may add weights", seen, 0, only)


# how far into containers the modules a text may reach are looked for: bounded, as
# interp/postbuild.py's ``holds_module`` is
_DEPTH = 3
_ITEMS = 256


def _mark(v: Any, why: str, seen: set[int], depth: int, only: set[int] | None = None) -> None:
    if id(v) in seen:
        return
    seen.add(id(v))
    if is_module(v):
        if (only is None or id(v) in only) and why not in v.unresolved:
            v.unresolved.append(why)
        return
    if depth >= _DEPTH:
        return
    if isinstance(v, dict):
        items = list(v.values())[:_ITEMS]
    elif isinstance(v, (list, tuple)):
        items = list(v)[:_ITEMS]
    else:
        return
    for x in items:
        _mark(plain(x), why, seen, depth + 1, only)
