"""Module globals that the module body builds after binding them: one plan, replayed.

A module global is read lazily from its first binding (``loader.ModInfo.assigns``): the
interpreter never runs module bodies. Importing a module runs its later top-level statements
too, and many of them build up a global bound earlier:

- a table mutated in place (``configs.extend(pythia)``, ``table[k] = v``, ``x += ...``,
  ``del x[k]``, a container method, inside any ``for`` / ``if`` / ``with`` / ``try``)::

      configs = [dict(name="a", ...)]
      for c in llama_3:
          copy = deepcopy(c)
          copy["name"] = c["name"].format(kind)
          configs.append(copy)

- an object or table filled by a method call (monai's ``Act.add_factory_class("relu",
  nn.ReLU)``), a store (``name.a = v``, ``name[k] = v``), a definition decorated by
  ``@name.factory_function("conv")``, a ``for`` loop doing those;
- a rebinding (timm's ``default_cfgs = generate_default_cfgs(default_cfgs)``).

``plan`` decides, once per module global, which of those statements are replayed and when,
and records it on the module (``Build``); every statement is replayed at most once:

1. ``Build.before``, for a container table mutated in place: its first binding and the
   statements that mutate it, with the mutated globals those statements read (their
   point-in-time values, as on import), in source order, in a scratch namespace
   (``initial``). The global is not bound yet while they run. A global whose first binding
   reads such a table mutated at or after it (``VOCAB = opts.pop("vocab", 151936)``) is
   taken from the same replay, as its binding statement leaves it (``_point_in_time``).
2. ``Build.after``: the global bound (``objmodel.Names.global_lookup``), the remaining
   statements that fill or rebind it run on it, in source order, in the module's namespace
   (``fill``). One that raises or cannot be followed is skipped: what it would have stored
   stays absent, so a later lookup of it is unknown (or reaches the library's own ``raise``),
   never a guess.

Name registries that a decorator fills (``@register_model``) are another mechanism, found on
demand by key: interp/decorated.py.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from driftcheck.parsers.source.interp import globalsat
from driftcheck.parsers.source.loader import ModInfo, main_block
from driftcheck.speed import current, tree_memos
from driftcheck.toplevel import inner

MUTATORS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "update",
        "setdefault",
        "pop",
        "popitem",
        "remove",
        "discard",
        "add",
        "clear",
        "sort",
        "reverse",
        "__setitem__",
        "__delitem__",
        # a stream's or iterator's position (``text.readline()``, ``it.__next__()``): each
        # call reads on from where the last one left, so every call is replayed, in order
        "readline",
        "readlines",
        "read",
        "seek",
        "__next__",
        # a deque's, an OrderedDict's, a Counter's and a set's own (session 32: ``q.rotate(1)``
        # at the top level was not replayed before a later global read ``q[0]``)
        "appendleft",
        "extendleft",
        "popleft",
        "rotate",
        "move_to_end",
        "subtract",
        "difference_update",
        "intersection_update",
        "symmetric_difference_update",
    }
)

# functions that change an object handed to them in place: the list of ``heapq.heappop(heap)``
# (library/stdlib.py), the content handler of ``xml.sax.parseString(text, handler)``
# (library/saxparse.py): name (or ``module.name``) -> the argument's position and keyword.
# That argument's global is mutated, as by ``heap.pop()`` / ``parser.feed(text)``. Matched by
# the function's name however it was imported (``heapq.heappop``, ``hq.heappop``,
# ``heappop``): a statement read as changing a global when it does not is only replayed in
# source order, as importing runs it.
ARG_MUTATORS: dict[str, tuple[int, str | None]] = {
    "heapify": (0, None),
    "heappush": (0, None),
    "heappop": (0, None),
    "heappushpop": (0, None),
    "heapreplace": (0, None),
    "insort": (0, None),  # ``bisect.insort(xs, 4)`` (session 32)
    "insort_left": (0, None),
    "insort_right": (0, None),
    "shuffle": (0, None),
    "parseString": (1, "handler"),
    "sax.parse": (1, "handler"),  # ``xml.sax.parse(source, handler)``: only under that name
}


def arg_mutated(node: ast.AST) -> str | None:
    """The global the call ``node`` changes in place through an argument
    (``heapq.heapify(table)``, ``heappush(table["q"], x)``, ``xml.sax.parseString(t, h)``)."""
    if not isinstance(node, ast.Call):
        return None
    f = node.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
    at = ARG_MUTATORS.get(name or "")
    if at is None and isinstance(f, ast.Attribute):
        owner = f.value.attr if isinstance(f.value, ast.Attribute) else getattr(f.value, "id", "")
        at = ARG_MUTATORS.get(f"{owner}.{name}")
    if at is None:
        return None
    i, kw = at
    if len(node.args) > i:
        return _store_root(node.args[i])
    got = next((k.value for k in node.keywords if kw is not None and k.arg == kw), None)
    return _store_root(got) if got is not None else None


MAX_STATEMENTS = 2000  # statements replayed before binding one global (bounded work per name)


@dataclass(frozen=True)
class Build:
    """How importing its module builds one global (``plan``).

    ``before``: (index in the module body, 0 for a first binding of global ``name`` / 1 for
    a statement / 2 for the binding statement of the global built, name) in source order, run in a scratch namespace before the global is
    bound; empty when the first binding alone is the value before ``after``. ``after``: the
    statements run on the bound global, in source order, none of them in ``before``."""

    before: tuple[tuple[int, int, str], ...]
    after: tuple[ast.stmt, ...]
    # ``before`` and ``after`` run every top-level use of the global in source order, and one
    # reader at most follows them (``_written_through``): a stream it holds may be written
    # and read by those statements although each runs as a different lazy read
    settled: bool = False


# ------------------------------------------------------------------ what a statement does


def _mutated_names(st: ast.stmt) -> set[str]:
    """Names a top-level statement mutates in place (never a plain rebinding ``x = ...``)."""
    out: set[str] = set()
    for node in ast.walk(st):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "next"
            and node.args
            and (root := _store_root(node.args[0])) is not None
        ):
            out.add(root)  # ``next(it)`` advances the iterator
        if (root := arg_mutated(node)) is not None:
            out.add(root)  # ``heapq.heappop(heap)``
        if isinstance(node, ast.Call):
            # a container's own mutator handed to a call (``stack.callback(layers.append, x)``,
            # ``partial(table.update, d=32)``): the callee may run it, so the global may change
            for a in (*node.args, *(k.value for k in node.keywords)):
                if isinstance(a, ast.Attribute) and a.attr in MUTATORS:
                    if (root := _store_root(a.value)) is not None:
                        out.add(root)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            f = node.func
            if f.attr in MUTATORS and (root := _store_root(f.value)) is not None:
                out.add(root)  # ``table.append(x)``, ``table["small"].update(d=32)``
        elif (name := _exec_namespace(node)) is not None:
            out.add(name)  # ``exec(CONFIG_PY, {}, ns)``: the text binds into ``ns``
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for t in _flat_targets(targets):
                if isinstance(t, ast.Subscript) and (root := _store_root(t.value)) is not None:
                    out.add(root)  # ``table[k] = v``, ``table["small"]["d"] = 32``
                elif isinstance(node, ast.AugAssign) and isinstance(t, ast.Name):
                    out.add(t.id)
        elif (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Subscript)
            and (root := _store_root(node.value.value)) is not None
        ):
            # ``counts["x"]`` as a statement: read for its effect (a defaultdict's factory, a
            # ``__missing__`` / ``__getitem__`` that stores): replayed in order (session 32)
            out.add(root)
    return out | _aliased_roots(st, out)


def _aliased_roots(st: ast.stmt, mutated: set[str]) -> set[str]:
    """The globals a store through a name bound in ``st`` to a part of them changes: a
    hydra-style override loop walks a nested table with a cursor (``node = CONF`` / ``node =
    node[p]``, then ``node[leaf] = v``), so ``CONF`` is mutated (session 37: the loop was not
    replayed, and the table read as its defaults -- a confident wrong count)."""
    if not mutated or not isinstance(st, (ast.For, ast.While, ast.If, ast.With, ast.Try)):
        return set()
    alias: dict[str, set[str]] = {}
    for node in ast.walk(st):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            t = node.targets[0]
            if isinstance(t, ast.Name) and (root := _store_root(node.value)) is not None:
                if root != t.id:
                    alias.setdefault(t.id, set()).add(root)
        elif isinstance(node, ast.For) and isinstance(node.target, ast.Name):
            it = node.iter
            if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute):
                if it.func.attr in ("values", "items") and not it.args:
                    it = it.func.value  # ``for sub in CONF.values()``: each a part of CONF
            if (root := _store_root(it)) is not None and root != node.target.id:
                alias.setdefault(node.target.id, set()).add(root)
    out: set[str] = set()
    todo = [n for n in mutated if n in alias]
    while todo:
        for r in alias.get(todo.pop(), ()):
            if r not in out and r not in mutated:
                out.add(r)
                todo.append(r)
    return out


def _flat_targets(targets: list[ast.expr]) -> list[ast.expr]:
    """Assignment targets with tuple / list / starred ones unpacked (``i, xs[i] = 2, 9``
    stores into ``xs``: session 32)."""
    out: list[ast.expr] = []
    todo = list(targets)
    while todo:
        t = todo.pop()
        if isinstance(t, (ast.Tuple, ast.List)):
            todo.extend(t.elts)
        elif isinstance(t, ast.Starred):
            todo.append(t.value)
        else:
            out.append(t)
    return out


def _exec_namespace(node: ast.AST) -> str | None:
    """The global dict ``exec(text, g, name)`` / ``exec(text, name)`` binds the text's names
    in (interp/exectext.py), named by a plain name."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "exec"
        and 2 <= len(node.args) <= 3
        and not node.keywords
    ):
        return None
    ns = node.args[-1]
    return ns.id if isinstance(ns, ast.Name) else None


