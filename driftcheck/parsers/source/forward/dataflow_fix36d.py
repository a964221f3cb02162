"""Session 36 (crashfix36d): forward-mode AD (``torch.autograd.forward_ad``) checks, on values
the pass holds for certain (torch 2.13, CPU; ``tests/test_crash36d.py`` runs every verdict in
torch, with clean twins):

- ``fwAD.make_dual(x, t)`` while no dual level is open: ``forward_ad.make_dual`` reads the
  module's current level (-1 outside ``with fwAD.dual_level():``) and raises RuntimeError
  "Trying to create a dual Tensor for forward AD but no level exists". Claimed only when no
  ``with`` of a context manager the pass does not model is open (``dataflow_fix30b``'s depth
  count: ``fwAD.dual_level()`` is such a manager, so is any user one), the pass is not
  speculative, no ``level=`` is given, and the file never names ``enter_dual_level`` / a
  ``jvp`` / ``vmap`` / ``torch.func`` transform (each may open a level around a callee);
- ``fwAD.make_dual(x, t)`` with both shapes known and different: ``_make_dual`` refuses a
  tangent of another size (no broadcasting): "Trying to set a forward gradient that has a
  different size than that of the original Tensor".

- ``F.apply(*args)`` of a user ``torch.autograd.Function`` subclass that overrides
  ``setup_context``: ``Function.apply`` first binds the arguments to ``F.forward``'s signature
  (``inspect.signature(forward).bind``), so a ``forward(ctx, x, lo, hi)`` written in the old
  style (``ctx`` first) given three arguments raises TypeError "missing a required argument:
  'hi'"; too many positional arguments and an unexpected keyword likewise. Judged only on a
  single-inheritance chain of user classes ending at ``torch.autograd.Function``, a
  ``forward`` decorated ``@staticmethod`` alone, with no ``*args`` / ``**kw`` at the call and no
  positional-only / keyword-only parameters.

Switch: ``DRIFTCHECK_NO_FIX36D=1``.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import arg, receiver, spread

_MAKE_DUAL = frozenset({"torch.autograd.forward_ad.make_dual"})
_FWAD = "torch.autograd.forward_ad."
# transforms that may open a level around a callee: their presence in any loaded file of the
# code means no claim (session 37: every own tree, not the calling file alone)
_TRANSFORM_WORDS = (
    "jvp",
    "vmap",
    "\nfunc\n",
    "torch.func",
    "functorch",
    "jacfwd",
    "hessian",
)
# the names that open a level (``enter_dual_level()``, ``dual_level()`` entered)
_OPENERS = frozenset({"enter_dual_level", "dual_level"})


def _off(f: Any) -> bool:
    """Whether crashfix36d's rules are switched off for this pass (``Flow.switches``)."""
    return f.switches.get("DRIFTCHECK_NO_FIX36D") == "1"


def _shape(t: Any) -> tuple | None:
    from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

    return known_shape(t) if isinstance(t, Tens) else None


def _last(e: ast.AST) -> str | None:
    if isinstance(e, ast.Name):
        return e.id
    return e.attr if isinstance(e, ast.Attribute) else None


def _scan_trees(trees: list) -> tuple[str, frozenset, bool]:
    """(every identifier the trees name, one per line; the ids of the level-opening calls
    that are not a ``with`` item: ``enter_dual_level()``, ``dual_level()`` entered by hand;
    whether a level opener is named other than by a direct call, an alias
    ``lvl = fwAD.dual_level`` or ``enter_dual_level`` handed on as a value: not modelled)."""
    words: set[str] = set()
    names = set(_OPENERS)
    for tree in trees:
        for n in ast.walk(tree):
            if isinstance(n, ast.alias) and n.name.rpartition(".")[2] in _OPENERS and n.asname:
                names.add(n.asname)
    calls: set[int] = set()
    in_with: set[int] = set()
    callees: set[int] = set()
    refs: list[ast.AST] = []
    for tree in trees:
        for n in ast.walk(tree):
            if isinstance(n, ast.Name):
                words.add(n.id)
            elif isinstance(n, ast.Attribute):
                words.add(n.attr)
            elif isinstance(n, ast.alias):
                words.add(n.name)
                words.add(n.asname or "")
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                words.add(n.name)
            if isinstance(n, (ast.With, ast.AsyncWith)):
                in_with.update(id(i.context_expr) for i in n.items)
            if isinstance(n, ast.Call) and _last(n.func) in names:
                calls.add(id(n))
                callees.add(id(n.func))
            elif isinstance(n, (ast.Name, ast.Attribute)) and _last(n) in names:
                refs.append(n)
    loose = any(id(r) not in callees for r in refs)
    text = "\n" + "\n".join(sorted(words)) + "\n"
    return text, frozenset(calls - in_with), loose


