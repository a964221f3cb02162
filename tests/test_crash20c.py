"""Forward-crash rules of session 20c (fresh11's dev part: numpy's ``axis=`` / ``keepdims=``)
against real torch.

torch's C++ argument parser reads ``axis`` as ``dim`` and ``keepdims`` as ``keepdim`` on every
op it binds (``x.mean(axis=1)``, ``torch.cat(xs, axis=1)``); torch's Python-level callables
(``F.softmax``, ``F.normalize``, ``Tensor.split``, ``torch.norm``) raise TypeError on them. Each
model below is built and run in torch on the input given, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised. The lists the pass keeps are
checked against the installed torch.
"""

from __future__ import annotations

import inspect
import textwrap
import types

import pytest

from driftcheck.parsers.source.forward.dataflow_common import (
    DIM_REQUIRED,
    NATIVE_FUNCTIONAL,
    PY_TENSOR_METHODS,
    PY_TORCH_FNS,
)
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def expr(name: str, shape: tuple[int, ...], body: str) -> None:
    """A model whose forward is ``h = self.fc(x)`` (``(2, 5, 8)``) then ``body`` (which
    returns); ``self.out`` takes 8 features, so a wrong reduction axis is a crash."""
    src = f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.out = nn.Linear(8, 3)

    def forward(self, x):
        h = self.fc(x)
        {body}