def _store_root(e: ast.expr) -> str | None:
    """The global a store into ``e`` changes: ``name`` of ``name``, ``name[k]``,
    ``name.a``, ``name["small"].sizes`` (items and attributes all the way down; a call
    in the chain, ``get()[k]``, is not a global's value)."""
    while isinstance(e, (ast.Attribute, ast.Subscript)):
        e = e.value
    return e.id if isinstance(e, ast.Name) else None


_CONTAINER_CALLS = frozenset(
    (
        "dict",
        "list",
        "set",
        "tuple",
        "OrderedDict",
        "defaultdict",
        "deepcopy",
        "copy",
        "Counter",
        "deque",
    )
)


def _container_expr(e: ast.expr) -> bool:
    """A first binding that makes a table: a list / dict / set / tuple display or
    comprehension, ``dict(...)`` / ``list(...)`` / ``OrderedDict()`` / ``deepcopy(...)``, or
    ``+`` of such. Other globals (a logger whose ``add`` runs the logging library, an object)
    are not mutated before binding: their methods' effects are not a table's entries."""
    if isinstance(e, (ast.List, ast.Dict, ast.Set, ast.Tuple)):
        return True
    if isinstance(e, (ast.ListComp, ast.DictComp, ast.SetComp)):
        return True
    if isinstance(e, ast.BinOp):
        return _container_expr(e.left) or _container_expr(e.right)
    if isinstance(e, ast.Call):
        f = e.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        return name in _CONTAINER_CALLS
    return False


def _root_name(e: ast.expr) -> str | None:
    while isinstance(e, (ast.Attribute, ast.Subscript, ast.Call)):
        e = e.func if isinstance(e, ast.Call) else e.value
    return e.id if isinstance(e, ast.Name) else None


def _filler(st: ast.stmt) -> str | None:
    """The module global ``name`` that the top-level statement ``st`` fills: a call
    ``name.method(...)``, a store ``name[k] = v`` / ``name.a = v`` / ``name[k] += v``, or a
    definition decorated by ``@name.method(...)``."""
    if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
        f = st.value.func
        if (root := arg_mutated(st.value)) is not None:
            return root  # ``heapq.heapify(heap)``: the list, not the module
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            return f.value.id
        if isinstance(f, ast.Attribute) and f.attr in MUTATORS:
            return _store_root(f.value)  # ``cfg.sizes.update(d=32)``: a table inside it
        args = st.value.args
        target = args[0] if args else None
        if isinstance(target, ast.NamedExpr):
            target = target.value  # ``setattr(c := Cfg, name, value)``: the object is ``Cfg``
        if isinstance(f, ast.Name) and f.id == "setattr" and isinstance(target, ast.Name):
            return target.id  # ``setattr(cfg, name, value)``
        if isinstance(f, ast.Name) and f.id == "next" and args and isinstance(args[0], ast.Name):
            return args[0].id  # ``next(it)``: the iterator advanced
        if isinstance(f, ast.Name) and f.id == "print":
            # ``print(..., file=buf)``: the stream written (library/python.py ``_print``; it
            # was skipped at top level, so ``buf.getvalue()`` kept its earlier text)
            out = next((k.value for k in st.value.keywords if k.arg == "file"), None)
            return out.id if isinstance(out, ast.Name) else None
        if (name := _exec_namespace(st.value)) is not None:
            return name  # ``exec(CONFIG_PY, {}, ns)``
        return None
    if isinstance(st, (ast.Assign, ast.AugAssign)):
        tgts = st.targets if isinstance(st, ast.Assign) else [st.target]
        if len(tgts) == 1 and isinstance(tgts[0], (ast.Subscript, ast.Attribute)):
            # ``name.a = v`` and nested ones: ``name.sizes["d"] = v``, ``name.inner.d = v``
            return _store_root(tgts[0].value)
        return None
    if isinstance(st, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
        for d in st.decorator_list:
            if isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute):
                name = _root_name(d.func)
                if name is not None:
                    return name
            if isinstance(d, ast.Attribute) and d.attr == "register":
                return _root_name(d)  # a bare ``@fn.register`` (library/dispatch.py)
    return None


def _rebinds(st: ast.stmt) -> str | None:
    """``name = ...`` at top level (timm's ``default_cfgs = generate_default_cfgs(default_cfgs)``)."""
    if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
        return st.targets[0].id
    return None


_NAMESPACE_CALLS = frozenset(("globals", "vars", "locals"))  # at module level all are globals()


def _own_module(e: ast.expr) -> bool:
    """``sys.modules[__name__]``: the module itself."""
    return (
        isinstance(e, ast.Subscript)
        and isinstance(e.slice, ast.Name)
        and e.slice.id == "__name__"
        and isinstance(e.value, ast.Attribute)
        and e.value.attr == "modules"
        and isinstance(e.value.value, ast.Name)
        and e.value.value.id == "sys"
    )


def _is_namespace(e: ast.expr) -> bool:
    """``globals()`` (or ``vars()`` / ``locals()``, the same dict at module level), and the
    module's own ``sys.modules[__name__].__dict__`` / ``vars(sys.modules[__name__])``."""
    if isinstance(e, ast.Attribute) and e.attr == "__dict__" and _own_module(e.value):
        return True
    if (
        isinstance(e, ast.Call)
        and isinstance(e.func, ast.Name)
        and e.func.id == "vars"
        and len(e.args) == 1
        and not e.keywords
        and _own_module(e.args[0])
    ):
        return True
    return (
        isinstance(e, ast.Call)
        and isinstance(e.func, ast.Name)
        and e.func.id in _NAMESPACE_CALLS
        and not e.args
        and not e.keywords
    )