def _scan(f: Any) -> tuple[str, frozenset, bool] | None:
    """``_scan_trees`` of every loaded module of the code (``dataflow_fix31b.own_trees``),
    once per pass; None when some module has no tree."""
    memo = f.run_state.get("fix36d_scan")
    if memo is None:
        from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees

        trees = own_trees(getattr(f, "interp", None))
        memo = f.run_state["fix36d_scan"] = (None,) if trees is None else (_scan_trees(trees),)
    return memo[0]


def _levels(f: Any) -> dict:
    """The pass's model of forward AD's level: ``open`` (levels entered by
    ``enter_dual_level()`` and not left), ``maybe`` (a level may be open: entered where the
    pass was not sure the code ran, or a ``dual_level()`` entered by hand / an ``ExitStack``),
    ``ran`` (the ids of the opening calls the pass ran)."""
    st = f.run_state.get("fix36d_levels")
    if st is None:
        st = f.run_state["fix36d_levels"] = {"open": 0, "maybe": False, "ran": set()}
    return st


def _track(f: Any, e: ast.Call, fv: Any) -> None:
    """Count the level openers and closers the pass runs (speculative code included)."""
    q = getattr(fv, "qual", None)
    if not isinstance(q, str) or not q.startswith(_FWAD):
        return
    name = q[len(_FWAD) :]
    if name not in ("enter_dual_level", "exit_dual_level", "dual_level"):
        return
    st = _levels(f)
    if name == "exit_dual_level":
        if f.speculative:
            st["maybe"] = st["maybe"] or st["open"] > 0
        else:
            st["open"] = max(0, st["open"] - 1)
        return
    st["ran"].add(id(e))
    if name == "dual_level":
        scan = _scan(f)
        if scan is None or id(e) in scan[1]:  # not a ``with`` item: entered by hand
            st["maybe"] = True
    elif f.speculative:
        st["maybe"] = True
    else:
        st["open"] += 1


def _no_level(f: Any, e: ast.Call, fr: Any) -> bool:
    """No dual level is open for certain: no ``with`` of an unmodelled manager (``with
    fwAD.dual_level():`` is one) is open, the levels the pass counted are all closed, and the
    loaded code holds no level opener the pass did not run (``enter_dual_level()`` in a
    caller's code, an alias of ``dual_level``) nor a transform that may open one."""
    if any(k.arg == "level" for k in e.keywords) or len(e.args) > 2 or f.speculative:
        return False
    d = f.run_state.get("fix30b_modes")
    if d is not None and d.get("unknown", 0) != 0:
        return False
    st = _levels(f)
    if st["open"] > 0 or st["maybe"]:
        return False
    scan = _scan(f)
    if scan is None:
        return False
    text, openers, loose = scan
    if loose or any(w in text for w in _TRANSFORM_WORDS):
        return False
    return openers <= st["ran"]


def _size(s: tuple) -> str:
    return "[" + ", ".join(str(n) for n in s) + "]"


