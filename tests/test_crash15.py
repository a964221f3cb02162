"""Forward-crash rules of session 15 (``forward/dataflow_args.py`` and small hooks) against
real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin
that differs only in the defect, so a rule that flags everything or nothing fails.
"""

from __future__ import annotations

import json
import os

import pytest

from driftcheck.cli import main
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS, kind_first=True)


# ---- a stack of two-input layers (a decoder with memory), compacted as one repeated layer
_DEC = """
class Net(nn.Module):
    def __init__(self, d=24, src_width={width}):
        super().__init__()
        self.src = nn.Linear(10, src_width)
        layer = nn.TransformerDecoderLayer(d, 2, 48, batch_first=True)
        self.dec = nn.TransformerDecoder(layer, num_layers=3)

    def forward(self, tgt):
        mem = self.src(torch.ones(tgt.shape[0], 5, 10))
        return self.dec(tgt, mem).sum(-1)
"""
model("decoder_memory_ok", (2, 4, 24), src=_DEC.format(width=24))
model("decoder_memory_bad", (2, 4, 24), src=_DEC.format(width=32))
# the memory as a keyword: the layer's second input is not among the positional tensors
model(
    "decoder_memory_keyword",
    (2, 4, 24),
    src=_DEC.format(width=24).replace("self.dec(tgt, mem)", "self.dec.layers[0](tgt, memory=mem)"),
)

# ---- EmbeddingBag: 1-D ids with offsets, or 2-D ids without
_BAG = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(30, 8, mode="sum")
        self.out = nn.Linear(8, 3)

    def forward(self, ids):
        n, k = ids.shape
        starts = torch.arange(0, n * k, k)
        return self.out(self.bag({ids}, starts))
"""
model("bag_flat_offsets", (3, 5), "tokens", _BAG.format(ids="ids.flatten()"))
model("bag_2d_offsets", (3, 5), "tokens", _BAG.format(ids="ids"))
# ``bag(ids, None, weights)``: the weights (the ids' shape) are not offsets
model(
    "bag_2d_weights",
    (3, 5),
    "tokens",
    _BAG.replace("starts)", "None, ids.float())").format(ids="ids"),
)

# ---- torch.fft: shapes and the complex dtype
_SPEC = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(9, 4)

    def forward(self, x):
        s = torch.fft.rfft(x, n=16, dim=1)
        return self.fc(s{part})
"""
model("fft_magnitude", (2, 12), src=_SPEC.format(part=".abs()"))
model("fft_complex_into_linear", (2, 12), src=_SPEC.format(part=""))
_LONGCONV = """
class Net(nn.Module):
    def __init__(self, c=4, taps=6):
        super().__init__()
        self.h = nn.Parameter(torch.randn(c, taps))

    def forward(self, u):
        L = u.size(-1)
        spec = torch.fft.rfft(u, n=2 * L) * torch.fft.rfft(self.h, n={kn})
        return torch.fft.irfft(spec, n=2 * L)[..., :L]
"""
model("fft_conv_same_n", (2, 4, 10), src=_LONGCONV.format(kn="2 * L"))
model("fft_conv_other_n", (2, 4, 10), src=_LONGCONV.format(kn="L"))

# ---- affine_grid: theta is (N, 2, 3) for a 4-D size
_AFF = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.loc = nn.Linear(3 * 6 * 6, 6)

    def forward(self, x):
        theta = self.loc(x.flatten(1)){shape}
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        return grid.mean()
"""
model("affine_theta_2x3", (2, 3, 6, 6), src=_AFF.format(shape=".view(-1, 2, 3)"))
model("affine_theta_flat", (2, 3, 6, 6), src=_AFF.format(shape=""))

# ---- grid_sample: the grid's last axis holds (x, y)
_GRID = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.off = nn.Conv2d(1, 2, 1)

    def forward(self, img):
        n, _, h, w = img.shape
        gy, gx = torch.meshgrid(torch.linspace(-1, 1, h), torch.linspace(-1, 1, w), indexing="ij")
        base = torch.stack([gx, gy], 0).unsqueeze(0)
        grid = base + self.off(img)
        return F.grid_sample(img, grid{layout}, align_corners=True).sum()
"""
model("grid_last_axis", (2, 1, 5, 7), src=_GRID.format(layout=".permute(0, 2, 3, 1)"))
model("grid_channels_first", (2, 1, 5, 7), src=_GRID.format(layout=""))