def writes_namespace(st: ast.stmt) -> bool:
    """A top-level statement that rebinds module globals through the namespace dict:
    nanoGPT's configurator ``globals().update(overrides)``, ``globals()[k] = v`` (also in a
    ``for`` loop), ``vars().update(...)``. It runs at import, after the defaults above it,
    so the globals it names hold its values, not their first bindings."""
    for node in ast.walk(st):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            return False
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("update", "setdefault", "__setitem__")
            and _is_namespace(node.func.value)
        ):
            return True
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Subscript) and _is_namespace(t.value) for t in targets):
                return True
    return False


_DEF_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_SCOPES = (*_DEF_SCOPES, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _outside(st: ast.AST, scopes: tuple[type, ...] = _SCOPES) -> Iterator[ast.AST]:
    """``st`` and its nodes outside the ``scopes`` it holds (by default the functions, classes,
    lambdas and comprehensions it defines: their own namespaces)."""
    todo: list[ast.AST] = [st]
    while todo:
        node = todo.pop()
        yield node
        for ch in ast.iter_child_nodes(node):  # (a loop, not ``extend`` of a generator:
            if not isinstance(ch, scopes):  # one call fewer per child)
                todo.append(ch)


def _handler_rebinds(st: ast.stmt, first: ast.AST, name: str) -> bool:
    """Whether the top-level ``try`` holding the first binding of ``name`` in its body binds
    it again in a handler (``try: FFN = OVERRIDES["ffn"] except KeyError: FFN = 224``): the
    whole statement is replayed (``replay_binding``), so the handler runs where the body
    raises, as on import; the first binding alone would hold the body's value whatever it
    raised."""
    if not isinstance(st, ast.Try) or not st.handlers:
        return False
    if not any(first is n for b in st.body for n in ast.walk(b)):
        return False
    return any(
        isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id == name
        for h in st.handlers
        for n in ast.walk(h)
    )


def bound_names(st: ast.stmt) -> set[str]:
    """Names a top-level statement (re)binds in the module namespace other than by a plain
    ``name = ...`` (``_rebinds``): ``n_layer += 2``, ``a, b = 3, 4``, a binding inside a
    top-level ``if`` / ``try`` / ``with`` / loop (``if SMALL: n_layer = 2``), a loop target.
    Read lazily from its first binding, such a global would hold a value the module no longer
    has once imported (a confident wrong size); ``fill`` replays the statement instead."""
    if isinstance(st, (*_SCOPES, ast.Import, ast.ImportFrom)):
        return set()
    if main_block(st) and not st.orelse:
        return set()  # ``if __name__ == "__main__":`` does not run when the module is imported
    if _rebinds(st) is not None:
        # ``x = ...`` is its own plan; an assignment expression in it binds another global
        # (``SIZES = dict(d=(D := 16))``, ``L = [(w := 2 * w) for _ in range(3)]``: PEP 572)
        return walrus_names(st)
    out: set[str] = walrus_names(st)
    for node in _outside(st):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.add(node.id)  # ``del NAME`` unbinds it: after the import it is gone
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.add(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            out.add(node.name)  # a ``match`` pattern's capture
        elif isinstance(node, ast.MatchMapping) and node.rest:
            out.add(node.rest)
    return out


def walrus_names(st: ast.stmt) -> set[str]:
    """Names an assignment expression in the top-level statement ``st`` binds in the module:
    one inside a comprehension too (it binds the enclosing scope, interp/compwalrus.py), not
    one inside a function, class or lambda (their own scopes)."""
    return {
        node.target.id
        for node in _outside(st, _DEF_SCOPES)
        if isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name)
    }


def _global_setters(mod: ModInfo) -> dict[str, set[str]]:
    """Top-level functions of ``mod`` that assign module globals they declare ``global``
    (``def configure(): global n_layer; n_layer = 2``): function name -> those globals."""
    keep = current().attr_scans  # the switch of the scans kept per file
    cached = mod.__dict__.get("_dc_global_setters") if keep else None
    if cached is not None:
        return cached
    out: dict[str, set[str]] = {}
    for st in mod.tree.body:
        if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        declared = {n for node in ast.walk(st) if isinstance(node, ast.Global) for n in node.names}
        stored = {
            node.id
            for node in ast.walk(st)
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del))
        }
        if declared & stored:
            out[st.name] = declared & stored
    if keep:
        mod._dc_global_setters = out  # type: ignore[attr-defined]
    return out


def set_by_call(mod: ModInfo, st: ast.stmt) -> set[str]:
    """Globals a top-level statement may rebind by calling a function of the module that
    declares them ``global`` (``configure()`` at import). ``fill`` replays a plain call that
    rebinds one such global (``replay_setter_call``); any other leaves each unknown after it."""
    setters = _global_setters(mod)
    if not setters or isinstance(st, (*_SCOPES, ast.Import, ast.ImportFrom)):
        return set()
    if main_block(st) and not st.orelse:
        return set()
    out: set[str] = set()
    for node in _outside(st):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            out |= setters.get(node.func.id, set())
    return out


def replay_setter_call(interp: Any, mod: ModInfo, st: ast.stmt, fr: Any, name: str) -> tuple | None:
    """``_rescan()`` at the top level, a function of the module that rebinds the global ``name``
    it declares ``global`` (open_clip's ``_rescan_model_configs`` filling then re-sorting
    ``_MODEL_CONFIGS``): run as importing the module runs it -- ``global`` stores go to the
    module's namespace (interp/globalstmt.py) -- and the global read after it, as ``(value,)``.
    None (the global stays unknown after it, as before) unless the statement is a plain call of
    a module function that rebinds ``name`` alone and calls no other such function: a call that
    also rebinds other globals would be replayed once per global it sets (a counter bumped
    twice). A call that raises or cannot be followed leaves the global unknown."""
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Budget, Unknown

    call = st.value if isinstance(st, ast.Expr) else None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
        return None
    fn = mod.defs.get(call.func.id)
    setters = _global_setters(mod)
    if not isinstance(fn, ast.FunctionDef) or setters.get(fn.name) != {name}:
        return None
    if set_by_call(mod, st) != {name} or _filled_by_call(mod, st) - {name}:
        return None
    for node in ast.walk(fn):  # another setter called inside: its globals are rebound too
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in setters
            and node.func.id != fn.name
        ):
            return None
    running = interp.__dict__.setdefault("_dc_setter_replays", set())
    if id(st) in running:
        return None
    running.add(id(st))
    where = f"`{_short(st)}` at {mod.path.name}:{st.lineno}"
    try:
        interp.stmts.exec_stmt(st, fr)
        return (interp.globals[id(mod)].get(name),)
    except Budget:
        raise
    except (Raised, Exception):  # noqa: BLE001 - what it would have stored is not known
        return (Unknown(f"module global {name} rebound (global {name}) by {where}, not followed"),)
    finally:
        running.discard(id(st))


def _filled_by_call(mod: ModInfo, st: ast.stmt) -> set[str]:
    """Globals a top-level call ``f(...)`` of a function of the module fills in place
    (``_rescan()`` filling a registry dict from the package's files): the statement is one of
    their fills, replayed like ``name[k] = v`` at top level (was skipped: the dict stayed empty,
    a confident wrong count). Only a plain call statement; a name the function binds locally
    is its own."""
    if not (
        isinstance(st, ast.Expr)
        and isinstance(st.value, ast.Call)
        and isinstance(st.value.func, ast.Name)
    ):
        return set()
    fn = mod.defs.get(st.value.func.id)
    if not isinstance(fn, ast.FunctionDef):
        return set()
    local = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            local.add(node.id)
    filled = {n for n in map(_filler, ast.walk(fn)) if n is not None}
    return {n for n in filled - local if n in mod.assigns}


_REPLAY_NODES = 400  # a larger compound statement binding a global is not replayed (unknown)


def _advanced(st: ast.stmt) -> set[str]:
    """Globals ``next(name)`` / ``next(name, default)`` advances in a top-level statement
    (outside the functions and lambdas it defines)."""
    return {
        node.args[0].id
        for node in _outside(st)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "next"
        and node.args
        and isinstance(node.args[0], ast.Name)
    }


