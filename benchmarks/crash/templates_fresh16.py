"""A sixteenth fresh batch of crash cases (session 24, split ``fresh16``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The new classes are ops and mistakes earlier batches did not exercise: attention masks of the
wrong shape or dtype in ``F.scaled_dot_product_attention`` (a mask together with
``is_causal`` was meant as a defect, torch ran it: it is a clean trap), ``nn.MultiheadAttention`` masks and key / value lengths that differ, encoder
masks built for another length, ``LSTMCell`` given one state instead of ``(h, c)``, unbatched
RNN inputs with batched states, RNNs fed 4-d input, unsorted lengths to
``pack_padded_sequence``, the fft family (an unknown ``norm``, ``s`` and ``dim`` of different
lengths, ``n=0``, complex spectra fed to ``Linear`` or multiplied by real weights), window
lengths that are floats, ``torch.cumsum`` / ``torch.softmax`` without ``dim``, arithmetic on
the named tuple ``max(dim)`` returns, ``GroupNorm`` / affine ``InstanceNorm`` over another
channel count, ``BatchNorm2d`` of a 3-d input, ``masked_fill`` masks that do not broadcast,
``scatter_add_`` index out of range, ``index_fill`` with a float or int32 index, ``one_hot`` / ``bincount`` of negative ids,
``cholesky`` of a matrix that is not positive definite, ``F.unfold`` of a 5-d input, pooling
kernels and conv strides with too many entries, ``avg_pool1d`` of a 4-d input, odd pad tuples
and non-constant padding of a 2-d input, ``interpolate`` with size and scale together or a
size of the wrong rank, einops ``unpack`` shapes that do not add up and ``repeat`` of an axis
without its size, ``cross_entropy`` float class targets, ``pos_weight`` of the wrong size,
negative ``smooth_l1`` beta / zero ``huber`` delta, ``Linear`` / ``Conv1d`` on integer ids,
``ConvTranspose2d`` input channels and ``Conv3d`` on a 4-d input. Familiar classes (norm shapes,
split sizes, stack shapes, expand, pooling to zero, transposed-conv output padding, gather,
embedding ids, fold sizes) are written in new styles: dataclass configs, helper functions,
layers in dicts and lists, functional calls. Several clean variants look risky
(``RISKY_CLEAN``). Same format as ``templates.py``; every case name starts ``f16_``. Whether a
case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- attention
template("sdpa_masked_block", "(2, 6, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm(x)).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        mask = {mask}
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return x + self.out(y.transpose(1, 2).reshape(b, t, d))
"""
)

template("sdpa_causal_flag", "(2, 8, 16)")(
    """
def attend(q, k, v, mask=None, causal=False):
    return F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(16, 16)
        self.kv = nn.Linear(16, 32)
        self.proj = nn.Linear(16, 4)

    def forward(self, x):
        t = x.shape[1]
        q = self.q(x).unsqueeze(1)
        k, v = self.kv(x).unsqueeze(1).chunk(2, dim=-1)
        pad = torch.ones(t, t, dtype=torch.bool)
        y = attend(q, k, v, {args})
        return self.proj(y.squeeze(1))
"""
)

template("mha_decoder_mask", "(2, 5, 24)")(
    """
class Net(nn.Module):
    def __init__(self, max_len={ml}):
        super().__init__()
        self.attn = nn.MultiheadAttention(24, 4, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(24, 48), nn.GELU(), nn.Linear(48, 24))
        self.register_buffer(
            "causal", torch.triu(torch.ones(max_len, max_len, dtype=torch.bool), diagonal=1)
        )

    def forward(self, x):
        t = x.shape[1]
        mask = self.causal{sl}
        h, _ = self.attn(x, x, x, attn_mask=mask, need_weights=False)
        return self.ff(x + h)
"""
)

template("mha_memory_kv", "(2, 7, 16)")(
    """
class CrossBlock(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.mem = nn.Parameter(torch.randn(1, 9, d))
        self.attn = nn.MultiheadAttention(d, 2, batch_first=True)

    def forward(self, x):
        mem = self.mem.expand(x.shape[0], -1, -1)
        key = mem
        value = {value}
        return self.attn(x, key, value)[0]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = CrossBlock()
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.block(x).mean(1))
"""
)

template("encoder_src_mask", "(2, 6, 16)")(
    """
from dataclasses import dataclass


@dataclass
class EncCfg:
    d: int = 16
    heads: int = 2
    layers: int = 2
    ctx: int = {ctx}


class Net(nn.Module):
    def __init__(self, cfg=EncCfg()):
        super().__init__()
        layer = nn.TransformerEncoderLayer(cfg.d, cfg.heads, 32, dropout=0.0, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, cfg.layers, enable_nested_tensor=False)
        self.mask = nn.Transformer.generate_square_subsequent_mask(cfg.ctx)
        self.head = nn.Linear(cfg.d, 5)

    def forward(self, x):
        return self.head(self.enc(x, mask=self.mask{sl}))
"""
)

# ---------------------------------------------------------------- recurrent
template("lstm_cell_unroll", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self, hidden=12):
        super().__init__()
        self.hidden = hidden
        self.inp = nn.Sequential(nn.Linear(8, 8), nn.Tanh())
        self.cell = nn.LSTMCell(8, hidden)
        self.out = nn.Linear(hidden, 4)

    def forward(self, x):
        x = self.inp(x)
        b = x.shape[0]
        h = x.new_zeros(b, self.hidden)
        c = x.new_zeros(b, self.hidden)
        for t in range(x.shape[1]):
            {step}
        return self.out(h)
"""
)

template("gru_single_sequence", "(5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(8, 10, num_layers=1)
        self.h0 = nn.Parameter(torch.zeros({h0}))
        self.fc = nn.Linear(10, 2)

    def forward(self, seq):
        out, _ = self.gru(seq, self.h0)
        return self.fc(out[-1])
"""
)

