"""An eighteenth fresh batch of crash cases (session 26, split ``fresh18``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The new classes are mistakes users carry over from numpy, older torch or other libraries, and ops
earlier batches did not exercise: a negative slice step (``x[:, ::-1]``), functions torch removed
(``torch.symeig``, ``torch.matrix_rank``, ``torch.eig``, ``torch.rfft``), calling the ``torch.fft``
module like the old function, ``F.pad`` with conv's ``padding_mode`` names, ``interpolate`` and
``grid_sample`` mode names that are not torch's, ``argmax`` of a bool mask, a ModuleList indexed
with a tensor of several expert ids, ``index_add_`` of a float64 source, ``bincount`` weights of
another length, ``linalg`` of an integer matrix, ``det`` of a non-square matrix, class weights of
float64 in ``cross_entropy``, ``quantile`` / ``nanmean`` / ``logcumsumexp`` / ``histogram`` of
integers, ``clamp`` / ``relu`` of a complex spectrum, ``expand`` with fewer sizes than dims,
``broadcast_to`` a shape that does not fit, ``index_reduce_`` with ``'sum'``, a float target for
``multilabel_margin_loss``, ``torch.take`` past the end, ``diagonal_scatter`` of the wrong length,
``x.shape[i]`` past the rank, ``len`` of a 0-d tensor, ``linalg.lstsq`` rows that differ,
``tensor.H`` of a batch, ``vstack`` of rows of two lengths, ``max_pool1d`` of integers, ``stft``
with an ``n_fft`` longer than the signal and ``dropout`` of integers. Familiar classes (gather
ranks, masked_fill masks, conv ranks and channels, U-Net skips, SDPA masks, RNN inputs and
hidden states, pooling to zero, interpolate sizes, stack / split / repeat, transposed-conv output
padding, embedding ids, norm shapes, einops pack, fft dims, MoE routing) are written as whole
models where they can be. Several clean variants look risky (``RISKY_CLEAN``). Same format as
``templates.py``; every case name starts ``f18_``. Whether a case crashes is torch's verdict
(``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- numpy / old-torch habits
template("reverse_time_encoder", "(2, 10, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fwd = nn.GRU(8, 12, batch_first=True)
        self.bwd = nn.GRU(8, 12, batch_first=True)
        self.out = nn.Linear(24, 3)

    def forward(self, x):
        rev = {rev}
        a, _ = self.fwd(x)
        b, _ = self.bwd(rev)
        return self.out(torch.cat([a[:, -1], b[:, -1]], -1))
"""
)

template("spectral_whitener_old_api", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 6)

    def forward(self, x):
        h = self.proj(x)
        cov = h.T @ h / h.shape[0] + 1e-3 * torch.eye(6)
        evals = {evals}
        return h * evals.clamp(min=1e-4).rsqrt()
"""
)

template("rank_probe", "(5, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 5)

    def forward(self, x):
        a = self.fc(x)
        r = {rank}
        return a * r
"""
)

template("fourier_mixer_old_fft", "(2, 16, 8)")(
    """
class FourierMix(nn.Module):
    def forward(self, x):
        spec = {spec}
        return spec.real


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.mix = FourierMix()
        self.norm = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        x = self.norm(x + self.mix(x))
        return x + self.ff(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(8) for _ in range(2)])

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return x
"""
)

template("conv_pad_mode_helper", "(2, 3, 12, 12)")(
    """
def pad_same(x, k, mode):
    p = k // 2
    return F.pad(x, (p, p, p, p), mode=mode)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 5)
        self.mode = {mode}

    def forward(self, x):
        return self.conv(pad_same(x, 5, self.mode))
"""
)

template("upsample_decoder_mode", "(2, 8, 6, 6)")(
    """
class Up(nn.Module):
    def __init__(self, cin, cout, mode):
        super().__init__()
        self.mode = mode
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        x = F.interpolate(x, scale_factor=2, mode=self.mode)
        return F.relu(self.conv(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.up1 = Up(8, 4, {mode})
        self.up2 = Up(4, 2, "nearest")

    def forward(self, x):
        return self.up2(self.up1(x))
"""
)

template("warp_sampler", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.flow = nn.Conv2d(3, 2, 3, padding=1)

    def forward(self, x):
        b, _, h, w = x.shape
        ys, xs = torch.meshgrid(torch.linspace(-1, 1, h), torch.linspace(-1, 1, w), indexing="ij")
        base = torch.stack([xs, ys], -1).expand(b, h, w, 2)
        grid = base + 0.1 * torch.tanh(self.flow(x)).permute(0, 2, 3, 1)
        return F.grid_sample(x, grid, {opts}, align_corners=False)
"""
)

# ---------------------------------------------------------------- bool / int / float mixing
template("first_token_pooler", "(3, 9, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(6, 1)
        self.head = nn.Linear(6, 2)

    def forward(self, x):
        keep = self.score(x).squeeze(-1) > 0
        first = {first}
        rows = torch.arange(x.shape[0])
        return self.head(x[rows, first])
"""
)

template("weighted_ce_numpy_weights", "(6, 4)")(
    """
import numpy as np


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)
        counts = np.array([10.0, 5.0, 1.0])
        self.register_buffer("cw", {cw})

    def forward(self, x):
        logits = self.fc(x)
        target = torch.arange(x.shape[0]) % 3
        return F.cross_entropy(logits, target, weight=self.cw)
"""
)

template("token_length_stats", "(4, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(2, 8)
        self.fc = nn.Linear(9, 2)

    def forward(self, ids):
        lengths = ids.sum(1)
        med = {stat}
        h = self.emb(ids).mean(1)
        return self.fc(torch.cat([h, med.float().expand(ids.shape[0], 1)], -1))
"""
)

template("spectral_gate", "(2, 4, 32)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(4, 4, 3, padding=1)

    def forward(self, x):
        spec = torch.fft.rfft(self.conv(x), dim=-1)
        gated = {gate}
        return torch.fft.irfft(gated, n=x.shape[-1], dim=-1)
"""
)

template("dropout_on_counts", "(3, 10)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 4)

    def forward(self, ids):
        feats = {feats}
        return self.fc(F.dropout(feats, 0.2).float())
"""
)

template("int_maxpool_features", "(2, 4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool1d(2)
        self.fc = nn.Linear(32, 3)

    def forward(self, x):
        q = {q}
        return self.fc(self.pool(q).float().flatten(1))
"""
)