def _filled_names(st: ast.stmt) -> set[str]:
    """Globals the top-level statement fills or rebinds (a ``for`` loop: those its body fills)."""
    name = _filler(st) or _rebinds(st)
    if name is not None:
        return {name, *_advanced(st)}
    if isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
        return _advanced(st)  # ``skip = next(it)``: the iterator moved on
    if isinstance(st, ast.For) and not st.orelse:
        return {n for n in map(_filler, ast.walk(st)) if n is not None}
    if isinstance(st, (ast.If, ast.With, ast.Try)):
        # what importing runs inside a block (``if flag: text.readline()``): replayed whole,
        # so an undecided test leaves the global unknown (it was read as if never called)
        return {n for x in inner(st) for n in _filled_names(x)}
    return set()


# ------------------------------------------------------------------ the plan, once per module


@dataclass(frozen=True)
class _Body:
    """One reading of a module body: name -> indices of the top-level statements that mutate
    it in place (after its first binding, a container); name -> index of the statement
    holding its first binding; name -> the statements after its first binding that fill or
    rebind it."""

    mutations: dict[str, list[int]]
    first: dict[str, int]
    fills: dict[str, list[ast.stmt]]


def _body(mod: ModInfo) -> _Body:
    keep = tree_memos()  # the ``tree_memos`` switch
    cached = mod.__dict__.get("_dc_body") if keep else None
    if cached is not None:
        return cached
    first: dict[str, int] = {}
    muts: dict[str, list[int]] = {}
    fills: dict[str, list[ast.stmt]] = {}
    want = {id(v): k for k, v in mod.assigns.items()}
    for i, st in enumerate(mod.tree.body):
        if writes_namespace(st):
            # every global bound above it may be rebound by it (``fill`` reads which)
            for name, e in mod.assigns.items():
                if st.lineno > e.lineno:
                    fills.setdefault(name, []).append(st)
        for name in (
            _filled_names(st) | bound_names(st) | set_by_call(mod, st) | _filled_by_call(mod, st)
        ):
            e = mod.assigns.get(name)
            if e is None and isinstance(mod.defs.get(name), ast.ClassDef):
                e = mod.defs[name]  # a class filled after its definition (``cfg.dim = 64``)
            elif e is None and isinstance(mod.defs.get(name), ast.FunctionDef):
                e = mod.defs[name]  # ``@singledispatch``: ``@name.register(cls)`` definitions
            if e is not None and (st.lineno > e.lineno or _handler_rebinds(st, e, name)):
                fills.setdefault(name, []).append(st)
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(st, (ast.Import, ast.ImportFrom)):
            continue
        for node in ast.walk(st):
            k = want.get(id(node))
            if k is not None and k not in first:
                first[k] = i
        for n in _mutated_names(st):
            if n in first and first[n] < i and _container_expr(mod.assigns[n]):
                muts.setdefault(n, []).append(i)
    body = _Body(muts, first, fills)
    if keep:
        mod._dc_body = body  # type: ignore[attr-defined]
    return body


def _group(mod: ModInfo, muts: dict[str, list[int]], name: str) -> set[str]:
    """``name`` and the mutated globals its mutating statements read (run together)."""
    group = {name}
    todo = [name]
    while todo:
        n = todo.pop()
        for i in muts.get(n, ()):
            for node in ast.walk(mod.tree.body[i]):
                if isinstance(node, ast.Name) and node.id in muts and node.id not in group:
                    group.add(node.id)
                    todo.append(node.id)
    return group


def _point_in_time(mod: ModInfo, body: _Body, name: str) -> tuple[tuple[int, int, str], ...]:
    """Steps that give ``name`` the value its first binding has on import where that binding
    reads a table mutated in place at or after it: ``VOCAB = opts.pop("vocab", 151936)``,
    one of several pops of ``opts``. Read lazily, the binding would see the table as the
    whole module leaves it (every key popped: the default, a confident wrong size) and would
    pop the shared global once more. The table's first binding and its mutations run in a
    scratch namespace in source order, the binding statement among them (kind 2: ``name``
    taken as it binds it); the mutations after it still run, so a binding that aliases the
    table (``DEFAULT = CONFIGS``) sees it filled, as on import. Empty (the lazy reading) when
    the binding reads no such table."""
    i = body.first.get(name)
    if i is None:  # a name unpacked from its value (``A, B = t["a"], t["b"]``): a synthetic item
        i = next((k for k, st in enumerate(mod.tree.body) if _binds(st, name)), None)
    if i is None:
        return ()
    st = mod.tree.body[i]
    if not _binds(st, name):
        return ()
    todo: list[ast.AST] = [st.value]
    read: set[str] = set()
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            read.add(node.id)
        todo.extend(ch for ch in ast.iter_child_nodes(node) if not isinstance(ch, ast.Lambda))
    muts = body.mutations
    tables = {n for n in read if n in muts and max(muts[n]) >= i}
    if not tables:
        return ()
    group: set[str] = set()
    for n in tables:
        group |= _group(mod, muts, n)
    if any(body.first.get(n, i) >= i and (n in tables or body.first.get(n, i) == i) for n in group):
        return ()  # a table the binding reads bound at or after it: not a point-in-time read
    # (a table only the mutations read, bound below the binding -- ``LOG`` filled by the loop
    # that drains ``sizes`` after ``FIRST = list(sizes)`` -- is bound at its own step, in
    # source order, after ``name`` is taken: session 31, the drained-table case of
    # tests/test_known_wrongs.py, 0 where torch has 60)
    steps = {(body.first[n], 0, n) for n in group}
    steps |= {(j, 1, "") for n in group for j in muts[n] if j != i}
    return tuple(sorted(steps | {(i, 2, name)}))


def _binds(st: ast.stmt, name: str) -> bool:
    """``st`` is an assignment with ``name`` among its targets (plain or unpacked)."""
    return isinstance(st, ast.Assign) and any(
        isinstance(n, ast.Name) and n.id == name for t in st.targets for n in ast.walk(t)
    )


def _print_into(st: ast.stmt, name: str) -> bool:
    """``st`` is a statement ``print(..., file=name)`` whose values do not read ``name``: a
    write into the stream, as ``name.write(text)`` is (session 34)."""
    if not (
        isinstance(st, ast.Expr)
        and isinstance(st.value, ast.Call)
        and isinstance(st.value.func, ast.Name)
        and st.value.func.id == "print"
    ):
        return False
    out = next((k.value for k in st.value.keywords if k.arg == "file"), None)
    if not (isinstance(out, ast.Name) and out.id == name):
        return False
    rest = [*st.value.args, *(k.value for k in st.value.keywords if k.arg != "file")]
    return not any(isinstance(n, ast.Name) and n.id == name for a in rest for n in ast.walk(a))


def _method_call_on(st: ast.stmt, name: str) -> bool:
    """``st`` is a statement ``name.method(...)`` (``writer.writerow(row)``, ``text.seek(0)``)."""
    return (
        isinstance(st, ast.Expr)
        and isinstance(st.value, ast.Call)
        and isinstance(st.value.func, ast.Attribute)
        and isinstance(st.value.func.value, ast.Name)
        and st.value.func.value.id == name
    )