template("video_frame_gru", "(2, 3, 5, 8)")(
    """
class FrameEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(8, 16, batch_first=True)

    def forward(self, clips):
        out, h = self.rnn({inp})
        return h[-1]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = FrameEncoder()
        self.cls = nn.Linear(16, 6)

    def forward(self, x):
        return self.cls(self.enc(x))
"""
)

template("packed_lengths_lstm", "(3, 6, 4)")(
    """
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 8, batch_first=True)
        self.register_buffer("lengths", torch.tensor({lens}))
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        packed = pack_padded_sequence(x, self.lengths.cpu(), batch_first=True{es})
        out, _ = self.lstm(packed)
        out, _ = pad_packed_sequence(out, batch_first=True)
        return self.fc(out.sum(1))
"""
)

# ---------------------------------------------------------------- fft family
template("spectral_features_norm", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, norm={norm}):
        super().__init__()
        self.norm = norm
        self.head = nn.Linear(9, 3)

    def forward(self, x):
        spec = torch.fft.rfft(x, norm=self.norm)
        return self.head(spec.abs())
"""
)

template("fno_spectral_2d", "(2, 4, 8, 8)")(
    """
class SpectralConv(nn.Module):
    def __init__(self, c=4):
        super().__init__()
        self.w = nn.Parameter(torch.randn(c, c, 8, 8) * 0.1)

    def forward(self, x):
        xf = torch.fft.fftn(x, s={s}, dim={dim})
        yf = torch.einsum("bixy,ioxy->boxy", xf.real, self.w)
        return yf


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.spec = SpectralConv()
        self.skip = nn.Conv2d(4, 4, 1)
        self.out = nn.Conv2d(4, 1, 1)

    def forward(self, x):
        return self.out(F.gelu(self.spec(x) + self.skip(x)))
"""
)

template("downsampled_spectrum", "(2, 32)")(
    """
def spectrum(x, factor):
    n = x.shape[-1] // factor
    return torch.fft.rfft(x, n=n).abs()


class Net(nn.Module):
    def __init__(self, factor={factor}):
        super().__init__()
        self.factor = factor
        self.head = nn.LazyLinear(4)

    def forward(self, x):
        return self.head(spectrum(x, self.factor))
"""
)

template("spectral_linear_head", "(2, 32)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Linear(32, 32)
        self.head = nn.Linear(17, 5)

    def forward(self, x):
        spec = torch.fft.rfft(self.pre(x), dim=-1)
        return self.head({feat})
"""
)

template("complex_mixer", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(9, 9) * 0.1)
        self.out = nn.Linear(16, 16)

    def forward(self, x):
        z = torch.fft.rfft(x)
        z = z @ {w}
        return self.out(torch.fft.irfft(z, n=16))
"""
)

template("stft_window_len", "(2, 64)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.LazyLinear(3)

    def forward(self, x):
        n_fft = {nfft}
        win = torch.hann_window(n_fft)
        frames = x.unfold(-1, 16, 8) * win
        return self.head(frames.flatten(1))
"""
)

# ---------------------------------------------------------------- calls without dims
template("cumulative_pool", "(2, 10, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        h = self.proj(x)
        run = {cum}
        return self.out(run[:, -1])
"""
)

template("classifier_softmax", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 4))

    def forward(self, x):
        return {fn}(self.body(x){dim})
"""
)

template("max_over_time", "(2, 6, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(6, 12, 3, padding=1)
        self.fc = nn.Linear(12, 2)

    def forward(self, x):
        h = F.relu(self.conv(x))
        pooled = h.max(-1){tail}
        return self.fc(pooled * 2)
"""
)

# ---------------------------------------------------------------- norm layers
template("convnet_groupnorm_cfg", "(2, 3, 16, 16)")(
    """
CHANNELS = [16, {c2}]


def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(4, {gn}), nn.SiLU())


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.b1 = block(3, CHANNELS[0])
        self.b2 = block(CHANNELS[0], CHANNELS[1])
        self.head = nn.Linear(CHANNELS[1], 10)

    def forward(self, x):
        return self.head(self.b2(self.b1(x)).mean((2, 3)))
"""
)

template("bn_on_sequence", "(2, 16, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(16, 16, 3, padding=1)
        self.bn = nn.BatchNorm{nd}(16)
        self.fc = nn.Linear(16, 3)

    def forward(self, x):
        h = self.bn(self.conv(x){unsq})
        return self.fc(h.flatten(2).mean(-1))
"""
)

template("instnorm_audio", "(2, 8, 20)")(
    """
class Net(nn.Module):
    def __init__(self, mels=8, feat={feat}):
        super().__init__()
        self.inorm = nn.InstanceNorm1d(feat, affine={affine})
        self.conv = nn.Conv1d(mels, 16, 5, padding=2)
        self.out = nn.Linear(16, 4)

    def forward(self, x):
        h = self.conv(self.inorm(x))
        return self.out(h.mean(-1))
"""
)

template("layernorm_tokens_cfg", "(2, 7, 24)")(
    """
from dataclasses import dataclass


@dataclass
class Cfg:
    seq: int = 7
    dim: int = 24


class Net(nn.Module):
    def __init__(self, cfg=Cfg()):
        super().__init__()
        self.ln = nn.LayerNorm({shape})
        self.fc = nn.Linear(cfg.dim, cfg.dim)

    def forward(self, x):
        return self.fc(self.ln(x))
"""
)

# ---------------------------------------------------------------- masks, index ops
template("masked_scores", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, heads=4):
        super().__init__()
        self.heads = heads
        self.qk = nn.Linear(16, 32)

    def forward(self, x):
        b, t, _ = x.shape
        q, k = self.qk(x).view(b, t, 2, self.heads, 4).unbind(2)
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k)
        keep = x.sum(-1) > -1e9
        mask = {mask}
        scores = scores.masked_fill(~mask, float("-inf"))
        return scores.softmax(-1).mean((1, 2))
"""
)

template("hist_scatter_add", "(2, 12)")(
    """
