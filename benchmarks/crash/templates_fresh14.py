"""A fourteenth fresh batch of crash cases (session 22, split ``fresh14``), written blind: the
analyzer was never run on them while they were written, and the forward-shape rules' source was
not read. The new classes are dtype and kind errors of ops earlier batches did not exercise: a
random ``*_like`` of an integer tensor, a parameter made from an integer tensor, vector norms,
``cdist``, ``layer_norm``, activations, ``max_pool`` and ``var`` of integer tensors, ``topk`` of
a bool tensor, the unary minus of a bool mask, ``torch.istft`` of a real spectrogram, ``.imag``
of a real tensor, ``rfft`` of a complex tensor, ordering ops (``>``, ``relu``, ``max``) on a
complex tensor, ``as_strided`` past the storage, ``@`` with a 0-d operand, ``fill_`` with a
multi-element tensor, ``lerp`` / ``polar`` with mixed dtypes, ``renorm`` of a vector,
``dsplit`` of a matrix and ``trapezoid`` with the wrong number of sample points. Familiar classes
(head split, bn channels, linear in-features, residual adds across a resolution change,
flatten then linear, einops axes, conv channels, transposed dims, norm shapes, top-k, rnn widths,
reshape, pixel shuffle, group norm, einsum, bmm, attention masks, in-place dtype casts, index_add
sources) are written in styles earlier batches had little of: config objects and dicts, layers
in loops and dicts, helper size functions, method chains, functional ``F.conv2d`` with own
parameters, lazily built parameters, spectral and graph code. Several clean variants look risky
(SDPA with both a mask and ``is_causal``, ``avg_pool1d`` of a long tensor, long times float,
broadcasts that do fit). Same format as ``templates.py``; every case name starts ``f14_``.
Whether a case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("noisy_token_denoiser", "(2, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=20, d=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.enc = nn.Sequential(nn.Linear(d, d), nn.GELU(), nn.Linear(d, d))
        self.out = nn.Linear(d, vocab)

    def forward(self, ids):
        e = self.emb(ids)
        noise = {noise}
        return self.out(self.enc(e + 0.1 * noise))
"""
)

template("lazy_scale_head", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(16, 24), nn.ReLU(), nn.Linear(24, 24))
        self.head = nn.Linear(24, 3)
        self.scale = None

    def forward(self, x):
        h = self.body(x)
        if self.scale is None:
            # built on the first call, sized from the data
            self.scale = nn.Parameter({init})
        return self.head(h * self.scale)
"""
)

template("count_feature_normalizer", "(2, 10)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=6, hid=16):
        super().__init__()
        self.vocab = vocab
        self.mlp = nn.Sequential(nn.Linear(vocab, hid), nn.Tanh(), nn.Linear(hid, 2))

    def forward(self, ids):
        counts = F.one_hot(ids, self.vocab).sum(1)
        feats = {nrm}
        return self.mlp(feats)
"""
)

template("token_stat_layernorm", "(3, 9)", "tokens")(
    """
def summary(ids):
    return torch.stack([ids.sum(1), ids.max(1).values, ids.min(1).values], -1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(3)
        self.fc = nn.Linear(3, 4)

    def forward(self, ids):
        s = {feat}
        return self.fc(self.ln(s))
"""
)

template("int_activation_mlp", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, n=8):
        super().__init__()
        self.fc1 = nn.Linear(n, 16)
        self.fc2 = nn.Linear(16, 2)

    def forward(self, ids):
        centered = ids - 1
        h = {act}
        return self.fc2(F.relu(self.fc1(h.float())))
"""
)

template("maxpool_token_ids", "(2, 16)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(1, 4, 3, padding=1)
        self.bn = nn.BatchNorm1d(4)
        self.fc = nn.Linear(4 * 8, 2)

    def forward(self, ids):
        pooled = {pool}
        h = F.relu(self.bn(self.conv(pooled.float())))
        return self.fc(h.flatten(1))
"""
)

template("padding_mask_bias", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)

    def forward(self, x):
        keep = x.abs().sum(-1) > 0
        bias = {bias}
        s = self.q(x) @ self.k(x).transpose(1, 2) / 4.0
        s = s + bias[:, None, :]
        return s.softmax(-1) @ self.v(x)
"""
)

template("vocoder_istft", "(2, 16, 8)")(
    """
class Net(nn.Module):
    def __init__(self, mels=16, n_fft=64, hop=16):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        bins = n_fft // 2 + 1
        self.pre = nn.Conv1d(mels, 32, 3, padding=1)
        self.post = nn.Conv1d(32, 2 * bins, 1)
        self.register_buffer("win", torch.hann_window(n_fft))

    def forward(self, mel):
        h = self.post(F.leaky_relu(self.pre(mel), 0.1))
        logmag, phase = h.chunk(2, 1)
        mag = torch.exp(logmag.clamp(max=5.0))
        spec = {spec}
        return torch.istft(spec, self.n_fft, hop_length=self.hop, window=self.win)
"""
)

template("spectral_gate", "(2, 64)")(
    """
class Net(nn.Module):
    def __init__(self, n=64):
        super().__init__()
        self.n = n
        self.enc = nn.Linear(n, n)
        self.dec = nn.Linear(n, 8)

    def forward(self, x):
        X = torch.fft.rfft(self.enc(x))
        gate = {gate}
        y = torch.fft.irfft(X * gate, n=self.n)
        return self.dec(y)
"""
)

template("phase_feature_net", "(2, 32)")(
    """