def _written_through(
    mod: ModInfo, body: _Body, name: str
) -> tuple[tuple[int, int, str], ...] | None:
    """Steps that give ``name`` (an object, not a table: ``_table = io.StringIO()``) what the
    import leaves in it where other globals built on it write into it: ``_writer =
    csv.DictWriter(_table, ...)`` then ``_writer.writeheader()`` / ``_writer.writerow(row)`` /
    ``_table.seek(0)`` in separate top-level statements (session 33). Read lazily, ``_table``
    was bound alone and its ``seek`` replayed, the writes through ``_writer`` never ran (an
    unknown read back). The steps run ``name``'s first binding, each holder's first binding
    and every method-call statement on either, in source order, in a scratch namespace, as
    the import runs them (the ``before`` of a table mutated in place); with no holder, none
    (its own calls run in ``after``, as before) and ``()``.

    A holder: a global whose first binding is a call taking ``name`` itself as its first
    argument (``csv.writer(f)``, ``DictWriter(f, fields)``), bound after it, whose only other
    uses in the module are top-level statements ``holder.method(...)`` (it is nowhere else
    read, so replaying its calls here is the only place they run). Empty (the lazy reading,
    unknown) unless every such global is a holder in that sense, ``name``'s own statements
    are method calls (those after the last write run in ``after``, in order), no function or
    class of the module reads ``name``, and of the other top-level statements reading it
    none comes before the last of those and one at most after (its lazy read is then the
    import's last use: ``rows = list(csv.DictReader(_table))``). None where it does not
    apply."""
    if name in body.mutations or name not in body.first or name not in mod.assigns:
        return None
    holders: list[str] = []
    for h, e in mod.assigns.items():
        if not isinstance(e, ast.Call) or h not in body.first or h == name:
            continue
        if not (e.args and isinstance(e.args[0], ast.Name) and e.args[0].id == name):
            continue
        if body.first[h] <= body.first[name]:
            return None
        holders.append(h)
    index = {id(st): i for i, st in enumerate(mod.tree.body)}
    steps = {(body.first[name], 0, name)} | {(body.first[h], 0, h) for h in holders}
    for h in holders:
        sts = body.fills.get(h, [])
        if not sts or not all(_method_call_on(st, h) for st in sts):
            return None
        roots = {id(st.value.func.value) for st in sts}  # type: ignore[attr-defined]
        loads = [
            n
            for n in ast.walk(mod.tree)
            if isinstance(n, ast.Name) and n.id == h and isinstance(n.ctx, ast.Load)
        ]
        if any(id(n) not in roots for n in loads):
            return None  # read elsewhere: its calls would run there too
        steps |= {(index[id(st)], 1, "") for st in sts}
    last = max(i for i, _, _ in steps)
    own: set[int] = set()  # ``name``'s own method calls, replayed in order (here or ``after``)
    for st in body.fills.get(name, []):
        i = index.get(id(st))
        if i is None or not (_method_call_on(st, name) or _print_into(st, name)):
            return None
        own.add(i)
        if i < last:
            steps.add((i, 1, ""))
    if not holders and not own:
        return None  # nothing written or moved after its binding: the lazy reading is the import's
    taken = {i for i, _, _ in steps} | own
    end = max(taken)
    readers = 0
    for i, st in enumerate(mod.tree.body):
        if i in taken or not any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(st)):
            continue
        if isinstance(st, (*_DEFS, ast.Import, ast.ImportFrom)) or i < end or readers:
            return None  # read (or rebound) where the in-order steps do not say what it holds
        readers += 1
    if len(steps) > MAX_STATEMENTS:
        return None
    return tuple(sorted(steps)) if holders else ()


def plan(mod: ModInfo, name: str) -> Build:
    """Which top-level statements of ``mod`` build the global ``name``, and when (see the
    module docstring); decided once per (module, name) and recorded on the module."""
    builds = mod.__dict__.setdefault("_dc_builds", {})
    b = builds.get(name)
    if b is not None:
        return b
    body = _body(mod)
    before: tuple[tuple[int, int, str], ...] = ()
    settled = False
    if name in body.mutations:
        muts, group = body.mutations, _group(mod, body.mutations, name)
        before = tuple(
            sorted(
                {(body.first[n], 0, n) for n in group}
                | {(i, 1, "") for n in group for i in muts[n]}
            )
        )
    elif (held := _written_through(mod, body, name)) is not None:
        before, settled = held, True
    else:
        before = _point_in_time(mod, body, name)
    run = {id(mod.tree.body[i]) for i, kind, _ in before if kind == 1}
    after = tuple(st for st in body.fills.get(name, ()) if id(st) not in run)
    b = builds[name] = Build(before, after, settled)
    return b


# ------------------------------------------------------------------ replaying the plan


def initial(interp: Any, mod: ModInfo, name: str) -> Any:
    """``name``'s value before the global is bound: its first binding, or, for a table
    mutated in place, its first binding and the statements that mutate it (and the globals
    they read that are mutated too), in source order."""
    from driftcheck.parsers.source.interp.exprs import Frame
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Unknown

    built = plan(mod, name)
    steps = built.before
    fr = Frame(mod)
    within = getattr(mod, "with_bound", {}).get(name)
    if within is not None and not steps:
        return _with_binding(interp, mod, name, within, fr)
    if not steps:
        imported = _imported_before(mod, name)
        if imported is not None:
            # ``from local_attention import LocalMHA`` then ``LocalMHA = partial(LocalMHA,
            # causal=True)``: the right side reads the imported class, as Python runs it (was
            # a "recursive definition" of the global, an unknown layer)
            fr.locals[name] = interp.names.import_value(*imported)
        e = mod.assigns[name]
        old = globalsat.enter(interp, mod, e.lineno)  # its reads: the globals at that line
        try:
            got = interp.exprs.eval(e, fr)
        finally:
            globalsat.leave(interp, mod, old)
        if built.settled:
            globalsat.settle(interp, got)
        return got
    if len(steps) > MAX_STATEMENTS:
        return Unknown(f"module global {name} built by over {MAX_STATEMENTS} statements")
    taken: tuple = ()  # ``name`` as its own binding statement left it (kind 2)
    for i, kind, n in steps:
        line = mod.assigns[n].lineno if kind == 0 else mod.tree.body[i].lineno
        old = globalsat.enter(interp, mod, line)
        try:
            if kind == 0:
                fr.locals[n] = interp.exprs.eval(mod.assigns[n], fr)
                if n == name and built.settled:
                    globalsat.settle(interp, fr.locals[n])
                continue
            interp.stmts.exec_stmt(mod.tree.body[i], fr)
        except Raised as e:
            return Unknown(f"module global {name}: `raise {e.what}` reached at line {line}")
        finally:
            globalsat.leave(interp, mod, old)
        if kind == 2:
            taken = (fr.locals.get(name, Unknown(f"module global {name}: not bound")),)
    return taken[0] if taken else fr.locals[name]


def with_binding(interp: Any, mod: ModInfo, name: str, st: ast.stmt) -> Any:
    """``name`` as running the top-level statement ``st`` binds it (a fresh frame)."""
    from driftcheck.parsers.source.interp.exprs import Frame

    return _with_binding(interp, mod, name, st, Frame(mod))


def _with_binding(interp: Any, mod: ModInfo, name: str, st: ast.With, fr: Any) -> Any:
    """``name`` bound inside a top-level ``with`` block: the block run as the import runs it
    (a package data file opened there is read, library/pkgdata.py); unknown if it raises."""
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Unknown

    old = globalsat.enter(interp, mod, st.lineno)
    try:
        interp.stmts.exec_stmt(st, fr)
    except Raised as e:
        return Unknown(f"module global {name}: `raise {e.what}` reached at line {st.lineno}")
    finally:
        globalsat.leave(interp, mod, old)
    if name not in fr.locals:  # a ``for`` loop too (interp/unpacked.py ``index_loop``)
        what = {ast.With: "with block", ast.If: "if statement", ast.Match: "match statement"}
        what = what.get(type(st), "for loop")
        return Unknown(f"module global {name}: not bound by the {what} at line {st.lineno}")
    return fr.locals[name]


