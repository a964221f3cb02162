"""Session 35 (crashfix35): ``prune.remove`` of a tensor that is not pruned.

torch's ``prune.remove(module, name)`` looks for a pruning hook of ``name`` among the module's
forward pre-hooks and raises ``ValueError: Parameter '<name>' of module <module> has to be
pruned before pruning can be removed`` when there is none: the tensor was never pruned, or
its pruning was removed already.

Reported in ``forward`` on real sizes when the module is a torch layer the ``__init__``
interpreter read (no unsure note), and whether ``name`` is pruned is known exactly:

- ``__init__``'s prunes are the names ``library/torchsurgery`` recorded on the layer
  (``_driftcheck_pruned``), and every prune call the interpreter met named a module and tensor
  it read (``PRUNE_UNREAD`` unset);
- ``forward``'s prunes and removes, in order, as this pass runs them (this module's hook on
  every call), the pass exact so far (``Flow.doubts`` 0: no speculative region, no unknown
  call, no cut loop) and not speculative here;
- no prune elsewhere: every prune call of the loaded code (``prune.<method>(...)``,
  ``prune.global_unstructured``) is one the interpreter or this pass ran, or lies in a
  function (not ``__init__``) this pass is running (exact so far: it did not run before this
  point); no other spelling (an alias, ``from torch.nn.utils.prune import ...``,
  ``Method.apply(...)``, a class deriving from a pruning method) appears anywhere.

Switch: ``DRIFTCHECK_NO_PRUNE_REMOVE_35=1``.
"""

from __future__ import annotations

import ast
import os
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks

_PRUNE = "torch.nn.utils.prune."
APPLY = frozenset(
    {"identity", "random_unstructured", "l1_unstructured", "random_structured",
     "ln_structured", "custom_from_mask", "global_unstructured"}
)  # fmt: skip
_STATE = "fix35_pruned"  # id(leaf) -> the names pruned now (from __init__'s, then forward's)
_FWD_LINES = "fix35_fwd_lines"  # (file, line) of the prune calls this pass ran
_FUNCS = "fix35_funcs"  # id(FunctionDef) of the functions this pass ran a call from
_UNREAD = "fix35_unread"  # a prune in forward of a module / name not read


def _off() -> bool:
    return os.environ.get("DRIFTCHECK_NO_PRUNE_REMOVE_35") == "1"