# ---------------------------------------------------------------- MoE / index ops
template("moe_loop_router", "(6, 8)")(
    """
class Expert(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.w1 = nn.Linear(d, 2 * d)
        self.w2 = nn.Linear(2 * d, d)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, d=8, n=4):
        super().__init__()
        self.gate = nn.Linear(d, n)
        self.experts = nn.ModuleList([Expert(d) for _ in range(n)])

    def forward(self, x):
        probs = self.gate(x).softmax(-1)
        w, idx = probs.topk(2, -1)
        out = torch.zeros_like(x)
        for t in range(x.shape[0]):
            for j in range(2):
                e = {pick}
                out[t] += w[t, j] * self.experts[e](x[t])
        return out
"""
)

template("moe_index_add_combine", "(6, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, n=3):
        super().__init__()
        self.gate = nn.Linear(d, n)
        self.experts = nn.ModuleList([nn.Linear(d, d) for _ in range(n)])

    def forward(self, x):
        choice = self.gate(x).argmax(-1)
        out = torch.zeros_like(x)
        for i, exp in enumerate(self.experts):
            sel = (choice == i).nonzero().squeeze(-1)
            y = exp(x[sel]){cast}
            out.index_add_(0, sel, y)
        return out
"""
)

template("expert_load_balance", "(8, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(6, 4)

    def forward(self, x):
        p = self.router(x).softmax(-1)
        top = p.argmax(-1)
        load = torch.bincount(top, weights={weights}, minlength=4)
        return (load * p.mean(0)).sum()
"""
)

template("segment_pool_index_reduce", "(8, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 5)

    def forward(self, x):
        h = self.fc(x)
        seg = torch.arange(h.shape[0]) // 3
        out = torch.zeros(int(seg.max()) + 1, h.shape[1])
        return out.index_reduce_(0, seg, h, {reduce}, include_self=False)
"""
)

template("flat_lookup_take", "(2, 3, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.register_buffer("pos", torch.tensor({pos}))

    def forward(self, x):
        h = self.lin(x)
        return torch.take(h, self.pos)
"""
)

template("diag_bias_attention", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.qk = nn.Linear(8, 16)
        self.self_bias = nn.Parameter(torch.zeros({n}))

    def forward(self, x):
        q, k = self.qk(x).chunk(2, -1)
        s = q @ k.transpose(1, 2) / 8**0.5
        bias = torch.diagonal_scatter(torch.zeros(s.shape[-2:]), self.self_bias)
        return (s + bias).softmax(-1) @ x
"""
)

# ---------------------------------------------------------------- linear algebra
template("graph_spectrum_feats", "(6, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.out = nn.Linear(6, 2)

    def forward(self, x):
        h = self.fc(x)
        adj = (h @ h.T > 0){cast}
        lap = torch.diag(adj.sum(1)) - adj
        ev = torch.linalg.eigvalsh(lap)
        return self.out(ev.float())
"""
)

template("volume_log_det", "(3, 4, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, {width})

    def forward(self, x):
        m = self.fc(x)
        return torch.linalg.det(m @ m.transpose(-1, -2) + torch.eye(4)) + torch.linalg.det({m})
"""
)

template("closed_form_readout", "(10, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.feat = nn.Sequential(nn.Linear(6, 8), nn.Tanh())
        self.register_buffer("y", torch.randn({rows}, 2))

    def forward(self, x):
        a = self.feat(x)
        sol = torch.linalg.lstsq(a, self.y).solution
        return a @ sol
"""
)

template("hermitian_gram", "(2, 4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)

    def forward(self, x):
        h = self.fc(x)
        return {gram}
"""
)

# ---------------------------------------------------------------- shapes: expand / broadcast / rank
template("cond_expand_cfg", "(2, 5, 8)")(
    """
from dataclasses import dataclass


@dataclass
class Cfg:
    d: int = 8
    cond: int = 4


class Net(nn.Module):
    def __init__(self, cfg=Cfg()):
        super().__init__()
        self.cond = nn.Parameter(torch.randn(cfg.cond, cfg.d))
        self.mix = nn.Linear(2 * cfg.d, cfg.d)

    def forward(self, x):
        c = self.cond.mean(0)
        c = {c}
        return self.mix(torch.cat([x, c], -1))
"""
)

template("bias_broadcast_to", "(2, 3, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros({bshape}))
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return self.fc(x) + torch.broadcast_to(self.bias, x.shape)
"""
)

template("shape_unpacker_block", "(2, 4, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)
        self.norm = nn.GroupNorm(2, 4)

    def forward(self, x):
        h = self.norm(self.conv(x))
        tokens = h.flatten(2).transpose(1, 2)
        side = {side}
        return tokens.transpose(1, 2).reshape(h.shape[0], -1, side, side)
"""
)

template("scalar_gate_len", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.gate = nn.Parameter(torch.tensor({g}))

    def forward(self, x):
        n = len(self.gate)
        return self.fc(x) * self.gate.sum() / n
"""
)

template("batched_conj_attn", "(2, 4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(6, 6)

    def forward(self, x):
        q = self.q(x)
        return (q @ {kt}).softmax(-1) @ x
"""
)

template("prototype_bank_vstack", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Parameter(torch.randn(6))
        self.b = nn.Parameter(torch.randn({bdim}))
        self.fc = nn.Linear(6, 3)

    def forward(self, x):
        protos = torch.vstack([self.a, self.b])
        return self.fc(x) @ torch.ones(3, 1) + x @ protos.T
"""
)

template("sequence_rank_check", "(2, 7, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(5, 6, batch_first=True)

    def forward(self, x):
        out, _ = self.lstm(x)
        channels = out.shape[{axis}]
        return out.reshape(-1, channels).sum(0)
"""
)

# ---------------------------------------------------------------- losses
template("multilabel_tagger", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 5))

    def forward(self, x):
        scores = self.enc(x)
        target = {target}
        return F.multilabel_margin_loss(scores, target)
"""
)

template("audio_frontend_stft", "(2, {n})")(
    """
class Net(nn.Module):
    def __init__(self, n_fft=128):
        super().__init__()
        self.n_fft = n_fft
        self.register_buffer("win", torch.hann_window(n_fft))
        self.conv = nn.Conv1d(n_fft // 2 + 1, 8, 3, padding=1)

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, hop_length=32, window=self.win, return_complex=True)
        return self.conv(spec.abs())
"""
)