def fill(interp: Any, mod: ModInfo, name: str, value: Any) -> None:
    """Run the statements that fill or rebind the global ``name`` once it is bound to
    ``value``, as importing the module would; a rebinding replaces the global's value."""
    from driftcheck.parsers.source.interp.exprs import Frame
    from driftcheck.parsers.source.values.abstract import UnknownState

    sts = plan(mod, name).after
    upto = globalsat.in_order_end(interp, mod)
    if upto is not None:
        # the module's body is being run in order by the caller (a script up to ``model =
        # M()``): a statement below the last one it runs never runs before the model is
        # built (``Cfg.d = 64`` below ``model = M()`` does not change it); one below the
        # current line that is no definition the caller runs itself when it reaches it (run
        # here too, ``Cfg.d *= 2`` was applied twice)
        now = globalsat.in_order_line(interp, mod) or 0
        sts = tuple(
            st for st in sts if st.lineno <= upto and (st.lineno < now or isinstance(st, _DEFS))
        )
    elif _stateful(value):
        lost = _advanced_elsewhere(mod, name, sts) or _advanced_into_global(mod, name, sts)
        if lost is not None:
            interp.globals[id(mod)][name] = UnknownState(
                f"module global {name}: an iterator that {lost} may advance at import"
            )
            return
    elif not _modelled_registry(value):
        # the statements the plan replays (the table's own mutations, ``_scan(names)``, and
        # the fills after its binding) are followed: not counted as unknown changes
        b = plan(mod, name).before
        done = tuple(mod.tree.body[i] for i, kind, _ in b if kind == 1) + tuple(sts)
        lost = _rebound_at_import(mod, name, done)
        if lost is not None:
            interp.globals[id(mod)][name] = UnknownState(f"module global {name}: {lost}")
            return
    if not sts:
        return
    fr = Frame(mod)
    first = mod.assigns.get(name) or mod.defs.get(name)
    globalsat.record(interp, mod, name, getattr(first, "lineno", 0), value)
    for st in sts:
        old = globalsat.enter(interp, mod, st.lineno)  # its reads: the globals at that line
        try:
            _fill_one(interp, mod, name, st, fr, value)
        finally:
            globalsat.leave(interp, mod, old)
        value = interp.globals[id(mod)].get(name, value)
        globalsat.record(interp, mod, name, st.lineno, value)


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _stateful(value: Any) -> bool:
    """An iterator whose position top-level code moves (``it = iter(SIZES)``, a generator, a
    ``zip`` / ``map``): ``next(it)`` at import changes what a later reader gets."""
    from collections.abc import Iterator

    from driftcheck.parsers.source.interp.tuplesub import Generator, Once
    from driftcheck.parsers.source.values.abstract import Func

    if value.__class__ is Func:
        # a closure with a ``nonlocal`` cell (``inc = counter()``): each call changes what the
        # next one returns, as an iterator's ``next`` does
        return bool((value.closure or {}).get("__cells__"))
    return isinstance(value, (Generator, Once, Iterator)) and not isinstance(value, (str, bytes))


def _advanced_into_global(mod: ModInfo, name: str, sts: tuple[ast.stmt, ...]) -> str | None:
    """A top-level statement among the iterator's fills that binds another global from it,
    read somewhere in the module (``A = next(it)``, ``CFG = next(docs)``): that global is
    read lazily, when code first reads it, so the iterator's position then depends on the
    order of the reads, not the import's, and ``fill`` replaying the statement advanced it
    once more before the reader's own ``next`` (``it = iter([16, 24]); A = next(it)`` read A
    as 24, a confident wrong). Session 33 (reimplfix33b): the iterator is then unknown,
    naming the statement; a bare ``next(it)``, or ``skip = next(it)`` whose name nothing
    reads, is still replayed."""
    binds = [
        st
        for st in sts
        if isinstance(st, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and name in _advanced(st)
    ]
    if not binds:
        return None
    loaded = {
        n.id for n in ast.walk(mod.tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    for st in binds:
        tgts = st.targets if isinstance(st, ast.Assign) else [st.target]
        names = {n.id for t in tgts for n in ast.walk(t) if isinstance(n, ast.Name)}
        if names & loaded:
            return f"`{_short(st)}` (line {st.lineno}, binding a global read lazily)"
    return None


def _advanced_elsewhere(mod: ModInfo, name: str, replayed: tuple[ast.stmt, ...]) -> str | None:
    """Read lazily (a root class built after the import), a module global holding an iterator
    is where the whole import left it. ``fill`` replays the statements that advance it by
    name (``next(it)``, also in a loop or an assignment); a top-level statement after its
    binding that calls code of the module reading it (``first = Block()`` whose ``__init__``
    calls ``next(it)``, ``model = M()``) may advance it too: that statement, named with its
    file:line, or None."""
    first = mod.assigns.get(name)
    if first is None:
        return None
    readers = _readers_of(mod, name)
    skip = {id(st) for st in replayed}
    for st in mod.tree.body:
        if st.lineno <= first.lineno or id(st) in skip:
            continue
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Import, ast.ImportFrom)):
            continue
        if main_block(st) and not st.orelse:
            continue
        for node in _run_now(st):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                if node.id == name or node.id in readers:
                    return f"`{_short(st)}` at {mod.path.name}:{st.lineno}"
    return None


def _rebound_at_import(mod: ModInfo, name: str, replayed: tuple[ast.stmt, ...]) -> str | None:
    """Read lazily (a root class built after the import), a module global that a function of
    the module rebinds (``global WIDTH; WIDTH *= 2``) holds what the whole import left: where
    a top-level statement after its binding runs such a function (``model = M()`` whose
    ``__init__`` calls it; not a statement ``fill`` replays), its value after the import is
    not the first binding (read as 8 where the import left 32: a confident wrong). Why, with
    the function and the statement at file:line, or None."""
    first = mod.assigns.get(name)
    if first is None:
        return None
    names = _global_writers(mod).get(name)
    if not names:
        return None
    writers = {st.name: st for st in mod.tree.body if isinstance(st, _DEFS) and st.name in names}
    st = runs_at_import(mod, set(writers), first.lineno, replayed)
    if st is None:
        return None
    w = writers[sorted(writers)[0]]
    return (
        f"rebound by `global {name}` in {w.name} ({mod.path.name}:{w.lineno}), which "
        f"`{_short(st)}` at {mod.path.name}:{st.lineno} may run at import"
    )


def _lazily_bound(st: ast.stmt, read: set[str]) -> bool:
    """A top-level ``name = expr`` whose name the module's functions or methods read: the
    analyzer evaluates it (with what it calls) when the name is first read, as a global's
    first binding; one no code reads (``model = M()``) is never evaluated by a lazy read."""
    tgts = st.targets if isinstance(st, ast.Assign) else [st.target]  # type: ignore[attr-defined]
    names = [t.id for t in tgts if isinstance(t, ast.Name)]
    return len(names) == len(tgts) and any(n in read for n in names)


def _modelled_registry(value: Any) -> bool:
    """A table whose fills at import are modelled on their own (a decorator-, call- or
    metaclass-filled registry: interp/decorated.py and its subclasses)."""
    from driftcheck.parsers.source.interp.decorated import Registry

    return isinstance(value, Registry)


def runs_at_import(
    mod: ModInfo, names: set[str], after: int, skip: tuple[ast.stmt, ...] = ()
) -> ast.stmt | None:
    """The first top-level statement of ``mod`` below line ``after`` (not one of ``skip``)
    that may run code of the top-level functions or classes ``names`` at import: it names
    one of them, or one whose code names one (by name, transitively). Function bodies and
    ``if __name__ == "__main__":`` blocks do not run at import; class statements are made
    when first read, with what they run (``__init_subclass__``, decorators: objmodel)."""
    loads = _def_loads(mod)
    found = _callers(loads, set(names))  # and the functions and classes calling one by name
    skipped = {id(st) for st in skip}
    read = set().union(*loads.values()) if loads else set()
    metaclassed: set[str] = set()  # classes whose statement runs a metaclass in ``found``
    for st in mod.tree.body:
        if isinstance(st, ast.ClassDef):
            # a class statement runs its metaclass's ``__new__`` / ``__init__`` (not modelled)
            meta = [k.value for k in st.keywords if k.arg == "metaclass"]
            bases = {b.id for b in st.bases if isinstance(b, ast.Name)}
            if any(isinstance(m, ast.Name) and m.id in found for m in meta) or bases & metaclassed:
                metaclassed.add(st.name)
                if st.lineno > after and id(st) not in skipped:
                    return st
        if st.lineno <= after or id(st) in skipped:
            continue
        if isinstance(st, (*_DEFS, ast.Import, ast.ImportFrom)):
            continue
        if main_block(st) and not st.orelse:
            continue
        if isinstance(st, (ast.Assign, ast.AnnAssign)) and _lazily_bound(st, read):
            continue  # ``CFG = json.loads(..., object_hook=hook)``: run when CFG is first read
        for node in _run_now(st):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in found:
                return st
    return None


def _global_writers(mod: ModInfo) -> dict[str, set[str]]:
    """Global name -> the top-level functions and classes of ``mod`` that rebind it (``global``)
    or change it in place (``_rebinds_global``); once per module."""
    keep = tree_memos()  # the ``tree_memos`` switch
    got = mod.__dict__.get("_dc_global_writers") if keep else None
    if got is None:
        got = {}
        candidates: dict[str, set[str]] = {}
        for st in mod.tree.body:
            if not isinstance(st, _DEFS):
                continue
            for n in ast.walk(st):
                if isinstance(n, ast.Global):
                    for g in n.names:
                        candidates.setdefault(g, set()).add(st.name)
                elif (
                    isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Attribute)
                    and isinstance(n.func.value, ast.Name)
                    and n.func.attr in MUTATORS
                ):
                    candidates.setdefault(n.func.value.id, set()).add(st.name)
                elif (
                    isinstance(n, ast.Subscript)
                    and isinstance(n.ctx, (ast.Store, ast.Del))
                    and isinstance(n.value, ast.Name)
                ):
                    candidates.setdefault(n.value.id, set()).add(st.name)
                elif (g := arg_mutated(n)) is not None:
                    candidates.setdefault(g, set()).add(st.name)
        defs = {st.name: st for st in mod.tree.body if isinstance(st, _DEFS)}
        for g, ds in candidates.items():
            if g not in mod.assigns:
                continue
            w = {d for d in ds if _rebinds_global(defs[d], g)}
            if w:
                got[g] = w
        if keep:
            mod.__dict__["_dc_global_writers"] = got
    return got