class Net(nn.Module):
    def __init__(self, n=32):
        super().__init__()
        self.bins = n // 2 + 1
        self.fc = nn.Linear(2 * self.bins, 10)

    def forward(self, x):
        X = torch.fft.rfft(x)
        feat = torch.cat([X.real, {im}], -1)
        return self.fc(feat)
"""
)

template("cepstrum_classifier", "(2, 64)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(17, 4)

    def forward(self, x):
        spec = torch.fft.rfft(x)
        logmag = torch.log(spec.abs() + 1e-6)
        cep = torch.fft.rfft({arg}).abs()
        return self.fc(cep)
"""
)

template("strided_frames", "(2, 40)")(
    """
class Net(nn.Module):
    def __init__(self, win=8, hop=4):
        super().__init__()
        self.win, self.hop = win, hop
        self.frame = nn.Linear(win, 16)
        self.out = nn.Linear(16, 3)

    def forward(self, x):
        b, n = x.shape
        nf = {nf}
        frames = x.contiguous().as_strided((b, nf, self.win), (x.stride(0), self.hop, 1))
        return self.out(torch.tanh(self.frame(frames)).mean(1))
"""
)

template("scalar_temperature_mix", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.t = nn.Parameter(torch.tensor(1.0))
        self.proj = nn.Linear(8, 8)
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        w = {w}
        return self.out(F.linear(x, w, self.proj.bias))
"""
)

template("running_stat_fill", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("stat", torch.zeros(8))
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        {upd}
        return self.fc(x - self.stat)
"""
)

template("ema_lerp_teacher", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = nn.Linear(16, 16)
        self.register_buffer("prev", torch.zeros(2, 16))
        self.register_buffer("momentum", torch.full((16,), 0.9, dtype=torch.float64))
        self.register_buffer("count", torch.full((16,), 3))
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        h = self.student(x)
        t = torch.lerp(self.prev, h, {w})
        return self.head(t)
"""
)

template("polar_rotary", "(2, 8, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n=8):
        super().__init__()
        self.register_buffer("inv", 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d)))
        self.qk = nn.Linear(d, 2 * d)

    def forward(self, x):
        b, n, d = x.shape
        pos = torch.arange(n)[:, None]
        theta = {theta}
        rot = torch.polar(torch.ones(n, d // 2), theta)
        q, k = self.qk(x).chunk(2, -1)
        qc = torch.view_as_complex(q.reshape(b, n, d // 2, 2)) * rot
        kc = torch.view_as_complex(k.reshape(b, n, d // 2, 2)) * rot
        q, k = torch.view_as_real(qc).flatten(2), torch.view_as_real(kc).flatten(2)
        return (q @ k.transpose(1, 2)).softmax(-1)
"""
)

template("topk_mask_select", "(2, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(10, 10)
        self.fc = nn.Linear(3, 2)

    def forward(self, x):
        s = self.score(x)
        keep = s > 0
        idx = {tk}.indices
        return self.fc(torch.gather(s, 1, idx))
"""
)

template("renorm_embedding", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(12, 12)
        self.fc = nn.Linear(12, 3)

    def forward(self, ids):
        w = torch.renorm({w}, 2, 0, 1.0)
        return self.fc(F.embedding(ids, w).mean(1))
"""
)

template("depth_split_video", "(2, 4, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)
        self.fc = nn.Linear(2, 2)

    def forward(self, x):
        y = {feat}
        a, b = torch.dsplit(y, 2)
        z = torch.stack([a.mean(), b.mean()]).expand(x.shape[0], 2)
        return self.fc(z)
"""
)

template("trapz_energy", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n=16):
        super().__init__()
        self.register_buffer("t", torch.linspace(0, 1, n))
        self.enc = nn.Linear(n, n)
        self.fc = nn.Linear(5, 2)

    def forward(self, x):
        h = torch.relu(self.enc(x))
        e = torch.trapezoid(h, {xs}, dim=-1)
        return self.fc(e)
"""
)

template("token_var_pool", "(2, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(4, 8)
        self.fc = nn.Linear(9, 2)

    def forward(self, ids):
        spread = {stat}
        h = self.emb(ids).mean(1)
        return self.fc(torch.cat([h, spread], -1))
"""
)

template("cdist_token_positions", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, n=7):
        super().__init__()
        self.fc = nn.Linear(n, 2)

    def forward(self, ids):
        b, n = ids.shape
        pos = torch.stack([ids.cumsum(1), torch.arange(n).expand(b, n)], -1)
        d = torch.cdist({p}, {p})
        return self.fc(d.mean(1))
"""
)

template("config_vit", "(2, 3, 32, 32)")(
    """
class Cfg:
    patch = 4
    dim = 48
    heads = {heads}
    depth = 2
    classes = 10


class Attn(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.h = cfg.heads
        self.hd = cfg.dim // cfg.heads
        self.qkv = nn.Linear(cfg.dim, 3 * cfg.dim)
        self.proj = nn.Linear(cfg.dim, cfg.dim)

    def forward(self, x):
        b, n, c = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.h, self.hd).permute(2, 0, 3, 1, 4)
        o = F.scaled_dot_product_attention(q, k, v)
        return self.proj(o.transpose(1, 2).reshape(b, n, c))


class Net(nn.Module):
    def __init__(self, cfg=Cfg()):
        super().__init__()
        self.embed = nn.Conv2d(3, cfg.dim, cfg.patch, cfg.patch)
        self.blocks = nn.ModuleList([Attn(cfg) for _ in range(cfg.depth)])
        self.norm = nn.LayerNorm(cfg.dim)
        self.head = nn.Linear(cfg.dim, cfg.classes)

    def forward(self, x):
        x = self.embed(x).flatten(2).transpose(1, 2)
        for blk in self.blocks:
            x = x + blk(x)
        return self.head(self.norm(x).mean(1))
"""
)

