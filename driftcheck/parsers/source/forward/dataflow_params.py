"""``self.named_parameters()`` / ``parameters()`` / ``named_buffers()`` / ``buffers()`` read
in ``forward`` (on real sizes): the tensors torch would yield, in its order, with their
shapes, when every module of the tree is one whose tensors the pass knows.

An init helper run on the first call (``for name, p in self.named_parameters():
nn.init.xavier_uniform_(p)``) then meets each tensor as torch does (a 1-D bias there is
torch's "fewer than 2 dimensions" ValueError), and ``if not len(list(self.buffers()))`` is
decided. The walk is torch's ``named_modules`` order: a module's own tensors, then its
children's, depth first, a shared module once. A layer of a kind not listed here, a
container ``forward`` changed (``dataflow_grown``), an unresolved size: the list is unknown
(None), never a shorter one.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward import dataflow_grown
from driftcheck.parsers.source.forward.dataflow_common import receiver
from driftcheck.parsers.source.values.abstract import Leaf, Obj, Tensor
from driftcheck.parsers.source.values.dataflow_values import Tens

# torch layers whose parameters are the catalogue's ``weight`` / ``bias`` (named as torch
# names them) and whose buffers are none, or a BatchNorm's running statistics
WEIGHTED = frozenset(
    {
        "Linear",
        "Conv1d",
        "Conv2d",
        "Conv3d",
        "ConvTranspose1d",
        "ConvTranspose2d",
        "ConvTranspose3d",
        "LayerNorm",
        "GroupNorm",
        "Embedding",
        "BatchNorm1d",
        "BatchNorm2d",
        "BatchNorm3d",
    }
)
BN = frozenset({"BatchNorm1d", "BatchNorm2d", "BatchNorm3d"})
NO_TENSORS = frozenset(
    {
        "ReLU",
        "GELU",
        "SiLU",
        "Tanh",
        "Sigmoid",
        "LeakyReLU",
        "ELU",
        "Mish",
        "Hardswish",
        "Softmax",
        "Dropout",
        "Dropout1d",
        "Dropout2d",
        "Flatten",
        "Identity",
        "AdaptiveAvgPool1d",
        "AdaptiveAvgPool2d",
        "AdaptiveAvgPool3d",
        "MaxPool1d",
        "MaxPool2d",
        "AvgPool1d",
        "AvgPool2d",
    }
)
METHODS = frozenset({"named_parameters", "parameters", "named_buffers", "buffers"})


class _Unknown(Exception):
    """A module whose tensors the pass does not know."""


def _leaf(run: Any, leaf: Leaf, buffers: bool) -> list[tuple[str, Tens]]:
    from driftcheck.parsers.source.forward import dataflow_args

    if leaf.type in NO_TENSORS:
        return []
    if leaf.type not in WEIGHTED or leaf.unresolved or leaf.wnorm or leaf.tied or leaf.owned:
        raise _Unknown
    if not (isinstance(leaf.torch, str) and leaf.torch.startswith("torch.nn.")):
        raise _Unknown
    spec = run.f.queries.spec(leaf.type)
    if spec is None:
        raise _Unknown
    try:
        bound = spec.bind(leaf.params)
        weights = spec.weights(bound)
    except Exception as e:  # noqa: BLE001 - parameters the rule cannot read
        raise _Unknown from e
    if buffers:
        if leaf.type not in BN:
            return []
        if bound.get("track_running_stats") is not True:
            raise _Unknown
        n = bound.get("num_features")
        return [
            ("running_mean", Tens(None, (n,))),
            ("running_var", Tens(None, (n,))),
            ("num_batches_tracked", Tens(None, ())),
        ]
    out = []
    for name in weights:
        if name not in ("weight", "bias"):
            raise _Unknown
        shape = dataflow_args.leaf_tensor_shape(run, leaf, name)
        if shape is None:
            raise _Unknown
        out.append((name, Tens(None, shape)))
    return out


def _walk(run: Any, m: Any, prefix: str, buffers: bool, seen: set, out: list) -> None:
    from driftcheck.parsers.source.forward.dataflow_ops import param_tensor

    # ``own`` is the module itself, ``m`` the object the graph builder holds for it: identical
    # items of a ModuleList / Sequential are folded into one repeat node, so ``resolve`` maps
    # them all to the first, but torch holds a module (and its own parameters) per item
    own, m = m, run.f.resolve(m)
    if m is None or own is None or id(own) in seen:
        return
    seen.add(id(own))
    if isinstance(m, Leaf):
        from driftcheck.parsers.source.forward import dataflow_fix33b

        got = dataflow_fix33b.same_tensors(run.f, own, buffers, _leaf(run, m, buffers))
        out.extend((prefix + n, t) for n, t in got)
        if not buffers:
            from driftcheck.parsers.source.forward import dataflow_fix34

            dataflow_fix34.listed_params(run, [(("leaf", id(own), n), t) for n, t in got])
        return
    if not isinstance(m, Obj) or not m.module or dataflow_grown.grown(run.f, m):
        raise _Unknown
    if buffers:
        if m.buffers:
            raise _Unknown  # (a buffer's shape may be conditional: not judged here)
    else:
        from driftcheck.parsers.source.forward import dataflow_fix33b

        for k in m.params:
            t = param_tensor(run, m, k)
            if not isinstance(t, Tens) or t.shape is None:
                raise _Unknown
            got = dataflow_fix33b.same_tensors(run.f, own, False, [(k, t)])
            out.extend((prefix + n, u) for n, u in got)
            p = own.params.get(k, m.params[k]) if isinstance(own, Obj) else m.params[k]
            if isinstance(p, Tensor) and p.param:
                from driftcheck.parsers.source.forward import dataflow_fix34

                dataflow_fix34.listed_params(run, [(("param", id(p)), u) for _, u in got])
    if getattr(m, "none_keys", None) and not m.children:
        return
    children = m.children
    if own is not m:  # a folded item: its own children, each resolved in turn
        if not isinstance(own, Obj) or list(own.children) != list(m.children):
            raise _Unknown
        children = own.children
    for k, c in children.items():
        _walk(run, c, f"{prefix}{k}.", buffers, seen, out)


def listed(run: Any, obj: Any, name: str, args: list, kwargs: dict) -> Any:
    """The list ``obj.<name>()`` yields (pairs for the ``named_`` ones); None: unknown."""
    if run.f.input_shape is None or args or kwargs or name not in METHODS:
        return None
    out: list[tuple[str, Tens]] = []
    try:
        _walk(run, obj, "", name.endswith("buffers"), set(), out)
    except _Unknown:
        return None
    if len(out) > 4096:
        return None
    return list(out) if name.startswith("named_") else [t for _, t in out]


# tensor methods whose result is always a new plain tensor (a ``Parameter``'s too: torch's
# ops on a Parameter give a ``Tensor``); ``to`` / ``float`` / ``contiguous`` may return self
FRESH_METHODS = frozenset(
    {"clamp", "clip", "mul", "add", "sub", "div", "abs", "neg", "exp", "sigmoid", "tanh",
     "relu", "sign", "masked_fill", "clone", "detach", "t", "transpose", "view", "reshape",
     "sqrt", "pow", "softmax", "normalize", "renorm", "round"}
)  # fmt: skip


def _fresh_tensor(run: Any, e: Any, v: Any, fr: Any) -> bool:
    """``e`` (evaluated to ``v``) surely makes a plain tensor, never a ``Parameter``:
    arithmetic on a tensor, or a tensor method of ``FRESH_METHODS``."""
    import ast

    if not isinstance(v, Tens):
        return False
    if isinstance(e, (ast.BinOp, ast.UnaryOp)):
        return True
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute):
        if e.func.attr not in FRESH_METHODS or not _names(e.func.value):
            return False
        return isinstance(receiver(run, e, fr), Tens)
    return False


def _names(e: Any) -> bool:
    """``a`` / ``self.lin.weight``: an expression whose second reading has no effect."""
    import ast

    while isinstance(e, ast.Attribute):
        e = e.value
    return isinstance(e, ast.Name)


def _param_names(run: Any, m: Any) -> frozenset[str]:
    """The names module ``m`` registered as parameters, where the pass knows them."""
    m = run.f.resolve(m)
    if isinstance(m, Leaf):
        tied = m.unresolved or m.wnorm or m.tied or m.owned
        if tied or not (isinstance(m.torch, str) and m.torch.startswith("torch.nn.")):
            return frozenset()
        spec = run.f.queries.spec(m.type)
        try:
            return frozenset(spec.weights(spec.bind(m.params))) if spec else frozenset()
        except Exception:  # noqa: BLE001 - parameters the rule cannot read
            return frozenset()
    if isinstance(m, Obj) and m.module:
        return frozenset(m.params)
    return frozenset()


def stored(run: Any, tgt: Any, e: Any, v: Any, fr: Any) -> None:
    """``self.lin.weight = self.lin.weight * self.mask`` in ``forward``: torch's
    ``Module.__setattr__`` takes only a ``Parameter`` (or None) for a registered parameter's
    name, a plain tensor is its TypeError. Judged where the module's parameters are known and
    the value surely is a new plain tensor (``_fresh_tensor``)."""
    import ast

    from driftcheck.parsers.source.values.dataflow_values import Mod

    if run.f.input_shape is None or not isinstance(tgt, ast.Attribute) or not _names(tgt.value):
        return
    if not _fresh_tensor(run, e, v, fr):
        return
    held = run.eval(tgt.value, fr)
    if not isinstance(held, Mod) or tgt.attr not in _param_names(run, held.obj):
        return
    from driftcheck.parsers.source.forward import dataflow_checks

    float_ = dataflow_checks.fact(run.f, v, "dtype") == dataflow_checks.FLOAT
    what = "'torch.FloatTensor'" if float_ else "a plain tensor"
    run.f.crash(
        fr.loc(tgt),
        f"TypeError: cannot assign {what} as parameter '{tgt.attr}' "
        "(torch.nn.Parameter or None expected)",
    )