def _def_loads(mod: ModInfo) -> dict[str, set[str]]:
    """Top-level function or class -> the names its code loads when run: a function's body; a
    class's methods (its decorators and body statements run with its class statement, which
    the analyzer makes itself). Once per module."""
    keep = tree_memos()  # the ``tree_memos`` switch
    got = mod.__dict__.get("_dc_def_loads") if keep else None
    if got is None:
        from driftcheck.parsers.source.interp.classtype import _run_later

        got = {
            st.name: {
                n.id
                for n in _run_later(st)
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
            }
            for st in mod.tree.body
            if isinstance(st, _DEFS)
        }
        if keep:
            mod.__dict__["_dc_def_loads"] = got
    return got


def _rebinds_global(d: ast.AST, name: str) -> bool:
    """A function (or a method of a class) that declares ``global name`` and stores to it,
    or changes the object the global holds in place (``KINDS.append(cls)``, ``TABLE[k] = v``)
    without a local of that name."""
    for fn in ast.walk(d):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        declared = any(isinstance(n, ast.Global) and name in n.names for n in ast.walk(fn))
        local = not declared and _binds_local(fn, name)
        for n in ast.walk(fn):
            if (
                declared
                and isinstance(n, ast.Name)
                and n.id == name
                and isinstance(n.ctx, (ast.Store, ast.Del))
            ):
                return True
            if local:
                continue
            if changes_in_place(n, name, MUTATORS):
                return True
    return False


def changes_in_place(n: ast.AST, name: str, mutators: frozenset[str] | set[str]) -> bool:
    """The node changes the object the name ``name`` holds in place: a mutating method call
    (``name.append(x)``) or an item store or delete (``name[k] = v``, ``del name[k]``)."""
    if (
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == name
        and n.func.attr in mutators
    ):
        return True
    if isinstance(n, ast.Call) and arg_mutated(n) == name:  # ``heapq.heappush(name, x)``
        return True
    return (
        isinstance(n, ast.Subscript)
        and isinstance(n.ctx, (ast.Store, ast.Del))
        and isinstance(n.value, ast.Name)
        and n.value.id == name
    )


def _binds_local(fn: ast.AST, name: str) -> bool:
    """``name`` is a local of the function ``fn`` (a parameter, or bound in its body)."""
    a = fn.args  # type: ignore[attr-defined]
    params = [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]
    if any(p is not None and p.arg == name for p in params):
        return True
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
        for n in ast.walk(fn)
    )


def _run_now(st: ast.stmt) -> list[ast.AST]:
    """The nodes of a top-level statement that run when it runs: a class statement's
    decorators, bases and body, not the bodies of the functions it defines."""
    out: list[ast.AST] = []
    todo: list[ast.AST] = [st]
    while todo:
        node = todo.pop()
        out.append(node)
        for ch in ast.iter_child_nodes(node):
            if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                todo.extend(ch.decorator_list if not isinstance(ch, ast.Lambda) else ())
                continue
            todo.append(ch)
    return out