template("channel_list_cnn", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, chans=(3, 16, 32, 64), classes=5):
        super().__init__()
        layers = []
        for i in range(len(chans) - 1):
            layers += [
                nn.Conv2d(chans[i], chans[i + 1], 3, padding=1),
                nn.BatchNorm2d({bn}),
                nn.ReLU(),
                nn.MaxPool2d(2),
            ]
        self.features = nn.Sequential(*layers)
        self.head = nn.Linear(chans[-1], classes)

    def forward(self, x):
        return self.head(self.features(x).mean((2, 3)))
"""
)

template("multitask_head_dict", "(2, 64)")(
    """
class Net(nn.Module):
    def __init__(self, d=64):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(64, d), nn.ReLU(), nn.Linear(d, d))
        self.heads = nn.ModuleDict(dict(cls=nn.Linear(d, 10), box=nn.Linear({bw}, 4)))

    def forward(self, x):
        h = self.trunk(x)
        out = [head(h) for head in self.heads.values()]
        return torch.cat(out, -1)
"""
)

template("resolution_residual", "(2, 8, 32, 32)")(
    """
class Down(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(cin, cout, 3, 2, 1), nn.BatchNorm2d(cout), nn.ReLU())
        self.skip = nn.Conv2d(cin, cout, 1, 2)
        self.proj = nn.Conv2d(cin, cout, 1)

    def forward(self, x):
        h = self.conv(x)
        return h + {skip}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.d1 = Down(8, 16)
        self.d2 = Down(16, 32)
        self.fc = nn.Linear(32, 3)

    def forward(self, x):
        return self.fc(self.d2(self.d1(x)).mean((2, 3)))
"""
)

template("lenet_size_helper", "(2, 1, 28, 28)")(
    """
def out_len(n, k, s=1, p=0):
    return {formula}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 6, 5)
        self.p1 = nn.MaxPool2d(2)
        self.c2 = nn.Conv2d(6, 16, 5)
        self.p2 = nn.MaxPool2d(2)
        n = out_len(out_len(out_len(out_len(28, 5), 2, 2), 5), 2, 2)
        self.fc = nn.Linear(16 * n * n, 10)

    def forward(self, x):
        x = self.p1(F.relu(self.c1(x)))
        x = self.p2(F.relu(self.c2(x)))
        return self.fc(x.flatten(1))
"""
)

template("einops_window_attention", "(2, 16, 12, 12)")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, c=16, ws={ws}):
        super().__init__()
        self.ws = ws
        self.attn = nn.MultiheadAttention(c, 4, batch_first=True)
        self.norm = nn.LayerNorm(c)
        self.fc = nn.Linear(c, 2)

    def forward(self, x):
        b, c, h, w = x.shape
        t = rearrange(x, "b c (h p1) (w p2) -> (b h w) (p1 p2) c", p1=self.ws, p2=self.ws)
        t = self.norm(t)
        t, _ = self.attn(t, t, t)
        return self.fc(t.mean(1)).view(b, -1, 2).mean(1)
"""
)

template("functional_conv_params", "(2, 4, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Parameter(torch.randn(8, 4, 3, 3) * 0.1)
        self.b1 = nn.Parameter(torch.zeros(8))
        self.w2 = nn.Parameter(torch.randn(8, {ci2}, 3, 3) * 0.1)
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        h = F.relu(F.conv2d(x, self.w1, self.b1, padding=1))
        h = F.relu(F.conv2d(h, self.w2, stride=2, padding=1))
        return self.fc(h.mean((2, 3)))
"""
)

template("conv_ln_refactor", "(2, 10, 24)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(24, 32, 3, padding=1)
        self.ln = nn.LayerNorm(32)
        self.fc = nn.Linear(32, 5)

    def forward(self, x):
        h = self.conv(x.transpose(1, 2))
        h = self.ln({back})
        return self.fc(h.mean(1))
"""
)

template("gpt_dict_config", "(2, 16)", "tokens")(
    """
CFG = dict(vocab=50, n_embd=64, n_head=4, n_layer=2, block=16)


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d = cfg["n_embd"]
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, cfg["n_head"], batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x, mask):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class Net(nn.Module):
    def __init__(self, cfg=CFG):
        super().__init__()
        self.tok = nn.Embedding(cfg["vocab"], cfg["n_embd"])
        self.pos = nn.Embedding(cfg["block"], cfg["n_embd"])
        self.blocks = nn.ModuleList([Block(cfg) for _ in range(cfg["n_layer"])])
        self.ln_f = nn.LayerNorm({lnd})
        self.lm_head = nn.Linear(cfg["n_embd"], cfg["vocab"], bias=False)

    def forward(self, ids):
        n = ids.shape[1]
        x = self.tok(ids) + self.pos(torch.arange(n))
        mask = torch.triu(torch.ones(n, n, dtype=torch.bool), 1)
        for blk in self.blocks:
            x = blk(x, mask)
        return self.lm_head(self.ln_f(x))
"""
)

