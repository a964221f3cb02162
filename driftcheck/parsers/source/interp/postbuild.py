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
statement, its file:line and the first such reason. A statement the interpreter follows
cleanly (``print(model)``, an optimizer over ``model.parameters()``, a loop setting
``requires_grad_``, a user function that deletes parameters) keeps its effect and the count.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.library import registry
from driftcheck.parsers.source.values.abstract import (
    Ext,
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


def reach(body: list[ast.stmt], last: int, name: str) -> int:
    """The index of the last top-level statement after ``last`` that reads ``name`` or a name
    bound (directly or through a chain) from a statement that does; ``last`` when none."""
    reached = {name}
    end = last
    for i in range(last + 1, len(body)):
        st = body[i]
        if isinstance(
            st,
            (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef, ast.Import, ast.ImportFrom),
        ):
            continue
        if isinstance(st, ast.If) and "__main__" in ast.unparse(st.test):
            continue
        if _names(st, ast.Load) & reached:
            end = i
            reached |= _names(st, ast.Store)
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

    def __enter__(self) -> Watch:
        stmts, calls = self.ip.stmts, self.ip.calls
        note, call = stmts.note, calls.call

        def noting(text: str) -> None:
            if self.why is None:
                self.why = text
            note(text)

        def calling(f: Any, args: list[Any], kwargs: dict[str, Any], loc: tuple) -> Any:
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