class Net(nn.Module):
    def __init__(self, bins={bins}, period={period}):
        super().__init__()
        self.bins = bins
        self.period = period
        self.lin = nn.Linear(12, 12)

    def forward(self, x):
        h = self.lin(x)
        idx = (torch.arange(h.shape[1]) % self.period).expand_as(h)
        acc = h.new_zeros(h.shape[0], self.bins)
        acc.scatter_add_(1, idx, h)
        return acc
"""
)

template("drop_columns_index_fill", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.register_buffer("drop", torch.tensor([1, 5]){cast})

    def forward(self, x):
        return self.lin(x).index_fill(1, self.drop, 0.0)
"""
)

template("relative_bucket_onehot", "(2, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, classes=5):
        super().__init__()
        self.classes = classes
        self.proj = nn.Linear(classes, 8)

    def forward(self, ids):
        rel = ids {shift}
        oh = F.one_hot(rel, self.classes).float()
        return self.proj(oh).mean(1)
"""
)

template("token_count_features", "(2, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 2)

    def forward(self, ids):
        counts = torch.bincount(ids.flatten() {shift}, minlength=6)[:6]
        return self.fc(counts.float().unsqueeze(0))
"""
)

template("gaussian_head_cholesky", "(2, 6)")(
    """
class Net(nn.Module):
    def __init__(self, k=3):
        super().__init__()
        self.k = k
        self.body = nn.Sequential(nn.Linear(6, 6), nn.Tanh())
        self.lin = nn.Linear(6, k * k)
        self.mu = nn.Linear(6, k)

    def forward(self, x):
        x = self.body(x)
        a = self.lin(x).view(-1, self.k, self.k)
        eye = torch.eye(self.k)
        cov = {cov}
        chol = torch.linalg.cholesky(cov)
        return self.mu(x).unsqueeze(-1) + chol @ torch.ones(self.k, 1)
"""
)

template("gather_topk_tokens", "(2, 10, 16)")(
    """
class Net(nn.Module):
    def __init__(self, k=3):
        super().__init__()
        self.k = k
        self.score = nn.Linear(16, 1)
        self.out = nn.Linear(16, 4)

    def forward(self, x):
        s = self.score(x).squeeze(-1)
        idx = s.topk(self.k, dim=-1).indices
        picked = torch.gather(x, 1, {index})
        return self.out(picked.mean(1))
"""
)

template("positional_vocab_offset", "(2, 12)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class TokCfg:
    vocab: int = 2
    n_special: int = {ns}
    dim: int = 16


class Net(nn.Module):
    def __init__(self, cfg=TokCfg()):
        super().__init__()
        self.emb = nn.Embedding(cfg.vocab + cfg.n_special, cfg.dim)
        self.offset = 3
        self.head = nn.Linear(cfg.dim, 2)

    def forward(self, ids):
        return self.head(self.emb(ids + self.offset).mean(1))
"""
)

# ---------------------------------------------------------------- conv / pool / pad
template("patch_unfold", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, p=4):
        super().__init__()
        self.p = p
        self.proj = nn.Linear(3 * p * p, 32)
        self.cls = nn.Linear(32, 10)

    def forward(self, x):
        patches = F.unfold({inp}, kernel_size=self.p, stride=self.p)
        tok = self.proj(patches.transpose(1, 2))
        return self.cls(tok.mean(1))
"""
)

template("fold_overlap_merge", "(2, 48, 9)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = nn.Conv1d(48, 48, 1)

    def forward(self, cols):
        y = F.fold(self.mix(cols), output_size={out}, kernel_size=4, stride=2)
        return y.mean((2, 3))
"""
)

template("pool_kernel_cfg", "(2, 4, 16, 16)")(
    """
POOL = dict(kernel_size={k}, stride=2)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 8, 3, padding=1)
        self.head = nn.LazyLinear(5)

    def forward(self, x):
        h = F.max_pool2d(F.relu(self.conv(x)), **POOL)
        return self.head(h.flatten(1))
"""
)

template("strided_stem", "(2, 3, 16, 16)")(
    """
class Stem(nn.Module):
    def __init__(self, stride):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=stride, padding=1)
        self.bn = nn.BatchNorm2d(8)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = Stem(stride={stride})
        self.head = nn.Linear(8, 4)

    def forward(self, x):
        return self.head(self.stem(x).mean((2, 3)))
"""
)

template("pool1d_spatial", "(2, 8, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8 * {flat}, 3)

    def forward(self, x):
        h = F.avg_pool1d({inp}, kernel_size=2)
        return self.fc(h.flatten(1))
"""
)

template("causal_conv_pad", "(2, 4, 10)")(
    """
class CausalConv(nn.Module):
    def __init__(self, c, k=3):
        super().__init__()
        self.pad = {pad}
        self.conv = nn.Conv1d(c, c, k)

    def forward(self, x):
        return self.conv(F.pad(x, self.pad))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([CausalConv(4) for _ in range(2)])
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(x)
        return self.out(x.mean(-1))
"""
)

template("edge_pad_features", "(2, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.LazyLinear(3)

    def forward(self, x):
        h = F.pad({inp}, (1, 1, 1, 1), mode={mode})
        return self.fc(h.flatten(1))
"""
)

template("upsample_decoder", "(2, 4, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)
        self.out = nn.Conv2d(4, 1, 1)

    def forward(self, x):
        h = F.interpolate(self.conv(x), {kw}, mode="nearest")
        return self.out(h)
"""
)

template("volumetric_stem", "(2, 8, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv3d(1, 4, 3, padding=1)
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        v = {inp}
        return self.head(self.conv(v).mean((2, 3, 4)))
"""
)

template("ae_decoder_convT", "(2, 3, 16, 16)")(
    """
ENC = [3, 16, 32]
DEC = [{d0}, 16, 3]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(
            *[nn.Conv2d(a, b, 4, stride=2, padding=1) for a, b in zip(ENC[:-1], ENC[1:])]
        )
        self.dec = nn.Sequential(
            *[nn.ConvTranspose2d(a, b, 4, stride=2, padding=1) for a, b in zip(DEC[:-1], DEC[1:])]
        )

    def forward(self, x):
        return self.dec(self.enc(x))
"""
)

template("convT_upsampler_op", "(2, 8, 7, 7)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.ConvTranspose2d(8, 4, 3, stride={stride}, padding=1, output_padding={op})
        self.out = nn.Conv2d(4, 1, 1)

    def forward(self, x):
        return self.out(self.up(x))
"""
)