template("moe_loop_dispatch", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n_exp=4, k={k}):
        super().__init__()
        self.k = k
        self.router = nn.Linear(d, n_exp)
        self.experts = nn.ModuleList([nn.Sequential(nn.Linear(d, 32), nn.SiLU(), nn.Linear(32, d)) for _ in range(n_exp)])

    def forward(self, x):
        b, n, d = x.shape
        flat = x.reshape(-1, d)
        w, idx = self.router(flat).softmax(-1).topk(self.k, -1)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            rows, slot = torch.where(idx == e)
            if rows.numel():
                out.index_add_(0, rows, expert(flat[rows]) * w[rows, slot, None])
        return out.view(b, n, d)
"""
)

template("diag_ssm_loop", "(2, 12, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, state=16):
        super().__init__()
        self.log_a = nn.Parameter(-torch.rand(state))
        self.B = nn.Linear(d, state)
        self.C = nn.Linear({cin}, d)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        b, t, _ = x.shape
        a = torch.exp(self.log_a)
        h = x.new_zeros(b, a.shape[0])
        ys = []
        for i in range(t):
            h = a * h + self.B(x[:, i])
            ys.append(self.C(h))
        return self.norm(torch.stack(ys, 1) + x)
"""
)

template("diffusion_time_block", "(2, 32, 16, 16)")(
    """
import math


def sinusoid(t, dim):
    half = dim // 2
    f = torch.exp(-math.log(10000) * torch.arange(half) / half)
    a = t[:, None].float() * f[None]
    return torch.cat([a.sin(), a.cos()], -1)


class Net(nn.Module):
    def __init__(self, c=32, tdim=16):
        super().__init__()
        self.tdim = tdim
        self.t_mlp = nn.Sequential(nn.Linear(tdim, 64), nn.SiLU(), nn.Linear(64, {tc}))
        self.conv1 = nn.Conv2d(c, c, 3, padding=1)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x):
        t = torch.full((x.shape[0],), 10)
        temb = self.t_mlp(sinusoid(t, self.tdim))[:, :, None, None]
        h = F.silu(self.conv1(x)) + temb
        return x + self.conv2(F.silu(h))
"""
)

template("yolo_anchor_head", "(2, 16, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=16, anchors=3, nc=4):
        super().__init__()
        self.nc = nc
        self.stem = nn.Sequential(nn.Conv2d(c, 32, 3, padding=1), nn.BatchNorm2d(32), nn.SiLU())
        self.head = nn.Conv2d(32, anchors * (5 + nc), 1)

    def forward(self, x):
        out = self.head(self.stem(x))
        b, _, h, w = out.shape
        out = {view}
        return out.permute(0, 1, 3, 4, 2).sigmoid()
"""
)

template("bigru_seq2seq_attention", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, e=16, hid=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, e)
        self.enc = nn.GRU(e, hid, batch_first=True, bidirectional=True)
        self.attn = nn.Linear({ad}, hid)
        self.dec = nn.GRUCell(e + hid, hid)
        self.out = nn.Linear(hid, vocab)

    def forward(self, ids):
        mem, _ = self.enc(self.emb(ids))
        keys = self.attn(mem)
        h = keys.mean(1)
        y = self.emb(ids[:, 0])
        logits = []
        for _ in range(3):
            a = (keys @ h[:, :, None]).softmax(1)
            ctx = (a * keys).sum(1)
            h = self.dec(torch.cat([y, ctx], -1), h)
            logits.append(self.out(h))
        return torch.stack(logits, 1)
"""
)

template("mel_crnn_frontend", "(2, 1, 64, 40)")(
    """
class Net(nn.Module):
    def __init__(self, n_mels=64, classes=6):
        super().__init__()
        self.cnn = nn.Sequential(
            nn.Conv2d(1, 16, 3, 2, 1), nn.ReLU(), nn.Conv2d(16, 16, 3, 2, 1), nn.ReLU()
        )
        feat = 16 * (n_mels // {div})
        self.rnn = nn.GRU(feat, 32, batch_first=True)
        self.fc = nn.Linear(32, classes)

    def forward(self, x):
        h = self.cnn(x)
        h = h.flatten(1, 2).transpose(1, 2)
        out, _ = self.rnn(h)
        return self.fc(out[:, -1])
"""
)

template("graph_edge_messages", "(6, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("src", torch.tensor([0, 1, 2, 3, 4, 5, 0, 2]))
        self.register_buffer("dst", torch.tensor([1, 2, 3, 4, 5, 0, 3, 5]))
        self.msg = nn.Linear(8, {mo})
        self.upd = nn.Linear(8, 8)
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        m = self.msg(x[self.src])
        agg = torch.zeros_like(x).index_add_(0, self.dst, m)
        h = F.relu(self.upd(x + agg))
        return self.out(h)
"""
)

template("subpixel_sr", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, scale=2):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.PReLU(), nn.Conv2d(16, 3 * scale * scale, 3, padding=1))

    def forward(self, x):
        return F.pixel_shuffle(self.body(x), {r})
"""
)

template("functional_groupnorm", "(2, 24, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=24, groups={g}):
        super().__init__()
        self.groups = groups
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.gamma = nn.Parameter(torch.ones(c))
        self.beta = nn.Parameter(torch.zeros(c))
        self.fc = nn.Linear(c, 2)

    def forward(self, x):
        h = F.group_norm(self.conv(x), self.groups, self.gamma, self.beta)
        return self.fc(F.silu(h).mean((2, 3)))
"""
)

template("sdpa_causal_and_pad", "(2, 8, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, heads=4, n=8):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        self.register_buffer("pad", torch.ones(n, n, dtype=torch.bool))
        self.register_buffer("pad_wide", torch.ones(n, n + 1, dtype=torch.bool))

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.h, d // self.h).permute(2, 0, 3, 1, 4)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask={mask}, is_causal={causal})
        return self.o(o.transpose(1, 2).reshape(b, n, d))
"""
)

