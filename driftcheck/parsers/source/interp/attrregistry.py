"""A registry held by an object, filled by top-level method calls (issue #16, session 18).

pfhedge's ``BlackScholes(derivative)`` returns the layer class a singleton factory registered
under the derivative's class name: the factory keeps ``self._modules = OrderedDict()`` and each
module of the package ends with ``factory.register_module("EuropeanOption", BSEuropeanOption)``
at its top level. The interpreter never runs module bodies, so the dict read empty and the
lookup failed. ``interp/callregistry.py`` already finds a *module* dict's missing key by
running the top-level call that registers it; this is the same for a dict an object holds.

The dict is wrapped when it is made: a statement ``<obj>.<attr> = {}`` (or ``dict()`` /
``OrderedDict()``, no arguments: a fresh dict no other name holds) in a method of a class of a
package whose methods write ``self.<attr>[...] = ...``. A missing key is then looked for as a
top-level call of one of those methods naming the key as a string constant, in the package's
files; that statement runs in its module, as importing it would, and the dict is read again;
a read of the whole (``len``, iteration, ``items()``) first runs every such call. A key no such
call names is absent, as Python would find it (a ``KeyError``). The call writes into whichever
object it reaches (a singleton: the same one); a registration into another object leaves this
dict without the key. Where one of the calls cannot be run by its key (in a loop or a function,
or with a computed key: pfhedge's ``register_feature(str(cls()), cls)`` over a list), the dict's
keys and items are unknown: the value is an ``Unknown``, never a dict read as empty.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp import decoregistry
from driftcheck.parsers.source.interp.callregistry import CallRegistry
from driftcheck.parsers.source.loader import main_block
from driftcheck.parsers.source.values.abstract import Cls, Func, Unknown, plain
from driftcheck.speed import current, tree_memos

_FRESH = ("dict", "OrderedDict", "collections.OrderedDict")


def _fresh_empty_dict(e: ast.expr) -> bool:
    if isinstance(e, ast.Dict):
        return not e.keys
    return (
        isinstance(e, ast.Call) and not e.args and not e.keywords and ast.unparse(e.func) in _FRESH
    )


def writing_methods(cls: Cls, attr: str) -> tuple[str, ...]:
    """Methods of ``cls``'s own body that store an item of ``self.<attr>``."""
    # kept on the module's record (a function of its tree), under the attr_scans switch
    cache = cls.mod.__dict__.setdefault("_dc_attr_registries", {}) if current().attr_scans else {}
    key = (cls.name, attr)
    if key in cache:
        return cache[key]
    out: list[str] = []
    for st in cls.node.body:
        if not isinstance(st, ast.FunctionDef) or not st.args.args:
            continue
        me = st.args.args[0].arg
        for node in ast.walk(st):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Subscript)
                and isinstance(t.value, ast.Attribute)
                and t.value.attr == attr
                and isinstance(t.value.value, ast.Name)
                and t.value.value.id == me
                for t in node.targets
            ):
                out.append(st.name)
                break
    cache[key] = tuple(out)
    return cache[key]


def _calls(interp: Any, reg: CallRegistry) -> tuple[list[str], list[str]] | None:
    """Every call of the registering methods in the package: the string keys of those that
    are top-level statements naming a constant key, and where the others are (a loop, a
    function, a computed key: ``register_feature(str(cls()), cls)``). None: no call at all."""
    names = [f.encode() + b"(" for f in (*reg._funcs, *reg._forward)]
    keys: list[str] = []
    others: list[str] = []
    for path, dotted in reg._package_files():
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if not any(n in data for n in names):
            continue
        sub = interp.names.module(dotted)
        if sub is None:
            others.append(f"{path.name} (not read)")
            continue
        maybe = reg._maybe_run(dotted)
        if maybe is not None:
            others.append(f"{path.name} ({maybe})")  # its calls may run or not
            continue
        top = {id(st.value) for st in sub.tree.body if isinstance(st, ast.Expr)}
        for node in _import_time_nodes(sub.tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                ours = reg.forwards(sub, node.func.id)
                if ours is False:
                    continue  # no forwarder, or another function of that name
                word = reg._forward[node.func.id]
                # a forwarding function's call (``register(env_id="uno", ...)``): the key is
                # its first argument, positional or by that parameter's name
                key = node.args[0] if node.args else None
                key = key or next((k.value for k in node.keywords if k.arg == word), None)
                if (
                    ours
                    and id(node) in top
                    and isinstance(key, ast.Constant)
                    and isinstance(key.value, str)
                ):
                    keys.append(key.value)
                else:
                    others.append(f"{path.name}:{node.lineno}")
                continue
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            if node.func.attr not in reg._funcs:
                continue
            first = node.args[0] if node.args else None
            if id(node) in top and isinstance(first, ast.Constant) and isinstance(first.value, str):
                keys.append(first.value)
            elif not _into_another(interp, sub, node.func.value):
                others.append(f"{path.name}:{node.lineno}")
    return (keys, others) if keys or others else None


def _forwarders(interp: Any, mod: Any, funcs: tuple[str, ...]) -> tuple[dict[str, str], set[int]]:
    """Top-level functions of the registry class's module whose body (a docstring aside) is
    ``[return] <global>.<method>(p0, p1, ...)``, a method of ``funcs`` called with their own
    leading parameters in order (rlcard's ``def register(env_id, entry_point): return
    registry.register(env_id, entry_point)``), on a global not surely another object: name ->
    the name of the parameter that carries the key, and the ids of their nodes."""
    out: dict[str, str] = {}
    nodes: set[int] = set()
    for st in mod.tree.body:
        if not isinstance(st, ast.FunctionDef) or st.decorator_list:
            continue
        body = st.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]
        if len(body) != 1 or not isinstance(body[0], (ast.Return, ast.Expr)):
            continue
        call = body[0].value
        params = [a.arg for a in [*st.args.posonlyargs, *st.args.args]]
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr in funcs
            and isinstance(call.func.value, ast.Name)
            and not call.keywords
            and call.args
            and len(call.args) <= len(params)
            and all(
                isinstance(a, ast.Name) and a.id == p
                for a, p in zip(call.args, params, strict=False)
            )
        ):
            continue
        if _into_another(interp, mod, call.func.value):
            continue
        out[st.name] = params[0]
        nodes.add(id(st))
    return out, nodes


