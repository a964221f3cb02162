"""Session 38 (crashfix38a): values and states the pass lost in new code shapes (crash study,
issue #16), each a model of what torch does, checked in torch (``tests/test_crash38a.py``, with
clean twins):

- a module method that returns the module itself: ``m.eval()``, ``m.train(...)``,
  ``m.requires_grad_(...)``, ``m.cpu()``, ``m.share_memory()`` (``nn.Module``'s own methods,
  not overridden by the code's class) called on a module the pass knows: the call's result is
  that module (it was unknown), so ``fuse_linear_bn_eval(self.fc.eval(), self.bn.eval())``,
  ``self.head.eval()(x)`` and the like are followed. (The pass models ``training`` as False
  throughout, as before: only the identity is new.)
- ``torch.nn.utils.fusion.fuse_linear_bn_eval(linear, bn)`` of a torch ``Linear`` and a
  ``BatchNorm1d/2d/3d`` (both layers known, never rewritten) whose ``out_features`` differs from
  ``num_features`` and ``num_features != 1``: torch's AssertionError "To fuse, ..." (whatever the
  training mode: a module in training mode is torch's other AssertionError, checked first);
  ``fuse_conv_bn_eval(conv, bn)`` (no ``transpose``) of a ``Conv1d/2d/3d`` whose
  ``out_channels`` and the norm's ``num_features`` differ, neither being 1: the weights' product
  cannot broadcast (RuntimeError; a norm without running statistics or a module in training
  mode raises an AssertionError first: a crash either way);
- ``torch.autograd.graph.disable_saved_tensors_hooks(msg)``: while such a ``with`` is open (the
  call being run lies in its body, or in a later item of that statement, in a function of the
  frames being run, or is reached through a call that does), entering ``saved_tensors_hooks(...)``
  / ``save_on_cpu(...)`` as a ``with`` item raises RuntimeError(msg) whatever the grad mode;
  ``torch.utils.checkpoint.checkpoint(fn, ..., use_reentrant=False)`` raises too where grad mode
  is surely on (the innermost grad ``with`` open is ``torch.enable_grad()``, only disable
  regions inside it, no function of the frames decorated, no ``set_grad_enabled`` call in the
  code); under ``no_grad`` it runs (measured in torch 2.13);
- ``ChainDataset(datasets)`` of a certain list whose first dataset is a map-style one the pass
  knows (``TensorDataset`` / ``Subset``, ``dataflow_fix36b_data``): walking it (a loop, ``zip``,
  ``list``) is torch's AssertionError "ChainDataset only supports IterableDataset";
- ``self.<opt>`` read in ``forward`` where ``__init__`` stored a torch optimizer that no other
  method writes again (``dataflow_fix33b._init_optimizer``): the value is that ``Optim`` (one
  per attribute and pass, so identity holds), not only the receiver of ``self.opt.step()``:
  passed to a helper or a scheduler, the optimizer rules see it
  (``CyclicLR(make(self.opt))`` of an Rprop).

``DRIFTCHECK_NO_FIX38A=1`` turns the module off.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks

SWITCH = "DRIFTCHECK_NO_FIX38A"


def _off(f: Any) -> bool:
    return f.switches.get(SWITCH) == "1"


def _ready(run: Any, fr: Any) -> bool:
    f = run.f
    return not (_off(f) or f.input_shape is None or f.speculative or fr is None)


def _plain_call(e: ast.Call) -> bool:
    return not any(isinstance(a, ast.Starred) for a in e.args) and not any(
        k.arg is None for k in e.keywords
    )


# ----------------------------------------------------------- module methods returning self
# ``nn.Module``'s methods that return ``self`` and change neither a shape nor a dtype
SELF_METHODS = frozenset({"eval", "train", "requires_grad_", "cpu", "share_memory"})


def _own_method(run: Any, obj: Any, name: str) -> bool | None:
    """Whether the code's class of ``obj`` defines ``name`` (None: cannot tell)."""
    from driftcheck.parsers.source.values.abstract import Ext, Func

    cls = getattr(obj, "cls", None)
    if cls is None:
        return False
    try:
        ok, v, base = run.f.interp.classes.mro_attr(cls, name)
    except Exception:  # noqa: BLE001 - a class the lookup cannot read
        return None
    if not ok:
        return False if isinstance(base, Ext) or base is None else None
    return isinstance(v, Func) or None


