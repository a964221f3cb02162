"""Session 35 (crashfix35c): loss-argument and ``pad_sequence`` misuses in ``forward``.

Each verdict is torch's own (torch 2.13, CPU; ``tests/test_crash35c.py`` runs every one in
torch, with clean twins), judged only on values the pass holds for certain:

- ``nn.CrossEntropyLoss`` / ``NLLLoss`` / ``BCELoss`` / ``BCEWithLogitsLoss`` /
  ``MultiLabelSoftMarginLoss`` / ``MultiMarginLoss`` built with ``weight=`` (or
  ``BCEWithLogitsLoss``'s ``pos_weight=``) a Python list or tuple: ``register_buffer`` refuses
  it (TypeError "cannot assign 'list' object to buffer 'weight'"), at construction, so a loss
  built lazily inside ``forward`` counts too;
- ``F.<loss>(..., reduction=None)`` without the legacy ``size_average`` / ``reduce``: ValueError
  "None is not a valid value for reduction" (the functionals in ``_REDUCTION_CHECKED``, each
  measured); ``F.cross_entropy`` / ``F.nll_loss`` with ``ignore_index=None``: TypeError;
- ``pad_sequence(seqs, padding_side=s)`` with ``s`` a string other than ``"left"`` /
  ``"right"``: RuntimeError; ``seqs`` a list holding a Python list or tuple: TypeError
  ("expected Tensor as element i in argument 0").

A None is trusted only where it is certain: a literal ``None``, a local the pass's
``sure_none`` accepts, or an attribute chain (``self.cfg.reduction``) none of whose names any
loaded module stores outside ``__init__`` (no ``setattr`` anywhere). Switch:
``DRIFTCHECK_NO_FIX35C=1``.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward import dataflow_fix25b
from driftcheck.parsers.source.forward.dataflow_common import receiver
from driftcheck.parsers.source.forward.dataflow_fix30b import GRADS, _depth, _plain_class
from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees
from driftcheck.parsers.source.interp.opaque import _TAIL, is_note_for
from driftcheck.parsers.source.library.tensordtypes import canon
from driftcheck.parsers.source.values.abstract import Ext, Leaf
from driftcheck.parsers.source.values.dataflow_values import Bound, Mod, Tens, UserFunc, known_shape

# torch loss modules whose ``__init__`` registers ``weight`` (``_WeightedLoss``) as a buffer
_WEIGHT_BUFFER = frozenset(
    {"CrossEntropyLoss", "NLLLoss", "NLLLoss2d", "BCELoss", "BCEWithLogitsLoss",
     "MultiLabelSoftMarginLoss", "MultiMarginLoss"}
)  # fmt: skip
# functionals that hand ``reduction`` to ``_Reduction.get_enum`` (ValueError for None)
_REDUCTION_CHECKED = frozenset(
    {"cross_entropy", "nll_loss", "mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss",
     "binary_cross_entropy", "binary_cross_entropy_with_logits", "kl_div"}
)  # fmt: skip
_IGNORE_INDEX = frozenset({"cross_entropy", "nll_loss"})
_PAD = ("torch.nn.utils.rnn.pad_sequence",)
# torch's LAPACK-backed ops: no float16 / bfloat16 kernel on the CPU (measured in torch 2.13 on
# both dtypes, ``tests/test_crash35c.py``); autocast's CPU policy runs most of them in float32
_LINALG = frozenset(
    {f"torch.linalg.{n}" for n in ("cholesky", "cholesky_ex", "solve", "inv", "inv_ex", "det",
                                   "slogdet", "eigh", "eigvalsh", "eig", "eigvals", "svd",
                                   "svdvals", "qr", "lu_factor", "lu")}
    | {f"torch.{n}" for n in ("cholesky", "inverse", "det", "logdet", "slogdet", "svd", "qr",
                              "cholesky_inverse")}
)  # fmt: skip
_LOW = {"float16": "Half", "bfloat16": "BFloat16"}
_CASTS = {"half": "float16", "bfloat16": "bfloat16"}


def _off(f: Any) -> bool:
    """Whether the rule is switched off for this pass (``Flow.switches``: read once per pass)."""
    return f.switches.get("DRIFTCHECK_NO_FIX35C") == "1"


def _kw_node(e: ast.Call, name: str) -> ast.AST | None:
    for k in e.keywords:
        if k.arg == name:
            return k.value
    return None


def _chain(node: ast.AST) -> list[str] | None:
    """``self.cfg.reduction`` -> ``["cfg", "reduction"]`` (rooted at a name)."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    return names[::-1] if isinstance(node, ast.Name) and names else None


