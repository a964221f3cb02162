"""Forward-crash rules of session 23 (crashfix23: fresh15's dev part, made general) against torch.

The matrix / init table (``forward/matrix_table.py``) is data measured in torch by
``tools/gen_matrix_table.py``; one test measures it again and must find the same table. Then
small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised; every rule family (the name's
first word) has a crashing model and a clean twin. Most use ops the batch did not.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

ROOT = Path(__file__).resolve().parents[1]
HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS)


def expr(name: str, body: str, shape: tuple[int, ...] = (2, 8), init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(*shape[:-1], 8)``) then ``body``."""
    model(
        name,
        shape,
        net_source(("self.fc = nn.Linear(8, 8)", "self.g = nn.Linear(8, 6)"), body, init),
    )


# ---- shapes between the tensors of one call (dataflow_pairs)
expr("inner_wide", "return torch.inner(h, self.g(x))")
expr("inner_ok", "return torch.inner(h, self.fc(x)) + torch.inner(self.g(x), torch.ones(6))")
expr("vecdot_wide", "return torch.linalg.vecdot(h, self.g(x))")
expr("vecdot_ok", "return torch.linalg.vecdot(h, h[:1], dim=-1)")
expr("cosine_wide", "return F.cosine_similarity(h, self.g(x), dim=-1)")
expr("cosine_ok", "return F.cosine_similarity(h, h[:1], dim=-1)")
expr("pairdist_wide", "return F.pairwise_distance(h, self.g(x))")
expr("pairdist_ok", "return F.pairwise_distance(h, h.flip(0))")
expr("triplet_wide", "return F.triplet_margin_loss(h, h, self.g(x))", shape=(3, 8))
expr("triplet_ok", "return F.triplet_margin_loss(h, h[:1], h.flip(0))", shape=(3, 8))
expr("addr_wide", "return torch.addr(torch.zeros(8, 8), h[0], self.g(x)[0])")
expr("addr_ok", "return torch.addr(torch.zeros(1, 6), h[0], self.g(x)[0])")
expr("addr_vec2d", "return h.new_zeros(8, 6).addr(h[:1].t(), self.g(x)[0])")
expr("selectscatter_keep", "return h.select_scatter(h[:, :1], 1, 0)")
expr("selectscatter_ok", "return h.select_scatter(h[:, 1] * 2, 1, 0)")
expr("slicescatter_step", "return torch.slice_scatter(h, h[:, :3], 1, 0, 8, 2)")
expr("slicescatter_ok", "return torch.slice_scatter(h, h[:, :4], 1, 0, 8, 2)")
expr("slicescatter_neg", "return torch.slice_scatter(h, h[:, :3], dim=1, start=-2)")
expr("diagscatter_long", "return torch.diagonal_scatter(h, h[0], 1)", shape=(8, 8))
expr("diagscatter_ok", "return torch.diagonal_scatter(h, h[0, :7], 1)", shape=(8, 8))
expr("indexcopy_slice", "return torch.zeros(5, 6).index_copy(0, torch.arange(2), h)")
expr("indexcopy_ok", "return torch.zeros(5, 8).index_copy(0, torch.arange(2), h)")
expr("indexcopy_rank", "return torch.zeros(5, 8).index_copy_(0, torch.arange(2), h[None])")

# ---- the matrix table (rank, square, ord) and nn.init ranks
expr("matpow_rect", "return torch.matrix_power(self.g.weight, 2)")
expr("matpow_ok", "return h @ self.fc.weight.matrix_power(3)")
expr("inv_rect", "return torch.linalg.inv(h[:, :6].reshape(2, 2, 4)).sum() + h")
expr("inv_ok", "return torch.linalg.inv(self.fc.weight + 8 * torch.eye(8)).sum() + h")
expr("inv_slogdet_vector", "return torch.linalg.slogdet(h[0])[1] + h")
expr("fft2_vector", "return torch.fft.ifft2(h[0]).real + h")
expr("fft2_ok", "return torch.fft.rfft2(h).abs().sum() + h")
expr("fft2_dim", "return torch.fft.fft2(h[0], dim=(0,)).real + h")
expr("matnorm_ord", "return torch.linalg.matrix_norm(self.fc.weight, ord=0.5) + h")
expr("matnorm_ok", "return torch.linalg.matrix_norm(self.fc.weight, ord=-2) + h")
expr("matnorm_nuc", "return torch.linalg.matrix_norm(self.fc.weight, 'nuc') + h")
expr("init_eye3d", "nn.init.eye_(self.w)\n        return h * self.w.sum()",
     init="self.w = nn.Parameter(torch.empty(2, 3, 3))")  # fmt: skip
expr(
    "init_ok",
    "nn.init.eye_(self.fc.weight)\n        return h",
)
expr("init_fan_bias", "nn.init.xavier_uniform_(self.fc.bias)\n        return h")

