"""Write ``driftcheck/parsers/source/forward/torch_keywords.py``: the keyword names torch
accepts for the ops forward code calls most, read from the installed torch (its operator
schemas for the C++-bound ops, ``inspect.signature`` for the Python-level ones).

The static path cannot import torch, so the table is generated here and checked in;
``tests/test_crash22.py`` regenerates it and compares (skipped without torch). An op whose
Python function takes ``**kwargs``, or that no schema names, is left out (never judged).

    python tools/gen_torch_keywords.py          # rewrite the table
    python tools/gen_torch_keywords.py --check  # exit 1 when the table is out of date
"""

from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "driftcheck" / "parsers" / "source" / "forward" / "torch_keywords.py"

# ``torch.<name>`` functions (factories left out: the Python binding adds keywords of its own)
TORCH = """cat concat stack chunk matmul bmm mm mv einsum softmax log_softmax sum mean amax
amin argmax argmin topk sort argsort cumsum cumprod flatten reshape transpose permute squeeze
unsqueeze where clamp gather scatter scatter_add index_select masked_fill repeat_interleave roll
tril triu exp log sqrt tanh sigmoid relu var std outer baddbmm addmm narrow flip cross diag
multinomial bernoulli lerp pow add mul sub div logsumexp prod any all isin bucketize
searchsorted take_along_dim kthvalue median cosine_similarity split tensordot norm cdist
movedim diff unbind tile""".split()
# ``torch.Tensor`` methods
METHODS = """view reshape permute transpose flatten unflatten squeeze unsqueeze expand repeat sum
mean amax amin softmax log_softmax split chunk masked_fill masked_fill_ index_select gather
scatter scatter_ scatter_add scatter_add_ topk argmax argmin std var cumsum narrow roll flip
repeat_interleave unfold view_as expand_as reshape_as clamp clamp_ norm prod logsumexp
sort argsort movedim unbind tile tril triu pow diff any all index_add index_add_""".split()
# ``torch.nn.functional.<name>``
FUNCTIONAL = """linear conv1d conv2d conv3d conv_transpose1d conv_transpose2d softmax
log_softmax gelu relu silu dropout layer_norm group_norm interpolate pad normalize
cross_entropy mse_loss l1_loss embedding scaled_dot_product_attention avg_pool1d avg_pool2d
adaptive_avg_pool1d adaptive_avg_pool2d one_hot unfold fold glu grid_sample affine_grid
cosine_similarity binary_cross_entropy_with_logits nll_loss kl_div elu leaky_relu softplus
batch_norm instance_norm pixel_shuffle pixel_unshuffle mish hardswish logsigmoid
smooth_l1_loss huber_loss""".split()

_NUMPY = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"), "other": ("x2",)}


def _schema(name: str, method: bool) -> set[str] | None:
    import torch

    schemas = torch._C._jit_get_schemas_for_operator(f"aten::{name}")
    if not schemas:
        return None
    out: set[str] = set()
    for s in schemas:
        for a in s.arguments:
            n = a.name
            if n == "self":
                if method:
                    continue
                n = "input"
            out.add(n)
    for k, alias in _NUMPY.items():  # torch's argument parser reads numpy's names too
        if k in out and not (method and k == "input"):
            out.update(alias)
    return out


def _python(fn, method: bool) -> set[str] | None:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    params = list(sig.parameters.values())
    if any(p.kind in (p.VAR_KEYWORD,) for p in params):
        return None
    if method and params:
        params = params[1:]
    return {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}


def _native(fn) -> bool:
    return inspect.isbuiltin(fn) or type(fn).__name__ in (
        "builtin_function_or_method",
        "method_descriptor",
    )


def table() -> tuple[dict[str, frozenset], dict[str, frozenset]]:
    import torch
    import torch.nn.functional as F

    funcs: dict[str, frozenset] = {}
    methods: dict[str, frozenset] = {}
    for name in TORCH:
        fn = getattr(torch, name)
        got = _schema(name, False) if _native(fn) else _python(fn, False)
        if got:
            funcs[f"torch.{name}"] = frozenset(got)
    for name in FUNCTIONAL:
        fn = getattr(F, name)
        got = _schema(name, False) if _native(fn) else _python(fn, False)
        if got:
            funcs[f"torch.nn.functional.{name}"] = frozenset(got)
    for name in METHODS:
        fn = getattr(torch.Tensor, name)
        got = _schema(name, True) if _native(fn) else _python(fn, True)
        if got:
            methods[name] = frozenset(got)
    return funcs, methods


def render() -> str:
    import torch

    funcs, methods = table()

    def block(d: dict[str, frozenset]) -> str:
        rows = [f"    {k!r}: frozenset({sorted(v)!r}),\n" for k, v in sorted(d.items())]
        return "{\n" + "".join(rows) + "}"

    return (
        '"""Keyword names torch accepts for the ops forward code calls most (generated by\n'
        f"``tools/gen_torch_keywords.py`` from torch {torch.__version__.split('+')[0]}; do not edit).\n\n"
        "A keyword outside an op's set is torch's TypeError at the call (``x.flatten(start=1)``,\n"
        "``F.softmax(x, dims=-1)``); ``dataflow_keywords`` reports it. numpy's ``axis`` /\n"
        '``keepdims`` are in the sets of the C++-bound ops, whose argument parser reads them."""\n\n'
        "# fmt: off\n"
        f"FUNCTIONS: dict[str, frozenset[str]] = {block(funcs)}\n\n"
        f"METHODS: dict[str, frozenset[str]] = {block(methods)}\n"
        "# fmt: on\n"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    text = render()
    if a.check:
        same = OUT.exists() and OUT.read_text() == text
        print("up to date" if same else f"{OUT} is out of date")
        return 0 if same else 1
    OUT.write_text(text)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
