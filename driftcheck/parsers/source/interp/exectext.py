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
    if run_in is None:
        return not_followed(calls, fr, f"exec() at {where} in namespaces not modelled")
    tree = _parse(calls.ip, text, e.lineno)
    if tree is None:
        return not_followed(calls, fr, f"exec() at {where} of a text that does not parse")
    calls.ip.stmts.run_body(tree.body, run_in)
    return None


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
    if run_in is None:
        return not_followed(calls, fr, f"eval() at {where} in namespaces not modelled")
    tree = parse_eval(text, e.lineno, where)
    return tree if isinstance(tree, Unknown) else calls.ip.exprs.eval(tree, run_in)


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
