"""Forward-crash rules of session 22 (crashfix22: fresh14's dev part) against real torch.

The dtype / rank acceptance table (``forward/dtype_table.py``) is data measured in torch by
``tools/gen_dtype_table.py``; the first test measures it again and must find the same table.
Then, as in tests/test_crash21b.py, small models written here are built and run in torch and
``driftcheck check --input-shape`` must report a blocker exactly when torch raised; every rule
family (the name's first word) has a crashing model and a clean twin.
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
    """A model whose forward is ``h = self.fc(x)`` (a float ``(B, 8)``) then ``body``."""
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)",), body, init))


def tokens(name: str, body: str, init: str = "") -> None:
    """A model fed token ids ``(2, 6)``; ``self.emb`` is an ``Embedding(10, 8)``."""
    model(
        name,
        (2, 6),
        f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 8)
        {init or "pass"}

    def forward(self, ids):
        {body}
""",
        kind="tokens",
    )


# ---- a dtype family the op refuses (the table), on dtypes known where they are made
expr("dtype_gelu_long", "return F.gelu(torch.arange(8).expand(2, 8)).float() + h")
expr("dtype_var_mask", "return (h > 0).var(-1, keepdim=True).float() + h")
expr("dtype_topk_bool", "return torch.gather(h, 1, (h > 0).topk(3, -1).indices)")
expr("dtype_cdist_long", "p = torch.arange(8).view(1, 8, 1).float().long()\n        "
     "return torch.cdist(p, p).float().mean() + h")  # fmt: skip
expr("dtype_layernorm_long", "return self.ln(h.long()).float()", init="self.ln = nn.LayerNorm(8)")
expr("dtype_maxpool_long", "return F.max_pool1d(h.long()[:, None], 2).float().flatten(1)")
expr("dtype_param_long", "self.s = nn.Parameter(torch.ones(8, dtype=torch.long))\n        "
     "return h * self.s")  # fmt: skip
expr("dtype_polar_long", "a = torch.polar(torch.ones(2, 8), torch.arange(16).view(2, 8))\n"
     "        return torch.view_as_real(a).flatten(1) @ h.T")  # fmt: skip
expr("dtype_lerp_long", "return torch.lerp(h, h, torch.full((8,), 3))")
expr("dtype_ok_gelu_float", "return F.gelu(torch.arange(8).expand(2, 8).float()) + h")
expr("dtype_ok_softmax_cast", "return h + (h > 0).long().softmax(-1, dtype=torch.float)")
expr("dtype_ok_relu_long", "return F.relu(h.long()).float()")
expr("dtype_ok_lerp_float", "return torch.lerp(h, h, torch.full((8,), 0.5))")
expr("dtype_ok_param_float", "self.s = nn.Parameter(torch.ones(8))\n        return h * self.s")
# ---- dtypes of sources: ``dtype=torch.bool`` / ``torch.cfloat``, randint, argsort, isnan
expr("source_bool_var", "return torch.zeros(2, 8, dtype=torch.bool).var(-1, keepdim=True) + h")
expr("source_cfloat_gt", "return h * (torch.ones(2, 8, dtype=torch.cfloat) > 0)")
expr("source_randint_gelu", "return F.gelu(torch.randint(0, 3, (2, 8))) + h")
expr("source_argsort_softmax", "return h.argsort(-1).softmax(-1) + h")
expr("source_isnan_topk", "return torch.gather(h, 1, h.isnan().topk(2, -1).indices)")
expr("source_cat_long", "return F.silu(torch.cat([h.long(), h.argmax(-1, keepdim=True)], -1))")
expr("source_new_zeros", "return h + (h > 0).new_zeros(2, 8).softmax(-1)")
expr("source_ok_cat_mixed", "return F.silu(torch.cat([h, h.argmax(-1, keepdim=True)], -1))")
expr("source_ok_randint_float", "return F.gelu(torch.randint(0, 3, (2, 8)).float()) + h")
expr("source_ok_bool_sum", "return torch.zeros(2, 8, dtype=torch.bool).sum(-1, keepdim=True) + h")
# ---- complex tensors followed from torch.fft
expr("complex_gt", "X = torch.fft.rfft(h)\n        return torch.fft.irfft(X * (X > 0.5), n=8)")
expr("complex_relu", "X = torch.fft.rfft(h)\n        return torch.fft.irfft(F.relu(X), n=8)")
expr("complex_rfft_twice", "return torch.fft.rfft(torch.fft.rfft(h)).abs()")
expr("complex_istft_real", "s = h.view(2, 2, 4).exp() * torch.cos(h.view(2, 2, 4))\n        "
     "return torch.istft(s, 2, hop_length=1, window=torch.hann_window(2))")  # fmt: skip