def _attrs_only_init(run: Any, names: list[str]) -> bool:
    """No loaded module stores an attribute of one of ``names`` outside an ``__init__`` /
    ``__post_init__`` (a class-level field is fine), and none calls ``setattr``."""

    trees = own_trees(run.f.interp)
    if trees is None:
        return False
    want = set(names)
    for tree in trees:
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            init = getattr(fn, "name", "") in ("__init__", "__post_init__")
            for n in ast.walk(fn):
                if isinstance(n, ast.Call):
                    c = n.func
                    called = c.attr if isinstance(c, ast.Attribute) else getattr(c, "id", None)
                    if called in ("setattr", "__setattr__", "replace", "update", "__dict__"):
                        return False
                elif (
                    not init
                    and isinstance(n, ast.Attribute)
                    and n.attr in want
                    and not isinstance(n.ctx, ast.Load)
                ):
                    return False
    return True


def _sure_none(run: Any, node: ast.AST | None, v: Any, fr: Any) -> bool:
    if v is not None or node is None:
        return False
    if isinstance(node, ast.Constant):
        return node.value is None
    if isinstance(node, ast.Name):
        try:
            return run.sure_none(v, node, fr) is None
        except Exception:  # noqa: BLE001
            return False
    names = _chain(node)
    return names is not None and _attrs_only_init(run, names)


@hooks.before(160)  # crashfix35c: losses, pad_sequence, linalg dtypes, vmap, hook forms
def called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if _off(f) or f.input_shape is None or f.speculative:
        return
    if isinstance(e.func, ast.Call):
        _vmap_call(run, e, fr)  # ``vmap(fn)(xs)``
        return
    if isinstance(e.func, ast.Attribute) and e.func.attr in _HOOK_ARGS:
        _hook_registered(run, e, fr)

    if isinstance(fv, Mod):
        _hooked_called(run, e, fv, fr)
        return
    if isinstance(e.func, ast.Attribute) and e.func.attr in _NOT_MODULE:
        if not isinstance(fv, Bound) and _chain(e.func.value) is not None:
            try:  # ``self.fc.register_forward_hook``: the pass gives no method value
                fv = Bound(receiver(run, e, fr), e.func.attr)
            except Exception:  # noqa: BLE001
                return
        if isinstance(fv, Bound):
            _result_as_child(run, e, fv, fr)
        return
    if not isinstance(fv, Ext):
        return
    q = fv.qual
    if not isinstance(q, str):
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    name = q.rsplit(".", 1)[-1]
    if q == f"torch.nn.{name}" and name in _WEIGHT_BUFFER:
        _loss_ctor(f, e, name, args, kwargs, fr)
    elif q == f"torch.nn.functional.{name}" and name in _REDUCTION_CHECKED:
        _loss_fn(run, e, name, kwargs, fr)
    elif q in _PAD:
        _pad(f, e, args, kwargs, fr)
    elif q in _LINALG:
        _linalg(run, e, q, args, fr)