def _leaf(run: Any, mod: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import Leaf
    from driftcheck.parsers.source.values.dataflow_values import Mod

    if not isinstance(mod, Mod):
        return None
    try:
        obj = run.f.resolve(mod.obj)
    except Exception:  # noqa: BLE001
        return None
    return obj if isinstance(obj, Leaf) else None


def _state(run: Any, leaf: Any) -> set[str]:
    from driftcheck.parsers.source.library.torchsurgery import _PRUNED

    st = run.f.run_state.setdefault(_STATE, {})
    got = st.get(id(leaf))
    if got is None:
        got = st[id(leaf)] = set(getattr(leaf, _PRUNED, None) or ())
        run.f.run_state.setdefault("fix35_keep", []).append(leaf)  # ids stay unique
    return got


def _pairs(run: Any, v: Any) -> list | None:
    """``[(m, "weight"), ...]`` of ``global_unstructured``: (leaf, name) pairs, None if unread."""
    items = v if isinstance(v, (list, tuple)) else None
    if items is None:
        return None
    out = []
    for p in items:
        if not isinstance(p, (list, tuple)) or len(p) != 2 or not isinstance(p[1], str):
            return None
        leaf = _leaf(run, p[0])
        if leaf is None:
            return None
        out.append((leaf, p[1]))
    return out


def _prune_names(tree: ast.AST) -> set[str]:
    """The names a module binds to ``torch.nn.utils.prune`` (``import ... as prune``)."""
    names = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            for a in n.names:
                if a.name == "torch.nn.utils.prune" and a.asname:
                    names.add(a.asname)
        elif isinstance(n, ast.ImportFrom) and n.module == "torch.nn.utils":
            for a in n.names:
                if a.name == "prune":
                    names.add(a.asname or "prune")
    return names


def _is_prune(e: ast.AST, names: set[str]) -> bool:
    """``prune`` / ``torch.nn.utils.prune`` (any spelling ending in ``.prune``)."""
    if isinstance(e, ast.Name):
        return e.id in names or e.id == "prune"
    return isinstance(e, ast.Attribute) and e.attr == "prune"


def _others_seen(run: Any) -> bool:
    """Every prune call of the loaded code is one the interpreter or this pass ran, or lies
    in a function (not ``__init__``) this pass runs; no other spelling of a pruning."""
    from driftcheck.parsers.source.library.torchsurgery import PRUNE_SEEN, PRUNE_UNREAD

    f = run.f
    ip = f.interp
    if getattr(ip, PRUNE_UNREAD, False) or f.run_state.get(_UNREAD):
        return False
    mods = getattr(ip, "mods", None)
    if not isinstance(mods, dict):
        return False
    seen = set(getattr(ip, PRUNE_SEEN, None) or ()) | f.run_state.get(_FWD_LINES, set())
    funcs = f.run_state.get(_FUNCS, set())
    for key, info in mods.items():
        if isinstance(key, str) and key.startswith("@torch:"):
            continue
        tree = getattr(info, "tree", None)
        if tree is None:
            return False
        path = str(getattr(info, "path", ""))
        names = _prune_names(tree)
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and (n.module or "").endswith("utils.prune"):
                return False  # ``from torch.nn.utils.prune import l1_unstructured``
            if isinstance(n, ast.ClassDef) and any("prun" in ast.dump(b).lower() for b in n.bases):
                return False  # a pruning method of the code's own
            if isinstance(n, ast.Attribute) and n.attr in ("apply", "apply_mask"):
                if "prun" in ast.dump(n.value).lower():
                    return False  # ``prune.L1Unstructured.apply(m, "weight", amount)``
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
                continue
            running = isinstance(fn, ast.FunctionDef) and fn.name != "__init__" and id(fn) in funcs
            body = fn.body if isinstance(fn, ast.Module) else fn.body
            for n in _walk_own(body):
                if not isinstance(n, ast.Attribute) or not _is_prune(n.value, names):
                    continue
                if n.attr not in APPLY:
                    continue
                if (path, n.lineno) in seen or running:
                    continue
                return False
    return True


def _walk_own(body: list) -> Any:
    """The nodes of ``body`` outside nested functions (each function is walked on its own)."""
    todo = list(body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        yield n
        todo.extend(ast.iter_child_nodes(n))


def _note_func(run: Any, fr: Any) -> None:
    node = getattr(getattr(fr, "func", None), "node", None)
    if isinstance(node, ast.FunctionDef):
        run.f.run_state.setdefault(_FUNCS, set()).add(id(node))


@hooks.before(120)  # ``prune.remove(m, n)`` of a tensor not pruned
def prune_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if f.input_shape is None or _off() or fr is None:
        return
    _note_func(run, fr)
    q = fv.qual if isinstance(fv, Ext) else ""
    if not q.startswith(_PRUNE) or q.count(".") != 4:
        return
    fn = q[len(_PRUNE) :]
    starred = any(isinstance(a, ast.Starred) for a in e.args) or any(
        k.arg is None for k in e.keywords
    )
    if fn in APPLY:
        f.run_state.setdefault(_FWD_LINES, set()).add(tuple(fr.loc(e)))
        if fn == "global_unstructured":
            pairs = None if starred else _pairs(run, args[0] if args else kwargs.get("parameters"))
        else:
            mod = args[0] if args else kwargs.get("module")
            name = args[1] if len(args) > 1 else kwargs.get("name")
            leaf = _leaf(run, mod)
            ok = not starred and leaf is not None and isinstance(name, str)
            pairs = [(leaf, name)] if ok else None
        if pairs is None:
            f.run_state[_UNREAD] = True
            return
        for leaf, name in pairs:
            _state(run, leaf).add(name)
        return
    if fn != "remove" or starred:
        return
    mod = args[0] if args else kwargs.get("module")
    name = args[1] if len(args) > 1 else kwargs.get("name")
    leaf = _leaf(run, mod)
    if leaf is None or not isinstance(name, str):
        f.run_state[_UNREAD] = True  # a removal not read: later verdicts unsure
        return
    pruned = _state(run, leaf)
    if name in pruned:
        pruned.discard(name)
        return
    if f.speculative or f.doubts or leaf.unresolved or not _others_seen(run):
        return
    f.crash(
        fr.loc(e),
        f"ValueError: Parameter '{name}' of module {leaf.type} has to be pruned before pruning "
        "can be removed",
    )