template("cumulative_log_scores", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 10)

    def forward(self, x):
        s = self.fc(x)
        ranks = {ranks}
        return torch.logcumsumexp(ranks, dim=-1)
"""
)

template("score_histogram", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 16)

    def forward(self, x):
        s = self.fc(x).sigmoid() * 10
        hist, _ = torch.histogram({vals}, bins=5, range=(0.0, 10.0))
        return hist
"""
)

# ---------------------------------------------------------------- familiar classes, whole models
template("unet_two_level", "(1, 3, {hw}, {hw})")(
    """
def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU())


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.e1 = block(3, 8)
        self.e2 = block(8, 16)
        self.pool = nn.MaxPool2d(2)
        self.up = nn.ConvTranspose2d(16, 8, 2, stride=2)
        self.d1 = block(16, 8)
        self.out = nn.Conv2d(8, 1, 1)

    def forward(self, x):
        s1 = self.e1(x)
        b = self.e2(self.pool(s1))
        u = self.up(b)
        return self.out(self.d1(torch.cat([u, s1], 1)))
"""
)

template("decoder_block_sdpa_mask", "(2, 6, 16)")(
    """
class Attn(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x, mask):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h, d // self.h).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(y.transpose(1, 2).reshape(b, t, d))


class Net(nn.Module):
    def __init__(self, d=16, h=4):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.attn = Attn(d, h)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        b, t, _ = x.shape
        mask = {mask}
        x = x + self.attn(self.ln(x), mask)
        return x + self.mlp(x)
"""
)

template("padded_token_mask_fill", "(3, 7, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)
        self.k = nn.Linear(8, 8)

    def forward(self, x):
        s = self.q(x) @ self.k(x).transpose(1, 2)
        pad = x[..., 0] > 1.5
        s = s.masked_fill({mask}, float("-inf"))
        return torch.nan_to_num(s.softmax(-1)) @ x
"""
)

template("tcn_encoder", "(2, 20, 6)")(
    """
class TemporalBlock(nn.Module):
    def __init__(self, cin, cout, dil):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 3, padding=dil, dilation=dil)
        self.res = nn.Conv1d(cin, cout, 1)

    def forward(self, x):
        return F.relu(self.conv(x)) + self.res(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(TemporalBlock(6, 16, 1), TemporalBlock(16, 16, 2))
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        h = self.blocks({inp})
        return self.head(h.mean(-1))
"""
)

template("patch_tokens_to_conv", "(2, 16, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(12, 12, 3, padding=1, groups=12)
        self.fc = nn.Linear(12, 12)

    def forward(self, x):
        b, n, c = x.shape
        g = {grid}
        g = self.conv(g)
        return self.fc(g.flatten(2).transpose(1, 2))
"""
)

template("bigru_tagger_hidden", "(3, 8, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(10, 12, num_layers=2, batch_first=True, bidirectional=True)
        self.tag = nn.Linear(24, 5)

    def forward(self, x):
        h0 = torch.zeros({h0}, x.shape[0], 12)
        out, _ = self.rnn(x, h0)
        return self.tag(out)
"""
)

template("lstm_after_conv_frontend", "(2, 1, 50)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.front = nn.Sequential(nn.Conv1d(1, 8, 5, stride=2), nn.ReLU(), nn.Conv1d(8, 16, 3))
        self.lstm = nn.LSTM(16, 20, batch_first=True)
        self.out = nn.Linear(20, 4)

    def forward(self, x):
        f = self.front(x)
        seq = {seq}
        y, _ = self.lstm(seq)
        return self.out(y[:, -1])
"""
)

template("pyramid_pool_cnn", "(1, 3, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        layers = []
        c = 3
        for cout in (8, 16, 32):
            layers += [nn.Conv2d(c, cout, 3), nn.ReLU(), nn.MaxPool2d(2)]
            c = cout
        self.features = nn.Sequential(*layers)
        self.head = nn.Linear(32, 2)

    def forward(self, x):
        return self.head(self.features(x).amax((2, 3)))
"""
)

template("fpn_resize_sum", "(1, 4, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(4, 8, 3, stride=2, padding=1)
        self.c2 = nn.Conv2d(8, 8, 3, stride=2, padding=1)
        self.lat = nn.Conv2d(8, 8, 1)

    def forward(self, x):
        p1 = self.c1(x)
        p2 = self.c2(p1)
        up = F.interpolate(p2, size={size}, mode="nearest")
        return self.lat(p1) + up
"""
)

template("multi_head_stack_outputs", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(10, 16), nn.ReLU())
        self.heads = nn.ModuleList([nn.Linear(16, k) for k in {ks}])

    def forward(self, x):
        h = self.trunk(x)
        return torch.stack([head(h) for head in self.heads], 1)
"""
)

template("fused_qkv_split", "(2, 5, 12)")(
    """
class Net(nn.Module):
    def __init__(self, d=12, kv=6):
        super().__init__()
        self.d, self.kv = d, kv
        self.qkv = nn.Linear(d, d + 2 * kv)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        q, k, v = self.qkv(x).split({sizes}, dim=-1)
        k = k.repeat(1, 1, 2)
        v = v.repeat(1, 1, 2)
        a = (q @ k.transpose(1, 2)).softmax(-1)
        return self.o(a @ v)
"""
)

template("vae_decoder_convT", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 16 * 4 * 4)
        self.up1 = nn.ConvTranspose2d(16, 8, 3, stride=2, padding=1, output_padding={op})
        self.up2 = nn.ConvTranspose2d(8, 3, 4, stride=2, padding=1)

    def forward(self, z):
        h = self.fc(z).view(-1, 16, 4, 4)
        return torch.sigmoid(self.up2(F.relu(self.up1(h))))
"""
)

template("word_embed_offsets", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=10, d=8):
        super().__init__()
        self.vocab = vocab
        self.emb = nn.Embedding(vocab, d)
        self.lm = nn.Linear(d, vocab)

    def forward(self, ids):
        shifted = ids + {offset}
        return self.lm(self.emb(shifted))
"""
)

template("channel_layernorm_cnn", "(2, 6, 5, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(6, 6, 3, padding=1)
        self.norm = nn.LayerNorm({shape})

    def forward(self, x):
        h = self.conv(x)
        return self.norm({arg})
"""
)