def _loss_ctor(f: Any, e: ast.Call, name: str, args: list, kwargs: dict, fr: Any) -> None:
    keys = ("weight", "pos_weight") if name == "BCEWithLogitsLoss" else ("weight",)
    if name != "BCEWithLogitsLoss" and args:
        return  # a positional ``weight`` (first argument): not judged
    for key in keys:
        v = kwargs.get(key)
        if v.__class__ in (list, tuple):
            kind = type(v).__name__
            f.crash(fr.loc(e), f"TypeError: cannot assign '{kind}' object to buffer '{key}' "
                    "(torch Tensor or None required)")  # fmt: skip
            return


def _loss_fn(run: Any, e: ast.Call, name: str, kwargs: dict, fr: Any) -> None:
    f = run.f
    if "size_average" in kwargs or "reduce" in kwargs:
        return  # the legacy arguments decide the reduction
    if "reduction" in kwargs and _sure_none(run, _kw_node(e, "reduction"), kwargs["reduction"], fr):
        f.crash(fr.loc(e), "ValueError: None is not a valid value for reduction")
        return
    if name in _IGNORE_INDEX and "ignore_index" in kwargs:
        if _sure_none(run, _kw_node(e, "ignore_index"), kwargs["ignore_index"], fr):
            f.crash(fr.loc(e), f"TypeError: {name}: argument 'ignore_index' must be int, "
                    "not NoneType")  # fmt: skip


def _pad(f: Any, e: ast.Call, args: list, kwargs: dict, fr: Any) -> None:
    side = kwargs.get("padding_side", args[3] if len(args) > 3 else "right")
    if isinstance(side, str) and side not in ("left", "right"):
        f.crash(fr.loc(e), "RuntimeError: Expected padding_side to be one of left or right, "
                f"but got {side}.")  # fmt: skip
        return
    seqs = args[0] if args else kwargs.get("sequences")
    if seqs.__class__ is not list:
        return
    node = e.args[0] if e.args else _kw_node(e, "sequences")
    elts = [node.elt] if isinstance(node, ast.ListComp) else getattr(node, "elts", None)
    if isinstance(node, (ast.ListComp, ast.List)) and elts:
        for i, elt in enumerate(elts):
            kind = _plain_seq(elt)
            if kind is None:
                break
            f.crash(fr.loc(e), f"TypeError: expected Tensor as element {i} in argument 0, "
                    f"but got {kind}")  # fmt: skip
            return
    for i, s in enumerate(seqs):
        if s.__class__ in (list, tuple):
            f.crash(fr.loc(e), f"TypeError: expected Tensor as element {i} in argument 0, "
                    f"but got {type(s).__name__}")  # fmt: skip
            return
        if not isinstance(s, Tens):
            return  # an element the pass does not know: torch may fail there first


def _plain_seq(node: ast.AST) -> str | None:
    """An element expression that is surely no tensor: ``x.tolist()`` (a list, or a number
    for a 0-d tensor) and the builtins ``tuple(..)`` / ``list(..)``."""
    if not isinstance(node, ast.Call):
        return None
    fn = node.func
    if isinstance(fn, ast.Attribute) and fn.attr == "tolist" and not node.args:
        return "list"
    if isinstance(fn, ast.Name) and fn.id in ("tuple", "list") and len(node.args) <= 1:
        return fn.id
    return None


def _linalg(run: Any, e: ast.Call, q: str, args: list, fr: Any) -> None:
    """``torch.linalg.cholesky(a)`` (and the other LAPACK ops of ``_LINALG``) of a non-empty
    float16 / bfloat16 matrix, outside autocast: torch has no CPU kernel (NotImplementedError
    or RuntimeError "Low precision dtypes not supported")."""

    f = run.f
    if not args or not e.args or not isinstance(args[0], Tens):
        return
    shape = known_shape(args[0])
    if shape is None or len(shape) < 2 or 0 in shape:
        return
    if dataflow_fix25b.autocast_may_run(f.interp):
        # only a cast written as the argument itself, outside every ``with`` the pass does
        # not know, in code whose every ``autocast`` is a ``with`` item
        if _depth(f).get("unknown", 1) or not _autocast_only_with(f):
            return
        dt = _cast_dtype(run, e.args[0], fr)
    else:
        dt = dataflow_fix25b.exact(f, args[0])
    if dt in _LOW:
        name = q.rsplit(".", 1)[-1]
        f.crash(fr.loc(e), f"NotImplementedError: torch.{name.removeprefix('torch.')} has no "
                f"CPU kernel for '{_LOW[dt]}' (LAPACK ops need float32 / float64)")  # fmt: skip


