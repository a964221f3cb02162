"""Session 37 (crashfix37): two torch behaviours of the process the truth runs in (one CPU
process, ``torch.distributed`` available but never initialized; torch 2.13;
``tests/test_crash37c.py`` runs every verdict in torch, with clean twins).

- **No default process group.** The library answers ``dist.get_rank()`` 0 and
  ``dist.get_world_size()`` 1 (one process) so that counts go on, but torch itself raises
  ValueError "Default process group has not been initialized, please make sure to call
  init_process_group." from every call that needs the default group (``_get_default_group``):
  ``get_rank`` / ``get_world_size`` / ``get_backend`` / ``barrier`` / ``new_group`` and every
  collective and point-to-point call (``all_reduce``, ``broadcast``, ``all_gather``, ``send``,
  ...), and ``DistributedSampler(ds)`` when ``num_replicas`` or ``rank`` is not given (its
  constructor asks ``get_world_size()`` / ``get_rank()``). Claimed at the call, on the pass's
  certain path only (``Flow.crash``: not speculative, not in a ``try`` body), while
  ``dist.is_initialized()`` reads False (the library's answer, so an
  ``if dist.is_initialized():`` guard is followed) and no file the pass is running names a call
  that may create the group (``init_process_group``, ``init_distributed``, ``initialize``,
  ``Accelerator``, ``launch``, ...).
- **No viable SDPA backend on CPU.** Inside ``with sdpa_kernel(backends):``
  (``torch.nn.attention``) only the listed backends may run
  ``F.scaled_dot_product_attention``; on CPU only ``MATH`` and ``FLASH_ATTENTION`` exist
  (``EFFICIENT_ATTENTION``, ``CUDNN_ATTENTION`` and ``OVERRIDEABLE`` are CUDA / device
  kernels), so a backend set holding neither raises RuntimeError "No viable backend for
  scaled_dot_product_attention was found." The set must be known (a backend, or a list / tuple
  / set of them, each an ``SDPBackend`` member the pass resolves) and the ``with`` must
  lexically enclose the attention call in the same function (the value the item had when this
  very ``with`` was entered is what is read).

Switch: ``DRIFTCHECK_NO_FIX37C=1``.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import spread
from driftcheck.parsers.source.forward.dataflow_fix34c import Ctx

OFF = "DRIFTCHECK_NO_FIX37C"
_DIST = "torch.distributed."
# the calls of ``torch.distributed`` that read the default process group (torch 2.13,
# distributed_c10d.py: each goes through ``_get_default_group()`` when no group is given; a
# group object can only come from ``new_group``, itself such a call)
_NEEDS_GROUP = frozenset(
    {
        "get_rank", "get_world_size", "get_backend", "barrier", "monitored_barrier",
        "new_group", "new_subgroups", "all_reduce", "all_reduce_coalesced", "broadcast",
        "reduce", "all_gather", "all_gather_object", "all_gather_into_tensor",
        "all_gather_coalesced", "reduce_scatter", "reduce_scatter_tensor", "gather",
        "gather_object", "scatter", "scatter_object_list", "broadcast_object_list",
        "all_to_all", "all_to_all_single", "send", "recv", "isend", "irecv", "send_object_list",
        "recv_object_list", "batch_isend_irecv",
    }
)  # fmt: skip
_SAMPLERS = frozenset(
    {"torch.utils.data.DistributedSampler", "torch.utils.data.distributed.DistributedSampler"}
)
# identifiers whose presence in a running file means the default group may be created there
_INIT_WORDS = (
    "init_process_group",
    "init_distributed",
    "init_device_mesh",
    "initialize",
    "Accelerator",
    "launch",
    "spawn",
    "ProcessGroup",
    "FakeStore",
    "HashStore",
    "FileStore",
    "TCPStore",
)
_NO_GROUP = (
    "ValueError: Default process group has not been initialized, please make sure to call "
    "init_process_group."
)

_SDPA = frozenset(
    {
        "torch.nn.functional.scaled_dot_product_attention",
        "torch._C._nn.scaled_dot_product_attention",
    }
)
_KERNEL = frozenset({"torch.nn.attention.sdpa_kernel"})
_OLD_KERNEL = frozenset({"torch.backends.cuda.sdp_kernel"})
_OLD_FLAGS = {
    "enable_flash": "FLASH_ATTENTION",
    "enable_math": "MATH",
    "enable_mem_efficient": "EFFICIENT_ATTENTION",
    "enable_cudnn": "CUDNN_ATTENTION",
}
_BACKEND = "torch.nn.attention.SDPBackend."
_CPU_BACKENDS = frozenset({"MATH", "FLASH_ATTENTION"})
_ALL_BACKENDS = frozenset(
    {"MATH", "FLASH_ATTENTION", "EFFICIENT_ATTENTION", "CUDNN_ATTENTION", "OVERRIDEABLE"}
)
_KERNELS_SEEN = "fix37c_kernels"  # id(call node) -> (node, frozenset of backend names | None)
_PARENTS = "fix37c_parents"  # id(function node) -> (node, {id(child): parent})
_WORDS = "fix37c_words"  # id(tree) -> (tree, identifiers)


def _qual(fv: Any) -> str:
    from driftcheck.parsers.source.values.abstract import Ext

    q = fv.qual if isinstance(fv, Ext) else None
    return q if isinstance(q, str) else ""


def _off(f: Any) -> bool:
    return f.switches.get(OFF) == "1"


# ---------------------------------------------------------------- torch.distributed
def _words(f: Any, tree: Any) -> set[str] | None:
    if not isinstance(tree, ast.Module):
        return None
    memo = f.run_state.setdefault(_WORDS, {})
    got = memo.get(id(tree))
    if got is None or got[0] is not tree:
        out: set[str] = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.Name):
                out.add(n.id)
            elif isinstance(n, ast.Attribute):
                out.add(n.attr)
            elif isinstance(n, ast.alias):
                out.update(n.name.split("."))
                if n.asname:
                    out.add(n.asname)
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.add(n.name)
        got = memo[id(tree)] = (tree, out)
    return got[1]


def _may_init(run: Any, fr: Any) -> bool:
    """Whether a file the pass is running (the calling frames' and this one's) names a call
    that may create the default process group, or cannot be read."""
    frames = [*getattr(run, "stack", []), fr]
    for x in frames:
        words = _words(run.f, getattr(getattr(x, "mod", None), "tree", None))
        if words is None:
            return True
        if any(w in words for w in _INIT_WORDS):
            return True
    return False


def _group_error(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict) -> str | None:
    q = _qual(fv)
    if q.startswith(_DIST) and q.count(".") == 2 and q[len(_DIST) :] in _NEEDS_GROUP:
        name = q[len(_DIST) :]
        if name in ("get_rank", "get_world_size", "get_backend") and (args or kwargs):
            return None  # a group given: it was made somewhere the pass may not see
        if any(k.arg in ("group", "process_group", "pg") for k in e.keywords):
            return None
        return _NO_GROUP
    if q in _SAMPLERS:
        if any(k.arg is None for k in e.keywords) or any(
            isinstance(a, ast.Starred) for a in e.args
        ):
            return None
        names = {k.arg for k in e.keywords}
        # DistributedSampler(dataset, num_replicas=None, rank=None, ...)
        if len(e.args) >= 3 or ("num_replicas" in names or len(e.args) >= 2) and "rank" in names:
            return None
        return _NO_GROUP
    return None


@hooks.before(174)  # crashfix37: a default-process-group call, the group never initialized
def dist_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or _off(f) or fr is None or f.speculative:
        return
    err = _group_error(run, e, fv, args, kwargs)
    if err is None or _may_init(run, fr):
        return
    f.crash(fr.loc(e), err)


@hooks.after(182)  # crashfix37: ``dist.is_available()`` True, ``dist.is_initialized()`` False
def dist_state(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """What torch answers in the one process the truth runs in, where the pass had only an
    unknown: a guard ``if dist.is_initialized():`` is then followed (its body skipped), so a
    call it guards is no crash and a call outside it is judged."""
    from driftcheck.parsers.source.values.dataflow_values import Unk

    f = run.f
    if f.input_shape is None or _off(f) or fr is None or args or kwargs:
        return None
    q = _qual(fv)
    if q not in (_DIST + "is_available", _DIST + "is_initialized") or not isinstance(out, Unk):
        return None
    if _may_init(run, fr):
        return None
    return q.endswith("is_available")


# ---------------------------------------------------------------- plain callable objects
def plain_call(run: Any, obj: Any) -> Any:
    """The ``__call__`` (a function read from source) of ``obj``, an object of the code's own
    class that is no ``nn.Module`` (a collator, a transform, a hook object kept on ``self``):
    calling it runs that method with ``self`` bound to the object, as Python does. None for a
    module (torch's ``Module.__call__`` runs ``forward``), a class whose ``__call__`` is not
    read from source, or with the switch set."""
    from driftcheck.parsers.source.values.abstract import Func

    f = run.f
    cls = getattr(obj, "cls", None)
    if _off(f) or cls is None:
        return None
    try:
        if f.interp.classes.is_module_cls(cls):
            return None
        ok, fn, _ = f.interp.classes.mro_attr(cls, "__call__")
    except Exception:  # noqa: BLE001 - a class the pass cannot read
        return None
    if not ok or not isinstance(fn, Func):
        return None
    node = getattr(fn, "node", None)
    if not isinstance(node, ast.FunctionDef) or node.decorator_list:
        return None
    return fn


# ---------------------------------------------------------------- sdpa_kernel on CPU
def _backends(v: Any) -> frozenset | None:
    """The backend names of ``v``: one ``SDPBackend`` member or a list / tuple / set of them."""
    items = list(v) if isinstance(v, (list, tuple, set, frozenset)) else [v]
    out = set()
    for x in items:
        q = _qual(x)
        name = q[len(_BACKEND) :] if q.startswith(_BACKEND) else ""
        if name not in _ALL_BACKENDS:
            return None
        out.add(name)
    return frozenset(out)


def _kernel_set(q: str, e: ast.Call, args: list, kwargs: dict) -> frozenset | None:
    """The backends ``sdpa_kernel(backends, set_priority=False)`` or the older
    ``torch.backends.cuda.sdp_kernel(enable_flash=True, enable_math=True,
    enable_mem_efficient=True, enable_cudnn=True)`` allows (None: not known)."""
    if spread(e):
        return None
    if q in _KERNEL:
        rest = {k: v for k, v in kwargs.items() if k != "set_priority"}
        if len(args) != 1 or rest or not all(isinstance(v, bool) for v in kwargs.values()):
            return None
        return _backends(args[0])
    flags = dict(zip(_OLD_FLAGS, args))
    if len(args) > len(_OLD_FLAGS) or set(flags) & set(kwargs) or set(kwargs) - set(_OLD_FLAGS):
        return None
    flags.update(kwargs)
    if not all(isinstance(v, bool) for v in flags.values()):
        return None
    return frozenset(name for k, name in _OLD_FLAGS.items() if flags.get(k, True))


@hooks.after(181)  # crashfix37: ``sdpa_kernel(backends)``: keep the set this call was given
def kernel_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    f = run.f
    if f.input_shape is None or _off(f) or _qual(fv) not in (*_KERNEL, *_OLD_KERNEL):
        return None
    seen = f.run_state.setdefault(_KERNELS_SEEN, {})
    seen[id(e)] = (e, _kernel_set(_qual(fv), e, args, kwargs))
    return None


def _parents(f: Any, fn: Any) -> dict | None:
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return None
    memo = f.run_state.setdefault(_PARENTS, {})
    got = memo.get(id(fn))
    if got is None or got[0] is not fn:
        par = {}
        for p in ast.walk(fn):
            for c in ast.iter_child_nodes(p):
                par[id(c)] = p
        got = memo[id(fn)] = (fn, par)
    return got[1]


def _func_node(fr: Any) -> Any:
    fn = getattr(fr, "func", None)
    for attr in ("node", "fn", "func"):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return fn
        fn = getattr(fn, attr, None)
    return fn if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) else None


def _enclosing_kernels(f: Any, e: ast.AST, fr: Any) -> list[frozenset | None]:
    """The backend sets of the ``with sdpa_kernel(...)`` statements around ``e`` in its
    function, innermost first (None: a set not known)."""
    par = _parents(f, _func_node(fr))
    if par is None:
        return []
    seen = f.run_state.get(_KERNELS_SEEN, {})
    out: list[frozenset | None] = []
    node, up = e, par.get(id(e))
    while up is not None:
        if isinstance(up, (ast.With, ast.AsyncWith)) and any(node is s for s in up.body):
            for item in up.items:
                got = seen.get(id(item.context_expr))
                if got is not None and got[0] is item.context_expr:
                    out.append(got[1])
        node, up = up, par.get(id(up))
    return out


@hooks.before(175)  # crashfix37: F.scaled_dot_product_attention under a CPU-less backend set
def sdpa_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or _off(f) or fr is None or f.speculative:
        return
    if _qual(fv) not in _SDPA:
        return
    sets = _enclosing_kernels(f, e, fr)
    if not sets:
        return
    allowed = sets[0]  # the innermost ``with`` decides (torch sets the backends on entry)
    if allowed is None or allowed & _CPU_BACKENDS:
        return
    f.crash(
        fr.loc(e),
        "RuntimeError: No viable backend for scaled_dot_product_attention was found. (inside "
        f"sdpa_kernel({sorted(allowed)}): on CPU only MATH and FLASH_ATTENTION exist)",
    )


# ---------------------------------------------------------------- map-style data in forward
# A dataset of the code's own class (deriving from torch's map-style ``Dataset``) built in
# ``forward``: its ``__init__`` runs on an instance whose attributes the pass keeps (``Inst``),
# so ``__len__`` and ``__getitem__`` can run later; a ``DataLoader`` over it without workers,
# sampler or shuffling fetches ``__getitem__(i)`` for ``i`` in order, ``batch_size`` at a time,
# and collates each batch (``default_collate``, or the ``collate_fn`` given): the loop over the
# loader walks those batches, and torch's errors on the way are claimed where it raises.
_INST = "fix37c_inst"  # id(Inst) -> (Inst, class)
_LOADED = "fix37c_loaders"  # id(loader value) -> (value, Inst, batch size, drop_last, collate)
_MAP_BASES = frozenset({"torch.utils.data.Dataset", "torch.utils.data.dataset.Dataset"})
_ITER_BASES = frozenset(
    {"torch.utils.data.IterableDataset", "torch.utils.data.dataset.IterableDataset"}
)
_LOADER_Q = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})
_COLLATE_Q = frozenset(
    {
        "torch.utils.data.default_collate",
        "torch.utils.data.dataloader.default_collate",
        "torch.utils.data._utils.collate.default_collate",
    }
)
_WORKER_Q = frozenset(
    {"torch.utils.data.get_worker_info", "torch.utils.data._utils.worker.get_worker_info"}
)
# DataLoader keywords that leave the order, the batches and the process as modelled
_LOADER_KW = frozenset(
    {"dataset", "batch_size", "shuffle", "drop_last", "num_workers", "pin_memory",
     "collate_fn", "timeout", "persistent_workers"}
)  # fmt: skip
_MAX_ITEMS = 64


class Inst(Ctx):
    """An object of the code's own class built in ``forward``: the attributes its methods
    stored (``self.<name> = v``, kept as a custom Function's ``ctx`` keeps them); any other
    read is unknown."""

    __slots__ = ()

    def get(self, name: str) -> Any:
        from driftcheck.parsers.source.values.dataflow_values import UNK

        return self.attrs.get(name, UNK)

    def __repr__(self) -> str:
        return "UNK(own object)"


def _mro_quals(f: Any, cls: Any) -> list[str] | None:
    from driftcheck.parsers.source.values.abstract import Ext

    try:
        return [c.qual for c in cls.mro() if isinstance(c, Ext)]
    except Exception:  # noqa: BLE001
        return None


def _method(f: Any, cls: Any, name: str) -> Any:
    from driftcheck.parsers.source.values.abstract import Func

    try:
        ok, fn, _ = f.interp.classes.mro_attr(cls, name)
    except Exception:  # noqa: BLE001
        return None
    if not ok or not isinstance(fn, Func) or not isinstance(fn.node, ast.FunctionDef):
        return None
    if fn.node.decorator_list or fn.is_static or fn.is_classmethod:
        return None
    return fn


def _caller(run: Any, fr: Any) -> Any:
    if fr is not None:
        return fr
    stack = getattr(run, "stack", None)
    return stack[-1] if stack else None


def _call_method(run: Any, inst: Any, name: str, args: list, fr: Any) -> tuple[bool, Any]:
    """Run ``inst.<name>(*args)`` of its class read from source: (ran, result)."""
    got = run.f.run_state.get(_INST, {}).get(id(inst))
    if got is None or got[0] is not inst:
        return False, None
    fn = _method(run.f, got[1], name)
    if fn is None:
        return False, None
    return True, run.calls.run_func(fn, None, [inst, *args], {}, _caller(run, fr))


@hooks.after(183)  # crashfix37: a map-style dataset of the code's own class built in forward
def instance_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.values.abstract import Cls
    from driftcheck.parsers.source.values.dataflow_values import UNK, Unk

    f = run.f
    if f.input_shape is None or _off(f) or not isinstance(fv, Cls):
        return None
    if spread(e):
        return None
    quals = _mro_quals(f, fv)
    if not quals or not set(quals) & _MAP_BASES or set(quals) & _ITER_BASES:
        return None
    try:
        if f.interp.classes.is_module_cls(fv):
            return None
    except Exception:  # noqa: BLE001
        return None
    if not isinstance(out, (dict, Unk)):
        return None
    inst = Inst()
    f.run_state.setdefault(_INST, {})[id(inst)] = (inst, fv)
    init = _method(f, fv, "__init__")
    if init is not None:
        run.calls.run_func(init, None, [inst, *args], kwargs, fr)
    elif args or kwargs:
        return UNK  # torch's ``Dataset`` has no ``__init__`` taking arguments: not modelled
    return inst


def _is_int(v: Any) -> bool:
    return type(v) is int


def _known_bool(v: Any) -> bool:
    return type(v) is bool


@hooks.after(184)  # crashfix37: ``DataLoader(ds, batch_size=B)`` over such a dataset
def loader_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.values.dataflow_values import UNK, Tens, Unk

    f = run.f
    if f.input_shape is None or _off(f) or _qual(fv) not in _LOADER_Q:
        return None
    if spread(e):
        return None
    if len(args) > 2 or set(kwargs) - _LOADER_KW:
        return None
    ds = args[0] if args else kwargs.get("dataset")
    got = f.run_state.get(_INST, {}).get(id(ds))
    if got is None or got[0] is not ds:
        return None
    bs = args[1] if len(args) > 1 else kwargs.get("batch_size", 1)
    if not _is_int(bs) or bs < 1:
        return None
    if kwargs.get("shuffle", False) is not False or kwargs.get("num_workers", 0) != 0:
        return None
    drop = kwargs.get("drop_last", False)
    if not _known_bool(drop):
        return None
    collate = kwargs.get("collate_fn")
    if "collate_fn" in kwargs and collate is UNK:
        return None
    if out is UNK or not isinstance(out, (Unk, Tens)):
        from driftcheck.parsers.source.forward.dataflow_fix36_loader import AnyLoader

        out = AnyLoader()
    f.run_state.setdefault(_LOADED, {})[id(out)] = (out, ds, bs, drop, collate)
    return out


_MUTATORS = frozenset({"pop", "popitem", "update", "setdefault", "clear", "__setitem__",
                       "__delitem__", "append", "extend", "insert", "remove"})  # fmt: skip


def _plain_items(f: Any, ds: Any) -> bool:
    """``__getitem__`` of the dataset's class changes no container in a way the pass does not
    follow (``del d[k]``, ``d.pop(k)``, ``d.update(...)``, ...): only then are the items'
    keys and lengths torch's."""
    got = f.run_state.get(_INST, {}).get(id(ds))
    fn = _method(f, got[1], "__getitem__") if got is not None else None
    if fn is None:
        return False
    for n in ast.walk(fn.node):
        if isinstance(n, (ast.Delete, ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom)):
            return False
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            if n.func.attr in _MUTATORS:
                return False
    return True


def _complete(node: Any) -> bool:
    from driftcheck.parsers.source.forward.dataflow_fix36b_data import _complete as whole

    return whole(node)


def loader_items(run: Any, v: Any, loc: Any, node: Any) -> list | None:
    """The batches a walk of ``v`` (a loader above) takes, as ``Calls.iterate`` returns them;
    None when ``v`` is no such loader or they are not known. A walk that may stop early fetches
    the first batch only (torch fetches lazily): its errors are claimed, its items unknown."""
    f = run.f
    if f.input_shape is None or _off(f):
        return None
    got = f.run_state.get(_LOADED, {}).get(id(v))
    if got is None or got[0] is not v:
        return None
    _, ds, bs, drop, collate = got
    ran, n = _call_method(run, ds, "__len__", [], None)
    if not ran or not _is_int(n) or not 0 <= n <= _MAX_ITEMS or f.speculative:
        return None
    cuts = [list(range(i, min(i + bs, n))) for i in range(0, n, bs)]
    if drop and cuts and len(cuts[-1]) < bs:
        cuts.pop()
    if not _plain_items(f, ds):
        return None
    whole = _complete(node)
    batches = []
    for k, idx in enumerate(cuts):
        if k and not whole:
            break
        before = len(f.crashes)
        samples = []
        doubts = f.doubts
        f.run_state[_FETCHING] = f.run_state.get(_FETCHING, 0) + 1
        try:
            for i in idx:
                ran, item = _call_method(run, ds, "__getitem__", [i], None)
                if not ran:
                    return None
                samples.append(item)
        finally:
            f.run_state[_FETCHING] -= 1
        if len(f.crashes) != before:
            return None  # torch raised while fetching: nothing after it runs
        if f.doubts != doubts:
            return None  # an unknown call may have changed an item the pass holds
        if collate is None:
            batch = collate_value(f, samples, loc)
        else:
            fr = _caller(run, None)
            at = node if isinstance(node, ast.AST) else ast.Constant(None)
            batch = run.calls.call_value(collate, [samples], {}, fr, at)
        if len(f.crashes) != before:
            return None
        batches.append(batch)
    return batches if whole else None


def _tensor_facts(f: Any, t: Any) -> dict:
    from driftcheck.parsers.source.forward import dataflow_checks

    keep = {k: dataflow_checks.fact(f, t, k) for k in ("dtype", "long", "itype")}
    return {k: x for k, x in keep.items() if x is not None}


def _fail(f: Any, loc: Any, msg: str) -> Any:
    from driftcheck.parsers.source.values.dataflow_values import UNK

    if loc is not None:
        f.crash(loc, msg)
    return UNK


def collate_value(f: Any, batch: list, loc: Any) -> Any:
    """torch's ``default_collate(batch)`` (torch/utils/data/_utils/collate.py, 2.13) on the
    values the pass holds: the first item's type decides; torch's error is claimed at ``loc``
    when it is certain, an unknown part gives an unknown result."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.values.dataflow_values import UNK, Tens, Unk, known_shape

    if not batch:
        return UNK
    elem = batch[0]
    if isinstance(elem, Tens):
        shapes = []
        for k, t in enumerate(batch):
            if isinstance(t, Tens):
                shapes.append(known_shape(t))
            elif t is None or type(t) in (int, float, bool, str, dict, list, tuple):
                name = "NoneType" if t is None else type(t).__name__
                return _fail(
                    f,
                    loc,
                    f"TypeError: expected Tensor as element {k} in argument 0, but got {name}",
                )
            else:
                return UNK
        if any(s is None for s in shapes):
            return Tens(None)
        for k, s in enumerate(shapes):
            if s != shapes[0]:
                a = "[" + ", ".join(map(str, shapes[0])) + "]"
                b = "[" + ", ".join(map(str, s)) + "]"
                return _fail(
                    f,
                    loc,
                    "RuntimeError: stack expects each tensor to be equal size, but got "
                    f"{a} at entry 0 and {b} at entry {k}",
                )
        out = Tens(None, (len(batch), *shapes[0]))
        facts = [_tensor_facts(f, t) for t in batch]
        if facts[0] and all(x == facts[0] for x in facts):
            dataflow_checks.add_facts(f, out, **facts[0])
        return out
    if type(elem) in (int, float, bool):
        # ``torch.tensor(batch)`` (float64 for floats): a None among numbers cannot be read
        for x in batch:
            if x is None:
                return _fail(f, loc, "RuntimeError: Could not infer dtype of NoneType")
            if type(x) not in (int, float, bool):
                return UNK
        return Tens(None, (len(batch),))
    if type(elem) is str:
        return list(batch)
    if isinstance(elem, dict):
        if any(type(k) is not str for k in elem):
            return UNK
        out = {}
        for key in elem:
            items = []
            for d in batch:
                if not isinstance(d, dict) or any(type(k) is not str for k in d):
                    return UNK
                if key not in d:
                    return _fail(f, loc, f"KeyError: {key!r}")
                items.append(d[key])
            out[key] = collate_value(f, items, loc)
        return out
    if isinstance(elem, (list, tuple)) and not hasattr(elem, "_fields"):
        for x in batch:
            if not isinstance(x, (list, tuple)):
                return UNK
            if len(x) != len(elem):
                return _fail(
                    f,
                    loc,
                    "RuntimeError: each element in list of batch should be of equal size",
                )
        return [collate_value(f, list(col), loc) for col in zip(*batch)]
    if elem is None:
        return _fail(
            f,
            loc,
            "TypeError: default_collate: batch must contain tensors, numpy arrays, numbers, "
            "dicts or lists; found <class 'NoneType'>",
        )
    if isinstance(elem, Unk):
        return UNK
    return UNK


@hooks.after(185)  # crashfix37: ``default_collate(samples)``; ``get_worker_info()``; ``len(ds)``
def data_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.forward import dataflow_lists
    from driftcheck.parsers.source.values.dataflow_values import Unk

    f = run.f
    if f.input_shape is None or _off(f) or fr is None:
        return None
    q = _qual(fv)
    if q in _WORKER_Q and not args and not kwargs and isinstance(out, Unk):
        f.run_state[_WORKER_CALLS] = f.run_state.get(_WORKER_CALLS, 0) + 1
        return hooks.NONE_RESULT  # outside a DataLoader worker (the pass runs no worker)
    if spread(e):
        return None
    if q in _COLLATE_Q and len(args) == 1 and not kwargs:
        batch = args[0]
        if batch.__class__ is list and not f.speculative and dataflow_lists.certain(f, batch):
            return collate_value(f, batch, fr.loc(e))
        return None
    if q == "builtins.len" and len(args) == 1 and not kwargs and isinstance(out, Unk):
        ran, n = _call_method(run, args[0], "__len__", [], fr)
        return n if ran and _is_int(n) else None
    return None


_FETCHING = "fix37c_fetching"  # how many ``__getitem__`` runs of a loader are under way
_WORKER_CALLS = "fix37c_worker_calls"  # how many ``get_worker_info()`` calls were answered None


def dict_store(run: Any, tgt: ast.Subscript, base: dict, v: Any, fr: Any) -> None:
    """``d[key] = v`` on a dict held by a local name, while a loader's ``__getitem__`` runs
    (the item it returns is collated: its keys must be torch's): Python's
    ``dict.__setitem__`` with a str / int key outside speculative code; any other store
    leaves the name unknown."""
    from driftcheck.parsers.source.values.dataflow_values import UNK

    f = run.f
    if _off(f) or not f.run_state.get(_FETCHING) or not isinstance(tgt.value, ast.Name):
        return
    key = run.eval(tgt.slice, fr)
    if not f.speculative and type(key) in (str, int):
        base[key] = v
    else:
        fr.locals[tgt.value.id] = UNK


def _binds_only_worker_info(fn: Any, name: str) -> bool:
    """Every binding of ``name`` in ``fn`` is ``name = get_worker_info()`` (a plain call of a
    name or attribute ending so), and ``name`` is no parameter, global or nonlocal."""
    args = fn.args
    params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    if any(a is not None and a.arg == name for a in params):
        return False
    good: set[int] = set()
    stores: list[ast.Name] = []
    for n in ast.walk(fn):
        if isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names:
            return False
        if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load):
            stores.append(n)
        if (
            isinstance(n, ast.Assign)
            and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name)
            and n.targets[0].id == name
            and isinstance(n.value, ast.Call)
            and not n.value.args
            and not n.value.keywords
        ):
            c = n.value.func
            last = c.attr if isinstance(c, ast.Attribute) else getattr(c, "id", None)
            if last == "get_worker_info":
                good.add(id(n.targets[0]))
    return bool(stores) and all(id(n) in good for n in stores)


def none_attr(run: Any, name: str, fr: Any, at: ast.AST) -> None:
    """``info.<name>`` where ``info`` holds None for certain and every binding of the local
    ``info`` is ``get_worker_info()`` (None outside a DataLoader worker): Python's
    AttributeError."""
    f = run.f
    if _off(f) or f.speculative or not f.run_state.get(_WORKER_CALLS) or fr is None:
        return
    if not isinstance(at, ast.Attribute) or not isinstance(at.value, ast.Name):
        return
    if name.startswith("__"):
        return
    fn = _func_node(fr)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return
    if not _binds_only_worker_info(fn, at.value.id):
        return
    f.crash(fr.loc(at), f"AttributeError: 'NoneType' object has no attribute '{name}'")


# ---------------------------------------------------------------- no finite element, kept
# ``dataflow_fix34d``'s fact "no element is finite" (``logits / 0.0``) holds for every tensor
# whose elements are some of the source's, moved or repeated: the values of ``topk`` / ``sort``
# / ``max(dim)`` / ``min(dim)`` / ``kthvalue`` / ``median(dim)`` / ``mode`` / ``cummax`` /
# ``cummin``, layout ops (``view`` / ``reshape`` / ``transpose`` / ...), gathers and ``abs`` /
# ``neg`` (``abs(-inf)`` is ``inf``, ``-nan`` is ``nan``). Never an op that may map a
# non-finite value to a finite one (``exp(-inf)`` is 0, ``relu(-inf)`` is 0, ``clamp``).
_PAIR_VALUES = frozenset(
    {"topk", "sort", "max", "min", "kthvalue", "median", "mode", "cummax", "cummin", "nanmedian"}
)
_SUBSET = frozenset(
    {
        "view", "reshape", "flatten", "unflatten", "transpose", "permute", "t", "T", "mT",
        "squeeze", "unsqueeze", "flip", "fliplr", "flipud", "roll", "expand", "expand_as",
        "repeat", "repeat_interleave", "narrow", "gather", "index_select", "take_along_dim",
        "movedim", "swapaxes", "swapdims", "contiguous", "clone", "detach", "float", "double",
        "half", "bfloat16", "abs", "neg", "negative", "absolute", "tile", "view_as",
        "reshape_as", "select", "diagonal",
    }
)  # fmt: skip


def _keep_nonfinite(run: Any, fv: Any, args: list, kwargs: dict, out: Any) -> None:
    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_fix34d
    from driftcheck.parsers.source.forward.dataflow_axes import NamedPair
    from driftcheck.parsers.source.values.dataflow_values import Bound, Tens

    f = run.f
    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        name, src = fv.name, fv.target
    else:
        q = _qual(fv)
        name = q.rsplit(".", 1)[-1]
        if q != f"torch.{name}" or not args or not isinstance(args[0], Tens):
            return
        src = args[0]
    if not dataflow_fix34d._nonfinite(f, src):
        return
    key = dataflow_fix34d.KEY
    if name in _PAIR_VALUES and isinstance(out, NamedPair) and len(out) == 2:
        vals = out[0]
        if isinstance(vals, Tens) and dataflow_fix34d._nonempty(vals):
            dataflow_checks.add_facts(f, vals, **{key: True})
        return
    if name in _SUBSET and isinstance(out, Tens) and dataflow_fix34d._nonempty(out):
        dataflow_checks.add_facts(f, out, **{key: True})


@hooks.after(186)  # crashfix37: "no finite element" kept through value-subset ops
def nonfinite_kept(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    f = run.f
    if f.input_shape is None or _off(f) or f.speculative:
        return None
    if f.switches.get("DRIFTCHECK_NO_TEMP0_34D") == "1":
        return None
    _keep_nonfinite(run, fv, args, kwargs, out)
    return None


# ---------------------------------------------------------------- m.modules() in forward
# ``self.modules()`` / ``named_modules()`` read in ``forward`` (an init helper run on the first
# call: ``for m in self.modules(): if isinstance(m, nn.Conv2d): nn.init.kaiming_normal_(...)``):
# the modules torch yields, in its order (the module itself, then its children's trees depth
# first, a shared module once, a None child skipped), when every module of the tree is known:
# a module of the code's own whose children ``__init__`` resolved (no container ``forward``
# grew), or a torch layer that has no submodules. Anything else: unknown, never a shorter list.
_CHILDLESS = frozenset(
    {
        "Linear", "Bilinear", "LazyLinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d",
        "ConvTranspose2d", "ConvTranspose3d", "LayerNorm", "GroupNorm", "RMSNorm", "Embedding",
        "EmbeddingBag", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "InstanceNorm1d",
        "InstanceNorm2d", "InstanceNorm3d", "LocalResponseNorm", "ReLU", "ReLU6", "GELU", "Tanh",
        "Sigmoid", "SiLU", "Mish", "ELU", "SELU", "CELU", "LeakyReLU", "PReLU", "Softplus",
        "Softsign", "Hardswish", "Hardsigmoid", "Hardtanh", "GLU", "LogSigmoid", "Softmax",
        "LogSoftmax", "Identity", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d",
        "AlphaDropout", "Flatten", "Unflatten", "MaxPool1d", "MaxPool2d", "MaxPool3d",
        "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d",
        "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d",
        "Upsample", "PixelShuffle", "PixelUnshuffle", "ZeroPad2d", "ConstantPad1d",
        "ConstantPad2d", "ReflectionPad1d", "ReflectionPad2d", "ReplicationPad2d",
        "CosineSimilarity", "PairwiseDistance", "MSELoss", "L1Loss", "CrossEntropyLoss",
        "NLLLoss", "BCELoss", "BCEWithLogitsLoss", "SmoothL1Loss", "HuberLoss", "KLDivLoss",
        "GRU", "LSTM", "RNN", "GRUCell", "LSTMCell", "RNNCell",
    }
)  # fmt: skip


class _NotListed(Exception):
    pass


def _module_walk(run: Any, m: Any, prefix: str, seen: set, out: list) -> None:
    from driftcheck.parsers.source.forward import dataflow_grown
    from driftcheck.parsers.source.values.abstract import Leaf, Obj
    from driftcheck.parsers.source.values.dataflow_values import Mod

    m = run.f.resolve(m)
    if m is None or id(m) in seen:
        return
    seen.add(id(m))
    if isinstance(m, Leaf):
        if getattr(m, "type", None) not in _CHILDLESS or not getattr(m, "torch", False):
            raise _NotListed
        out.append((prefix.rstrip("."), Mod(m)))
        return
    if not isinstance(m, Obj) or not m.module or dataflow_grown.grown(run.f, m):
        raise _NotListed
    if getattr(m, "unresolved", None) or getattr(m, "none_keys", None):
        raise _NotListed
    if m.qual and m.kind is None and m.cls is None:
        raise _NotListed  # a torch module the catalogue does not describe: its submodules
    out.append((prefix.rstrip("."), Mod(m)))
    if len(out) > 512:
        raise _NotListed
    for k, c in m.children.items():
        if c is None:
            continue
        _module_walk(run, c, f"{prefix}{k}.", seen, out)


def _tree_rewritten(f: Any, got: list) -> bool:
    """``forward`` stored, earlier in this pass, a child's name or a value that may be a
    module on a module of the tree (``self.fc = nn.Identity()``, ``self.blocks =
    self.build()``): torch's registry changed, the tree ``__init__`` built is not it."""
    from driftcheck.parsers.source.values.dataflow_values import Tens

    table = getattr(f, "attr_set", None) or {}
    objs = {id(m.obj): m.obj for _, m in got}
    for (oid, name), held in list(table.items()):
        obj = objs.get(oid)
        if obj is None:
            continue
        v = held[1] if isinstance(held, tuple) and len(held) == 2 else held
        if name in (getattr(obj, "children", None) or {}):
            return True
        if not (v is None or isinstance(v, (bool, int, float, str, Tens))):
            return True
    return False


@hooks.after(187)  # crashfix37: ``m.modules()`` / ``m.named_modules()`` listed
def modules_listed(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.values.dataflow_values import Bound, Mod, Unk

    f = run.f
    if f.input_shape is None or _off(f) or args or kwargs:
        return None
    if not isinstance(fv, Bound) or fv.name not in ("modules", "named_modules"):
        return None
    if not isinstance(fv.target, Mod) or not isinstance(out, Unk):
        return None
    got: list = []
    try:
        _module_walk(run, fv.target.obj, "", set(), got)
    except _NotListed:
        return None
    except Exception:  # noqa: BLE001 - a tree the pass cannot read
        return None
    if _tree_rewritten(f, got):
        return None
    listing = [m for _, m in got] if fv.name == "modules" else list(got)
    from driftcheck.parsers.source.forward import dataflow_fix32b

    dataflow_fix32b.listing_made(run, fv.target, fv.name, listing)  # a generator, not a list
    return listing