"""
    MODELS[name] = (textwrap.dedent(src), shape, "float")


S = (2, 5, 8)
# ---- aliases torch's C++ parser takes: the no-keyword shape would be wrong
expr("alias_mean_axis", S, "return self.out(h.mean(axis=1))")
expr("alias_sum_keepdims", S, "return self.out(h.sum(axis=1, keepdims=True)[:, 0])")
expr("alias_torch_cat", S, "return self.out(torch.cat([h, h], axis=1).amax(axis=1))")
expr("alias_torch_mean_keepdims", S, "return self.out(torch.mean(h, axis=1, keepdims=True))")
expr("alias_softmax_method", S, "return self.out(h.softmax(axis=-1).std(axis=1))")
expr("alias_max_values", S, "return self.out(torch.max(h, axis=1).values)")
expr("alias_wrong_axis", S, "return self.out(h.mean(axis=-1))")  # (2, 5): 5 != 8
expr("alias_keepdims_wrong", S, "return self.out(h.sum(axis=2, keepdims=True))")  # (2,5,1)
expr("alias_cosine_similarity", S, "return self.out(F.cosine_similarity(h, h, axis=1)[:, None])")
# ---- Python-level callables: numpy's keywords are a TypeError
expr("numpykw_softmax", S, "return self.out(F.softmax(h, axis=-1).mean(1))")
expr("numpykw_normalize", S, "return self.out(F.normalize(h, axis=-1).mean(1))")
expr("numpykw_split", S, "return self.out(h.split(4, axis=1)[0].mean(1))")
expr("numpykw_torch_norm", S, "return self.out(h / torch.norm(h, axis=-1, keepdim=True))")
expr("numpykw_ok", S, "return self.out(F.softmax(h, dim=-1).mean(axis=1))")


# ---- torch.return_types (values, indices) used as a tensor
expr("pair_topk_method", S, "top = h.topk(2, -1)\n        return self.out(top.softmax(-1).mean(1))")
expr(
    "pair_topk_values",
    S,
    "top = h.topk(2, 1)\n        return self.out(top.values.softmax(-1).mean(1))",
)
expr("pair_max_to_layer", S, "return self.out(torch.max(h, 1))")
expr("pair_max_values_layer", S, "return self.out(torch.max(h, 1).values)")
expr("pair_sort_n_fields", S, "s = h.sort(1)\n        return self.out(s[0].mean(1)) * s.n_fields")


# ---- native ops whose ``dim`` has no default
expr("dimreq_softmax", S, "return self.out(torch.softmax(h).mean(1))")
expr("dimreq_method_cumsum", S, "return self.out(h.cumsum().mean(1))")
expr("dimreq_functional_ok", S, "return self.out(F.softmax(h, dim=-1).mean(1))")
expr("dimreq_keyword_ok", S, "return self.out(h.log_softmax(dim=-1).logsumexp(axis=1))")
expr("dimreq_splat_ok", S, "d = [1]\n        return self.out(h.unsqueeze(*d).mean((1, 2)))")
expr(
    "dimreq_kwsplat_ok",
    S,
    "kw = {'dim': -1} if h.shape[0] else {}\n        return self.out(h.softmax(**kw).mean(1))",
)
expr(
    "dimreq_kwsplat_unknown_ok",
    S,
    "kw = dict(zip(['dim'], [h.dim() - 1]))\n        return self.out(h.softmax(**kw).mean(1))",
)
expr(
    "dimreq_argsplat_unknown_ok",
    S,
    "a = [int(h.shape[0] > 0)]\n        return self.out(h.unsqueeze(*a).mean((1, 2)))",
)


# ---- an integer tensor written in place with a float tensor (``exp`` of ints is float)
expr(
    "inplace_mul_float_tensor",
    S,
    "t = torch.full((2, 8), 3)\n        t.mul_(torch.exp(-torch.arange(8) / 8)[None])"
    "\n        return self.out(h + t[:, None])",
)
expr(
    "inplace_add_exp_of_ints",
    S,
    "t = torch.full((2, 8), 3)\n        t.add_(torch.arange(8).sigmoid())"
    "\n        return self.out(h + t[:, None])",
)
expr(
    "inplace_ok_float_target",
    S,
    "t = torch.full((2, 8), 3.0)\n        t.mul_(torch.exp(-torch.arange(8) / 8)[None])"
    "\n        return self.out(h + t[:, None])",
)
expr(
    "inplace_ok_int_operand",
    S,
    "t = torch.full((2, 8), 3)\n        t.mul_(torch.arange(8)[None])"
    "\n        return self.out(h + t[:, None])",
)


# ---- ``torch.where(mask)`` / ``nonzero(as_tuple=True)``: a tuple of index vectors
expr("where_one_arg_method", S, "w = torch.where(h > 0)\n        return self.out(w.sum(1))")
expr("where_nonzero_tuple_layer", S, "return self.out(torch.nonzero(h > 0, as_tuple=True))")
expr(
    "where_ok_len", S, "w = torch.where(h > 0)\n        return self.out(h) * len(w) * w.index(w[0])"
)
expr("where_ok_items", S, "i, j, k = torch.where(h > 0)\n        return self.out(h[i, j])")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("numpykw_softmax", "alias_wrong_axis"), tmp_path, capsys
    )


def _python_level(obj: object) -> bool:
    return isinstance(obj, types.FunctionType)


def test_python_level_lists_match_torch():
    """The callables the pass treats as Python-level are Python functions in torch, and every
    Python-level Tensor method / ``torch.`` function that takes a ``dim`` is listed (those are
    the ones where ``axis=`` would be mistaken for torch's alias)."""
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    for n in PY_TENSOR_METHODS:
        assert _python_level(inspect.getattr_static(torch.Tensor, n)), n
    for n in PY_TORCH_FNS:
        assert _python_level(getattr(torch, n)), n
    for n in NATIVE_FUNCTIONAL:
        assert not _python_level(getattr(F, n)), n
    for n in dir(torch.Tensor):
        m = inspect.getattr_static(torch.Tensor, n)
        if not n.startswith("_") and _python_level(m):
            if {"dim", "keepdim"} & set(inspect.signature(m).parameters):
                assert n in PY_TENSOR_METHODS, n
    for n in dir(torch):
        m = getattr(torch, n)
        if not n.startswith("_") and _python_level(m):
            if {"dim", "keepdim"} & set(inspect.signature(m).parameters):
                assert n in PY_TORCH_FNS, n


def test_aliases_are_what_torch_takes():
    """torch takes ``axis`` / ``keepdims`` on the ops the pass reads them on, and raises on the
    Python-level ones it reports."""
    torch = pytest.importorskip("torch")
    x = torch.zeros(2, 3, 4)
    assert x.mean(axis=1, keepdims=True).shape == (2, 1, 4)
    assert torch.cat([x], axis=2).shape == (2, 3, 4)
    assert torch.nn.functional.cosine_similarity(x, x, axis=1).shape == (2, 4)
    for call in (
        lambda: torch.nn.functional.softmax(x, axis=1),
        lambda: x.split(1, axis=1),
        lambda: torch.norm(x, axis=1),
        lambda: torch.nn.functional.max_pool1d(x, 2, axis=1),
    ):
        with pytest.raises(TypeError):
            call()


def test_dim_required_is_torch_s():
    """Each op the pass holds to need a ``dim`` raises TypeError without one, as a method and
    as ``torch.<name>``, and runs with one."""
    torch = pytest.importorskip("torch")
    x = torch.zeros(2, 3)
    for n in DIM_REQUIRED:
        with pytest.raises(TypeError):
            getattr(x, n)()
        with pytest.raises(TypeError):
            getattr(torch, n)(x)
        getattr(x, n)(1)
        getattr(x, n)(dim=1)