@hooks.before(
    193
)  # crashfix36d (200 is fix31._none_hook, which stays last): forward-AD make_dual (no level, tangent size)
def dual_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if _off(f) or f.input_shape is None:
        return
    _track(f, e, fv)
    if f.speculative or fr is None:
        return
    if spread(e):
        return
    if isinstance(e.func, ast.Attribute) and e.func.attr == "apply":
        err = _apply_error(run, e, fr)
        if err is not None:
            f.crash(fr.loc(e), err)
        return
    if not isinstance(fv, Ext) or fv.qual not in _MAKE_DUAL:
        return
    if _no_level(f, e, fr):
        f.crash(fr.loc(e), "RuntimeError: Trying to create a dual Tensor for forward AD but no "
                "level exists, make sure to enter_dual_level() first.")  # fmt: skip
        return
    x, t = arg(args, kwargs, 0, "tensor"), arg(args, kwargs, 1, "tangent")
    sx, st = _shape(x), _shape(t)
    if sx is None or st is None or tuple(sx) == tuple(st):
        return
    f.crash(fr.loc(e), "RuntimeError: Trying to set a forward gradient that has a different "
            "size than that of the original Tensor, this is not supported. Tensor is of size "
            f"{_size(sx)} while the given forward gradient is of size {_size(st)}.")  # fmt: skip


_FUNCTION = frozenset({"torch.autograd.Function", "torch.autograd.function.Function"})


def _chain(c: Any) -> list | None:
    """The user classes from ``c`` up to ``torch.autograd.Function`` (single inheritance
    only), or None."""
    from driftcheck.parsers.source.values.abstract import Ext

    out: list = []
    while len(out) < 8:
        node = getattr(c, "node", None)
        bases = getattr(c, "bases", None)
        if not isinstance(node, ast.ClassDef) or not isinstance(bases, list) or len(bases) != 1:
            return None
        if node.decorator_list or node.keywords:
            return None
        out.append(node)
        b = bases[0]
        if isinstance(b, Ext):
            return out if b.qual in _FUNCTION else None
        c = b
    return None


def _method(chain: list, name: str) -> ast.AST | None:
    """The first definition of ``name`` in the chain's class bodies; a non-def binding: the
    sentinel ``ast.Pass``."""
    for node in chain:
        for st in node.body:
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == name:
                return st
            if isinstance(st, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = st.targets if isinstance(st, ast.Assign) else [st.target]
                if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                    return ast.Pass()
    return None


def _bind_error(fn: ast.FunctionDef, e: ast.Call) -> str | None:
    """``inspect.signature(fn).bind(*e.args, **e.keywords)``'s TypeError, if certain."""
    a = fn.args
    if a.posonlyargs or a.kwonlyargs:
        return None
    params = [p.arg for p in a.args]
    n = len(e.args)
    given = [k.arg for k in e.keywords]
    if n > len(params) and a.vararg is None:
        return "TypeError: too many positional arguments"
    if any(k in params[:n] for k in given):
        return None  # "multiple values": not judged
    if a.kwarg is None:
        for k in given:
            if k not in params:
                return f"TypeError: got an unexpected keyword argument '{k}'"
    first_default = len(params) - len(a.defaults)
    for i in range(n, len(params)):
        if i < first_default and params[i] not in given:
            return f"TypeError: missing a required argument: '{params[i]}'"
    return None


def _apply_error(run: Any, e: ast.Call, fr: Any) -> str | None:
    assert isinstance(e.func, ast.Attribute)
    c = receiver(run, e, fr)  # the value the call's receiver had: never evaluated again
    if c.__class__.__name__ != "Cls":
        return None
    chain = _chain(c)
    if not chain or _method(chain, "apply") is not None:
        return None
    setup = _method(chain, "setup_context")
    fwd = _method(chain, "forward")
    if not isinstance(setup, ast.FunctionDef) or not isinstance(fwd, ast.FunctionDef):
        return None
    decos = fwd.decorator_list
    if len(decos) != 1 or not (isinstance(decos[0], ast.Name) and decos[0].id == "staticmethod"):
        return None
    return _bind_error(fwd, e)