template("einops_cls_pack", "(2, 9, 8)")(
    """
from einops import pack, unpack


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls = nn.Parameter(torch.zeros({cls}))
        self.enc = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)

    def forward(self, x):
        cls = self.cls.expand(x.shape[0], -1)
        h, ps = pack([cls, x], "b * d")
        h = self.enc(h)
        cls, _ = unpack(h, ps, "b * d")
        return cls
"""
)

template("freq_filter_dim", "(2, 4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(9))

    def forward(self, x):
        spec = torch.fft.rfft(x, dim={dim})
        return torch.fft.irfft(spec * self.w, n=16, dim={dim})
"""
)

template("gather_topk_tokens", "(2, 10, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(6, 1)

    def forward(self, x):
        s = self.score(x).squeeze(-1)
        idx = s.topk(4, -1).indices
        return torch.gather(x, 1, {index})
"""
)


# ---------------------------------------------------------------- more whole models
template("resnet_stage_shortcut", "(2, 8, 16, 16)")(
    """
class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.c1 = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.b1 = nn.BatchNorm2d(cout)
        self.c2 = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.b2 = nn.BatchNorm2d(cout)
        self.short = {short}

    def forward(self, x):
        h = F.relu(self.b1(self.c1(x)))
        return F.relu(self.b2(self.c2(h)) + self.short(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage = nn.Sequential(BasicBlock(8, 16, 2), BasicBlock(16, 16, 1))
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        return self.fc(self.stage(x).mean((2, 3)))
"""
)

template("seq2seq_bigru_bridge", "(3, 7, 6)")(
    """
class Encoder(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.rnn = nn.GRU(d, h, batch_first=True, bidirectional=True)

    def forward(self, x):
        out, h = self.rnn(x)
        return out, h


class Net(nn.Module):
    def __init__(self, d=6, h=10, steps=4):
        super().__init__()
        self.steps = steps
        self.enc = Encoder(d, h)
        self.dec = nn.GRU(d, h, batch_first=True)
        self.out = nn.Linear(h, d)

    def forward(self, x):
        _, h = self.enc(x)
        state = {bridge}
        y = x[:, :1]
        outs = []
        for _ in range(self.steps):
            o, state = self.dec(y, state)
            y = self.out(o)
            outs.append(y)
        return torch.cat(outs, 1)
"""
)

