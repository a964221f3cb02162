"""Forward-crash rules of session 19 (fresh8's dev misses: ``forward/dataflow_linalg.py``,
``forward/dataflow_losses.py``, SDPA's ``enable_gqa``) against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin
that differs only in the defect, so a rule that flags everything or nothing fails.
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS, kind_first=True)


def expr(name: str, shape: tuple[int, ...], body: str) -> None:
    """A model whose forward is ``h = self.fc(x)`` then ``body`` (which returns)."""
    model(
        name,
        shape,
        src=net_source(
            (
                "self.fc = nn.Linear(8, 8)",
                "self.v = nn.Parameter(torch.randn(8))",
                "self.dims = (1, 2)",
            ),
            body,
            None,
        ),
    )


# ---- SDPA with enable_gqa: key/value heads (axis -3) must divide the query's
_GQA = """
class Net(nn.Module):
    def __init__(self, n_kv={n_kv}, gqa={gqa}):
        super().__init__()
        self.n_kv, self.gqa = n_kv, gqa
        self.q = nn.Linear(32, 32)
        self.kv = nn.Linear(32, 2 * n_kv * 4)

    def forward(self, x):
        B, T, _ = x.shape
        q = self.q(x).view(B, T, 8, 4).transpose(1, 2)
        k, v = self.kv(x).view(B, T, 2 * self.n_kv, 4).transpose(1, 2).chunk(2, 1)
        return F.scaled_dot_product_attention(q, k, v, enable_gqa=self.gqa)
"""
model("gqa_divides", (2, 5, 32), src=_GQA.format(n_kv=2, gqa=True))
model("gqa_not_divides", (2, 5, 32), src=_GQA.format(n_kv=3, gqa=True))
model("gqa_off", (2, 5, 32), src=_GQA.format(n_kv=2, gqa=False))

# ---- vector / matrix ops' ranks
expr("dot_1d", (8,), "return torch.dot(h, self.v)")
expr("dot_2d", (2, 8), "return torch.dot(h, self.v)")
expr("dot_lengths", (8,), "return torch.dot(h, self.v[:4])")
expr("mv_ok", (8, 8), "return torch.mv(h, self.v)")
expr("mv_batched", (8, 8), "return torch.mv(h, h)")
expr("trace_2d", (3, 8), "return torch.trace(h)")
expr("trace_3d", (2, 3, 8), "return torch.trace(h)")
expr("pdist_2d", (5, 8), "return F.pdist(h)")
expr("pdist_3d", (2, 5, 8), "return torch.pdist(h)")
expr("cov_2d", (5, 8), "return torch.cov(h) + torch.corrcoef(h)")
expr("cov_3d", (2, 5, 8), "return torch.corrcoef(h)")
expr("matnorm_2d", (5, 8), "return torch.linalg.matrix_norm(h)")
expr("matnorm_1d", (8,), "return torch.linalg.matrix_norm(h)")
expr("matnorm_square", (8, 8), "return torch.linalg.det(h)")
expr("matnorm_rect", (5, 8), "return torch.linalg.det(h)")
# ---- axis permutations
expr("movedim_ok", (2, 3, 8), "return torch.movedim(h, (1, -1), (2, 0))")
expr("movedim_longer", (2, 3, 8), "return torch.movedim(h, (1, 2), (0,))")
expr("movedim_repeat", (2, 3, 8), "return h.movedim((1, -2), (0, 2))")
expr("rot90_ok", (2, 3, 8), "return torch.rot90(h, 1, (1, 2))")
expr("rot90_same", (2, 3, 8), "return torch.rot90(h, 1, (2, -1))")
expr("rot90_one", (2, 3, 8), "return h.rot90(1, [2])")
# ---- a required argument left out
expr("required_given", (2, 3, 8), "return h.cumsum(1) + torch.cumsum(h, dim=2)")
expr("required_unpacked", (2, 3, 8), "return h.transpose(*self.dims)")
expr("required_cumsum", (2, 3, 8), "return torch.cumsum(h)")
expr("required_axis_alias", (2, 3, 8), "return h.cumsum(axis=1) + torch.cumprod(h, axis=2)")
expr(
    "required_numpy",
    (2, 3, 8),
    "return h, h.detach().numpy().transpose(), h.detach().cpu().numpy().cumsum()",
)
expr("required_transpose", (2, 3, 8), "return h.transpose(-1)")

# ---- functional losses: input and target broadcast (or, for BCE, are the same size)
expr("loss_broadcasts", (4, 8), "return F.mse_loss(h, h[:, :1]) + F.l1_loss(h, h)")
expr("loss_mse", (4, 8), "return F.mse_loss(h, h[:, :3])")
expr("loss_huber", (4, 8), "return F.huber_loss(h[:2], h[:3])")
expr("loss_pairwise", (4, 8), "return F.pairwise_distance(h, h[:, :4])")
expr("loss_bce_same", (4, 8), "return F.binary_cross_entropy_with_logits(h, h.sigmoid())")
expr("loss_bce_bcast", (4, 8), "return F.binary_cross_entropy_with_logits(h, h[:, :1])")

# ---- a per-class weight: as many items as classes (functional and module, whose target is
# not a graph tensor: a layer short of an input hid the crash at its line before)
_WEIGHT = """
class Net(nn.Module):
    def __init__(self, n_cls=5, n_w={n_w}):
        super().__init__()
        self.cls = nn.Conv2d(3, n_cls, 1)
        self.crit = nn.CrossEntropyLoss(weight=torch.ones(n_w))

    def forward(self, x):
        logits = self.cls(x)
        target = torch.zeros(x.shape[0], x.shape[2], x.shape[3], dtype=torch.long)
        return {call}
