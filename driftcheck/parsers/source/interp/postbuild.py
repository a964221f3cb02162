"""Statements after ``model = ...`` that reach the model: run them, or say the count is unknown
(issue #16, session 17).

torch counts the model the whole script leaves. A script often hands the built model to a
library that changes it in place: Torch-Pruning's ``MagnitudePruner(model, ...).step()``
removes channels, bayesian-torch's ``dnn_to_bnn(model.head, prior)`` swaps layers for Bayesian
ones, a ``DependencyGraph`` prunes a hand-picked group. Stopping at the last ``model = ...``
counted the model before those calls: a confidently wrong total with no note.

``reach`` finds such statements statically: after the last binding of ``model`` (and any
method call on it, ``analyze.mutates``), a top-level statement that reads ``model`` or a name
bound from it (``pruner = Pruner(model)`` makes ``pruner`` reach the model; ``pruner.step()``
then reaches it too) runs as importing the file would. A ``def`` / ``class`` / import and the
``__main__`` block never count.

Running them is not enough when the interpreter gives up inside: a pruner read from source
whose loops and dicts are undecided leaves the layers as they were. ``Watch`` records, while
those statements run, every place the interpreter gave up (a note: a loop that may break, a
dict written under an unknown key, a statement not interpreted) and every call it could not
follow (an unknown callee, or an external function nothing models) that was given a module or a
parameter: either may have changed the model, so the count is unknown, with a note naming the
statement, its file:line and the first such reason. A give-up note only counts when the code
that ran may change a module handed to it at all (``may_mutate``: a package whose functions
``setattr`` / ``del`` / assign a ``weight``, a ``Parameter`` or a new layer on an object other
than ``self``): muP's ``set_base_shapes(model, base)`` gives up in a loop over shapes but never
writes a layer or a weight, so its count stands. A statement the interpreter follows
cleanly (``print(model)``, an optimizer over ``model.parameters()``, a loop setting
``requires_grad_``, a user function that deletes parameters) keeps its effect and the count.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.parsers.source.library import registry
from driftcheck.parsers.source.loader import at_import, parse_file
from driftcheck.parsers.source.values.abstract import (
    Cls,
    Ext,
    Func,
    Leaf,
    Obj,
    Tensor,
    Unknown,
    plain,
)

# how deep into containers an argument is searched for a module (``ignored_layers=[model.fc]``,
# ``{model.conv_a: 0.25}``): bounded so a huge list never costs more than a few items
_DEPTH = 3
_ITEMS = 64


def _names(st: ast.stmt, ctx: type) -> set[str]:
    return {n.id for n in ast.walk(st) if isinstance(n, ast.Name) and isinstance(n.ctx, ctx)}


# builtins through which a statement reaches a global without naming it: a text run by
# ``exec`` / ``eval`` (``exec("model.fc = nn.Linear(8, 2)")``), the namespace dicts
# (``globals()["model"].fc = ...``)
_DYNAMIC = frozenset(("exec", "eval", "globals", "vars", "locals", "__import__"))


def _def_reads(body: list[ast.stmt]) -> dict[str, set[str]]:
    """For each function / class the module defines at top level, the names its code reads,
    with those of the module's other functions / classes it reads in turn (transitively): a
    call ``patch()`` of ``def patch(): model.fc = ...`` reads the global ``model``."""
    own: dict[str, set[str]] = {}
    for st in body:
        if isinstance(st, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            own.setdefault(st.name, set()).update(_names(st, ast.Load))
    out: dict[str, set[str]] = {}
    for d in own:
        seen, todo = {d}, [d]
        while todo:
            for n in own[todo.pop()]:
                if n in own and n not in seen:
                    seen.add(n)
                    todo.append(n)
        out[d] = set().union(*(own[n] for n in seen)) | seen
    return out


def reach(body: list[ast.stmt], last: int, name: str) -> int:
    """The index of the last top-level statement after ``last`` that reads ``name`` or a name
    bound (directly or through a chain) from a statement that does; ``last`` when none.

    A statement reads what the module's own functions and classes it names read (session 21,
    a burned held-out case: ``def patch(): model.fc = ...`` then ``patch()`` never named
    ``model`` at top level, so it did not run: the count was the model's before the patch),
    and a statement calling ``exec`` / ``eval`` / ``globals()`` / ``vars()`` (directly or
    through such a function) may read any global: it is run too (watched, as the others)."""
    reached = {name}
    defs = _def_reads(body)
    end = last
    for i in range(last + 1, len(body)):
        st = body[i]
        if isinstance(
            st,
            (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef, ast.Import, ast.ImportFrom),
        ):
            continue
        run = at_import(st)  # a ``__main__`` block: its else only
        reads = set().union(*(_names(x, ast.Load) for x in run))
        reads |= set().union(*(defs[n] for n in reads if n in defs))
        if reads & reached or reads & _DYNAMIC:
            end = i
            reached |= set().union(*(_names(x, ast.Store) for x in run))
    return end


def holds_module(v: Any, depth: int = 0) -> bool:
    """Whether a value is, or shallowly holds, a module or a parameter (a list of layers, a
    dict keyed by layers, ``model.parameters()``)."""
    v = plain(v)
    if isinstance(v, Leaf) or (isinstance(v, Obj) and v.module):
        return True
    if isinstance(v, Tensor):
        return v.param
    if depth >= _DEPTH:
        return False
    if isinstance(v, dict):
        items = [*list(v.keys())[:_ITEMS], *list(v.values())[:_ITEMS]]
    elif isinstance(v, (list, tuple, set, frozenset)):
        items = list(v)[:_ITEMS]
    else:
        return False
    return any(holds_module(x, depth + 1) for x in items)


class Watch:
    """While active, records the first reason the interpreter's reading of the statements it
    runs may have missed a change to the model (see the module's docstring)."""

    def __init__(self, interp: Any) -> None:
        self.ip = interp
        self.why: str | None = None
        self.gave_up: str | None = None  # the first give-up note, decided on at the end
        self.ran: set[Path] = set()  # the files whose functions / classes ran

    def __enter__(self) -> Watch:
        stmts, calls = self.ip.stmts, self.ip.calls
        note, call = stmts.note, calls.call

        def noting(text: str) -> None:
            if self.gave_up is None:
                self.gave_up = text
            note(text)

        def calling(f: Any, args: list[Any], kwargs: dict[str, Any], loc: tuple) -> Any:
            g = plain(f)
            if isinstance(g, (Func, Cls)) and len(self.ran) < _ITEMS:
                self.ran.add(Path(g.mod.path))
            if self.why is None and self._opaque(f) and self._given_module(args, kwargs):
                where = f"{str(loc[0]).rsplit('/', 1)[-1]}:{loc[1]}" if loc else "?"
                what = f.qual if isinstance(f, Ext) else "an unknown callee"
                self.why = f"{where}: call of {what} given a module, not followed"
            return call(f, args, kwargs, loc)

        # instance attributes shadow the methods for every part that asks ``stmts.note`` /
        # ``calls.call`` (each looks them up on the shared part when it calls)
        stmts.note = noting
        calls.call = calling
        return self

    def __exit__(self, *exc: object) -> None:
        del self.ip.stmts.note
        del self.ip.calls.call
        if self.why is None and self.gave_up is not None:
            if any(may_mutate(scan_unit(p)) for p in self.ran) or len(self.ran) >= _ITEMS:
                self.why = self.gave_up

    @staticmethod
    def _opaque(f: Any) -> bool:
        f = plain(f)
        if isinstance(f, Unknown):
            return True
        if not isinstance(f, Ext):
            return False
        q = f.qual
        if registry.lookup(q) is not None or q.startswith("builtins."):
            return False  # modelled: its effect is the model's
        # a torch layer class built from arguments (``nn.Linear(d, d)``) is followed
        return not (q.startswith("torch.nn.") and q.rsplit(".", 1)[-1][:1].isupper())

    @staticmethod
    def _given_module(args: list[Any], kwargs: dict[str, Any]) -> bool:
        return any(holds_module(a) for a in [*args[:_ITEMS], *list(kwargs.values())[:_ITEMS]])


# a package larger than this is not scanned: it may change a module (the honest default)
_SCAN_FILES = 400
_SCAN_BYTES = 8_000_000
# calls that change a module's parameters whatever they are called on (torch.nn.utils)
_MUTATORS = frozenset(
    {
        "register_parameter",
        "add_module",
        "register_module",
        "register_parametrization",
        "remove_parametrizations",
        "weight_norm",
        "spectral_norm",
        "remove_weight_norm",
        "remove_spectral_norm",
        "l1_unstructured",
        "random_unstructured",
        "ln_structured",
        "random_structured",
        "global_unstructured",
        "custom_from_mask",
    }
)


def package_of(path: Path) -> Path:
    """The folder of the top-level package a file belongs to (the file itself when it is in no
    package: a user's script)."""
    path = path.resolve()
    top = None
    d = path.parent
    while (d / "__init__.py").is_file():
        top = d
        d = d.parent
    return top if top is not None else path


def scan_unit(path: Path) -> Path:
    """What ``may_mutate`` reads for a file that ran: its whole top-level package (code it
    skipped may call any function there), but only the file itself inside torch: torch's
    source is read for its layer classes, far too large to read whole, and the torch
    utilities that change a module handed to them (``weight_norm``, ``parametrize``,
    ``prune``) are modelled or flagged as calls not followed, never reached silently."""
    pkg = package_of(path)
    return path.resolve() if pkg.name == "torch" else pkg


def _own(e: ast.expr) -> bool:
    """``self`` or ``self.x``: an object's own attribute, written when it builds itself."""
    if isinstance(e, ast.Name):
        return e.id == "self"
    return isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "self"


def _builds(v: ast.expr | None) -> bool:
    """A value that may be a new layer or parameter: a call of a capitalised name
    (``nn.Linear(...)``, ``Parameter(w)``) or of a ``*parameter*`` helper."""
    if not isinstance(v, ast.Call):
        return False
    f = v.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    return name[:1].isupper() or "parameter" in name.lower()


def _store_mutates(t: ast.expr, value: ast.expr | None) -> bool:
    if not isinstance(t, (ast.Attribute, ast.Subscript)) or _own(t):
        return False
    chain = ast.unparse(t)
    if "_modules" in chain or "_parameters" in chain:
        return True
    if isinstance(t, ast.Attribute) and t.attr in ("weight", "bias", "data"):
        return True
    return _builds(value)


def tree_mutates(tree: ast.AST) -> bool:
    """Whether code may change the parameters of a module it is given (see ``may_mutate``)."""
    for n in ast.walk(tree):
        if isinstance(n, ast.Call):
            f = n.func
            name = (
                f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            )
            if name in ("setattr", "delattr") and n.args and not _own(n.args[0]):
                return True
            if name in _MUTATORS and not (isinstance(f, ast.Attribute) and _own(f.value)):
                return True
        elif isinstance(n, (ast.Assign, ast.AnnAssign)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            for t in targets:
                for x in ast.walk(t) if isinstance(t, (ast.Tuple, ast.List)) else [t]:
                    if _store_mutates(x, n.value):
                        return True
        elif isinstance(n, ast.Delete):
            if any(
                isinstance(t, (ast.Attribute, ast.Subscript)) and not _own(t) for t in n.targets
            ):
                return True
    return False


def may_mutate(pkg: Path) -> bool:
    """Whether a package (or a single file) has code that may change the parameters of a
    module handed to it: ``setattr`` / ``delattr`` on another object, a ``weight`` / ``bias`` /
    ``data`` / ``_modules`` / ``_parameters`` write, a new layer or ``Parameter`` stored on
    another object, a ``del`` of another object's attribute or item, torch's reparametrizing
    and pruning utilities. Each file through the loader (``parse_file``: the analysis's
    syntax-tree cache, its size limits, and the read recorded, so a cached result is dropped
    when the package changes); a package too large to read, or a file that does not parse,
    may."""
    files = [pkg] if pkg.is_file() else sorted(pkg.rglob("*.py"))
    if len(files) > _SCAN_FILES:
        return True
    size = 0
    for f in files:
        try:
            size += f.stat().st_size
            if size > _SCAN_BYTES:
                return True
            tree = parse_file(f).tree
        except (OSError, DriftcheckError):
            return True
        if tree_mutates(tree):
            return True
    return False