template("vit_fixed_pos", "(2, 3, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self, img=32, patch=4, d=16):
        super().__init__()
        n = (img // patch) ** 2
        self.embed = nn.Conv2d(3, d, patch, stride=patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.pos = nn.Parameter(torch.zeros(1, n + 1, d))
        self.enc = nn.TransformerEncoderLayer(d, 4, 32, batch_first=True)
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        t = self.embed(x).flatten(2).transpose(1, 2)
        t = torch.cat([self.cls.expand(t.shape[0], -1, -1), t], 1) + self.pos
        return self.head(self.enc(t)[:, 0])
"""
)

template("tta_flip_classifier", "(2, 3, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
            nn.Linear(8, 5),
        )

    def forward(self, x):
        flipped = {flip}
        return (self.body(x) + self.body(flipped)) / 2
"""
)

template("moe_onehot_dispatch", "(8, 6)")(
    """
class Net(nn.Module):
    def __init__(self, d=6, n=4):
        super().__init__()
        self.n = n
        self.router = nn.Linear(d, n)
        self.w = nn.Parameter(torch.randn(n, d, d) * 0.1)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        gates = self.router(x).softmax(-1)
        idx = gates.argmax(-1)
        dispatch = {dispatch}
        per_expert = torch.einsum("ne,nd->end", dispatch * gates, x)
        y = torch.einsum("end,edk->nk", per_expert, self.w)
        return self.norm(x + y)
"""
)


VARIANTS = [
    # numpy / old-torch habits
    ("reverse_time_encoder", "ok", "clean", {"rev": "x.flip(1)"}),
    (
        "reverse_time_encoder",
        "ok_index",
        "clean",
        {"rev": "x[:, torch.arange(x.shape[1] - 1, -1, -1)]"},
    ),
    ("reverse_time_encoder", "numpy_reverse", "negative_slice_step", {"rev": "x[:, ::-1]"}),
    ("reverse_time_encoder", "step_minus_two", "negative_slice_step", {"rev": "x[:, ::-2]"}),
    ("spectral_whitener_old_api", "ok", "clean", {"evals": "torch.linalg.eigvalsh(cov)"}),
    (
        "spectral_whitener_old_api",
        "ok_eigh",
        "clean",
        {"evals": "torch.linalg.eigh(cov).eigenvalues"},
    ),
    ("spectral_whitener_old_api", "symeig", "removed_api", {"evals": "torch.symeig(cov)[0]"}),
    ("spectral_whitener_old_api", "eig", "removed_api", {"evals": "torch.eig(cov)[0][:, 0]"}),
    ("rank_probe", "ok", "clean", {"rank": "torch.linalg.matrix_rank(a)"}),
    ("rank_probe", "old_matrix_rank", "removed_api", {"rank": "torch.matrix_rank(a)"}),
    (
        "fourier_mixer_old_fft",
        "ok",
        "clean",
        {"spec": "torch.fft.fft(torch.fft.fft(x, dim=-1), dim=-2)"},
    ),
    ("fourier_mixer_old_fft", "ok_fft2", "clean", {"spec": "torch.fft.fft2(x)"}),
    ("fourier_mixer_old_fft", "old_call", "fft_module_call", {"spec": "torch.fft(x, 2)"}),
    ("fourier_mixer_old_fft", "old_rfft", "removed_api", {"spec": "torch.rfft(x, 2)"}),
    ("conv_pad_mode_helper", "ok", "clean", {"mode": '"reflect"'}),
    ("conv_pad_mode_helper", "ok_constant", "clean", {"mode": '"constant"'}),
    ("conv_pad_mode_helper", "ok_circular", "clean", {"mode": '"circular"'}),
    ("conv_pad_mode_helper", "conv_zeros", "pad_mode_name", {"mode": '"zeros"'}),
    ("conv_pad_mode_helper", "same", "pad_mode_name", {"mode": '"same"'}),
    ("upsample_decoder_mode", "ok", "clean", {"mode": '"bilinear"'}),
    ("upsample_decoder_mode", "ok_bicubic", "clean", {"mode": '"bicubic"'}),
    ("upsample_decoder_mode", "typo", "interp_mode_name", {"mode": '"bilinar"'}),
    ("upsample_decoder_mode", "linear_4d", "interp_mode_rank", {"mode": '"linear"'}),
    ("upsample_decoder_mode", "trilinear_4d", "interp_mode_rank", {"mode": '"trilinear"'}),
    ("warp_sampler", "ok", "clean", {"opts": 'mode="bilinear"'}),
    ("warp_sampler", "ok_border", "clean", {"opts": 'padding_mode="border"'}),
    ("warp_sampler", "linear", "grid_sample_mode_name", {"opts": 'mode="linear"'}),
    ("warp_sampler", "zero_pad", "grid_sample_mode_name", {"opts": 'padding_mode="zero"'}),
    # bool / int / float mixing
    ("first_token_pooler", "ok", "clean", {"first": "keep.int().argmax(-1)"}),
    ("first_token_pooler", "ok_float", "clean", {"first": "keep.float().argmax(1)"}),
    ("first_token_pooler", "bool_argmax", "argmax_bool", {"first": "keep.argmax(-1)"}),
    ("first_token_pooler", "bool_argmax_fn", "argmax_bool", {"first": "torch.argmax(keep, 1)"}),
    (
        "weighted_ce_numpy_weights",
        "ok",
        "clean",
        {"cw": "torch.tensor(counts.sum() / counts, dtype=torch.float32)"},
    ),
    (
        "weighted_ce_numpy_weights",
        "ok_from_numpy",
        "clean",
        {"cw": "torch.from_numpy(counts.sum() / counts).float()"},
    ),
    (
        "weighted_ce_numpy_weights",
        "from_numpy",
        "loss_weight_dtype",
        {"cw": "torch.from_numpy(counts.sum() / counts)"},
    ),
    (
        "weighted_ce_numpy_weights",
        "tensor_f64",
        "loss_weight_dtype",
        {"cw": "torch.tensor(counts.sum() / counts)"},
    ),
    ("token_length_stats", "ok", "clean", {"stat": "lengths.float().quantile(0.5)"}),
    ("token_length_stats", "ok_median", "clean", {"stat": "lengths.median()"}),
    (
        "token_length_stats",
        "long_quantile",
        "quantile_int_dtype",
        {"stat": "lengths.quantile(0.5)"},
    ),
    ("token_length_stats", "long_nanmean", "reduce_int_dtype", {"stat": "lengths.nanmean()"}),
    ("spectral_gate", "ok", "clean", {"gate": "spec * torch.sigmoid(spec.abs())"}),
    (
        "spectral_gate",
        "ok_polar",
        "clean",
        {"gate": "torch.polar(spec.abs().clamp(max=1.0), spec.angle())"},
    ),
    ("spectral_gate", "clamp_spec", "clamp_complex", {"gate": "spec.clamp(max=1.0)"}),
    ("spectral_gate", "relu_spec", "clamp_complex", {"gate": "F.relu(spec)"}),
    ("dropout_on_counts", "ok", "clean", {"feats": "ids.float()"}),
    ("dropout_on_counts", "ok_half", "clean", {"feats": "ids.to(torch.float16)"}),
    ("dropout_on_counts", "long_ids", "dropout_int_dtype", {"feats": "ids"}),
    ("dropout_on_counts", "cumsum_ids", "dropout_int_dtype", {"feats": "ids.cumsum(-1)"}),
    ("int_maxpool_features", "ok", "clean", {"q": "torch.round(x * 4)"}),
    ("int_maxpool_features", "ok_double", "clean", {"q": "torch.round(x * 4).double()"}),
    ("int_maxpool_features", "long_q", "maxpool_int_dtype", {"q": "torch.round(x * 4).long()"}),
    ("int_maxpool_features", "int_q", "maxpool_int_dtype", {"q": "(x * 4).int()"}),
    # MoE / index ops
    ("moe_loop_router", "ok", "clean", {"pick": "idx[t, j]"}),
    ("moe_loop_router", "ok_int", "clean", {"pick": "int(idx[t, j])"}),
    ("moe_loop_router", "row_of_ids", "modulelist_tensor_index", {"pick": "idx[t]"}),
    ("moe_loop_router", "column_of_ids", "modulelist_tensor_index", {"pick": "idx[:, j]"}),
    ("moe_index_add_combine", "ok", "clean", {"cast": ""}),
    ("moe_index_add_combine", "ok_float", "clean", {"cast": ".float()"}),
    ("moe_index_add_combine", "double_out", "index_add_dtype", {"cast": ".double()"}),
    ("moe_index_add_combine", "half_out", "index_add_dtype", {"cast": ".half()"}),
    ("expert_load_balance", "ok", "clean", {"weights": "p.max(-1).values"}),
    ("expert_load_balance", "ok_none", "clean", {"weights": "None"}),
    ("expert_load_balance", "short", "bincount_weights_size", {"weights": "p.max(-1).values[:-1]"}),
    ("expert_load_balance", "matrix", "bincount_weights_size", {"weights": "p"}),
    ("segment_pool_index_reduce", "ok", "clean", {"reduce": '"amax"'}),
    ("segment_pool_index_reduce", "ok_mean", "clean", {"reduce": '"mean"'}),
    ("segment_pool_index_reduce", "sum", "index_reduce_mode", {"reduce": '"sum"'}),
    ("segment_pool_index_reduce", "max", "index_reduce_mode", {"reduce": '"max"'}),
    ("flat_lookup_take", "ok", "clean", {"pos": "[0, 5, 23]"}),
    ("flat_lookup_take", "ok_negative", "clean", {"pos": "[-1, -24]"}),
    ("flat_lookup_take", "numel", "take_index_range", {"pos": "[0, 24]"}),
    ("flat_lookup_take", "far", "take_index_range", {"pos": "[3, 100]"}),
    ("diag_bias_attention", "ok", "clean", {"n": 5}),
    ("diag_bias_attention", "short", "diagonal_scatter_src", {"n": 4}),
    ("diag_bias_attention", "long", "diagonal_scatter_src", {"n": 6}),
    # linear algebra
    ("graph_spectrum_feats", "ok", "clean", {"cast": ".float()"}),
    ("graph_spectrum_feats", "ok_double", "clean", {"cast": ".double()"}),
    ("graph_spectrum_feats", "long_adj", "linalg_int_dtype", {"cast": ".long()"}),
    ("graph_spectrum_feats", "int_adj", "linalg_int_dtype", {"cast": ".int()"}),
    ("volume_log_det", "ok", "clean", {"width": 4, "m": "m"}),
    ("volume_log_det", "ok_gram", "clean", {"width": 6, "m": "m @ m.transpose(-1, -2)"}),
    ("volume_log_det", "wide", "linalg_square", {"width": 6, "m": "m"}),
    ("volume_log_det", "tall", "linalg_square", {"width": 3, "m": "m.transpose(-1, -2)"}),
    ("closed_form_readout", "ok", "clean", {"rows": 10}),
    ("closed_form_readout", "ok_expr", "clean", {"rows": "2 * 5"}),
    ("closed_form_readout", "short_targets", "lstsq_rows", {"rows": 8}),
    ("hermitian_gram", "ok", "clean", {"gram": "h @ h.mT"}),
    ("hermitian_gram", "ok_adjoint", "clean", {"gram": "h @ h.adjoint()"}),
    ("hermitian_gram", "ok_matrix_H", "clean", {"gram": "h[0] @ h[0].H"}),
    ("hermitian_gram", "batch_H", "H_rank", {"gram": "h @ h.H"}),
    # expand / broadcast / rank
    (
        "cond_expand_cfg",
        "ok",
        "clean",
        {"c": "c.expand(x.shape[0], x.shape[1], -1)"},
    ),
    (
        "cond_expand_cfg",
        "ok_view",
        "clean",
        {"c": "c.view(1, 1, -1).expand(x.shape[0], x.shape[1], -1)"},
    ),
    (
        "cond_expand_cfg",
        "fewer_sizes",
        "expand_fewer_dims",
        {"c": "c[None, None].expand(x.shape[1], -1)"},
    ),
    (
        "cond_expand_cfg",
        "minus_ones",
        "expand_fewer_dims",
        {"c": "c.view(1, 1, -1).expand(-1, -1)"},
    ),
    ("bias_broadcast_to", "ok", "clean", {"bshape": 8}),
    ("bias_broadcast_to", "ok_row", "clean", {"bshape": "1, 8"}),
    ("bias_broadcast_to", "ok_full", "clean", {"bshape": "3, 8"}),
    ("bias_broadcast_to", "batch_bias", "broadcast_to_shape", {"bshape": "2, 8"}),
    ("bias_broadcast_to", "token_bias", "broadcast_to_shape", {"bshape": 3}),
    ("shape_unpacker_block", "ok", "clean", {"side": "int(tokens.shape[1] ** 0.5)"}),
    ("shape_unpacker_block", "ok_h", "clean", {"side": "h.shape[-1]"}),
    ("shape_unpacker_block", "past_rank", "shape_index_range", {"side": "h.shape[4]"}),
    ("shape_unpacker_block", "tokens_rank", "shape_index_range", {"side": "tokens.shape[3]"}),
    ("scalar_gate_len", "ok", "clean", {"g": "[1.0, 0.5]"}),
    ("scalar_gate_len", "ok_one", "clean", {"g": "[1.0]"}),
    ("scalar_gate_len", "scalar", "len_0d_tensor", {"g": "1.0"}),
    ("batched_conj_attn", "ok", "clean", {"kt": "x.mT"}),
    ("batched_conj_attn", "ok_transpose", "clean", {"kt": "x.transpose(-2, -1)"}),
    ("batched_conj_attn", "batch_H", "H_rank", {"kt": "x.H"}),
    ("prototype_bank_vstack", "ok", "clean", {"bdim": 6}),
    ("prototype_bank_vstack", "short_row", "stack_shapes", {"bdim": 5}),
    ("sequence_rank_check", "ok", "clean", {"axis": 2}),
    ("sequence_rank_check", "ok_last", "clean", {"axis": -1}),
    ("sequence_rank_check", "past_rank", "shape_index_range", {"axis": 3}),
    # losses / signal
    (
        "multilabel_tagger",
        "ok",
        "clean",
        {"target": "torch.tensor([[1, 3, -1, 0, 0]] * 4)"},
    ),
    (
        "multilabel_tagger",
        "ok_none",
        "clean",
        {"target": "torch.full((4, 5), -1, dtype=torch.long)"},
    ),
    (
        "multilabel_tagger",
        "float_target",
        "multilabel_margin_target_dtype",
        {"target": "torch.tensor([[1.0, 3.0, -1.0, 0.0, 0.0]] * 4)"},
    ),
    (
        "multilabel_tagger",
        "multi_hot",
        "multilabel_margin_target_dtype",
        {"target": "(scores > 0).float()"},
    ),
    ("audio_frontend_stft", "ok", "clean", {"n": 400}),
    ("audio_frontend_stft", "ok_short", "clean", {"n": 80}),
    ("audio_frontend_stft", "half_window", "stft_signal_short", {"n": 64}),
    ("audio_frontend_stft", "tiny", "stft_signal_short", {"n": 40}),
    ("cumulative_log_scores", "ok", "clean", {"ranks": "s"}),
    ("cumulative_log_scores", "ok_double", "clean", {"ranks": "s.double()"}),
    ("cumulative_log_scores", "argsort", "logcumsumexp_int_dtype", {"ranks": "s.argsort(-1)"}),
    (
        "cumulative_log_scores",
        "ranks",
        "logcumsumexp_int_dtype",
        {"ranks": "s.argsort(-1).argsort(-1)"},
    ),
    ("score_histogram", "ok", "clean", {"vals": "s.flatten()"}),
    ("score_histogram", "ok_double", "clean", {"vals": "s.flatten().double()"}),
    ("score_histogram", "long_vals", "histogram_int_dtype", {"vals": "s.long().flatten()"}),
    ("score_histogram", "int_vals", "histogram_int_dtype", {"vals": "s.round().int().flatten()"}),
    # familiar classes, whole models
    ("unet_two_level", "ok", "clean", {"hw": 16}),
    ("unet_two_level", "ok_18", "clean", {"hw": 18}),
    ("unet_two_level", "odd_15", "unet_skip", {"hw": 15}),
    ("unet_two_level", "odd_13", "unet_skip", {"hw": 13}),
    (
        "decoder_block_sdpa_mask",
        "ok",
        "clean",
        {"mask": "torch.ones(t, t, dtype=torch.bool).tril()"},
    ),
    (
        "decoder_block_sdpa_mask",
        "ok_batch",
        "clean",
        {"mask": "torch.ones(b, 1, t, t, dtype=torch.bool).tril()"},
    ),
    ("decoder_block_sdpa_mask", "ok_float", "clean", {"mask": "torch.zeros(t, t)"}),
    (
        "decoder_block_sdpa_mask",
        "padding_mask",
        "sdpa_attn_mask_shape",
        {"mask": "torch.ones(b, t, dtype=torch.bool)"},
    ),
    (
        "decoder_block_sdpa_mask",
        "three_heads",
        "sdpa_attn_mask_shape",
        {"mask": "torch.ones(b, 3, t, t, dtype=torch.bool)"},
    ),
    ("padded_token_mask_fill", "ok", "clean", {"mask": "pad[:, None, :]"}),
    ("padded_token_mask_fill", "ok_query", "clean", {"mask": "pad.unsqueeze(-1)"}),
    ("padded_token_mask_fill", "flat_pad", "masked_fill_broadcast", {"mask": "pad"}),
    ("padded_token_mask_fill", "transposed_pad", "masked_fill_broadcast", {"mask": "pad.T"}),
    ("tcn_encoder", "ok", "clean", {"inp": "x.transpose(1, 2)"}),
    ("tcn_encoder", "ok_permute", "clean", {"inp": "x.permute(0, 2, 1)"}),
    ("tcn_encoder", "channels_last", "conv_in_channels", {"inp": "x"}),
    ("tcn_encoder", "extra_axis", "conv1d_input_rank", {"inp": "x.transpose(1, 2)[None]"}),
    ("patch_tokens_to_conv", "ok", "clean", {"grid": "x.transpose(1, 2).reshape(b, c, 4, 4)"}),
    (
        "patch_tokens_to_conv",
        "ok_sqrt",
        "clean",
        {"grid": "x.transpose(1, 2).reshape(b, c, int(n**0.5), -1)"},
    ),
    ("patch_tokens_to_conv", "tokens", "conv2d_input_rank", {"grid": "x"}),
    (
        "patch_tokens_to_conv",
        "channels_last",
        "conv_in_channels",
        {"grid": "x.reshape(b, 4, 4, c)"},
    ),
    ("bigru_tagger_hidden", "ok", "clean", {"h0": 4}),
    ("bigru_tagger_hidden", "ok_expr", "clean", {"h0": "2 * 2"}),
    ("bigru_tagger_hidden", "layers_only", "rnn_hidden", {"h0": 2}),
    ("bigru_tagger_hidden", "one", "rnn_hidden", {"h0": 1}),
    ("lstm_after_conv_frontend", "ok", "clean", {"seq": "f.transpose(1, 2)"}),
    ("lstm_after_conv_frontend", "ok_permute", "clean", {"seq": "f.permute(0, 2, 1).contiguous()"}),
    ("lstm_after_conv_frontend", "channels_first", "rnn_input", {"seq": "f"}),
    ("lstm_after_conv_frontend", "flattened", "rnn_input", {"seq": "f.flatten(1)"}),
    ("pyramid_pool_cnn", "ok", "clean", {"hw": 30}),
    ("pyramid_pool_cnn", "ok_min", "clean", {"hw": 22}),
    ("pyramid_pool_cnn", "pool_to_zero", "pool_too_small", {"hw": 20}),
    ("pyramid_pool_cnn", "kernel_too_big", "conv_kernel_size", {"hw": 16}),
    ("fpn_resize_sum", "ok", "clean", {"size": "p1.shape[-2:]"}),
    ("fpn_resize_sum", "ok_tuple", "clean", {"size": "(8, 8)"}),
    ("fpn_resize_sum", "ok_int", "clean", {"size": "p1.shape[-1]"}),
    ("fpn_resize_sum", "same_size", "broadcast_add", {"size": "(4, 4)"}),
    ("fpn_resize_sum", "zero", "interp_size_zero", {"size": 0}),
    ("fpn_resize_sum", "three_sizes", "interp_size_len", {"size": "p1.shape[1:]"}),
    ("multi_head_stack_outputs", "ok", "clean", {"ks": "(3, 3)"}),
    ("multi_head_stack_outputs", "ok_three", "clean", {"ks": "[4, 4, 4]"}),
    ("multi_head_stack_outputs", "mixed", "stack_shapes", {"ks": "(3, 2)"}),
    ("multi_head_stack_outputs", "range", "stack_shapes", {"ks": "range(2, 4)"}),
    ("fused_qkv_split", "ok", "clean", {"sizes": "[self.d, self.kv, self.kv]"}),
    ("fused_qkv_split", "ok_tuple", "clean", {"sizes": "(12, 6, 6)"}),
    ("fused_qkv_split", "kv_as_d", "split_sizes", {"sizes": "[self.d, self.d, self.kv]"}),
    ("fused_qkv_split", "two_sizes", "split_sizes", {"sizes": "[self.d, self.kv]"}),
    ("vae_decoder_convT", "ok", "clean", {"op": 1}),
    ("vae_decoder_convT", "ok_zero", "clean", {"op": 0}),
    ("vae_decoder_convT", "op_two", "convT_output_padding", {"op": 2}),
    ("vae_decoder_convT", "op_three", "convT_output_padding", {"op": 3}),
    ("word_embed_offsets", "ok", "clean", {"offset": 8}),
    ("word_embed_offsets", "ok_expr", "clean", {"offset": "self.vocab - 2"}),
    ("word_embed_offsets", "off_by_one", "index_range", {"offset": "self.vocab - 1"}),
    ("word_embed_offsets", "vocab", "index_range", {"offset": "self.vocab"}),
    ("channel_layernorm_cnn", "ok", "clean", {"shape": 6, "arg": "h.permute(0, 2, 3, 1)"}),
    ("channel_layernorm_cnn", "ok_full", "clean", {"shape": "[6, 5, 5]", "arg": "h"}),
    (
        "channel_layernorm_cnn",
        "ok_hw",
        "clean",
        {"shape": "(5, 6)", "arg": "h.permute(0, 2, 3, 1)"},
    ),
    ("channel_layernorm_cnn", "channels_first", "norm_shape", {"shape": 6, "arg": "h"}),
    ("channel_layernorm_cnn", "c_h", "norm_shape", {"shape": "(6, 5)", "arg": "h"}),
    ("einops_cls_pack", "ok", "clean", {"cls": 8}),
    ("einops_cls_pack", "ok_row", "clean", {"cls": "1, 8"}),
    ("einops_cls_pack", "narrow_cls", "einops_pack_shapes", {"cls": 7}),
    ("einops_cls_pack", "cls_3d", "expand_fewer_dims", {"cls": "1, 1, 8"}),
    ("freq_filter_dim", "ok", "clean", {"dim": -1}),
    ("freq_filter_dim", "ok_positive", "clean", {"dim": 2}),
    ("freq_filter_dim", "dim_three", "fft_dim_range", {"dim": 3}),
    ("freq_filter_dim", "channel_dim", "broadcast_add", {"dim": 1}),
    (
        "gather_topk_tokens",
        "ok",
        "clean",
        {"index": "idx.unsqueeze(-1).expand(-1, -1, x.shape[-1])"},
    ),
    ("gather_topk_tokens", "ok_repeat", "clean", {"index": "idx[..., None].repeat(1, 1, 6)"}),
    ("gather_topk_tokens", "ok_narrow_index", "clean", {"index": "idx.unsqueeze(-1)"}),
    ("gather_topk_tokens", "flat_idx", "gather_index_rank", {"index": "idx"}),
    (
        "gather_topk_tokens",
        "wide_idx",
        "gather_index",
        {"index": "idx.unsqueeze(-1).expand(-1, -1, 7)"},
    ),
    # more whole models
    (
        "resnet_stage_shortcut",
        "ok",
        "clean",
        {
            "short": "nn.Sequential(nn.Conv2d(cin, cout, 1, stride=stride), nn.BatchNorm2d(cout)) if stride != 1 or cin != cout else nn.Identity()"
        },
    ),
    (
        "resnet_stage_shortcut",
        "ok_pool",
        "clean",
        {
            "short": "nn.Sequential(nn.AvgPool2d(stride), nn.Conv2d(cin, cout, 1)) if stride != 1 else nn.Identity()"
        },
    ),
    (
        "resnet_stage_shortcut",
        "no_stride",
        "residual_width",
        {"short": "nn.Conv2d(cin, cout, 1) if cin != cout else nn.Identity()"},
    ),
    ("resnet_stage_shortcut", "identity", "residual_width", {"short": "nn.Identity()"}),
    ("seq2seq_bigru_bridge", "ok", "clean", {"bridge": "h[-1:]"}),
    ("seq2seq_bigru_bridge", "ok_mean", "clean", {"bridge": "h.mean(0, keepdim=True)"}),
    ("seq2seq_bigru_bridge", "both_dirs", "rnn_hidden", {"bridge": "h"}),
    (
        "seq2seq_bigru_bridge",
        "concat_dirs",
        "rnn_hidden",
        {"bridge": "torch.cat([h[0], h[1]], -1)[None]"},
    ),
    ("vit_fixed_pos", "ok", "clean", {"hw": 32}),
    ("vit_fixed_pos", "ok_ragged", "clean", {"hw": 35}),
    ("vit_fixed_pos", "bigger_image", "broadcast_add", {"hw": 36}),
    ("vit_fixed_pos", "smaller_image", "broadcast_add", {"hw": 28}),
    ("tta_flip_classifier", "ok", "clean", {"flip": "x.flip(-1)"}),
    ("tta_flip_classifier", "ok_dims", "clean", {"flip": "torch.flip(x, dims=[3])"}),
    ("tta_flip_classifier", "numpy_flip", "negative_slice_step", {"flip": "x[..., ::-1]"}),
    ("moe_onehot_dispatch", "ok", "clean", {"dispatch": "F.one_hot(idx, self.n).float()"}),
    (
        "moe_onehot_dispatch",
        "ok_scatter",
        "clean",
        {"dispatch": "torch.zeros_like(gates).scatter(1, idx[:, None], 1.0)"},
    ),
    (
        "moe_onehot_dispatch",
        "extra_class",
        "moe_routing",
        {"dispatch": "F.one_hot(idx, self.n + 1).float()"},
    ),
    (
        "moe_onehot_dispatch",
        "token_major",
        "moe_routing",
        {"dispatch": "F.one_hot(idx, x.shape[0]).float()"},
    ),
]

# clean variants that look risky (legal casts, shapes that only just fit, old-looking calls that
# still exist, index tensors smaller than the input): they measure false blockers
RISKY_CLEAN = (
    "reverse_time_encoder__ok_index",
    "fourier_mixer_old_fft__ok_fft2",
    "conv_pad_mode_helper__ok_circular",
    "upsample_decoder_mode__ok_bicubic",
    "warp_sampler__ok_border",
    "first_token_pooler__ok_float",
    "weighted_ce_numpy_weights__ok_from_numpy",
    "token_length_stats__ok_median",
    "spectral_gate__ok_polar",
    "dropout_on_counts__ok_half",
    "int_maxpool_features__ok_double",
    "moe_loop_router__ok",
    "expert_load_balance__ok_none",
    "flat_lookup_take__ok_negative",
    "graph_spectrum_feats__ok_double",
    "hermitian_gram__ok_matrix_H",
    "bias_broadcast_to__ok_row",
    "scalar_gate_len__ok_one",
    "audio_frontend_stft__ok_short",
    "score_histogram__ok_double",
    "unet_two_level__ok_18",
    "pyramid_pool_cnn__ok_min",
    "fpn_resize_sum__ok_int",
    "word_embed_offsets__ok",
    "channel_layernorm_cnn__ok_hw",
    "einops_cls_pack__ok_row",
    "gather_topk_tokens__ok_narrow_index",
    "decoder_block_sdpa_mask__ok_float",
    "vit_fixed_pos__ok_ragged",
    "seq2seq_bigru_bridge__ok_mean",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "reverse_time_encoder",
    "fourier_mixer_old_fft",
    "upsample_decoder_mode",
    "moe_loop_router",
    "moe_index_add_combine",
    "closed_form_readout",
    "unet_two_level",
    "decoder_block_sdpa_mask",
    "tcn_encoder",
    "lstm_after_conv_frontend",
    "pyramid_pool_cnn",
    "fpn_resize_sum",
    "multi_head_stack_outputs",
    "vae_decoder_convT",
    "multilabel_tagger",
    "resnet_stage_shortcut",
    "seq2seq_bigru_bridge",
    "vit_fixed_pos",
    "tta_flip_classifier",
    "moe_onehot_dispatch",
)