def _readers_of(mod: ModInfo, name: str) -> frozenset[str]:
    """The module's top-level functions and classes whose code reads the global ``name``,
    directly or by calling another such one (by name)."""
    defs = {
        st.name: st
        for st in mod.tree.body
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    }
    loads = {
        k: {n.id for n in ast.walk(d) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        for k, d in defs.items()
    }
    return frozenset(_callers(loads, {k for k, ls in loads.items() if name in ls}))


def _callers(loads: dict[str, set[str]], found: set[str]) -> set[str]:
    """``found`` (top-level function and class names, grown in place) with every one whose
    code, ``loads`` (name -> the names it loads), names one of them, transitively."""
    grew = True
    while grew:
        grew = False
        for k, ls in loads.items():
            if k not in found and ls & found:
                found.add(k)
                grew = True
    return found


def _ran(interp: Any, st: ast.stmt, fr: Any) -> bool:
    """Runs the top-level statement ``st`` in ``fr``; False where it raises (in the code read
    or in the analyzer: what it would have stored is not known). A ``Budget`` still stops."""
    from driftcheck.parsers.source.values.abstract import Budget

    try:
        interp.stmts.exec_stmt(st, fr)
    except Budget:
        raise
    except Exception:  # noqa: BLE001 - ``Raised`` too
        return False
    return True


def _fill_one(interp: Any, mod: ModInfo, name: str, st: ast.stmt, fr: Any, value: Any) -> None:
    """One statement of ``fill``: the global ``name`` (``value`` so far) after it, stored in
    the module's namespace."""
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Budget, Cls, Config, Obj, Unknown

    try:
        if writes_namespace(st):
            value = namespace_write(interp, mod, st, fr, name, value)
            interp.globals[id(mod)][name] = value
            return
        if _rebinds(st) == name:
            value = interp.exprs.eval(st.value, fr)  # reads the binding before this one
            interp.globals[id(mod)][name] = value
            return
        if name in set_by_call(mod, st):
            replayed = replay_setter_call(interp, mod, st, fr, name)  # interp/globalstmt.py
            if replayed is not None:
                value = replayed[0]
                interp.globals[id(mod)][name] = value
                return
            why = f"`{_short(st)}` at {mod.path.name}:{st.lineno}"
            value = Unknown(f"module global {name} may be rebound (global {name}) by {why}")
            interp.globals[id(mod)][name] = value
            return
        if name in bound_names(st):
            value = replay_binding(interp, mod, st, name, value)
            interp.globals[id(mod)][name] = value
            return
        if (
            not isinstance(value, (Obj, Cls, Config, dict, list))
            and not hasattr(type(value), "library_mutable")
            and not _stateful(value)
        ):  # a library value filled in place (library/inifiles.py: ``read_string``); a
            # namespace object (``SimpleNamespace()``) filled by ``hp.d = 8`` / ``setattr``
            return
        if isinstance(st, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            fn = interp.names.global_lookup(mod, st.name)
            if mod.defs.get(st.name) is not st and isinstance(st, ast.FunctionDef):
                fn = interp.classes.make_func(st, fr)  # a name defined again (``def _``)
            for d in reversed(st.decorator_list):
                deco = interp.exprs.eval(d, fr)
                fn = interp.calls.call(deco, [fn], {}, (mod.path, d.lineno))
        else:
            interp.stmts.exec_stmt(st, fr)
    except Budget:
        raise
    except (Raised, Exception):  # noqa: BLE001 - that entry stays absent (see above)
        return


def namespace_write(interp: Any, mod: ModInfo, st: ast.stmt, fr: Any, name: str, value: Any) -> Any:
    """The global ``name`` after the top-level statement ``st`` writes the module namespace
    (``writes_namespace``), ``value`` before it: the mapping's entry for ``name`` where
    ``globals().update(mapping, **kw)`` names it, ``value`` where a mapping we read whole
    does not; ``globals()[key] = v`` likewise by its key. A mapping or key we cannot read, or
    another statement (a loop) that does not leave a readable binding, makes the global
    unknown, naming the statement: it may rebind any global above it."""
    from driftcheck.parsers.source.values.abstract import Unknown, plain

    where = f"{mod.path.name}:{st.lineno}"
    lost = Unknown(f"module global {name} may be rebound by `{_short(st)}` at {where}")
    call = st.value if isinstance(st, ast.Expr) else None
    if (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "update"
        and _is_namespace(call.func.value)
        and len(call.args) <= 1
    ):
        out = value
        for a in call.args:
            m = plain(interp.exprs.eval(a, fr))
            if isinstance(m, (list, tuple)):  # ``update([("n_layer", 2)])``
                try:
                    m = dict(m)
                except (TypeError, ValueError):
                    return lost
            if not isinstance(m, dict) or id(m) in interp.havoc:
                return lost
            if any(not isinstance(k, str) for k in m):
                return lost
            if name in m:
                out = m[name]
        for kw in call.keywords:
            if kw.arg is None:
                m = plain(interp.exprs.eval(kw.value, fr))
                if not isinstance(m, dict) or id(m) in interp.havoc:
                    return lost
                if name in m:
                    out = m[name]
            elif kw.arg == name:
                out = interp.exprs.eval(kw.value, fr)
        return out
    if isinstance(st, ast.Assign) and len(st.targets) == 1:
        t = st.targets[0]
        if isinstance(t, ast.Subscript) and _is_namespace(t.value):
            key = plain(interp.exprs.eval(t.slice, fr))
            if not isinstance(key, str):
                return lost
            return interp.exprs.eval(st.value, fr) if key == name else value
    # anything else (``for k, v in overrides.items(): globals()[k] = v``): run it; its
    # ``globals()[k] = v`` stores land in the module's namespace (interp/items.py)

    for node in ast.walk(st):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and _is_namespace(node.func.value)
        ):
            return lost  # ``globals().update(...)`` inside a loop: not read entry by entry
    ns = interp.globals[id(mod)]
    if not _ran(interp, st, fr):
        return lost  # a statement we cannot follow: the global is unknown
    if id(mod) in interp.havoc:  # a ``globals()[k] = v`` under a key we could not compute
        return lost
    return ns.get(name, value)


def replay_binding(interp: Any, mod: ModInfo, st: ast.stmt, name: str, value: Any) -> Any:
    """The global ``name`` after the top-level statement ``st`` that rebinds it
    (``bound_names``), ``value`` before it: the statement run in a module frame (its reads
    of globals see their values so far; an undecided ``if`` merges its branches as the
    interpreter does), the binding it leaves. A loop, a statement too large to replay, or
    one that raises or cannot be followed makes the global unknown, naming the statement."""
    from driftcheck.parsers.source.interp.exprs import Frame
    from driftcheck.parsers.source.values.abstract import Unknown

    where = f"{mod.path.name}:{st.lineno}"
    lost = Unknown(f"module global {name} rebound by `{_short(st)}` at {where}")
    # a ``while`` runs as in a function (statements.py: a known condition each round, bounded;
    # an undecided one merges what the body may bind): ``while d_ff < 3 * d: d_ff *= 2``
    loops = (ast.For, ast.AsyncFor)
    if any(isinstance(n, loops) for n in ast.walk(st)):
        return lost
    if any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Del)
        for n in ast.walk(st)
    ):
        # ``del NAME`` at import: the module no longer has it (a read raises NameError), which
        # a lookup that falls back to the first binding would not show
        return Unknown(f"module global {name} deleted by `{_short(st)}` at {where}")
    if sum(1 for _ in ast.walk(st)) > _REPLAY_NODES:
        return lost
    fr = Frame(mod)
    if not _ran(interp, st, fr):
        return lost  # ``Raised``, or a statement we cannot follow: unknown
    return fr.locals.get(name, value)


def _short(st: ast.stmt) -> str:
    text = ast.unparse(st).splitlines()[0]
    return text if len(text) <= 60 else text[:57] + "..."


# ------------------------------------------------------------------ other modules' registrations
def _writers(mod: ModInfo, name: str) -> frozenset[str]:
    """The top-level functions of ``mod`` that store into its global table ``name`` (timm's
    ``register_block(t, fn)``: ``_block_registry[t] = fn``), cached on the module."""
    # the ``tree_memos`` switch: off, a fresh table (scanned again)
    cache = mod.__dict__.setdefault("_dc_writers", {}) if tree_memos() else {}
    if name in cache:
        return cache[name]
    found = set()
    for st in mod.tree.body:
        if not isinstance(st, ast.FunctionDef):
            continue
        local = {a.arg for a in (*st.args.posonlyargs, *st.args.args, *st.args.kwonlyargs)}
        for n in ast.walk(st):
            tgt = None
            if isinstance(n, ast.Assign) and len(n.targets) == 1:
                tgt = n.targets[0]
                tgt = tgt.value if isinstance(tgt, ast.Subscript) else None
            elif (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Attribute)
                and n.func.attr in MUTATORS
            ):
                tgt = n.func.value
            if isinstance(tgt, ast.Name) and tgt.id == name and name not in local:
                found.add(st.name)
                break
    cache[name] = frozenset(found)
    return cache[name]


def fill_from_importers(interp: Any, mod: ModInfo, name: str) -> None:
    """Top-level calls in other modules, already read, of a function of ``mod`` that fills its
    table ``name`` (timm's mobilevit.py: ``register_block('mobilevit2', MobileVitV2Block)``
    into byobnet's ``_block_registry``): importing that module ran them, so they are run on
    the table, in that module's namespace. One that raises or cannot be followed is skipped
    (its entry stays absent: a lookup of it is unknown)."""
    from driftcheck.parsers.source.interp.exprs import Frame

    writers = _writers(mod, name)
    if not writers:
        return
    for other in list(interp.mods.values()):
        if other is None or other is mod:
            continue
        aliases = {
            alias for alias, (m, attr) in other.imports.items() if m == mod.name and attr in writers
        }
        if not aliases:
            continue
        fr = Frame(other)
        for st in other.tree.body:
            call = st.value if isinstance(st, ast.Expr) else None
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id in aliases
            ):
                continue
            _ran(interp, st, fr)  # one that raises: that entry stays absent (see above)


def _imported_before(mod: ModInfo, name: str) -> tuple[str, str | None] | None:
    """``(module, attr)`` of a top-level import binding ``name`` before its first assignment
    (only when the assignment's right side reads ``name``), else None."""
    first = mod.assigns.get(name)
    if name not in mod.imports or first is None:
        return None
    if not any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(first)):
        return None
    for st in mod.tree.body:
        if getattr(st, "lineno", 0) >= first.lineno:
            return None
        if isinstance(st, (ast.Import, ast.ImportFrom)) and any(
            (a.asname or a.name.split(".")[0]) == name for a in st.names
        ):
            return mod.imports[name]
    return None