def _cast_dtype(run: Any, node: ast.AST, fr: Any) -> str | None:
    """``x.half()`` / ``x.bfloat16()`` / ``x.to(torch.float16)``: the dtype it casts to."""

    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    attr = node.func.attr
    if attr in _CASTS and not node.args and not node.keywords:
        return _CASTS[attr]
    if attr == "to" and len(node.args) == 1 and not node.keywords:
        try:
            return canon(run.eval(node.args[0], fr))
        except Exception:  # noqa: BLE001
            return None
    return None


def _autocast_only_with(f: Any) -> bool:
    """Every name of the loaded code that mentions ``autocast`` is inside a ``with`` item."""

    got = f.run_state.get("fix35c_autocast")
    if isinstance(got, bool):
        return got
    trees = own_trees(f.interp)
    ok = trees is not None
    for tree in trees or ():
        inside: set[int] = set()
        for n in ast.walk(tree):
            if isinstance(n, (ast.With, ast.AsyncWith)):
                for item in n.items:
                    inside |= {id(x) for x in ast.walk(item.context_expr)}
        for n in ast.walk(tree):
            word = n.attr if isinstance(n, ast.Attribute) else getattr(n, "id", None)
            if not isinstance(n, (ast.Attribute, ast.Name)):
                word = None
            if isinstance(n, ast.alias):
                word = n.name
                if "autocast" in word and n.asname and "autocast" not in n.asname:
                    ok = False  # ``import ... autocast as ac``: its uses are not seen
                    break
            if isinstance(word, str) and "autocast" in word and id(n) not in inside:
                if not isinstance(n, ast.alias):
                    ok = False
                    break
        if not ok:
            break
    f.run_state["fix35c_autocast"] = ok
    return ok


# ``nn.Module`` methods whose result is no module (a ``RemovableHandle``, ``_IncompatibleKeys``)
_NOT_MODULE = {
    "register_forward_hook": "torch.utils.hooks.RemovableHandle",
    "register_forward_pre_hook": "torch.utils.hooks.RemovableHandle",
    "register_full_backward_hook": "torch.utils.hooks.RemovableHandle",
    "register_full_backward_pre_hook": "torch.utils.hooks.RemovableHandle",
    "register_load_state_dict_post_hook": "torch.utils.hooks.RemovableHandle",
    "load_state_dict": "torch.nn.modules.module._IncompatibleKeys",
}


def _torch_method(f: Any, obj: Any, name: str) -> bool:
    """``obj.<name>`` is ``nn.Module``'s own method: a torch layer, or a module of a class of
    the code's own whose classes define none of it (nor ``__getattr__`` tricks)."""

    if isinstance(obj, Leaf):
        t = obj.torch
        return isinstance(t, str) and t == f"torch.nn.{obj.type}" and not obj.unresolved
    if getattr(obj, "qual", None) in _CONTAINERS:
        return not getattr(obj, "unresolved", True)  # torch's containers override neither
    return _plain_class(obj, (name, "__getattr__", "__getattribute__", "__class__"))