template("pairwise_feature_mlp", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self, n=8):
        super().__init__()
        self.register_buffer("iu", torch.triu_indices(n, n))
        self.fc = nn.Linear({nin}, 16)
        self.out = nn.Linear(16, 1)

    def forward(self, x):
        pair = x[:, :, None] * x[:, None, :]
        feat = {feat}
        return self.out(F.relu(self.fc(feat)))
"""
)

template("token_float_promotion", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.full((8,), 0.5))
        self.fc = nn.Linear(8, 3)
        self.out = nn.Linear(3, 2)

    def forward(self, ids):
        h = {h}
        return self.out(torch.tanh(self.fc(h)))
"""
)

template("view_divides_trap", "(2, 12, 20)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Linear(20, 20)
        self.fc = nn.Linear(1, 4)

    def forward(self, x):
        b = x.shape[0]
        h = self.pre(x)
        g = {view}
        return self.fc(g.reshape(b, -1).sum(-1, keepdim=True))
"""
)

template("mask_broadcast_trap", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, heads=4):
        super().__init__()
        self.h, self.hd = heads, d // heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        b, n, d = x.shape
        mask = x.abs().sum(-1) > 0
        q, k, v = self.qkv(x).view(b, n, 3, self.h, self.hd).permute(2, 0, 3, 1, 4)
        s = q @ k.transpose(-1, -2) / self.hd**0.5
        s = s.masked_fill(~{m}, float("-inf"))
        o = s.softmax(-1) @ v
        return self.o(o.transpose(1, 2).reshape(b, n, d))
"""
)

template("einsum_heads_refactor", "(2, 6, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        self.h = heads
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = (f(x).view(b, n, self.h, -1).transpose(1, 2) for f in (self.q, self.k, self.v))
        s = torch.einsum("{eq}", q, k).softmax(-1)
        return torch.einsum("bhij,bhjd->bhid", s, v).transpose(1, 2).reshape(b, n, d)
"""
)

template("prototype_bmm", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, k=4):
        super().__init__()
        self.protos = nn.ParameterList([nn.Parameter(torch.randn(d)) for _ in range(k)])
        self.enc = nn.Linear(d, d)
        self.fc = nn.Linear(k, 2)

    def forward(self, x):
        b = x.shape[0]
        protos = torch.stack([p for p in self.protos])
        sim = torch.bmm(self.enc(x), {pt})
        return self.fc(sim.amax(1))
"""
)