"""
_MOD = "self.crit(logits, target)"
_FN = "F.nll_loss(logits.log_softmax(1), target, weight=torch.ones({n_w}))"
model("weight_module_ok", (2, 3, 4, 4), src=_WEIGHT.format(n_w=5, call=_MOD))
model("weight_module_short", (2, 3, 4, 4), src=_WEIGHT.format(n_w=4, call=_MOD))
model("weight_fn_ok", (2, 3, 4, 4), src=_WEIGHT.format(n_w=5, call=_FN.format(n_w=5)))
model("weight_fn_long", (2, 3, 4, 4), src=_WEIGHT.format(n_w=5, call=_FN.format(n_w=6)))

# ---- nn.Embedding built in forward: padding_idx within [-num_embeddings, num_embeddings)
_LAZY = """
class Net(nn.Module):
    def __init__(self, vocab=32, pad={pad}):
        super().__init__()
        self.vocab, self.pad = vocab, pad
        self.emb = None

    def forward(self, ids):
        if self.emb is None:
            self.emb = nn.Embedding(self.vocab, 8, padding_idx=self.pad)
        return self.emb(ids)
"""
model("lazyemb_in_range", (2, 8), "tokens", src=_LAZY.format(pad=-32))
model("lazyemb_vocab", (2, 8), "tokens", src=_LAZY.format(pad=32))
model("lazyemb_below", (2, 8), "tokens", src=_LAZY.format(pad=-33))

# ---- a padding mode's own limit: circular wraps at most once, reflect stays below the size
_PADMODE = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(3, 4, 4, stride=4)
        self.mix = nn.Conv2d(4, 4, {k}, padding={pad}, padding_mode="{mode}")

    def forward(self, x):
        return self.mix(self.down(x))
"""
model("padmode_circular_ok", (1, 3, 8, 8), src=_PADMODE.format(k=5, pad=2, mode="circular"))
model("padmode_circular_twice", (1, 3, 4, 4), src=_PADMODE.format(k=5, pad=2, mode="circular"))
model(
    "padmode_circular_wide", (1, 3, 4, 8), src=_PADMODE.format(k=3, pad="(1, 0)", mode="circular")
)
model("padmode_reflect_ok", (1, 3, 12, 12), src=_PADMODE.format(k=5, pad=2, mode="reflect"))
model("padmode_reflect_size", (1, 3, 8, 8), src=_PADMODE.format(k=5, pad=2, mode="reflect"))