def _result_as_child(run: Any, e: ast.Call, fv: Any, fr: Any) -> None:
    """``self.fc = self.fc.register_forward_pre_hook(h)`` / ``self.backbone =
    self.backbone.load_state_dict(sd)``: the result (a handle, the load's key report) is no
    module, and ``Module.__setattr__`` refuses it over a child module's name (TypeError)."""

    f = run.f
    kind = _NOT_MODULE.get(fv.name)
    if kind is None or not isinstance(fv.target, Mod) or fr is None:
        return
    if not _torch_method(f, f.resolve(fv.target.obj), fv.name):
        return
    fn = getattr(getattr(fr, "func", None), "node", None)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return
    st = next((n for n in ast.walk(fn) if isinstance(n, ast.Assign) and n.value is e), None)
    if st is None or len(st.targets) != 1 or not isinstance(st.targets[0], ast.Attribute):
        return
    tgt = st.targets[0]
    try:
        owner = run.eval(tgt.value, fr)
    except Exception:  # noqa: BLE001
        return
    if not isinstance(owner, Mod):
        return
    obj = f.resolve(owner.obj)
    name = tgt.attr
    if (id(obj), name) in f.attr_set:
        return  # ``forward`` wrote (or deleted) it before: not followed here
    if not _setattr_plain(obj, name):
        return
    children = getattr(obj, "children", None) or {}
    if name in children and children[name] is not None:
        f.crash(fr.loc(e), f"TypeError: cannot assign '{kind}' as child module '{name}' "
                "(torch.nn.Module or None expected)")  # fmt: skip


def _setattr_plain(obj: Any, name: str) -> bool:
    """``obj``'s class is seen whole and uses ``nn.Module.__setattr__`` (``_plain_class``'s
    test); an object left unresolved only by other attributes set to unknown values
    (``opaque.note_for``) still counts (a note naming ``name`` does not)."""

    names = ("__setattr__", "__getattr__", "__getattribute__", "__class__")
    why = getattr(obj, "unresolved", None)
    if not why:
        return _plain_class(obj, names)

    if not isinstance(why, list) or not all(isinstance(w, str) for w in why):
        return False
    # only ``opaque.note_for``'s notes (another attribute set to an unknown value)
    if any(_TAIL not in w or " set at " not in w or is_note_for(w, name) for w in why):
        return False
    try:
        obj.unresolved = []
        return _plain_class(obj, names)
    finally:
        obj.unresolved = why


_VMAPS = frozenset({"torch.func.vmap", "torch.vmap", "functorch.vmap"})
# random ops: under ``vmap`` with ``randomness="error"`` (the default) torch raises RuntimeError
_RANDOM = frozenset(
    {f"torch.{n}" for n in ("randn", "randn_like", "rand", "rand_like", "randint",
                            "randint_like", "randperm", "normal", "bernoulli", "multinomial")}
)  # fmt: skip
_SCALARS = (int, float, str, bool, type(None))


def _pure(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) or _chain(node) is not None


def _fn_node(run: Any, node: ast.AST, fr: Any) -> ast.FunctionDef | None:
    """The ``def`` of the code's own function ``node`` names (a name or ``self.method``)."""

    if not _pure(node):
        return None
    try:
        fv = run.eval(node, fr)
    except Exception:  # noqa: BLE001
        return None
    if isinstance(fv, UserFunc) or hasattr(fv, "local_def"):
        got = getattr(fv, "node", None) or getattr(getattr(fv, "func", None), "node", None)
        if isinstance(got, ast.FunctionDef) and not got.decorator_list:
            return got
    return None


