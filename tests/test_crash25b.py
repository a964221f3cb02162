"""Forward-crash rules of session 25 (crashfix25b: fresh17's dev part) against real torch.

As in tests/test_crash22_dtypes.py, small models written here are built and run in torch and
``driftcheck check --input-shape`` must report a blocker exactly when torch raised; every rule
family (the name's first word) has a crashing model and a clean twin. The clean twins are the
near misses: the same dtype on both sides, a cast back before the op, an empty operand, a
broadcasting size 1, an einops reduction torch knows.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = (
    "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
    "from einops import reduce\n\n"
)

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS)


def expr(name: str, body: str, shape: tuple[int, ...] = (2, 8), init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float32 ``(B, 8)``) then ``body``."""
    model(
        name,
        shape,
        net_source(("self.fc = nn.Linear(8, 8)", "self.k = nn.Linear(8, 8)"), body, init),
    )


# ---- matrix products of float64 beside float32 (exact dtypes)
_TABLE = "self.table = nn.Parameter(torch.randn(8, 4))"
expr("matmul_double_param", "return h.double() @ self.table", init=_TABLE)
expr("matmul_param_double", "return torch.mm(h, self.table.double())", init=_TABLE)
expr("matmul_double_layer", "return h.double() @ self.k(x).t()")
expr("matmul_half_double", "return h.half().matmul(self.k(x).t().double())")
expr("matmul_ok_both_double", "return h.double() @ self.table.double()", init=_TABLE)
expr("matmul_ok_cast_back", "return h.double().float() @ self.table", init=_TABLE)
expr("matmul_ok_f64_param", "return h.double() @ self.t64",
     init="self.t64 = nn.Parameter(torch.randn(8, 4, dtype=torch.float64))")  # fmt: skip
expr("matmul_ok_to_float", "return h.double().to(torch.float32) @ self.table", init=_TABLE)
expr("matmul_to_double", "return h.to(torch.float64) @ self.k(x).t()")
expr("matmul_ok_div", "return (h.double() / 2).float() @ self.table", init=_TABLE)

# exact dtypes kept through numbers, same-dtype products and elementwise functions
expr("matmul_scaled_double", "return (F.relu(h.double()) * 0.5 + 1) @ self.k(x).t()")
expr("matmul_sigmoid_half", "return torch.sigmoid(h.half()) @ self.table", init=_TABLE)
expr("matmul_ok_to_param_dtype", "return h.double().to(self.table.dtype) @ self.table", init=_TABLE)
expr("matmul_ok_to_like", "return h.double().to(self.table) @ self.table", init=_TABLE)
expr("matmul_ok_type_as", "return h.double().type_as(self.table) @ self.table", init=_TABLE)
_CAST = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = nn.Linear(8, 8)
        {before}
        self.table = nn.Parameter(torch.randn(8, 4))
        {after}

    def forward(self, x):
        return self.k(x.double()) @ self.table
