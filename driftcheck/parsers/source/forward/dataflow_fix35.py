"""Session 35 (crashfix35): ``prune.remove`` of a tensor that is not pruned; ``load_state_dict``
of a dict the pass holds with a key the module's state has not (``state_loaded`` below,
switch ``DRIFTCHECK_NO_LOAD_STATE_35=1``).

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
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import receiver, walk_own
from driftcheck.parsers.source.forward.dataflow_fix30b import _tree_plain
from driftcheck.parsers.source.forward.dataflow_params import listed
from driftcheck.parsers.source.values.abstract import Ext, Leaf, Obj
from driftcheck.parsers.source.values.dataflow_values import Mod, Tens, known_shape

_PRUNE = "torch.nn.utils.prune."
APPLY = frozenset(
    {"identity", "random_unstructured", "l1_unstructured", "random_structured",
     "ln_structured", "custom_from_mask", "global_unstructured"}
)  # fmt: skip
_STATE = "fix35_pruned"  # id(leaf) -> the names pruned now (from __init__'s, then forward's)
_FWD_LINES = "fix35_fwd_lines"  # (file, line) of the prune calls this pass ran
_FUNCS = "fix35_funcs"  # id(FunctionDef) of the functions this pass ran a call from
_UNREAD = "fix35_unread"  # a prune in forward of a module / name not read


def _off(f: Any) -> bool:
    """Whether the rule is switched off for this pass (``Flow.switches``: read once per pass)."""
    return f.switches.get("DRIFTCHECK_NO_PRUNE_REMOVE_35") == "1"


def _leaf(run: Any, mod: Any) -> Any:
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
            for n in walk_own(body):
                if not isinstance(n, ast.Attribute) or not _is_prune(n.value, names):
                    continue
                if n.attr not in APPLY:
                    continue
                if (path, n.lineno) in seen or running:
                    continue
                return False
    return True


def _note_func(run: Any, fr: Any) -> None:
    node = getattr(getattr(fr, "func", None), "node", None)
    if isinstance(node, ast.FunctionDef):
        run.f.run_state.setdefault(_FUNCS, set()).add(id(node))


@hooks.before(120)  # ``prune.remove(m, n)`` of a tensor not pruned
def prune_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or _off(f) or fr is None:
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


# ---------------------------------------------------------------------- load_state_dict
_LSD_OFF = "DRIFTCHECK_NO_LOAD_STATE_35"


def state_keys(run: Any, obj: Any) -> dict[str, tuple] | None:
    """The keys of ``obj.state_dict()`` with their shapes, where every module of the tree is
    one whose tensors the pass knows (``dataflow_params.listed``), none is shared (torch
    lists a shared module under each name, ``listed`` once) and none changes torch's
    state-dict protocol (``dataflow_fix30b._tree_plain``); None otherwise."""

    f = run.f
    try:
        if not _tree_plain(f, obj):
            return None
        seen: set[int] = set()
        todo = [obj]
        # session 40 (crashfix40a): a module is shared when the same object is met twice, not
        # when two equal items of a ModuleList / Sequential fold into one graph node (``resolve``
        # maps both to the first; torch holds one module, and its own state, per item)
        own_ids = (
            f.switches.get("DRIFTCHECK_FIX40A") == "1"
            and f.switches.get("DRIFTCHECK_NO_FIX40A") != "1"
        )
        while todo:
            own = todo.pop()
            m = f.resolve(own)
            key = id(own) if own_ids else id(m)
            if key in seen or len(seen) > 4096:
                return None  # a module shared in the tree
            seen.add(key)
            if isinstance(m, Obj):
                kids = own.children if own_ids and isinstance(own, Obj) else m.children
                todo.extend(c for c in kids.values() if c is not None)
            elif not isinstance(m, Leaf):
                return None
        params = listed(run, obj, "named_parameters", [], {})
        bufs = listed(run, obj, "named_buffers", [], {})
    except Exception:  # noqa: BLE001 - a tree the walk cannot read: unknown
        return None
    if params is None or bufs is None:
        return None
    out: dict[str, tuple] = {}
    for k, t in [*params, *bufs]:
        shape = known_shape(t)
        if shape is None or k in out:
            return None
        out[k] = shape
    return out


def _pure(e: ast.expr) -> bool:
    """``self.backbone`` / ``m``: an expression whose second reading has no effect."""
    while isinstance(e, ast.Attribute):
        e = e.value
    return isinstance(e, ast.Name)


@hooks.before(130)  # ``m.load_state_dict({"state_dict": ..., "epoch": 9})``
def state_loaded(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``dst.load_state_dict(d, strict=True)`` of a dict the pass holds (a ``dict`` with
    ``str`` keys only): a key of ``d`` that no tensor of ``dst``'s state has (unexpected:
    ``{"state_dict": ..., "epoch": 9}``, a prefix too many) is torch's RuntimeError under
    ``strict``; a tensor of known shape under a key of ``dst`` with another shape is a "size
    mismatch" either way. Keys the pass may not have seen added never matter (a missing key
    is not judged: the dict may hold more than the pass knows), but one it saw could have
    been removed where it could not follow: only while the pass is exact so far
    (``Flow.doubts`` 0, not speculative). ``dst`` is a module tree whose state the pass knows
    (``state_keys``)."""

    f = run.f
    if f.input_shape is None or f.switches.get(_LSD_OFF) == "1" or fr is None:
        return
    func = e.func
    if not isinstance(func, ast.Attribute) or func.attr != "load_state_dict":
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    if len(args) > 3 or set(kwargs) - {"state_dict", "strict", "assign"}:
        return
    sd = args[0] if args else kwargs.get("state_dict")
    strict = args[1] if len(args) > 1 else kwargs.get("strict", True)
    if sd.__class__ is not dict or strict.__class__ is not bool or not sd:
        return
    if not all(k.__class__ is str for k in sd) or f.speculative or f.doubts:
        return
    if not _pure(func.value):
        return
    dst = receiver(run, e, fr)
    if not isinstance(dst, Mod):
        return
    mine = state_keys(run, dst.obj)
    if mine is None:
        return
    for k, v in sd.items():
        other = known_shape(v) if isinstance(v, Tens) else None
        if k in mine and other is not None and other != mine[k]:
            f.crash(fr.loc(e), f"RuntimeError: Error(s) in loading state_dict: size mismatch "
                    f"for {k}: copying a param with shape {other}, the shape in current model "
                    f"is {mine[k]}")  # fmt: skip
            return
    # a BatchNorm's ``num_batches_tracked`` is a key of its own state: kept as any other
    unexpected = [k for k in sd if k not in mine]
    if strict and unexpected:
        f.crash(fr.loc(e), "RuntimeError: Error(s) in loading state_dict: unexpected key(s) "
                f"{unexpected[:3]}")  # fmt: skip


# The forward pre-hook result form (session 35's ``prehook_form``, a trial run of the first
# pre-hook before the call) is now checked where pre-hooks are modelled: ``dataflow_fix36``.