def _vmap_call(run: Any, e: ast.Call, fr: Any) -> None:
    """``vmap(fn, ...)(*xs)`` of a function of the code's own: ``fn`` whose every ``return``
    gives a Python number / None / string (or a tuple / list holding one) without
    ``out_dims`` (torch's ValueError "must only return Tensors"); ``fn`` (or ``grad(fn)``)
    that runs a random op (``torch.randn_like``, ``F.dropout(training=True)``...) in a
    statement its body always reaches, under ``randomness="error"`` (the default)."""

    inner = e.func
    f = run.f
    if any(isinstance(a, ast.Starred) for a in (*inner.args, *e.args)):
        return
    if any(k.arg is None for k in (*inner.keywords, *e.keywords)) or not inner.args:
        return
    if not _pure(inner.func):
        return
    try:
        q = getattr(run.eval(inner.func, fr), "qual", None)
    except Exception:  # noqa: BLE001
        return
    if q not in _VMAPS:
        return
    kws = {k.arg: k.value for k in inner.keywords}
    target = inner.args[0]
    wrapped = False
    if isinstance(target, ast.Call) and len(target.args) == 1 and not target.keywords:
        if not _pure(target.func):
            return
        try:
            wq = getattr(run.eval(target.func, fr), "qual", None)
        except Exception:  # noqa: BLE001
            return
        if wq not in GRADS:
            return
        target, wrapped = target.args[0], True
    fn = _fn_node(run, target, fr)
    if fn is None:
        return
    name = fn.name
    if not wrapped and "out_dims" not in kws and len(inner.args) < 3:
        kind = _scalar_returns(fn)
        if kind is not None:
            f.crash(fr.loc(e), f"ValueError: vmap({name}, ...): `{name}` must only return "
                    f"Tensors, got type <class '{kind}'>")  # fmt: skip
            return
    if "randomness" in kws or len(inner.args) > 4:
        return
    op = _random_first(run, fn, fr)
    if op is not None:
        f.crash(fr.loc(e), "RuntimeError: vmap: called random operation while in randomness "
                f"error mode ({op} in {name})")  # fmt: skip


def _own_nodes(fn: ast.FunctionDef) -> list[ast.AST]:
    """The nodes of ``fn``'s body, nested ``def`` / ``lambda`` / class bodies left out."""
    out: list[ast.AST] = []
    todo: list[ast.AST] = list(fn.body)
    while todo:
        n = todo.pop()
        out.append(n)
        for c in ast.iter_child_nodes(n):
            if not isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                  ast.ClassDef)):  # fmt: skip
                todo.append(c)
    return out


def _scalar_returns(fn: ast.FunctionDef) -> str | None:
    """The Python type every ``return`` of ``fn`` surely hands back as a non-tensor output
    (the first non-tensor literal, in a tuple / list or alone); None when one return gives
    none (or ``fn`` has no return, or is a generator)."""
    nodes = _own_nodes(fn)
    if any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in nodes):
        return None
    rets = [n for n in nodes if isinstance(n, ast.Return)]
    if not rets:
        return None
    kinds = []
    for r in rets:
        v = r.value
        items = v.elts if isinstance(v, (ast.Tuple, ast.List)) else [v]
        if any(isinstance(x, ast.Starred) for x in items):
            return None
        got = None
        for x in items:
            if x is None:
                got = "NoneType"
            elif isinstance(x, ast.Constant) and isinstance(x.value, _SCALARS):
                got = type(x.value).__name__
            if got is not None:
                break
        if got is None:
            return None
        kinds.append(got)
    return kinds[0]


def _random_first(run: Any, fn: ast.FunctionDef, fr: Any) -> str | None:
    """A torch random op called in a statement of ``fn``'s top level that runs before any
    ``return`` / ``raise`` / control flow could leave (only expressions that always evaluate
    every call: no ``if`` / ``and`` / ``or`` / comprehension around it)."""
    for st in fn.body:
        if isinstance(st, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return)):
            op = _random_in(run, st, fr)
            if op is not None:
                return op
            if isinstance(st, ast.Return):
                return None
            continue
        if isinstance(st, (ast.FunctionDef, ast.Pass, ast.Import, ast.ImportFrom)):
            continue
        return None  # control flow: what follows may not run
    return None