"""
# a module cast in ``__init__``: the module's own Parameters are not read as exact any more
# (one registered after the cast stays float32 in torch: a miss the pass accepts)
model("matmul_ok_module_cast", (2, 8), _CAST.format(before="pass", after="self.double()"))
model("matmul_ok_module_to", (2, 8), _CAST.format(before="pass", after="self.to(torch.float64)"))
expr("matmul_ok_softmax_dtype", "return h.double().softmax(-1, torch.float32) @ self.table",
     init=_TABLE)  # fmt: skip
expr("matmul_ok_scaled_both", "return (h.double() * 2) @ (self.table.double() / 3)", init=_TABLE)
expr("matmul_ok_mixed_sum", "return (h.double() + self.k(x)).float() @ self.table", init=_TABLE)

# ---- scaled_dot_product_attention's query / key / value dtypes
_QKV = "q = h.view(2, 2, 1, 4)\n        k = self.k(x).view(2, 2, 1, 4)\n        "
expr("sdpa_double_query", _QKV + "return F.scaled_dot_product_attention(q.double(), k, k)")
expr("sdpa_double_value", _QKV + "return F.scaled_dot_product_attention(q, k, k.double())")
expr("sdpa_ok_all_double", _QKV + "return F.scaled_dot_product_attention("
     "q.double(), k.double(), k.double())")  # fmt: skip
expr("sdpa_ok_same", _QKV + "return F.scaled_dot_product_attention(q, k, k)")

# ---- an RNN with float32 weights fed float64
model(
    "rnn_gru_double",
    (2, 5, 8),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(8, 6, batch_first=True)

    def forward(self, x):
        out, _ = self.rnn(x.double())
        return out
""",
)
model(
    "rnn_lstm_double_sum",
    (2, 5, 8),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(8, 6)
        self.mean = nn.Parameter(torch.zeros(8, dtype=torch.float64))

    def forward(self, x):
        return self.rnn(x - self.mean)[0]
""",
)
model(
    "rnn_ok_cast_module",
    (2, 5, 8),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(8, 6, batch_first=True).double()

    def forward(self, x):
        out, _ = self.rnn(x.double())
        return out
""",
)
model(
    "rnn_ok_float",
    (2, 5, 8),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.RNN(8, 6, batch_first=True)

    def forward(self, x):
        out, _ = self.rnn(x.double().float())
        return out
""",
)

# ---- tensor_split into n <= 0 sections
expr("tsplit_zero", "return torch.cat(torch.tensor_split(h, 0, dim=-1), -1)")
expr("tsplit_negative", "return torch.cat(h.tensor_split(-2, dim=1), -1)")
expr("tsplit_ok_one", "return torch.cat(torch.tensor_split(h, 1, dim=-1), -1)")
expr("tsplit_ok_more_than_size", "return torch.cat(torch.tensor_split(h, 12, dim=-1), -1)")

# ---- cross_entropy / nll_loss of integer or bool logits
_T = "t = x.argmax(-1) % 8\n        "
expr("celoss_long_logits", _T + "return F.cross_entropy(h.long(), t)")
expr("celoss_bool_logits", _T + "return F.cross_entropy(h > 0, t)")
expr("celoss_nll_int", _T + "return F.nll_loss(h.int(), t)")
expr(
    "celoss_module_long",
    _T + "return self.loss(h.long(), t)",
    init="self.loss = nn.CrossEntropyLoss()",
)
expr("celoss_ok_module", _T + "return self.loss(h, t)", init="self.loss = nn.CrossEntropyLoss()")
expr("celoss_ok_float", _T + "return F.cross_entropy(h.long().float(), t)")

# ---- binary_cross_entropy with an integer / bool target
_P = "p = torch.sigmoid(h)\n        "
expr("bce_long_target", _P + "return F.binary_cross_entropy(p, (p > 0.5).long())")
expr("bce_bool_target", _P + "return F.binary_cross_entropy(p, p > 0.5)")
expr("bce_module_bool_target", _P + "return self.loss(p, p > 0.5)", init="self.loss = nn.BCELoss()")
expr("bce_ok_module_float", _P + "return self.loss(p, p.detach())", init="self.loss = nn.BCELoss()")
expr("bce_logits_long_target", "return F.binary_cross_entropy_with_logits(h, (h > 0).long())")
expr(
    "bce_logits_module_bool",
    "return self.loss(h, h > 0)",
    init="self.loss = nn.BCEWithLogitsLoss()",
)
expr("bce_ok_logits_module", "return self.loss(h, (h > 0).float())",
     init="self.loss = nn.BCEWithLogitsLoss()")  # fmt: skip
expr("bce_ok_float_target", _P + "return F.binary_cross_entropy(p, (p > 0.5).float())")
expr("bce_ok_logits_float", "return F.binary_cross_entropy_with_logits(h, (h > 0).float())")

# ---- scatter with a float / bool index
expr("scatter_float_index", "i = x.argmax(-1, keepdim=True).float()\n        "
     "return torch.zeros(2, 8).scatter_(1, i, 1.0)")  # fmt: skip
expr("scatter_add_bool_index", "i = x[:, :1] > 0\n        "
     "return torch.zeros(2, 8).scatter_add(1, i, torch.ones(2, 1))")  # fmt: skip
expr("scatter_ok_long_index", "i = x.argmax(-1, keepdim=True)\n        "
     "return torch.zeros(2, 8).scatter_(1, i, 1.0)")  # fmt: skip
expr("scatter_ok_empty_float_index", "i = x[:0, :1].float()\n        "
     "return torch.zeros(2, 8).scatter_(1, i, 1.0)")  # fmt: skip

# ---- margin_ranking_loss: same rank, broadcasting sizes
_S = "s = h.sum(-1)\n        "
expr("ranking_off_by_one", _S + "return F.margin_ranking_loss(h[:, 0], h[:, 1], torch.ones(3))")
expr("ranking_rank", _S + "return F.margin_ranking_loss(h, h, torch.ones(8))")
expr("ranking_ok_size_one", _S + "return F.margin_ranking_loss(s, s[:1], torch.ones(2))")
expr("ranking_module", _S + "return self.loss(s, h[:, 0], torch.ones(3))",
     init="self.loss = nn.MarginRankingLoss()")  # fmt: skip
expr("ranking_ok", _S + "return F.margin_ranking_loss(h, h.flip(0), torch.ones(2, 8))")

# ---- cosine_embedding_loss: 0-D / 1-D target, broadcasting batch
expr("cosine_feature_target", "return F.cosine_embedding_loss(h, x, torch.ones(8))")
expr("cosine_2d_target", "return F.cosine_embedding_loss(h, x, torch.ones(2, 1))")
expr("cosine_1d_inputs", "return F.cosine_embedding_loss(h[0], x[0], torch.ones(8))")
expr(
    "cosine_module",
    "return self.loss(h, x, torch.ones(8))",
    init="self.loss = nn.CosineEmbeddingLoss()",
)
expr(
    "cosine_ok_module",
    "return self.loss(h, x, -torch.ones(2))",
    init="self.loss = nn.CosineEmbeddingLoss()",
)
expr("cosine_ok", "return F.cosine_embedding_loss(h, x, torch.ones(2))")
expr("cosine_ok_one", "return F.cosine_embedding_loss(h[:1], x[:1], torch.ones(2))")
expr("cosine_ok_scalar", "return F.cosine_embedding_loss(h[0], x[0], torch.ones(()))")

# ---- linalg.inv of a matrix whose items are all one number (rank <= 1)
expr("inverse_ones", "return h[:, :4] @ torch.linalg.inv(torch.ones(4, 4))")
expr("inverse_zeros_1x1", "return h[:, :1] @ torch.inverse(torch.zeros(1, 1))")
expr("inverse_batched_ones", "return torch.linalg.inv(torch.ones(2, 3, 3, dtype=torch.float64))")
expr("inverse_ok_ones_1x1", "return h[:, :1] @ torch.linalg.inv(torch.ones(1, 1))")
expr("inverse_ok_plus_eye", "return h[:, :4] @ torch.linalg.inv(torch.ones(4, 4) + torch.eye(4))")
expr("inverse_ok_setitem", "c = torch.zeros(2, 2)\n        c[0, 0] = 1.0\n        c[1, 1] = 2.0\n"
     "        return h[:, :2] @ torch.linalg.inv(c)")  # fmt: skip
expr("inverse_ok_augassign", "c = torch.ones(3, 3)\n        c += torch.eye(3)\n"
     "        return h[:, :3] @ torch.linalg.inv(c)")  # fmt: skip
expr("inverse_ok_fill_diagonal", "c = torch.ones(3, 3)\n        c.fill_diagonal_(5.0)\n"
     "        return h[:, :3] @ torch.linalg.inv(c)")  # fmt: skip
expr("inverse_ok_diag_add", "c = torch.zeros(3, 3)\n        c.diagonal().add_(1.0)\n"
     "        return h[:, :3] @ torch.linalg.inv(c)")  # fmt: skip
expr("inverse_ok_empty_batch", "return torch.linalg.inv(torch.ones(0, 3, 3))")

# ---- einops.reduce with a reduction einops does not know
expr("einreduce_avg", 'return reduce(h.view(2, 2, 4), "b n d -> b d", "avg")')
expr("einreduce_keyword", 'return reduce(h, "b d -> b", reduction="average")')
expr("einreduce_ok_mean", 'return reduce(h.view(2, 2, 4), "b n d -> b d", "mean")')
expr("einreduce_ok_callable", 'return reduce(h, "b d -> b", torch.amax)')


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    pytest.importorskip("einops")
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    pytest.importorskip("einops")
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS,
        HEAD,
        ("matmul_double_param", "rnn_gru_double", "tsplit_zero", "einreduce_avg"),
        tmp_path,
        capsys,
    )


def test_autocast_leaves_exact_dtypes_open(tmp_path, capsys):
    """A module that names ``torch.autocast``: layer outputs may be float16 / bfloat16 there,
    so no exact dtype is read (the product below runs in torch under CPU autocast)."""
    torch = pytest.importorskip("torch")
    from tests.crash_rule_support import blockers

    src = HEAD + textwrap.dedent(
        """
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(8, 8)
                self.k = nn.Linear(8, 8)

            def forward(self, x):
                with torch.autocast("cpu", dtype=torch.bfloat16):
                    return self.fc(x) @ self.k(x).t().float().bfloat16()
        """
    )
    path = tmp_path / "amp.py"
    path.write_text(src)
    import runpy

    net = runpy.run_path(str(path))["Net"]()
    net(torch.randn(2, 8))  # runs in torch
    assert blockers(path, (2, 8), capsys) == []