# ---- interpolate: align_corners only with interpolating modes (even False is refused)
_UP = """
class Net(nn.Module):
    def forward(self, x):
        return F.interpolate(x, scale_factor=2, mode="{mode}", align_corners=False).mean()
"""
model("interp_bilinear_ac", (1, 2, 4, 4), src=_UP.format(mode="bilinear"))
model("interp_nearest_ac", (1, 2, 4, 4), src=_UP.format(mode="nearest"))

# ---- index_add_ / scatter_add on graph edges held in buffers
_AGG = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("edges", torch.tensor([[0, 1, 2, 3, 1], [1, 2, 3, 0, 3]]))
        self.msg = nn.Linear(6, 10)

    def forward(self, x):
        src, dst = self.edges
        m = self.msg(x)[src]
        return {agg}
"""
model(
    "aggregate_index_add_rows",
    (4, 6),
    src=_AGG.format(agg="torch.zeros(x.shape[0], 10).index_add_(0, dst, m)"),
)
model(
    "aggregate_index_add_cols",
    (4, 6),
    src=_AGG.format(agg="torch.zeros(x.shape[0], 10).index_add_(1, dst, m)"),
)
model(
    "aggregate_scatter_expanded",
    (4, 6),
    src=_AGG.format(agg="torch.zeros(4, 10).scatter_add(0, dst[:, None].expand(-1, 10), m)"),
)
model(
    "aggregate_scatter_flat",
    (4, 6),
    src=_AGG.format(agg="torch.zeros(4, 10).scatter_add(0, dst, m)"),
)

# ---- an RNN's initial state
_HX = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(5, 8, num_layers=2, batch_first=True)
        self.h0 = nn.Parameter(torch.zeros({layers}, 1, 8))

    def forward(self, x):
        h0 = self.h0.expand(-1, x.shape[0], -1).contiguous()
        out, _ = self.rnn(x, (h0, torch.zeros_like(h0)))
        return out[:, -1]
"""
model("hx_layers_ok", (3, 4, 5), src=_HX.format(layers=2))
model("hx_layers_bad", (3, 4, 5), src=_HX.format(layers=1))

# ---- ConvTranspose: output_padding below the stride or the dilation
_CT = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.ConvTranspose1d(4, 2, 3, stride=1, dilation={dil}, output_padding=1)

    def forward(self, x):
        return self.up(x)
"""
model("convt_dilated", (2, 4, 9), src=_CT.format(dil=2))
model("convt_pad_too_big", (2, 4, 9), src=_CT.format(dil=1))

# ---- float64: buffers made in float64, .double(), torch's type promotion
_STATS = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.tensor({value}, dtype=torch.float64))
        self.fc = nn.Linear(3, 2)

    def forward(self, x):
        return self.fc(x * self.scale)
"""
model("f64_vector_buffer", (4, 3), src=_STATS.format(value="[1.0, 2.0, 0.5]"))
model("f64_scalar_buffer", (4, 3), src=_STATS.format(value="2.0"))  # 0-D: no promotion
_DBL = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(2, 3, 3)

    def forward(self, x):
        return self.conv(x.{cast}())
"""
model("f64_double_into_conv", (1, 2, 8), src=_DBL.format(cast="double"))
model("f64_float_into_conv", (1, 2, 8), src=_DBL.format(cast="float"))

# ---- a layer's own weights read in forward (Conv-BN folding)
_FOLD = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, bias=False)
        self.bn = nn.BatchNorm2d(6)

    def forward(self, x):
        s = self.bn.weight / torch.sqrt(self.bn.running_var + self.bn.eps)
        w = self.conv.weight * s.view({view})
        b = self.bn.bias - self.bn.running_mean * s
        return F.conv2d(x, w, b)
"""
model("fold_out_axis", (1, 3, 7, 7), src=_FOLD.format(view="-1, 1, 1, 1"))
model("fold_in_axis", (1, 3, 7, 7), src=_FOLD.format(view="1, -1, 1, 1"))