def _random_in(run: Any, st: ast.AST, fr: Any) -> str | None:
    bad = (ast.IfExp, ast.BoolOp, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
           ast.Lambda, ast.NamedExpr, ast.Await)  # fmt: skip
    if any(isinstance(n, bad) for n in ast.walk(st)):
        return None
    for n in ast.walk(st):
        if not isinstance(n, ast.Call) or not _pure(n.func):
            continue
        name = _chain(n.func)
        if name is None or name[-1] not in ("randn", "randn_like", "rand", "rand_like",
                                            "randint", "randint_like", "randperm", "normal",
                                            "bernoulli", "multinomial", "dropout"):  # fmt: skip
            continue
        try:
            q = getattr(run.eval(n.func, fr), "qual", None)
        except Exception:  # noqa: BLE001
            continue
        if q in _RANDOM:
            return q
        if q == "torch.nn.functional.dropout" and _dropout_on(n):
            return q
    return None


def _dropout_on(n: ast.Call) -> bool:
    """``F.dropout(x, p, training=True)`` with a literal ``p`` in (0, 1) and ``training=True``."""
    p = n.args[1] if len(n.args) > 1 else next((k.value for k in n.keywords if k.arg == "p"), None)
    tr = (
        n.args[2]
        if len(n.args) > 2
        else next((k.value for k in n.keywords if k.arg == "training"), None)
    )
    if p is None:
        p = ast.Constant(0.5)
    ok_p = isinstance(p, ast.Constant) and isinstance(p.value, float) and 0 < p.value < 1
    return ok_p and isinstance(tr, ast.Constant) and tr.value is True


# positional arguments torch hands a hook (``with_kwargs=False``)
_HOOK_ARGS = {"register_forward_hook": 3, "register_forward_pre_hook": 2}
_HOOKED = "fix35c_hooks"
_CONTAINERS = frozenset(
    {"torch.nn.Sequential", "torch.nn.ModuleList", "torch.nn.ModuleDict"}
)  # run_state: id(module object) -> the TypeError its hook raises


def _arity_error(fn: Any, given: int) -> str | None:
    """``fn`` (a lambda / def node) cannot take ``given`` positional arguments."""
    a = fn.args
    if a.vararg is not None or a.kwonlyargs and any(d is None for d in a.kw_defaults):
        return None if a.vararg is not None else "keyword"
    pos = [*a.posonlyargs, *a.args]
    need = len(pos) - len(a.defaults)
    if need <= given <= len(pos):
        return None
    return f"takes {len(pos)} positional arguments but {given} were given"


def _hook_registered(run: Any, e: ast.Call, fr: Any) -> None:
    """``self.stem.register_forward_hook(lambda m, out: None)``: a hook whose signature cannot
    take torch's positional arguments; the next call of that module raises TypeError."""

    f = run.f
    if len(e.args) != 1 or e.keywords or not _pure(e.func.value):
        return
    node = e.args[0]
    if isinstance(node, ast.Lambda):
        fn = node
    else:
        fn = _fn_node(run, node, fr)
        if fn is None:
            return
        if isinstance(fn, ast.FunctionDef) and _pure(node) and isinstance(node, ast.Attribute):
            return  # a bound method: ``self`` is given by Python (not judged)
    try:
        target = receiver(run, e, fr)
    except Exception:  # noqa: BLE001
        return
    if not isinstance(target, Mod):
        return
    from driftcheck.parsers.source.forward.dataflow_fix36 import own_module

    obj = own_module(f, target.obj)  # the very block, not its repeated stand-in (crashfix36)
    if not _torch_method(f, obj, e.func.attr):
        return
    why = _arity_error(fn, _HOOK_ARGS[e.func.attr])
    if why is None or why == "keyword":
        return
    f.run_state.setdefault(_HOOKED, {})[id(obj)] = (obj, f"TypeError: the hook {why}")


def _hooked_called(run: Any, e: ast.Call, fv: Any, fr: Any) -> None:
    f = run.f
    got = f.run_state.get(_HOOKED)
    if not got:
        return
    from driftcheck.parsers.source.forward.dataflow_fix36 import hooks_run, own_module

    obj = own_module(f, fv.obj)
    hit = got.get(id(obj))
    if hit is not None and hit[0] is obj and hooks_run(f, obj) == "torch":
        f.crash(fr.loc(e), hit[1])
