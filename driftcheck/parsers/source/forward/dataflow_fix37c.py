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
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
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