# ---- BatchNorm without running stats: more than one value per channel in every mode
_BN = """
class Net(nn.Module):
    def __init__(self, trs={trs}):
        super().__init__()
        self.fc = nn.Linear(8, 4)
        self.bn = nn.BatchNorm1d(4, track_running_stats=trs)

    def forward(self, x):
        return self.bn(self.fc(x))
"""
model("bnstats_batch2", (2, 8), src=_BN.format(trs=False))
model("bnstats_batch1", (1, 8), src=_BN.format(trs=False))

# ---- torch.quantile: q within [0, 1]
expr("quantile_one", (2, 8), "return torch.quantile(h, 1.0, dim=-1)")
expr("quantile_percent", (2, 8), "return torch.quantile(h, 90.0, dim=-1)")

# ---- known integer values through arithmetic (``arange(B) * step``, ``arange(T) + 1``):
# class-index targets in [0, C) or ignore_index; an index within its axis
expr("targets_in_range", (4, 8), "return F.nll_loss(h, torch.arange(4) * 2 - 1, ignore_index=-1)")
expr("targets_past_classes", (4, 8), "return F.cross_entropy(h, torch.arange(4) * 3)")
expr("targets_negative", (4, 8), "return F.nll_loss(h, torch.arange(4) - 1)")
expr("arith_index_ok", (2, 8), "return h[:, torch.arange(4) * 2 + 1]")
expr("arith_index_past", (2, 8), "return h[:, (torch.arange(4) + 1) * 2]")

# ---- CTC lengths (``torch.full`` values): inputs at most T frames, targets at most their width
_CTC = """
class Net(nn.Module):
    def __init__(self, tgt_len=5, tgt_w=5):
        super().__init__()
        self.tgt_len, self.tgt_w = tgt_len, tgt_w
        self.sub = nn.Conv1d(8, 16, 3, stride=2, padding=1)
        self.out = nn.Linear(16, 6)

    def forward(self, mel):
        B, _, T = mel.shape
        logp = self.out(self.sub(mel).transpose(1, 2)).log_softmax(-1).transpose(0, 1)
        targets = torch.ones(B, self.tgt_w, dtype=torch.long)
        in_len = torch.full((B,), {in_len}, dtype=torch.long)
        tgt_len = torch.full((B,), self.tgt_len)
        return F.ctc_loss(logp, targets, in_len, tgt_len)
"""
model("ctc_frames_after_sub", (2, 8, 20), src=_CTC.format(in_len="logp.shape[0]"))
model("ctc_frames_before_sub", (2, 8, 20), src=_CTC.format(in_len="T"))
model(
    "ctc_target_wider",
    (2, 8, 20),
    src=_CTC.format(in_len="(T + 1) // 2").replace("tgt_len=5,", "tgt_len=6,"),
)

# ---- pad_packed_sequence's total_length: at least the longest packed length (through an RNN)
_PACKED = """
class Net(nn.Module):
    def __init__(self, total={total}):
        super().__init__()
        self.total = total
        self.emb = nn.Embedding(20, 8)
        self.rnn = nn.GRU(8, 8, batch_first=True)

    def forward(self, ids):
        lengths = torch.tensor([10, 7, 4])
        packed = nn.utils.rnn.pack_padded_sequence(self.emb(ids), lengths, batch_first=True)
        {body}
        out, _ = nn.utils.rnn.pad_packed_sequence(out, batch_first=True, total_length=self.total)
        return out.mean(1)
"""
_RNN = "out, _ = self.rnn(packed)"
model("packed_total_longest", (3, 10), "tokens", src=_PACKED.format(total=10, body=_RNN))
model("packed_total_short", (3, 10), "tokens", src=_PACKED.format(total=8, body=_RNN))
model("packed_direct_short", (3, 10), "tokens", src=_PACKED.format(total=9, body="out = packed"))
# ---- torch.tensor of ints keeps its values (an index past the axis)
expr("tensorvals_in_range", (2, 8), "return h[:, torch.tensor([0, 7, -8])]")
expr("tensorvals_past", (2, 8), "return h[:, torch.tensor([[0, 1], [2, 8]])]")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("dot_2d", "movedim_repeat", "gqa_not_divides"), tmp_path, capsys
    )