@hooks.after(201)
def self_returned(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    """``m.eval()`` (and the other ``SELF_METHODS``) of a known module: the module."""
    from driftcheck.parsers.source.forward.dataflow_common import receiver
    from driftcheck.parsers.source.values.abstract import Leaf, Obj
    from driftcheck.parsers.source.values.dataflow_values import UNK, Mod

    if not _ready(run, fr) or out is not UNK or not isinstance(e.func, ast.Attribute):
        return None
    name = e.func.attr
    if name not in SELF_METHODS or not _plain_call(e) or len(args) + len(kwargs) > 1:
        return None
    recv = receiver(run, e, fr)
    if not isinstance(recv, Mod):
        return None
    obj = run.f.resolve(recv.obj)
    if isinstance(obj, Leaf):
        if not (isinstance(obj.torch, str) and obj.torch.startswith("torch.nn.")):
            return None
    elif not (isinstance(obj, Obj) and obj.module) or _own_method(run, obj, name) is not False:
        return None
    return recv


# ---------------------------------------------------------------- conv / linear-bn fusion
_NORMS = frozenset({"BatchNorm1d", "BatchNorm2d", "BatchNorm3d"})
_CONVS = frozenset({"Conv1d", "Conv2d", "Conv3d"})


def fusion_error(f: Any, qual: str, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.forward.dataflow_fix30b import _torch_leaf

    linear = qual.endswith(".fuse_linear_bn_eval")
    first = "linear" if linear else "conv"
    if len(args) + len(kwargs) > (2 if linear else 3) or set(kwargs) - {first, "bn", "transpose"}:
        return None
    layer = _torch_leaf(f, arg(args, kwargs, 0, first))
    bn = _torch_leaf(f, arg(args, kwargs, 1, "bn"))
    if layer is None or bn is None or bn.type not in _NORMS:
        return None
    c = bn.params.get("num_features")
    if c.__class__ is not int:
        return None
    if linear:
        out = layer.params.get("out_features")
        if layer.type != "Linear" or out.__class__ is not int or out == c or c == 1:
            return None
        return (
            "AssertionError: To fuse, linear.out_features == bn.num_features or "
            f"bn.num_features == 1, got linear.out_features={out} and bn.num_features={c}"
        )
    if arg(args, kwargs, 2, "transpose", False) is not False or layer.type not in _CONVS:
        return None
    out = layer.params.get("out_channels")
    if out.__class__ is not int or out == c or 1 in (out, c):
        return None
    return (
        f"RuntimeError: The size of tensor a ({out}) must match the size of tensor b ({c}) at "
        "non-singleton dimension 0 (fuse_conv_bn_eval: conv out_channels vs bn num_features)"
    )


@hooks.before(176)
def fusion_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext

    if not _ready(run, fr) or not isinstance(fv, Ext) or not isinstance(fv.qual, str):
        return
    q = fv.qual
    if not q.startswith("torch.nn.utils.") or not q.endswith(
        (".fuse_linear_bn_eval", ".fuse_conv_bn_eval")
    ):
        return
    if not _plain_call(e):
        return
    err = fusion_error(run.f, q, args, kwargs)
    if err is not None:
        run.f.crash(fr.loc(e), err)


# ------------------------------------------------------ disable_saved_tensors_hooks regions
_DISABLE = "disable_saved_tensors_hooks"
_HOOKS = frozenset(
    {
        "torch.autograd.graph.saved_tensors_hooks",
        "torch.autograd.graph.save_on_cpu",
        "torch.autograd.saved_tensors_hooks",
    }
)
_CHECKPOINT = frozenset({"torch.utils.checkpoint.checkpoint", "torch.utils.checkpoint"})


def _dotted(n: Any) -> str | None:
    parts = []
    while isinstance(n, ast.Attribute):
        parts.append(n.attr)
        n = n.value
    if not isinstance(n, ast.Name):
        return None
    parts.append(n.id)
    return ".".join(reversed(parts))


def _is_disable(run: Any, fr: Any, n: Any) -> bool:
    """``n`` calls torch's ``disable_saved_tensors_hooks`` (read without running anything: a
    dotted name through ``torch``, or a bare name the file imports from torch)."""
    if not isinstance(n, ast.Call):
        return False
    name = _dotted(n.func)
    if name is None or not name.endswith(_DISABLE):
        return False
    imports = getattr(getattr(fr, "mod", None), "imports", None) or {}
    head = name.split(".", 1)[0]
    got = imports.get(head) if isinstance(imports, dict) else None
    if name == _DISABLE:  # ``from torch.autograd.graph import disable_saved_tensors_hooks``
        return got == ("torch.autograd.graph", _DISABLE)
    # ``torch.autograd.graph.disable_...`` (``import torch``), ``graph.disable_...``
    # (``from torch.autograd import graph``)
    if head == "torch":
        return name == f"torch.autograd.graph.{_DISABLE}" and got in (None, ("torch", None))
    return name == f"graph.{_DISABLE}" and got == ("torch.autograd", "graph")


def _walk_inline(nodes: list) -> list:
    """Every node of ``nodes``, nested functions, lambdas and classes left out (their bodies
    run later, maybe outside the block)."""
    out, todo = [], list(nodes)
    while todo:
        n = todo.pop()
        out.append(n)
        for c in ast.iter_child_nodes(n):
            if not isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                todo.append(c)
    return out


def _regions(run: Any, fr: Any) -> list[tuple[ast.With, Any]]:
    """The ``with disable_saved_tensors_hooks(...)`` statements open now: (statement, the ids
    of the nodes run inside it) of each frame being run whose node holds an active call."""
    active = {id(node) for node, _ in getattr(run, "receivers", ())}
    frames = list(getattr(run, "stack", ()))
    if fr is not None and all(fr is not x for x in frames):
        frames.append(fr)
    got = []
    for frame in frames:
        fn = getattr(getattr(frame, "func", None), "node", None)
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for st in _walk_inline(fn.body):
            if not isinstance(st, (ast.With, ast.AsyncWith)):
                continue
            for i, item in enumerate(st.items):
                if not _is_disable(run, frame, item.context_expr):
                    continue
                later = [it.context_expr for it in st.items[i + 1 :]]
                inside = {id(n) for n in _walk_inline([*later, *st.body])}
                if inside & active:
                    got.append((st, item.context_expr))
    return got


def _message(regions: list) -> str:
    # the innermost region's message (the one torch holds), where a literal string
    best = None
    for st, call in regions:
        if best is None or st.lineno >= best[0].lineno:
            best = (st, call)
    a = best[1].args[0] if best and best[1].args else None
    if isinstance(a, ast.Constant) and isinstance(a.value, str):
        return f"RuntimeError: {a.value} (saved tensors hooks disabled)"
    return "RuntimeError: saved tensors default hooks are disabled here"


def _with_item(fr: Any, e: ast.Call) -> bool:
    """``e`` is a ``with`` item of the function being run (entered as soon as it is made)."""
    fn = getattr(getattr(fr, "func", None), "node", None)
    if fn is None:
        return False
    for st in _walk_inline(fn.body if hasattr(fn, "body") else []):
        if isinstance(st, (ast.With, ast.AsyncWith)):
            if any(item.context_expr is e for item in st.items):
                return True
    return False


def _grad_on(run: Any, regions: int) -> bool:
    """Grad mode is surely on: the innermost grad ``with`` open is ``enable_grad()``, with
    only ``regions`` unknown managers (the disable regions) inside it, no frame decorated,
    no ``set_grad_enabled`` anywhere in the code."""
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees

    f = run.f
    for frame in getattr(run, "stack", ()):
        fn = getattr(getattr(frame, "func", None), "node", None)
        if getattr(fn, "decorator_list", None):
            return False
    key = "fix38a_setgrad"
    seen = f.run_state.get(key)
    if seen is None:
        trees = own_trees(f.interp)
        seen = trees is None or any(
            isinstance(n, ast.Attribute | ast.Name)
            and (getattr(n, "attr", None) or getattr(n, "id", None))
            in ("set_grad_enabled", "_set_grad_enabled", "set_inference_mode")
            for t in trees
            for n in ast.walk(t)
        )
        f.run_state[key] = seen
    if seen:
        return False
    left = regions
    for _frame, modes in reversed(f.run_state.get("fix31b_with") or []):
        if all(m == "unknown" for m in modes):
            left -= len(modes)
            if left < 0:
                return False
            continue
        return all(m == "enable" for m in modes)
    return False


@hooks.before(177)
def hooks_disabled(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext

    if not _ready(run, fr) or not isinstance(fv, Ext) or not isinstance(fv.qual, str):
        return
    q = fv.qual
    if q in _HOOKS:
        if not _with_item(fr, e):
            return
    elif q in _CHECKPOINT:
        if kwargs.get("use_reentrant") is not False or not _plain_call(e):
            return
    else:
        return
    regions = _regions(run, fr)
    if not regions:
        return
    if q in _CHECKPOINT and not _grad_on(run, len(regions)):
        return
    run.f.crash(fr.loc(e), _message(regions))


# ----------------------------------------------------------------- ChainDataset of map-style
@hooks.after(202)
def chain_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.forward import dataflow_fix36b_data as data

    if not _ready(run, fr) or data._off(run.f) or not _plain_call(e):
        return None
    if data._q(fv) != "ChainDataset" or len(args) + len(kwargs) != 1:
        return None
    ds = args[0] if args else kwargs.get("datasets")
    if not data._sure_list(run, ds) or not ds:
        return None
    first = data._get(run, ds[0])
    if first is None or first[0] not in ("map", "subset"):
        return None
    if data._get(run, out) is None:  # (the data hook kept the chain as an iterable dataset)
        return None
    run.f.run_state[data._DATA][id(out)] = (
        out,
        ("iterable", "AssertionError: ChainDataset only supports IterableDataset"),
    )
    return None


# --------------------------------------------------------- optimizers made in ``__init__``
def init_attr(run: Any, m: Any, name: str, got: Any) -> Any:
    """``self.<name>`` read in forward: the ``Optim`` ``__init__`` stored there (one per
    attribute and pass), else ``got``."""
    from driftcheck.parsers.source.forward.dataflow_fix33b import _init_optimizer

    f = run.f
    if _off(f) or f.input_shape is None:
        return got
    memo = f.run_state.setdefault("fix38a_optims", {})
    key = (id(f.resolve(m.obj)), name)
    if key in memo:
        return memo[key][1]
    opt = _init_optimizer(run, m, name)
    if opt is None:
        opt = _helper_optimizer(run, m, name)
    memo[key] = (f.resolve(m.obj), opt if opt is not None else got)
    return memo[key][1]


def _helper_optimizer(run: Any, m: Any, name: str) -> Any:
    """``self.<name>`` stored as a torch optimizer by a method that only ``__init__`` calls
    (``self._build()``), no other method storing it, no ``setattr`` / ``vars`` anywhere: the
    value ``__init__`` left (``dataflow_fix33b._init_optimizer`` asks the store be in
    ``__init__`` itself)."""
    from driftcheck.parsers.source.forward.dataflow_fix33b import OPTIMIZERS, Optim
    from driftcheck.parsers.source.values.abstract import Obj, called_of
    from driftcheck.parsers.source.values.dataflow_values import Mod

    obj = run.f.resolve(m.obj) if isinstance(m, Mod) else None
    if not isinstance(obj, Obj) or not obj.module or not hasattr(obj.cls, "mro"):
        return None
    v = obj.attrs.get(name)
    called = called_of(v, "torch.optim.")
    if called is None:
        return None
    opt = called[len("torch.optim.") :]
    if opt not in OPTIMIZERS:
        return None
    fns: dict[str, ast.FunctionDef] = {}
    for c in obj.cls.mro():
        node = getattr(c, "node", None)
        if node is None:
            continue
        for fn in node.body:
            if isinstance(fn, ast.FunctionDef):
                fns.setdefault(fn.name, fn)
    init = fns.get("__init__")
    if init is None:
        return None
    storers = set()
    calls: dict[str, list[str]] = {}  # method name -> the methods that name it
    for fname, fn in fns.items():
        for n in ast.walk(fn):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                if n.func.id in ("setattr", "delattr", "vars"):
                    return None
            if isinstance(n, ast.Attribute):
                if n.attr == name and isinstance(n.ctx, (ast.Store, ast.Del)):
                    storers.add(fname)
                if n.attr in fns and n.attr != fname:
                    calls.setdefault(n.attr, []).append(fname)
    storers.discard("__init__")
    if not storers:
        return None  # (``_init_optimizer``'s case)
    for s in storers:
        if s.startswith("__") or calls.get(s, []) != ["__init__"]:
            return None
    return Optim(opt, None, None)


# ------------------------------------------------- the same rules reached in other spellings
def _expanded(run: Any, e: ast.Call, fr: Any) -> ast.Call | None:
    """``e`` with each ``**d`` keyword written out, where ``d`` is a local dict of str keys
    (the call's ``kwargs`` already hold its items): a call the keyword rules can read."""
    if any(isinstance(a, ast.Starred) for a in e.args):
        return None
    if all(k.arg is not None for k in e.keywords) or run.f.doubts:
        return None
    kws = []
    for k in e.keywords:
        if k.arg is not None:
            kws.append(k)
            continue
        if not isinstance(k.value, ast.Name):
            return None
        d = getattr(fr, "locals", {}).get(k.value.id)
        if d.__class__ is not dict or not all(x.__class__ is str for x in d):
            return None
        for x in d:
            kws.append(ast.copy_location(ast.keyword(arg=x, value=ast.Constant(None)), k))
    got = ast.Call(func=e.func, args=list(e.args), keywords=kws)
    return ast.copy_location(got, e)


@hooks.before(178)
def spelled_again(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """Rules keyed on one spelling, reached from another: ``seq.searchsorted(x, side=...)``
    (the tensor method), ``torch.dropout(x, p, train)`` (the ATen spelling of ``F.dropout``)
    and ``**opts`` of a local dict for the keyword rules of ``dataflow_fix35b`` (SGD nesterov,
    RNN layers, samplers, ...), ``dataflow_fix37d`` and this module (which leave a ``**`` call
    alone)."""
    from driftcheck.parsers.source.forward import dataflow_fix37d as d37
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Bound, Tens

    if not _ready(run, fr) or d37._off(run.f):
        return
    if isinstance(fv, Bound) and isinstance(fv.target, Tens) and fv.name == "searchsorted":
        if not _plain_call(e) or len(args) != 1:
            return
        err = d37.arg_error("torch.searchsorted", [fv.target, *args], kwargs)
        if err is not None:
            run.f.crash(fr.loc(e), err)
        return
    if not isinstance(fv, Ext) or fv.qual in d37._VMAP:
        return
    if fv.qual in _DROPOUTS:
        err = dropout_error(e, args, kwargs)
        if err is not None:
            run.f.crash(fr.loc(e), err)
        return
    e2 = _expanded(run, e, fr)
    if e2 is None:
        return
    from driftcheck.parsers.source.forward import dataflow_fix35b as d35

    # (check-only hooks, each leaving a ``**`` call alone: run once more, on the written-out
    # call, they cannot report twice)
    for hook in (d35.called, d37.interp_called, d37.einsum_called, d37.dist_called,
                 d37.args_called, d37.setup_called, d37.schedule_called, fusion_called):  # fmt: skip
        hook(run, e2, fv, args, kwargs, fr)


# ``torch.dropout(input, p, train)`` and its kin (the ATen spellings, not ``F.dropout``): a
# known ``p`` outside [0, 1] raises whatever ``train`` is (measured in torch 2.13)
_DROPOUTS = frozenset(
    {"torch.dropout", "torch.alpha_dropout", "torch.feature_dropout",
     "torch.feature_alpha_dropout", "torch.dropout_", "torch.alpha_dropout_",
     "torch.feature_dropout_", "torch.feature_alpha_dropout_"}
)  # fmt: skip


def dropout_error(e: ast.Call, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if not _plain_call(e) or len(args) + len(kwargs) != 3 or set(kwargs) - {"input", "p", "train"}:
        return None
    if not isinstance(arg(args, kwargs, 0, "input"), Tens):
        return None
    p, train = arg(args, kwargs, 1, "p"), arg(args, kwargs, 2, "train")
    if p.__class__ not in (int, float) or train.__class__ is not bool or 0 <= p <= 1:
        return None
    return f"RuntimeError: dropout probability has to be between 0 and 1, but got {p}"


# ------------------------------------------------------------ a module given as ``params``
@hooks.before(185)
def module_as_params(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``torch.optim.<Opt>(m, ...)`` of a module ``m`` (not ``m.parameters()``): a torch layer
    or a module of the code's own defining neither ``__iter__`` nor ``__getitem__`` is not
    iterable (TypeError); a ``Sequential`` / ``ModuleList`` / ``ModuleDict`` yields modules or
    keys ("optimizer can only optimize Tensors"), or nothing ("optimizer got an empty parameter
    list"): torch's constructor raises every way (measured for Adam, SGD, LBFGS, by position
    and by keyword)."""
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.forward.dataflow_fix30b import _class_name
    from driftcheck.parsers.source.forward.dataflow_fix33b import OPTIMIZERS
    from driftcheck.parsers.source.values.abstract import Ext, Obj
    from driftcheck.parsers.source.values.dataflow_values import Mod

    if not _ready(run, fr) or not isinstance(fv, Ext) or not isinstance(fv.qual, str):
        return
    name = fv.qual.rsplit(".", 1)[-1]
    if name not in OPTIMIZERS or fv.qual not in (f"torch.optim.{name}",
                                                 f"torch.optim.{name.lower()}.{name}"):  # fmt: skip
        return
    if not _plain_call(e):
        return
    m = arg(args, kwargs, 0, "params")
    if not isinstance(m, Mod):
        return
    obj = run.f.resolve(m.obj)
    if isinstance(obj, Obj) and obj.module and obj.cls is None and not obj.unresolved:
        if obj.kind in ("Sequential", "ModuleList", "ModuleDict"):
            run.f.crash(fr.loc(e), "TypeError: optimizer can only optimize Tensors, but one of "
                        f"the params is not a Tensor (a {obj.kind} given as params; "
                        "ValueError where it is empty)")  # fmt: skip
        return
    cls = _class_name(run.f, m)
    if cls is not None:
        run.f.crash(fr.loc(e), f"TypeError: '{cls}' object is not iterable (a module given as "
                    "the optimizer's params; pass .parameters())")  # fmt: skip