def _into_another(interp: Any, sub: Any, recv: ast.expr) -> bool:
    """Whether the call on ``recv`` surely registers into another object than the one whose
    dict is being made: ``recv`` is a global of module ``sub`` bound once, by a top-level
    ``recv = Factory(...)`` (class_resolver's ``aggregation_resolver.register(np.min)`` after
    ``aggregation_resolver = FunctionResolver(...)``: that instance's dict), and that global is
    not being evaluated now (the object under construction is then not it)."""
    if not isinstance(recv, ast.Name):
        return False
    name = recv.id
    binds = _bindings(sub.tree, name)
    if len(binds) != 1:
        return False
    st = binds[0]
    if not (
        st in sub.tree.body
        and isinstance(st, ast.Assign)
        and len(st.targets) == 1
        and isinstance(st.value, ast.Call)
    ):
        return False
    if (id(sub), name) in interp.names._pending:
        return False
    return _makes_new(interp, sub, st.value.func)


def _makes_new(interp: Any, sub: Any, f: ast.expr) -> bool:
    """Whether calling ``f`` (in module ``sub``) surely makes a new object: a class called
    plainly (``Resolver(...)``), or a classmethod of it whose every ``return`` is
    ``return cls(...)`` (``ClassResolver.from_subclasses(...)``); the class has no ``__new__``
    of the code (a singleton factory hands the same object out) nor a metaclass
    ``__call__``."""
    method = None
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
        f, method = f.value, f.attr
    if not isinstance(f, ast.Name):
        return False
    cls = plain(interp.names.global_lookup(sub, f.id))
    if not isinstance(cls, Cls) or interp.calls.metaclass_call(cls) is not None:
        return False
    ok, _new, where = interp.classes.mro_attr(cls, "__new__")
    if ok and isinstance(where, Cls):
        return False
    if method is None:
        return True
    for c in cls.mro():
        if not isinstance(c, Cls):
            return False
        fn = next(
            (st for st in c.node.body if isinstance(st, ast.FunctionDef) and st.name == method),
            None,
        )
        if fn is not None:
            return _returns_cls_call(fn)
    return False


def _returns_cls_call(fn: ast.FunctionDef) -> bool:
    """A ``@classmethod`` every ``return`` of which is ``return cls(...)`` (no nested def)."""
    if [unparse_deco(d) for d in fn.decorator_list] != ["classmethod"] or not fn.args.args:
        return False
    first = fn.args.args[0].arg
    rets = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]
    nested = any(
        isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
        for st in fn.body
        for n in ast.walk(st)
    )
    return (
        bool(rets)
        and not nested
        and all(
            isinstance(r.value, ast.Call)
            and isinstance(r.value.func, ast.Name)
            and r.value.func.id == first
            for r in rets
        )
    )


def unparse_deco(d: ast.expr) -> str:
    return d.id if isinstance(d, ast.Name) else ast.unparse(d)