expr("complex_ok_gt_abs", "X = torch.fft.rfft(h)\n        "
     "return torch.fft.irfft(X * (X.abs() > 0.5), n=8)")  # fmt: skip
expr("complex_ok_real", "X = torch.fft.rfft(h)\n        return F.relu(X.real) + X.imag")
expr("complex_ok_rfft_irfft", "return torch.fft.rfft(torch.fft.irfft(torch.fft.rfft(h))).abs()")
# ---- a family narrowed by an op that ran: Embedding takes integer ids, rfft a real tensor
tokens("narrow_rand_like", "e = self.emb(ids)\n        return e + torch.rand_like(ids)[..., None]")
tokens("narrow_silu_after_emb", "e = self.emb(ids)\n        return e + F.silu(ids)[..., None]")
model(
    "narrow_imag_of_input",
    (2, 8),
    """
class Net(nn.Module):
    def forward(self, x):
        X = torch.fft.rfft(x)
        return torch.cat([X.real, x.imag], -1)
""",
)
tokens(
    "narrow_ok_rand_float",
    "e = self.emb(ids)\n        return e + torch.rand_like(ids.float())[..., None]",
)
tokens("narrow_ok_relu", "e = self.emb(ids)\n        return e + F.relu(ids)[..., None]")
model(
    "narrow_ok_branch_not_taken",
    (2, 8),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 8)

    def forward(self, x):
        if x.abs().sum() > 1e9:  # never on this input: what ran there tells nothing
            return self.emb(x).sum(-1)
        return torch.rand_like(x) + x
""",
)
# ---- a rank the op refuses whatever the sizes (the rank table)
tokens("rank_renorm_row", "w = torch.renorm(self.emb.weight[0], 2, 0, 1.0)\n        "
       "return F.embedding(ids, w[:, None])")  # fmt: skip
expr("rank_dsplit_matrix", "a, b = torch.dsplit(h, 2)\n        return a + b")
expr("rank_det_vector", "return torch.linalg.det(h[0]) * h")
expr("rank_ok_renorm", "return torch.renorm(h, 2, 0, 1.0)")
expr("rank_ok_dsplit", "a, b = torch.dsplit(h[..., None].expand(2, 8, 2), 2)\n        "
     "return (a + b).squeeze(-1)")  # fmt: skip
# ---- as_strided past the storage of a fresh tensor
_FRAMES = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        b, n = x.shape
        f = x.contiguous().as_strided((b, {nf}, 8), (x.stride(0), 4, 1))
        return self.fc(f).mean(1)
"""
model("strided_one_past", (2, 40), _FRAMES.format(nf="(n - 8) // 4 + 2"))
model("strided_flat", (2, 40), _FRAMES.format(nf="n // 4").replace("x.contiguous()", "x.flatten()"))
model("strided_ok_fit", (2, 40), _FRAMES.format(nf="(n - 8) // 4 + 1"))
# ---- trapezoid: one x per sample
expr("trapz_short_x", "return torch.trapezoid(h, torch.linspace(0, 1, 7), dim=-1)")
expr("trapz_cumulative", "return torch.cumulative_trapezoid(h, torch.linspace(0, 1, 9))")
expr("trapz_ok", "return torch.trapezoid(h, torch.linspace(0, 1, 8), dim=-1)")
# ---- index_add_: the source's other axes are self's
_MSG = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("dst", torch.tensor([1, 2, 3, 0]))
        self.msg = nn.Linear(8, {w})

    def forward(self, x):
        return torch.zeros_like(x).index_add_(0, self.dst, self.msg(x[:4]))
"""
model("indexadd_wide", (6, 8), _MSG.format(w=16))
model("indexadd_ok", (6, 8), _MSG.format(w=8))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("dtype_gelu_long", "complex_gt", "narrow_rand_like"), tmp_path, capsys
    )


def test_table_is_torchs():
    """``tools/gen_dtype_table.py`` measured again: torch refuses exactly what the table says
    (dtype families per op and position, ranks per op)."""
    pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location(
        "gen_dtype_table", ROOT / "tools/gen_dtype_table.py"
    )
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    from driftcheck.parsers.source.forward.dtype_table import RANK_REFUSES, REFUSES

    rows, _ = gen.table()
    assert {k: set(v) for k, v in rows.items()} == {k: set(v) for k, v in REFUSES.items()}
    ranks = gen.rank_table()
    assert {k: set(v) for k, v in ranks.items()} == {k: set(v) for k, v in RANK_REFUSES.items()}


def test_table_reaches_many_ops():
    """The table is broad (the next batch will use other ops than fresh14's)."""
    from driftcheck.parsers.source.forward.dtype_table import RANK_REFUSES, REFUSES

    assert len({k for k, _ in REFUSES}) >= 250 and len(RANK_REFUSES) >= 50