# ---- torch.stft: (n_fft // 2 + 1, frames)
_STFT = """
class Net(nn.Module):
    def __init__(self, n_fft=32):
        super().__init__()
        self.n_fft = n_fft
        self.conv = nn.Conv1d({rows}, 4, 1)

    def forward(self, wav):
        s = torch.stft(wav, self.n_fft, hop_length=8, center={center}, return_complex=True)
        return self.conv(s.abs()).mean(-1)
"""
model("stft_onesided_rows", (2, 200), src=_STFT.format(rows="n_fft // 2 + 1", center=True))
model("stft_full_rows", (2, 200), src=_STFT.format(rows="n_fft", center=False))

# ---- pack_padded_sequence: lengths per batch item, sorted unless told otherwise
_PACK = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 6)

    def forward(self, x):
        packed = nn.utils.rnn.pack_padded_sequence(x, [3, 5, 2]{sort})
        _, h = self.rnn(packed)
        return h[-1]
"""
model("pack_unsorted_allowed", (5, 3, 4), src=_PACK.format(sort=", enforce_sorted=False"))
model("pack_unsorted", (5, 3, 4), src=_PACK.format(sort=""))

# ---- MultiheadAttention: query, key and value share the batch axis the layer reads
_POOL = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.seeds = nn.Parameter(torch.randn(1, 2, 12))
        self.attn = nn.MultiheadAttention(12, 3{bf})

    def forward(self, x):
        s = self.seeds.expand(x.size(0), -1, -1)
        out, _ = self.attn(s, x, x, need_weights=False)
        return out.flatten(1)
"""
model("mha_pool_batch_first", (3, 7, 12), src=_POOL.format(bf=", batch_first=True"))
model("mha_pool_seq_first", (3, 7, 12), src=_POOL.format(bf=""))

# ---- gather: an index no larger than the source off the gathered axis
_TOPK = """
class Net(nn.Module):
    def __init__(self, d=8, n=3):
        super().__init__()
        self.route = nn.Linear(d, n)
        self.experts = nn.ModuleList([nn.Linear(d, d) for _ in range(n)])

    def forward(self, x):
        w, idx = self.route(x).topk(2, dim=-1)
        outs = torch.stack([e(x) for e in self.experts], dim={axis})
        picked = outs.gather(1, idx[..., None].expand(-1, -1, x.shape[-1]))
        return (picked * w[..., None]).sum(1)
"""
model("gather_experts_axis1", (5, 8), src=_TOPK.format(axis=1))
model("gather_experts_last", (5, 8), src=_TOPK.format(axis=-1))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS,
        HEAD,
        ("fft_complex_into_linear", "hx_layers_bad", "fold_in_axis", "pack_unsorted"),
        tmp_path,
        capsys,
    )


def test_same_findings_without_speed_machinery(tmp_path, capsys, monkeypatch):
    """DRIFTCHECK_SPEED_OFF=all gives the same JSON on these rules' models."""
    for name in ("fold_in_axis", "stft_full_rows", "f64_vector_buffer", "decoder_memory_bad"):
        src, shape, _ = MODELS[name]
        path = tmp_path / f"{name}.py"
        path.write_text(HEAD + src)
        argv = ["check", f"{path}::Net", "--input-shape", ",".join(map(str, shape))]
        outs = []
        for off in (None, "all"):
            if off:
                monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", off)
            main([*argv, "--format", "json"])
            outs.append(json.loads(capsys.readouterr().out)["findings"])
        monkeypatch.delenv("DRIFTCHECK_SPEED_OFF", raising=False)
        assert outs[0] == outs[1], name
    assert "DRIFTCHECK_SPEED_OFF" not in os.environ