template("patch_pool_chain", "(2, 3, 30, 30)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear({n}, 4)

    def forward(self, x):
        f = x.unfold(2, {win}, {win}).unfold(3, {win}, {win}).mean((-1, -2)).flatten(1)
        return self.fc(f)
"""
)

VARIANTS = [
    ("noisy_token_denoiser", "ok", "clean", {"noise": "torch.randn_like(e)"}),
    ("noisy_token_denoiser", "ok_shape", "clean", {"noise": "torch.randn(e.shape)"}),
    (
        "noisy_token_denoiser",
        "randn_like_ids",
        "random_int_dtype",
        {"noise": "torch.randn_like(ids)[..., None]"},
    ),
    (
        "noisy_token_denoiser",
        "rand_like_ids",
        "random_int_dtype",
        {"noise": "torch.rand_like(ids)[..., None]"},
    ),
    ("lazy_scale_head", "ok", "clean", {"init": "torch.ones(h.shape[-1])"}),
    (
        "lazy_scale_head",
        "ok_arange_float",
        "clean",
        {"init": "torch.arange(h.shape[-1]).float() / 24"},
    ),
    ("lazy_scale_head", "arange_long", "requires_grad_int", {"init": "torch.arange(h.shape[-1])"}),
    (
        "lazy_scale_head",
        "ones_long",
        "requires_grad_int",
        {"init": "torch.ones(h.shape[-1], dtype=torch.long)"},
    ),
    ("count_feature_normalizer", "ok", "clean", {"nrm": "F.normalize(counts.float(), dim=-1)"}),
    (
        "count_feature_normalizer",
        "ok_div",
        "clean",
        {"nrm": "counts / counts.sum(-1, keepdim=True)"},
    ),
    (
        "count_feature_normalizer",
        "normalize_long",
        "vector_norm_int",
        {"nrm": "F.normalize(counts, dim=-1)"},
    ),
    (
        "count_feature_normalizer",
        "norm_long",
        "vector_norm_int",
        {"nrm": "counts / counts.norm(dim=-1, keepdim=True)"},
    ),
    ("token_stat_layernorm", "ok", "clean", {"feat": "summary(ids).float()"}),
    ("token_stat_layernorm", "ok_to", "clean", {"feat": "summary(ids).to(torch.float32)"}),
    ("token_stat_layernorm", "long_ln", "layernorm_int_input", {"feat": "summary(ids)"}),
    ("int_activation_mlp", "ok", "clean", {"act": "F.gelu(centered.float())"}),
    ("int_activation_mlp", "ok_relu_long", "clean", {"act": "F.relu(centered)"}),
    ("int_activation_mlp", "gelu_long", "activation_int_dtype", {"act": "F.gelu(centered)"}),
    ("int_activation_mlp", "silu_long", "activation_int_dtype", {"act": "F.silu(centered * 2)"}),
    ("maxpool_token_ids", "ok", "clean", {"pool": "F.max_pool1d(ids[:, None].float(), 2)"}),
    ("maxpool_token_ids", "ok_avg_long", "clean", {"pool": "F.avg_pool1d(ids[:, None], 2)"}),
    (
        "maxpool_token_ids",
        "max_long",
        "maxpool_int_dtype",
        {"pool": "F.max_pool1d(ids[:, None], 2)"},
    ),
    ("padding_mask_bias", "ok", "clean", {"bias": "(~keep).float() * -1e4"}),
    ("padding_mask_bias", "ok_where", "clean", {"bias": "torch.where(keep, 0.0, -1e4)"}),
    ("padding_mask_bias", "neg_mask", "bool_negation", {"bias": "-keep * 1e4"}),
    ("padding_mask_bias", "one_minus", "bool_subtract", {"bias": "(1 - keep) * -1e4"}),
    ("vocoder_istft", "ok", "clean", {"spec": "torch.polar(mag, phase)"}),
    (
        "vocoder_istft",
        "ok_complex",
        "clean",
        {"spec": "torch.complex(mag * phase.cos(), mag * phase.sin())"},
    ),
    ("vocoder_istft", "real_spec", "istft_real_input", {"spec": "mag * torch.cos(phase)"}),
    ("spectral_gate", "ok", "clean", {"gate": "(X.abs() > 0.5).float()"}),
    ("spectral_gate", "ok_sigmoid", "clean", {"gate": "torch.sigmoid(X.abs())"}),
    ("spectral_gate", "complex_gt", "complex_order_op", {"gate": "(X > 0.5).float()"}),
    ("spectral_gate", "complex_relu", "complex_order_op", {"gate": "F.relu(X)"}),
    ("phase_feature_net", "ok", "clean", {"im": "X.imag"}),
    ("phase_feature_net", "ok_angle", "clean", {"im": "X.angle()"}),
    ("phase_feature_net", "imag_of_input", "imag_real_dtype", {"im": "x.imag[:, : self.bins]"}),
    ("cepstrum_classifier", "ok", "clean", {"arg": "logmag"}),
    ("cepstrum_classifier", "ok_abs", "clean", {"arg": "spec.abs()"}),
    ("cepstrum_classifier", "rfft_of_spec", "rfft_complex_input", {"arg": "spec"}),
    ("strided_frames", "ok", "clean", {"nf": "(n - self.win) // self.hop + 1"}),
    ("strided_frames", "ok_fewer", "clean", {"nf": "(n - self.win) // self.hop"}),
    ("strided_frames", "one_past", "as_strided_bounds", {"nf": "(n - self.win) // self.hop + 2"}),
    ("strided_frames", "n_over_hop", "as_strided_bounds", {"nf": "n // self.hop"}),
    ("scalar_temperature_mix", "ok", "clean", {"w": "self.t * self.proj.weight"}),
    ("scalar_temperature_mix", "ok_div", "clean", {"w": "self.proj.weight / self.t"}),
    ("scalar_temperature_mix", "matmul_0d", "matmul_0d", {"w": "self.t @ self.proj.weight"}),
    ("running_stat_fill", "ok", "clean", {"upd": "self.stat.fill_(x.mean())"}),
    ("running_stat_fill", "ok_copy", "clean", {"upd": "self.stat.copy_(x.mean(0))"}),
    ("running_stat_fill", "fill_vector", "fill_nonscalar", {"upd": "self.stat.fill_(x.mean(0))"}),
    ("ema_lerp_teacher", "ok", "clean", {"w": "0.1"}),
    ("ema_lerp_teacher", "ok_full_like", "clean", {"w": "torch.full_like(h, 0.1)"}),
    ("ema_lerp_teacher", "ok_momentum_float", "clean", {"w": "1 - self.momentum.float()"}),
    ("ema_lerp_teacher", "double_weight", "lerp_dtype", {"w": "1 - self.momentum"}),
    ("ema_lerp_teacher", "long_weight", "lerp_dtype", {"w": "self.count"}),
    ("polar_rotary", "ok", "clean", {"theta": "pos.float() * self.inv"}),
    ("polar_rotary", "ok_times_float", "clean", {"theta": "pos.expand(n, d // 2) * 1.0"}),
    ("polar_rotary", "long_angle", "polar_dtype", {"theta": "pos.expand(n, d // 2)"}),
    ("topk_mask_select", "ok", "clean", {"tk": "s.topk(3, -1)"}),
    ("topk_mask_select", "ok_float_mask", "clean", {"tk": "keep.float().topk(3, -1)"}),
    ("topk_mask_select", "bool_topk", "topk_bool", {"tk": "keep.topk(3, -1)"}),
    ("renorm_embedding", "ok", "clean", {"w": "self.emb.weight"}),
    ("renorm_embedding", "ok_T", "clean", {"w": "self.emb.weight.T"}),
    ("renorm_embedding", "row_only", "renorm_rank", {"w": "self.emb.weight[0]"}),
    ("depth_split_video", "ok", "clean", {"feat": "self.conv(x).mean(1)"}),
    ("depth_split_video", "ok_4d", "clean", {"feat": "self.conv(x)"}),
    ("depth_split_video", "flat_2d", "split_rank", {"feat": "self.conv(x).mean(1).flatten(1)"}),
    ("trapz_energy", "ok", "clean", {"xs": "self.t"}),
    ("trapz_energy", "ok_dx", "clean", {"xs": "dx=1.0 / 15"}),
    ("trapz_energy", "x_short", "trapezoid_x_len", {"xs": "self.t[1:]"}),
    ("token_var_pool", "ok", "clean", {"stat": "ids.float().var(1, keepdim=True)"}),
    ("token_var_pool", "ok_mean_float", "clean", {"stat": "(ids * 1.0).std(1, keepdim=True)"}),
    ("token_var_pool", "var_long", "var_int_dtype", {"stat": "ids.var(1, keepdim=True)"}),
    ("cdist_token_positions", "ok", "clean", {"p": "pos.float()"}),
    ("cdist_token_positions", "long_pos", "cdist_int_dtype", {"p": "pos"}),
    ("config_vit", "ok", "clean", {"heads": 6}),
    ("config_vit", "ok_h4", "clean", {"heads": 4}),
    ("config_vit", "h5", "head_split", {"heads": 5}),
    ("config_vit", "h7", "head_split", {"heads": 7}),
    ("channel_list_cnn", "ok", "clean", {"bn": "chans[i + 1]"}),
    ("channel_list_cnn", "bn_prev", "bn_channels", {"bn": "chans[i]"}),
    ("channel_list_cnn", "bn_last", "bn_channels", {"bn": "chans[-1]"}),
    ("multitask_head_dict", "ok", "clean", {"bw": "d"}),
    ("multitask_head_dict", "half_width", "linear_in_features", {"bw": "d // 2"}),
    ("multitask_head_dict", "double_width", "linear_in_features", {"bw": "2 * d"}),
    ("resolution_residual", "ok", "clean", {"skip": "self.skip(x)"}),
    ("resolution_residual", "ok_pool", "clean", {"skip": "F.avg_pool2d(self.proj(x), 2)"}),
    ("resolution_residual", "full_res", "broadcast_add", {"skip": "self.proj(x)"}),
    ("lenet_size_helper", "ok", "clean", {"formula": "(n + 2 * p - k) // s + 1"}),
    ("lenet_size_helper", "no_plus_one", "flatten_linear", {"formula": "(n + 2 * p - k) // s"}),
    ("lenet_size_helper", "same_assumed", "flatten_linear", {"formula": "n // s"}),
    ("einops_window_attention", "ok", "clean", {"ws": 4}),
    ("einops_window_attention", "ok_ws6", "clean", {"ws": 6}),
    ("einops_window_attention", "ws5", "einops_axes", {"ws": 5}),
    ("einops_window_attention", "ws8", "einops_axes", {"ws": 8}),
    ("functional_conv_params", "ok", "clean", {"ci2": 8}),
    ("functional_conv_params", "in_as_first", "conv_in_channels", {"ci2": 4}),
    ("functional_conv_params", "doubled", "conv_in_channels", {"ci2": 16}),
    ("conv_ln_refactor", "ok", "clean", {"back": "h.transpose(1, 2)"}),
    ("conv_ln_refactor", "not_back", "norm_shape", {"back": "h"}),
    ("conv_ln_refactor", "wrong_pair", "transpose_dims", {"back": "h.transpose(0, 1)"}),
    ("gpt_dict_config", "ok", "clean", {"lnd": 'cfg["n_embd"]'}),
    ("gpt_dict_config", "stale_literal", "norm_shape", {"lnd": "48"}),
    ("gpt_dict_config", "head_dim", "norm_shape", {"lnd": 'cfg["n_embd"] // cfg["n_head"]'}),
    ("moe_loop_dispatch", "ok", "clean", {"k": 2}),
    ("moe_loop_dispatch", "ok_k4", "clean", {"k": 4}),
    ("moe_loop_dispatch", "k5", "topk_k", {"k": 5}),
    ("diag_ssm_loop", "ok", "clean", {"cin": 16}),
    ("diag_ssm_loop", "cin_d", "linear_in_features", {"cin": 8}),
    ("diag_ssm_loop", "cin_2state", "linear_in_features", {"cin": 32}),
    ("diffusion_time_block", "ok", "clean", {"tc": 32}),
    ("diffusion_time_block", "ok_one", "clean", {"tc": 1}),
    ("diffusion_time_block", "tc16", "broadcast_add", {"tc": 16}),
    ("yolo_anchor_head", "ok", "clean", {"view": "out.view(b, 3, 5 + self.nc, h, w)"}),
    ("yolo_anchor_head", "ok_infer", "clean", {"view": "out.view(b, -1, 5 + self.nc, h, w)"}),
    (
        "yolo_anchor_head",
        "two_anchors",
        "reshape_numel",
        {"view": "out.view(b, 2, 5 + self.nc, h, w)"},
    ),
    ("yolo_anchor_head", "no_obj", "reshape_numel", {"view": "out.view(b, 3, 4 + self.nc, h, w)"}),
    ("bigru_seq2seq_attention", "ok", "clean", {"ad": "2 * hid"}),
    ("bigru_seq2seq_attention", "uni_width", "rnn_bidirectional_width", {"ad": "hid"}),
    ("mel_crnn_frontend", "ok", "clean", {"div": 4}),
    ("mel_crnn_frontend", "one_stride", "rnn_input", {"div": 2}),
    ("mel_crnn_frontend", "three_strides", "rnn_input", {"div": 8}),
    ("graph_edge_messages", "ok", "clean", {"mo": 8}),
    ("graph_edge_messages", "wide_msg", "index_add_source", {"mo": 16}),
    ("graph_edge_messages", "narrow_msg", "index_add_source", {"mo": 4}),
    ("subpixel_sr", "ok", "clean", {"r": 2}),
    ("subpixel_sr", "r3", "pixel_shuffle", {"r": 3}),
    ("subpixel_sr", "r4", "pixel_shuffle", {"r": 4}),
    ("functional_groupnorm", "ok", "clean", {"g": 8}),
    ("functional_groupnorm", "ok_g24", "clean", {"g": 24}),
    ("functional_groupnorm", "g5", "norm_groups", {"g": 5}),
    ("functional_groupnorm", "g16", "norm_groups", {"g": 16}),
    ("sdpa_causal_and_pad", "ok", "clean", {"mask": "None", "causal": "True"}),
    ("sdpa_causal_and_pad", "ok_mask_and_causal", "clean", {"mask": "self.pad", "causal": "True"}),
    ("sdpa_causal_and_pad", "wide_mask", "attn_mask", {"mask": "self.pad_wide", "causal": "False"}),
    ("pairwise_feature_mlp", "ok", "clean", {"feat": "pair.flatten(1)", "nin": 64}),
    (
        "pairwise_feature_mlp",
        "ok_triu",
        "clean",
        {"feat": "pair[:, self.iu[0], self.iu[1]]", "nin": 36},
    ),
    (
        "pairwise_feature_mlp",
        "flat_as_triu",
        "linear_in_features",
        {"feat": "pair.flatten(1)", "nin": 36},
    ),
    ("token_float_promotion", "ok", "clean", {"h": "ids * self.scale"}),
    ("token_float_promotion", "ok_div", "clean", {"h": "ids / 2 + self.scale"}),
    ("token_float_promotion", "inplace_mul", "inplace_dtype_cast", {"h": "ids.mul_(self.scale)"}),
    ("view_divides_trap", "ok", "clean", {"view": "h.view(b, 4, -1, 20)"}),
    ("view_divides_trap", "ok_split_last", "clean", {"view": "h.reshape(b, -1, 5, 4)"}),
    ("view_divides_trap", "five_groups", "reshape_numel", {"view": "h.view(b, 5, -1, 20)"}),
    ("mask_broadcast_trap", "ok", "clean", {"m": "mask[:, None, None, :]"}),
    ("mask_broadcast_trap", "ok_rows", "clean", {"m": "mask[:, None, :, None]"}),
    ("mask_broadcast_trap", "no_head_axis", "attn_mask", {"m": "mask[:, :, None]"}),
    ("einsum_heads_refactor", "ok", "clean", {"eq": "bhid,bhjd->bhij"}),
    ("einsum_heads_refactor", "ok_names", "clean", {"eq": "bhnd,bhmd->bhnm"}),
    ("einsum_heads_refactor", "k_pre_transposed", "einsum", {"eq": "bhid,bhdj->bhij"}),
    ("prototype_bmm", "ok", "clean", {"pt": "protos.T.expand(b, -1, -1)"}),
    ("prototype_bmm", "T_unbatched", "bmm", {"pt": "protos.T"}),
    ("prototype_bmm", "no_T", "bmm", {"pt": "protos.expand(b, -1, -1)"}),
    ("patch_pool_chain", "ok", "clean", {"win": 10, "n": 27}),
    ("patch_pool_chain", "ok_w15", "clean", {"win": 15, "n": 12}),
    ("patch_pool_chain", "w7_as_10", "flatten_linear", {"win": 7, "n": 27}),
]

# clean variants that look risky (integer dtypes torch allows, broadcasts that fit, views that
# divide, sizes at their limit): they measure false blockers
RISKY_CLEAN = (
    "maxpool_token_ids__ok_avg_long",
    "int_activation_mlp__ok_relu_long",
    "sdpa_causal_and_pad__ok_mask_and_causal",
    "polar_rotary__ok_times_float",
    "diffusion_time_block__ok_one",
    "mask_broadcast_trap__ok_rows",
    "view_divides_trap__ok_split_last",
    "token_float_promotion__ok",
    "token_float_promotion__ok_div",
    "count_feature_normalizer__ok_div",
    "pairwise_feature_mlp__ok_triu",
    "strided_frames__ok_fewer",
    "depth_split_video__ok_4d",
    "renorm_embedding__ok_T",
    "topk_mask_select__ok_float_mask",
    "token_var_pool__ok_mean_float",
    "moe_loop_dispatch__ok_k4",
    "functional_groupnorm__ok_g24",
    "einops_window_attention__ok_ws6",
    "yolo_anchor_head__ok_infer",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = tuple(
    name
    for name in T
    if name
    in {
        "noisy_token_denoiser",
        "lazy_scale_head",
        "config_vit",
        "channel_list_cnn",
        "multitask_head_dict",
        "resolution_residual",
        "lenet_size_helper",
        "einops_window_attention",
        "conv_ln_refactor",
        "gpt_dict_config",
        "moe_loop_dispatch",
        "diag_ssm_loop",
        "diffusion_time_block",
        "yolo_anchor_head",
        "bigru_seq2seq_attention",
        "mel_crnn_frontend",
        "graph_edge_messages",
        "subpixel_sr",
        "functional_groupnorm",
        "token_float_promotion",
        "maxpool_token_ids",
        "padding_mask_bias",
        "scalar_temperature_mix",
        "prototype_bmm",
        "einsum_heads_refactor",
    }
)