def _bindings(tree: ast.Module, name: str) -> list[ast.AST]:
    """Every statement or node of the module that may bind ``name`` as a global (kept on the
    tree per name: the module's text does not change)."""
    # the ``tree_memos`` switch: off, a fresh table (scanned again)
    memo = tree.__dict__.setdefault("_dc_bindings", {}) if tree_memos() else {}
    got = memo.get(name)
    if got is not None:
        return got
    out: list[ast.AST] = []
    for st in ast.walk(tree):
        if isinstance(st, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            if any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast.walk(t)):
                out.append(st)
        elif isinstance(st, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if st.name == name:
                out.append(st)
        elif isinstance(st, ast.Import | ast.ImportFrom):
            if any((a.asname or a.name.split(".")[0]) == name or a.name == "*" for a in st.names):
                out.append(st)
        elif isinstance(st, ast.Global | ast.Nonlocal) and name in st.names:
            out.append(st)
        elif isinstance(st, ast.Name) and st.id == name and isinstance(st.ctx, ast.Store | ast.Del):
            if not any(st is n for b in out for n in ast.walk(b)):
                out.append(st)  # a loop / with / walrus / comprehension target
    memo[name] = out
    return out


def _import_time_nodes(tree: ast.Module) -> Any:
    """The nodes of the statements importing the module runs (its body, loops and class bodies
    included), never a function's body: a call there runs when the code calling it runs, and
    the interpreter follows it then (spikingjelly's ``self.register_memory("v", 0.)`` in each
    neuron's ``__init__`` fills that instance's dict; reading those as import-time
    registrations made every neuron's memory dict unknown)."""
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                if not main_block(child):
                    todo.append(child)
                else:  # a script's ``__main__`` block: its body not at import, its else is
                    todo.extend(child.orelse)


class AttrRegistry(CallRegistry):
    """An object's registry whose every registration is a top-level call naming its key: a
    read of the whole (``len``, iteration, ``keys()`` / ``items()`` / ``values()``) first runs
    them all, so it sees what importing the package would have stored."""

    def __init__(self, interp: Any, mod: Any, funcs: tuple[str, ...], keys: list[str]) -> None:
        super().__init__(interp, mod, funcs)
        self._keys = keys
        self._complete = False
        # methods used as decorators that register (interp/decoregistry.py); their sites are
        # read on the first miss, each run once
        self._decos: tuple[str, ...] = ()
        self._sites: list | None = None
        self._ran: set[int] = set()

    def _deco_sites(self) -> list:
        if self._sites is None:
            self._sites = decoregistry.sites(self._interp, self, self._decos) if self._decos else []
        return self._sites

    def _run_site(self, mod: Any, st: ast.stmt) -> None:
        if id(st) not in self._ran:
            self._ran.add(id(st))
            decoregistry.run(self._interp, mod, st)

    def _scan(self, key: str) -> Any:
        got = super()._scan(key) if self._keys else None
        if got is not None or not self._decos:
            return got
        for k, mod, st in self._deco_sites():
            if k == key:
                self._run_site(mod, st)
        return dict.__getitem__(self, key) if dict.__contains__(self, key) else None

    def _fill(self) -> None:
        if self._complete:
            return
        self._complete = True
        for k in self._keys:
            if not dict.__contains__(self, k):
                self._find(k)
        for _k, mod, st in self._deco_sites():
            self._run_site(mod, st)

    def __iter__(self):  # type: ignore[no-untyped-def]
        self._fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def keys(self):  # type: ignore[no-untyped-def]
        self._fill()
        return dict.keys(self)

    def values(self):  # type: ignore[no-untyped-def]
        self._fill()
        return dict.values(self)

    def items(self):  # type: ignore[no-untyped-def]
        self._fill()
        return dict.items(self)


def wrap(interp: Any, st: ast.Assign, v: Any, func: Func | None) -> Any:
    """``v``, the value of ``st``, as a registry when ``st`` stores a fresh empty dict on an
    attribute that methods of the running method's class fill; else ``v`` unchanged."""
    if (
        type(v) is not dict
        or v
        or len(st.targets) != 1
        or not isinstance(st.targets[0], ast.Attribute)
        or func is None
        or not isinstance(func.owner, Cls)
        or not _fresh_empty_dict(st.value)
    ):
        return v
    cls = func.owner
    if not (cls.mod.is_pkg or "." in cls.mod.name):
        return v  # a package's registry: the analyzed file alone has no other modules
    # a registration is a call ``obj.register_x("Key", X)``: the method making the dict (which
    # may fill it itself, transformers' rotary ``__init__`` filling ``self.rope_type``) and
    # dunders (``__init__`` runs as ``C(...)`` / ``super().__init__(...)``) are never one
    made_in = getattr(func.node, "name", None)
    funcs = tuple(
        f
        for f in writing_methods(cls, st.targets[0].attr)
        if f != made_in and not (f.startswith("__") and f.endswith("__"))
    )
    if not funcs:
        return v
    reg = AttrRegistry(interp, cls.mod, funcs, [])
    reg._forward, reg._forward_nodes = _forwarders(interp, cls.mod, funcs)
    found = _calls(interp, reg)
    decos = decoregistry.decorating_methods(cls, funcs)
    if decos and decoregistry.mentioned(reg, decos):
        reg._decos = decos  # ``@REG.register()`` over the package's classes
        bad = decoregistry.unrunnable(reg._deco_sites())
        if bad:  # a decorated definition not run here: the keys are unknown, never missing
            return Unknown(
                f"dict filled by decorators at {', '.join(bad[:3])}: its keys are unknown"
            )
    elif found is None:
        return v  # filled at run time only (by the analyzed code): a plain dict
    keys, others = found if found is not None else ([], [])
    if others:
        # a registration we cannot run by its key (a loop, a computed key): its keys and items
        # are unknown, never read as missing (a ``KeyError`` that import would not raise)
        return Unknown(f"dict filled by calls at {', '.join(others[:3])}: its keys are unknown")
    reg._keys = keys
    return reg