# ---- dtypes of arguments
expr("heaviside_bool", "return torch.heaviside(h, h > 0)")
expr("heaviside_ok", "return torch.heaviside(h, torch.tensor(0.5))")
expr("heaviside_list", "return h.heaviside(torch.tensor([1, 0, 1, 1, 0, 0, 1, 1]))")
expr("addcdiv_mask", "m = (h > 0)\n        return h.addcdiv(m, m.long() + 1)")
expr("addcdiv_ok", "m = (h > 0)\n        return h.addcdiv(m.float(), m.long() + 1)")
expr("nll_float", "return F.nll_loss(h.log_softmax(-1), h.argmax(-1).float())")
expr("nll_ok", "return F.nll_loss(h.log_softmax(-1), h.argmax(-1))")
expr("ce_float", "return F.cross_entropy(h, h.argmax(-1).float())")
expr("ce_probs", "return F.cross_entropy(h, h.softmax(-1))")
expr("div_mode", "return h.div(2, rounding_mode='ceil')")
expr("div_ok", "return torch.div(h, 2, rounding_mode='floor')")
expr("celu_zero", "return F.celu(h, 0.0)")
expr("celu_layer", "return self.act(h)", init="self.act = nn.CELU(alpha=0)")
expr("celu_ok", "return self.act(h)", init="self.act = nn.CELU(alpha=0.5)")

# ---- a float result written back into an integer buffer (self.<name> op= v)
_BUF = 'self.register_buffer("seen", torch.zeros(8, dtype=torch.long))'
expr("augattr_mean", "self.seen -= h.mean(0)\n        return h", init=_BUF)
expr("augattr_amax", "self.seen *= h.amax(0)\n        return h", init=_BUF)
expr("augattr_ok", "self.seen += (h > 0).sum(0)\n        return h", init=_BUF)
expr("augattr_rebound_ok", "self.seen = self.seen.float()\n        self.seen += h.mean(0)\n"
     "        return h", init=_BUF)  # fmt: skip
expr("augattr_data_ok", "self.seen.data = self.seen.data.double()\n        self.seen += h.sum(0)\n"
     "        return h", init=_BUF)  # fmt: skip
expr("augattr_max_ok", "self.seen += h.long().max(0).values\n        return h", init=_BUF)


# ---- in-place methods / operators whose result torch cannot write back (the inplace table)
expr("inplace_sqrt_long", "c = torch.arange(8)\n        c.sqrt_()\n        return h + c")
expr("inplace_mask_add", "m = h > 0\n        m += 1\n        return h * m")
expr("inplace_floordiv_float", "c = h.argmax(-1)\n        c //= 0.5\n        return h + c[:, None]")
expr(
    "inplace_pow_ok",
    "c = h.argmax(-1)\n        c **= 2\n        c //= 2\n        return h + c[:, None]",
)
expr("inplace_clamp_mask", "m = (h > 0).clamp_(0.5)\n        return h * m")
expr(
    "inplace_ok", "m = (h > 0).long()\n        m.clamp_(1)\n        m.add_(m)\n        return h * m"
)
_BUFB = 'self.register_buffer("hit", torch.zeros(8, dtype=torch.bool))'
expr("inplace_buffer_mask", "self.hit += h.argmax(0)\n        return h", init=_BUFB)
expr("inplace_buffer_ok", "self.hit |= (h > 0).any(0)\n        return h", init=_BUFB)


def test_inplace_table_is_torchs():
    """``tools/gen_inplace_table.py`` measured again: the same refusals."""
    pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location(
        "gen_inplace_table", ROOT / "tools/gen_inplace_table.py"
    )
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    from driftcheck.parsers.source.forward.inplace_table import REFUSED

    assert gen.measure() == REFUSED
    assert len(REFUSED) >= 60  # broad: many more methods than the batch uses


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("inner_wide", "matpow_rect", "heaviside_bool"), tmp_path, capsys
    )


def test_table_is_torchs():
    """``tools/gen_matrix_table.py`` measured again: torch refuses exactly what the table says."""
    pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location(
        "gen_matrix_table", ROOT / "tools/gen_matrix_table.py"
    )
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    import torch

    from driftcheck.parsers.source.forward import matrix_table as mt

    torch.manual_seed(0)
    got = gen.measure()
    assert got["RANK_AT"] == mt.RANK_AT and got["SQUARE"] == mt.SQUARE
    assert got["ORD_REFUSED"] == mt.ORD_REFUSED and got["INIT_REFUSED"] == mt.INIT_REFUSED


def test_table_reaches_many_ops():
    """The table is broad (the next batch will use other ops than fresh15's)."""
    from driftcheck.parsers.source.forward.matrix_table import INIT_REFUSED, RANK_AT, SQUARE

    assert len(RANK_AT) >= 25 and len(SQUARE) >= 10 and len(INIT_REFUSED) >= 6