template("pyramid_avgpool", "(2, 8, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pools = nn.ModuleList([nn.AvgPool2d(k) for k in (2, 4, 8)])
        self.fc = nn.LazyLinear(4)

    def forward(self, x):
        feats = [p(x).flatten(1) for p in self.pools]
        return self.fc(torch.cat(feats, 1))
"""
)

# ---------------------------------------------------------------- einops
template("cls_pack_vit", "(2, 3, 8, 8)")(
    """
from einops import pack, rearrange, unpack


class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.embed = nn.Linear(3, d)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.block = nn.TransformerEncoderLayer(d, 2, 32, dropout=0.0, batch_first=True)
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        tok = self.embed(rearrange(x, "b c h w -> b (h w) c"))
        cls = self.cls.expand(x.shape[0], -1, -1)
        seq, ps = pack([cls, tok], "b * d")
        seq = self.block(seq)
        cls_out, _ = unpack(seq, {ps}, "b * d")
        return self.head(cls_out.squeeze(1))
"""
)

template("einops_query_repeat", "(2, 10)")(
    """
from einops import repeat


class Net(nn.Module):
    def __init__(self, n=4):
        super().__init__()
        self.n = n
        self.lin = nn.Linear(10, 8)
        self.slot = nn.Parameter(torch.randn(n, 8))

    def forward(self, x):
        h = repeat(self.lin(x), {pattern})
        return (h + self.slot).sum(1)
"""
)

# ---------------------------------------------------------------- losses in forward
template("classifier_with_loss", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 5)

    def forward(self, x):
        logits = self.fc(x)
        target = {target}
        return F.cross_entropy(logits, target)
"""
)

template("multilabel_pos_weight", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, labels=6):
        super().__init__()
        self.fc = nn.Linear(6, labels)
        self.loss = nn.BCEWithLogitsLoss(pos_weight=torch.ones({pw}))

    def forward(self, x):
        logits = self.fc(x)
        return self.loss(logits, (x > 0).float())
"""
)

template("robust_regression_loss", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        pred = self.fc(x)
        return {loss}
"""
)

# ---------------------------------------------------------------- dtypes
template("ids_to_linear", "(2, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 4)

    def forward(self, ids):
        return self.fc({feat})
"""
)

template("ids_conv_encoder", "(2, 16)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(1, 8, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(8, 2)

    def forward(self, ids):
        h = self.conv({inp})
        return self.fc(self.pool(h).squeeze(-1))
"""
)

# ---------------------------------------------------------------- shapes, familiar classes
template("multi_head_split", "(2, 30)")(
    """
class Net(nn.Module):
    def __init__(self, sizes={sizes}):
        super().__init__()
        self.sizes = sizes
        self.heads = nn.ModuleList([nn.Linear(s, 1) for s in sizes])

    def forward(self, x):
        parts = torch.split(x, self.sizes, dim=-1)
        return torch.cat([h(p) for h, p in zip(self.heads, parts)], -1)
"""
)

template("ensemble_stack", "(2, 12)")(
    """
class Net(nn.Module):
    def __init__(self, widths={widths}):
        super().__init__()
        self.members = nn.ModuleList([nn.Linear(12, w) for w in widths])

    def forward(self, x):
        outs = torch.stack([m(x) for m in self.members], 0)
        return outs.mean(0)
"""
)

template("film_expand", "(2, 8, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cond = nn.Linear(8, {cw})
        self.conv = nn.Conv2d(8, 8, 3, padding=1)

    def forward(self, x):
        gamma = self.cond(x.mean((2, 3)))[:, :, None, None].expand(-1, -1, 6, 6)
        return self.conv(x) * gamma
"""
)


# (template, suffix, defect class, sizes); a clean variant is labelled "clean"
VARIANTS: list[tuple[str, str, str, dict]] = [
    # attention
    ("sdpa_masked_block", "ok", "clean", {"mask": "torch.ones(t, t, dtype=torch.bool).tril()"}),
    (
        "sdpa_masked_block",
        "ok_key_pad",
        "clean",
        {"mask": "torch.ones(b, 1, 1, t, dtype=torch.bool)"},
    ),
    (
        "sdpa_masked_block",
        "ok_float_bias",
        "clean",
        {"mask": "torch.zeros(t, t).masked_fill(torch.ones(t, t).triu(1).bool(), -1e4)"},
    ),
    (
        "sdpa_masked_block",
        "batch_by_time",
        "sdpa_attn_mask_shape",
        {"mask": "torch.ones(b, t, dtype=torch.bool)"},
    ),
    (
        "sdpa_masked_block",
        "extra_key",
        "sdpa_attn_mask_shape",
        {"mask": "torch.ones(t, t + 1, dtype=torch.bool)"},
    ),
    (
        "sdpa_masked_block",
        "long_mask",
        "sdpa_mask_dtype",
        {"mask": "torch.ones(t, t, dtype=torch.long).tril()"},
    ),
    ("sdpa_causal_flag", "ok", "clean", {"args": "causal=True"}),
    ("sdpa_causal_flag", "ok_mask", "clean", {"args": "mask=pad.tril()"}),
    ("sdpa_causal_flag", "ok_mask_and_flag", "clean", {"args": "mask=pad, causal=True"}),
    ("sdpa_causal_flag", "long_mask", "sdpa_mask_dtype", {"args": "mask=pad.long().tril()"}),
    ("mha_decoder_mask", "ok", "clean", {"ml": 16, "sl": "[:t, :t]"}),
    ("mha_decoder_mask", "ok_exact", "clean", {"ml": 5, "sl": ""}),
    ("mha_decoder_mask", "full_buffer", "mha_attn_mask_shape", {"ml": 16, "sl": ""}),
    ("mha_decoder_mask", "rows_only", "mha_attn_mask_shape", {"ml": 16, "sl": "[:t]"}),
    ("mha_memory_kv", "ok", "clean", {"value": "mem"}),
    ("mha_memory_kv", "value_from_query", "mha_kv_len_mismatch", {"value": "x"}),
    ("encoder_src_mask", "ok", "clean", {"ctx": 6, "sl": ""}),
    ("encoder_src_mask", "ok_sliced", "clean", {"ctx": 32, "sl": "[: x.shape[1], : x.shape[1]]"}),
    ("encoder_src_mask", "ctx_cfg", "encoder_mask_shape", {"ctx": 32, "sl": ""}),
    # recurrent
    ("lstm_cell_unroll", "ok", "clean", {"step": "h, c = self.cell(x[:, t], (h, c))"}),
    ("lstm_cell_unroll", "h_only", "lstm_cell_hx_tuple", {"step": "h, c = self.cell(x[:, t], h)"}),
    ("gru_single_sequence", "ok", "clean", {"h0": "1, 10"}),
    ("gru_single_sequence", "batched_h0", "rnn_unbatched_hx", {"h0": "1, 1, 10"}),
    ("video_frame_gru", "ok", "clean", {"inp": "clips.flatten(0, 1)"}),
    ("video_frame_gru", "ok_reshape", "clean", {"inp": "clips.reshape(-1, clips.shape[2], 8)"}),
    ("video_frame_gru", "clip_axis", "rnn_input_rank", {"inp": "clips"}),
    ("packed_lengths_lstm", "ok", "clean", {"lens": "[6, 5, 3]", "es": ""}),
    (
        "packed_lengths_lstm",
        "ok_unsorted",
        "clean",
        {"lens": "[3, 6, 5]", "es": ", enforce_sorted=False"},
    ),
    ("packed_lengths_lstm", "unsorted", "pack_lengths_unsorted", {"lens": "[3, 6, 5]", "es": ""}),
    # fft family
    ("spectral_features_norm", "ok", "clean", {"norm": '"ortho"'}),
    ("spectral_features_norm", "ok_none", "clean", {"norm": "None"}),
    ("spectral_features_norm", "unitary", "fft_norm_mode", {"norm": '"unitary"'}),
    ("fno_spectral_2d", "ok", "clean", {"s": "(8, 8)", "dim": "(-2, -1)"}),
    ("fno_spectral_2d", "ok_dims_only", "clean", {"s": "None", "dim": "(-2, -1)"}),
    ("fno_spectral_2d", "s_short", "fftn_s_dim_len", {"s": "(8,)", "dim": "(-2, -1)"}),
    ("downsampled_spectrum", "ok", "clean", {"factor": 2}),
    ("downsampled_spectrum", "ok_full", "clean", {"factor": 1}),
    ("downsampled_spectrum", "factor_too_big", "fft_n_zero", {"factor": 64}),
    ("spectral_linear_head", "ok", "clean", {"feat": "spec.abs()"}),
    ("spectral_linear_head", "ok_real", "clean", {"feat": "spec.real"}),
    ("spectral_linear_head", "complex_in", "linear_complex_input", {"feat": "spec"}),
    ("complex_mixer", "ok", "clean", {"w": "self.w.to(z.dtype)"}),
    (
        "complex_mixer",
        "ok_complex_ctor",
        "clean",
        {"w": "torch.complex(self.w, torch.zeros_like(self.w))"},
    ),
    ("complex_mixer", "real_weight", "complex_real_matmul", {"w": "self.w"}),
    ("stft_window_len", "ok", "clean", {"nfft": "x.shape[-1] // 4"}),
    ("stft_window_len", "true_div", "window_len_float", {"nfft": "x.shape[-1] / 4"}),
    # calls without dims
    ("cumulative_pool", "ok", "clean", {"cum": "h.cumsum(1)"}),
    ("cumulative_pool", "ok_fn", "clean", {"cum": "torch.cumsum(h, dim=1)"}),
    ("cumulative_pool", "no_dim", "cumsum_no_dim", {"cum": "torch.cumsum(h)"}),
    ("classifier_softmax", "ok", "clean", {"fn": "torch.softmax", "dim": ", -1"}),
    ("classifier_softmax", "ok_implicit_F", "clean", {"fn": "F.softmax", "dim": ""}),
    ("classifier_softmax", "torch_no_dim", "softmax_no_dim", {"fn": "torch.softmax", "dim": ""}),
    ("max_over_time", "ok", "clean", {"tail": ".values"}),
    ("max_over_time", "ok_index", "clean", {"tail": "[0]"}),
    ("max_over_time", "named_tuple", "reduction_namedtuple_arith", {"tail": ""}),
    # norm layers
    ("convnet_groupnorm_cfg", "ok", "clean", {"c2": 32, "gn": "cout"}),
    ("convnet_groupnorm_cfg", "ok_wide", "clean", {"c2": 64, "gn": "cout"}),
    ("convnet_groupnorm_cfg", "fixed_width", "groupnorm_channels", {"c2": 64, "gn": 32}),
    ("bn_on_sequence", "ok", "clean", {"nd": "1d", "unsq": ""}),
    ("bn_on_sequence", "ok_2d", "clean", {"nd": "2d", "unsq": ".unsqueeze(-1)"}),
    ("bn_on_sequence", "bn2d_3d", "batchnorm_rank", {"nd": "2d", "unsq": ""}),
    ("instnorm_audio", "ok", "clean", {"feat": 8, "affine": True}),
    ("instnorm_audio", "ok_no_affine", "clean", {"feat": 20, "affine": False}),
    (
        "instnorm_audio",
        "time_as_feat",
        "instancenorm_affine_channels",
        {"feat": 20, "affine": True},
    ),
    ("layernorm_tokens_cfg", "ok", "clean", {"shape": "cfg.dim"}),
    ("layernorm_tokens_cfg", "ok_two", "clean", {"shape": "(cfg.seq, cfg.dim)"}),
    ("layernorm_tokens_cfg", "swapped", "norm_shape", {"shape": "(cfg.dim, cfg.seq)"}),
    # masks, index ops
    ("masked_scores", "ok", "clean", {"mask": "keep[:, None, None, :]"}),
    ("masked_scores", "ok_query_side", "clean", {"mask": "keep[:, None, :, None] | True"}),
    ("masked_scores", "no_unsqueeze", "masked_fill_broadcast", {"mask": "keep"}),
    ("hist_scatter_add", "ok", "clean", {"bins": 4, "period": 4}),
    ("hist_scatter_add", "ok_spare", "clean", {"bins": 6, "period": 4}),
    ("hist_scatter_add", "too_few_bins", "scatter_index_range", {"bins": 3, "period": 4}),
    ("drop_columns_index_fill", "ok", "clean", {"cast": ""}),
    ("drop_columns_index_fill", "int32_idx", "index_fill_index", {"cast": ".int()"}),
    ("drop_columns_index_fill", "float_idx", "index_fill_index", {"cast": ".float()"}),
    ("relative_bucket_onehot", "ok", "clean", {"shift": "+ 2"}),
    (
        "relative_bucket_onehot",
        "ok_clamp",
        "clean",
        {"shift": "- 1\n        rel = rel.clamp(min=0)"},
    ),
    ("relative_bucket_onehot", "minus_two", "one_hot_negative", {"shift": "- 2"}),
    ("token_count_features", "ok", "clean", {"shift": "+ 1"}),
    ("token_count_features", "minus_two", "bincount_negative", {"shift": "- 2"}),
    ("gaussian_head_cholesky", "ok", "clean", {"cov": "a @ a.mT + 1e-3 * eye"}),
    (
        "gaussian_head_cholesky",
        "ok_diag",
        "clean",
        {"cov": "torch.diag_embed(F.softplus(a.diagonal(dim1=-2, dim2=-1)) + 1e-3)"},
    ),
    ("gaussian_head_cholesky", "skew", "cholesky_not_pd", {"cov": "a - a.mT"}),
    (
        "gather_topk_tokens",
        "ok",
        "clean",
        {"index": "idx.unsqueeze(-1).expand(-1, -1, x.shape[-1])"},
    ),
    ("gather_topk_tokens", "no_expand", "gather_index", {"index": "idx"}),
    ("positional_vocab_offset", "ok", "clean", {"ns": 3}),
    ("positional_vocab_offset", "ok_more", "clean", {"ns": 8}),
    ("positional_vocab_offset", "short_special", "index_range", {"ns": 2}),
    # conv / pool / pad
    ("patch_unfold", "ok", "clean", {"inp": "x"}),
    ("patch_unfold", "ok_first", "clean", {"inp": "x[:1]"}),
    ("patch_unfold", "extra_axis", "im2col_rank", {"inp": "x.unsqueeze(1)"}),
    ("fold_overlap_merge", "ok", "clean", {"out": "(8, 8)"}),
    ("fold_overlap_merge", "out_10", "fold_sizes", {"out": "(10, 10)"}),
    ("pool_kernel_cfg", "ok", "clean", {"k": 2}),
    ("pool_kernel_cfg", "ok_tuple", "clean", {"k": "(2, 2)"}),
    ("pool_kernel_cfg", "three_k", "pool_kernel_len", {"k": "(2, 2, 2)"}),
    ("strided_stem", "ok", "clean", {"stride": 2}),
    ("strided_stem", "ok_pair", "clean", {"stride": "(2, 1)"}),
    ("strided_stem", "three_stride", "conv_stride_len", {"stride": "(2, 2, 2)"}),
    ("pool1d_spatial", "ok", "clean", {"inp": "x.flatten(2)", "flat": 18}),
    ("pool1d_spatial", "four_d", "pool1d_rank", {"inp": "x", "flat": 18}),
    ("causal_conv_pad", "ok", "clean", {"pad": "(k - 1, 0)"}),
    ("causal_conv_pad", "ok_both", "clean", {"pad": "(k // 2, k // 2)"}),
    ("causal_conv_pad", "odd_tuple", "pad_odd_length", {"pad": "(k - 1,)"}),
    ("edge_pad_features", "ok", "clean", {"inp": "x", "mode": '"constant"'}),
    ("edge_pad_features", "ok_3d", "clean", {"inp": "x.unsqueeze(1)", "mode": '"replicate"'}),
    (
        "edge_pad_features",
        "replicate_2d",
        "nonconstant_pad_rank",
        {"inp": "x", "mode": '"replicate"'},
    ),
    ("upsample_decoder", "ok", "clean", {"kw": "scale_factor=2"}),
    ("upsample_decoder", "ok_size", "clean", {"kw": "size=(12, 20)"}),
    (
        "upsample_decoder",
        "size_and_scale",
        "interp_size_and_scale",
        {"kw": "size=16, scale_factor=2"},
    ),
    ("upsample_decoder", "size_3d", "interp_size_len", {"kw": "size=(16, 16, 16)"}),
    ("volumetric_stem", "ok", "clean", {"inp": "x.unsqueeze(1)"}),
    ("volumetric_stem", "no_channel_axis", "conv3d_input_rank", {"inp": "x"}),
    ("ae_decoder_convT", "ok", "clean", {"d0": 32}),
    ("ae_decoder_convT", "dec_width", "convT_in_channels", {"d0": 64}),
    ("convT_upsampler_op", "ok", "clean", {"stride": 2, "op": 1}),
    ("convT_upsampler_op", "ok_s3", "clean", {"stride": 3, "op": 2}),
    ("convT_upsampler_op", "op_eq_stride", "convT_output_padding", {"stride": 2, "op": 2}),
    ("pyramid_avgpool", "ok", "clean", {"hw": 16}),
    ("pyramid_avgpool", "ok_min", "clean", {"hw": 8}),
    ("pyramid_avgpool", "too_small", "pool_too_small", {"hw": 6}),
    # einops
    ("cls_pack_vit", "ok", "clean", {"ps": "ps"}),
    ("cls_pack_vit", "ok_explicit", "clean", {"ps": "[(1,), (x.shape[2] * x.shape[3],)]"}),
    (
        "cls_pack_vit",
        "forgot_cls",
        "einops_unpack",
        {"ps": "[(1,), (x.shape[2] * x.shape[3] - 1,)]"},
    ),
    ("einops_query_repeat", "ok", "clean", {"pattern": '"b d -> b n d", n=self.n'}),
    ("einops_query_repeat", "no_size", "einops_repeat_axis", {"pattern": '"b d -> b n d"'}),
    # losses
    ("classifier_with_loss", "ok", "clean", {"target": "x.argmax(-1) % 5"}),
    ("classifier_with_loss", "ok_probs", "clean", {"target": "logits.detach().softmax(-1)"}),
    (
        "classifier_with_loss",
        "float_ids",
        "ce_target_dtype",
        {"target": "(x.argmax(-1) % 5).float()"},
    ),
    ("multilabel_pos_weight", "ok", "clean", {"pw": "labels"}),
    ("multilabel_pos_weight", "ok_scalar", "clean", {"pw": 1}),
    ("multilabel_pos_weight", "minus_one", "pos_weight_size", {"pw": "labels - 1"}),
    ("robust_regression_loss", "ok", "clean", {"loss": "F.smooth_l1_loss(pred, x, beta=0.5)"}),
    (
        "robust_regression_loss",
        "ok_beta0",
        "clean",
        {"loss": "F.smooth_l1_loss(pred, x, beta=0.0)"},
    ),
    (
        "robust_regression_loss",
        "neg_beta",
        "smooth_l1_beta",
        {"loss": "F.smooth_l1_loss(pred, x, beta=-1.0)"},
    ),
    ("robust_regression_loss", "ok_huber", "clean", {"loss": "F.huber_loss(pred, x, delta=2.0)"}),
    (
        "robust_regression_loss",
        "huber_zero",
        "huber_delta",
        {"loss": "F.huber_loss(pred, x, delta=0.0)"},
    ),
    # dtypes
    ("ids_to_linear", "ok", "clean", {"feat": "ids.float()"}),
    ("ids_to_linear", "ok_to", "clean", {"feat": "ids.to(self.fc.weight.dtype)"}),
    ("ids_to_linear", "raw_ids", "linear_int_input", {"feat": "ids"}),
    ("ids_conv_encoder", "ok", "clean", {"inp": "ids.unsqueeze(1).float()"}),
    ("ids_conv_encoder", "raw_ids", "conv_int_input", {"inp": "ids.unsqueeze(1)"}),
    # shapes, familiar classes
    ("multi_head_split", "ok", "clean", {"sizes": "[10, 12, 8]"}),
    ("multi_head_split", "ok_equal", "clean", {"sizes": "[15, 15]"}),
    ("multi_head_split", "short_sum", "split_sizes", {"sizes": "[10, 12, 6]"}),
    ("ensemble_stack", "ok", "clean", {"widths": "(4, 4, 4)"}),
    ("ensemble_stack", "one_wider", "stack_shapes", {"widths": "(4, 4, 5)"}),
    ("film_expand", "ok", "clean", {"cw": 8}),
    ("film_expand", "double_width", "expand_size", {"cw": 16}),
    # more variants per template (session 24, second pass)
    ("mha_memory_kv", "value_short", "mha_kv_len_mismatch", {"value": "mem[:, :-1]"}),
    ("encoder_src_mask", "ctx_short", "encoder_mask_shape", {"ctx": 4, "sl": ""}),
    (
        "lstm_cell_unroll",
        "state_as_h",
        "lstm_cell_unpack",
        {"step": "h = self.cell(x[:, t], (h, c))"},
    ),
    ("gru_single_sequence", "flat_h0", "rnn_unbatched_hx", {"h0": "10"}),
    ("video_frame_gru", "ok_time_concat", "clean", {"inp": "clips.flatten(1, 2)"}),
    ("video_frame_gru", "feat_concat", "rnn_input", {"inp": "clips.flatten(2)"}),
    (
        "packed_lengths_lstm",
        "len_past_pad",
        "pack_lengths_too_long",
        {"lens": "[7, 5, 3]", "es": ""},
    ),
    ("spectral_features_norm", "ok_backward", "clean", {"norm": '"backward"'}),
    ("spectral_features_norm", "capital_ortho", "fft_norm_mode", {"norm": '"Ortho"'}),
    ("fno_spectral_2d", "three_dims", "fftn_s_dim_len", {"s": "(8, 8)", "dim": "(-3, -2, -1)"}),
    ("downsampled_spectrum", "factor_33", "fft_n_zero", {"factor": 33}),
    (
        "spectral_linear_head",
        "view_as_real",
        "linear_in_features",
        {"feat": "torch.view_as_real(spec)"},
    ),
    ("complex_mixer", "ok_transposed", "clean", {"w": "self.w.T.to(z.dtype)"}),
    ("complex_mixer", "cdouble_weight", "dtype_mismatch", {"w": "self.w.to(torch.complex128)"}),
    ("stft_window_len", "win_12", "broadcast_add", {"nfft": "x.shape[-1] // 5"}),
    ("cumulative_pool", "cumprod_no_dim", "cumsum_no_dim", {"cum": "torch.cumprod(h)"}),
    (
        "classifier_softmax",
        "log_softmax_no_dim",
        "softmax_no_dim",
        {"fn": "torch.log_softmax", "dim": ""},
    ),
    ("max_over_time", "indices", "linear_int_input", {"tail": ".indices"}),
    ("bn_on_sequence", "bn1d_4d", "batchnorm_rank", {"nd": "1d", "unsq": ".unsqueeze(-1)"}),
    ("instnorm_audio", "feat_16", "instancenorm_affine_channels", {"feat": 16, "affine": True}),
    ("layernorm_tokens_cfg", "seq_only", "norm_shape", {"shape": "cfg.seq"}),
    ("masked_scores", "head_axis_only", "masked_fill_broadcast", {"mask": "keep[:, None, :]"}),
    ("hist_scatter_add", "bins_2", "scatter_index_range", {"bins": 2, "period": 4}),
    ("relative_bucket_onehot", "shift_five", "one_hot_classes", {"shift": "+ 5"}),
    ("token_count_features", "float_ids", "bincount_float", {"shift": "+ 0.5"}),
    ("gather_topk_tokens", "ok_repeat", "clean", {"index": "idx[..., None].repeat(1, 1, 16)"}),
    (
        "gather_topk_tokens",
        "wide_expand",
        "gather_index",
        {"index": "idx.unsqueeze(-1).expand(-1, -1, 32)"},
    ),
    ("positional_vocab_offset", "one_special", "index_range", {"ns": 1}),
    ("fold_overlap_merge", "out_8x10", "fold_sizes", {"out": "(8, 10)"}),
    ("strided_stem", "stride_zero", "conv_param_zero", {"stride": 0}),
    ("pool1d_spatial", "ok_flat_all", "clean", {"inp": "x.flatten(1)", "flat": 18}),
    ("causal_conv_pad", "ok_channel_zero", "clean", {"pad": "(k - 1, 0, 0, 0)"}),
    ("causal_conv_pad", "three_tuple", "pad_odd_length", {"pad": "(k - 1, 0, 0)"}),
    ("edge_pad_features", "reflect_2d", "nonconstant_pad_rank", {"inp": "x", "mode": '"reflect"'}),
    (
        "edge_pad_features",
        "circular_2d",
        "nonconstant_pad_rank",
        {"inp": "x", "mode": '"circular"'},
    ),
    ("upsample_decoder", "size_1d", "interp_size_len", {"kw": "size=(16,)"}),
    ("upsample_decoder", "scale_3d", "interp_size_len", {"kw": "scale_factor=(2, 2, 2)"}),
    ("volumetric_stem", "two_axes", "conv3d_input_rank", {"inp": "x[:, None, None]"}),
    ("ae_decoder_convT", "dec_16", "convT_in_channels", {"d0": 16}),
    ("convT_upsampler_op", "stride_one", "convT_output_padding", {"stride": 1, "op": 1}),
    ("pyramid_avgpool", "hw7", "pool_too_small", {"hw": 7}),
    ("cls_pack_vit", "ok_reversed", "clean", {"ps": "ps[::-1]"}),
    (
        "einops_query_repeat",
        "n_plus_one",
        "broadcast_add",
        {"pattern": '"b d -> b n d", n=self.n + 1'},
    ),
    (
        "classifier_with_loss",
        "keepdim_target",
        "cross_entropy_shape",
        {"target": "x.argmax(-1, keepdim=True) % 5"},
    ),
    ("multilabel_pos_weight", "column", "pos_weight_size", {"pw": "labels, 1"}),
    (
        "robust_regression_loss",
        "half_target",
        "regression_loss_shape",
        {"loss": "F.smooth_l1_loss(pred, x[:, :4])"},
    ),
    ("ids_to_linear", "bool_ids", "linear_int_input", {"feat": "ids.bool()"}),
    ("ids_conv_encoder", "double_ids", "dtype_mismatch", {"inp": "ids.unsqueeze(1).double()"}),
    ("multi_head_split", "two_parts", "split_sizes", {"sizes": "[10, 12]"}),
    ("ensemble_stack", "ok_single", "clean", {"widths": "(4,)"}),
    ("film_expand", "half_width", "broadcast_add", {"cw": 4}),
]

# clean variants that look risky (masks that broadcast, implicit dims torch allows, an
# InstanceNorm without affine over another feature count, legal casts and pads): they measure
# false blockers
RISKY_CLEAN = (
    "sdpa_masked_block__ok_key_pad",
    "sdpa_masked_block__ok_float_bias",
    "mha_decoder_mask__ok_exact",
    "encoder_src_mask__ok_sliced",
    "packed_lengths_lstm__ok_unsorted",
    "fno_spectral_2d__ok_dims_only",
    "downsampled_spectrum__ok_full",
    "complex_mixer__ok_complex_ctor",
    "classifier_softmax__ok_implicit_F",
    "max_over_time__ok_index",
    "instnorm_audio__ok_no_affine",
    "layernorm_tokens_cfg__ok_two",
    "masked_scores__ok_query_side",
    "sdpa_causal_flag__ok_mask_and_flag",
    "relative_bucket_onehot__ok_clamp",
    "strided_stem__ok_pair",
    "edge_pad_features__ok_3d",
    "convT_upsampler_op__ok_s3",
    "pyramid_avgpool__ok_min",
    "classifier_with_loss__ok_probs",
    "multilabel_pos_weight__ok_scalar",
    "robust_regression_loss__ok_beta0",
    "video_frame_gru__ok_time_concat",
    "gather_topk_tokens__ok_repeat",
    "causal_conv_pad__ok_channel_zero",
    "cls_pack_vit__ok_reversed",
    "pool1d_spatial__ok_flat_all",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "sdpa_masked_block",
    "mha_decoder_mask",
    "mha_memory_kv",
    "encoder_src_mask",
    "video_frame_gru",
    "fno_spectral_2d",
    "classifier_softmax",
    "convnet_groupnorm_cfg",
    "instnorm_audio",
    "strided_stem",
    "causal_conv_pad",
    "ae_decoder_convT",
    "pyramid_avgpool",
    "cls_pack_vit",
    "ids_conv_encoder",
    "gaussian_head_cholesky",
    "lstm_cell_unroll",
    "layernorm_tokens_cfg",
    "multi_head_split",
    "ensemble_stack",
)
