"""A tenth fresh batch of crash cases (session 20, split ``fresh10``), written blind: the analyzer
was never run on them while they were written, and the forward-shape rules' source was not read.
The new classes are mostly Python- and module-protocol mistakes of research code and argument
checks of calls the earlier sets never used: ``x.size[1]`` / ``x.shape(1)`` / ``x.ndim()``, a
``Sequential`` or submodule called with an extra (conditioning) argument or an unknown keyword,
``super().__init__()`` missing or late, a plain function inside ``Sequential`` / ``ModuleList``,
a tensor assigned over a registered parameter in forward, an in-place true division of an integer
tensor, ``&`` / ``~`` on float masks, integers to a negative integer power, ``nn.init`` with an
unknown nonlinearity or on a 1-d tensor, a transformer layer / RNN with an unknown activation,
a conv padding string or padding mode torch does not know, ``antialias`` with nearest
interpolation, ``recompute_scale_factor`` with an explicit size, loss parameters out of range
(Huber delta, multi-margin p, Gaussian NLL variance, a reduction name), ``histc`` bounds swapped,
``cdist`` with a negative p, ``bernoulli`` probabilities past 1, ``meshgrid`` of a 2-d tensor,
``hsplit`` not dividing, conv stride / dilation of zero, softshrink with a negative lambda,
``Softmax2d`` of a 2-d input, a cell RNN on a sequence, buffer / module names with a dot or of
int type; and familiar classes (reshape, cat then linear, matmul, einsum, conv channels, norm
shapes and groups, pixel shuffle, rotary dims, heads, skips, pooling to zero, gather) written in
code styles the earlier batches had little of (functional-style models, config dataclasses,
loops over stages, ``getattr`` registries). Same format as ``templates.py``; every case name
starts ``f10_``. Whether a case crashes is torch's verdict (``build_truth.py``), not the defect
label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("size_attr_cnn", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU())
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        h = self.stem(x)
        b = {b}
        return self.fc(self.pool(h).reshape(b, -1))
"""
)

template("size_attr_seq", "(2, 12, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.proj = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)
        self.out = nn.Linear(d, 4)

    def forward(self, x):
        T = {t}
        pos = torch.arange(T, dtype=x.dtype)[None, :, None] / 100.0
        return self.out(self.norm(self.proj(x) + pos)).mean(1)
"""
)

template("rank_switch_encoder", "(2, 8, 24)")(
    """
class Net(nn.Module):
    def __init__(self, d=24):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))
        self.head = nn.Linear(d, 3)

    def forward(self, x):
        if {rank} == 2:
            x = x.unsqueeze(1)
        x = x + self.ff(x)
        return self.head(x[:, 0])
"""
)

template("film_sequential_cond", "(2, 8, 16, 16)")(
    """
class FiLM(nn.Module):
    def __init__(self, ch, d_cond=8):
        super().__init__()
        self.to_ss = nn.Linear(d_cond, 2 * ch)

    def forward(self, x, c):
        s, b = self.to_ss(c).chunk(2, dim=-1)
        return x * (1 + s[..., None, None]) + b[..., None, None]


class Net(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.SiLU())
        self.film = FiLM(ch)
        self.out = nn.Conv2d(ch, 1, 1)

    def forward(self, x):
        c = x.mean(dim=(2, 3))
        h = {call}
        return self.out(self.film(h, c))
"""
)

template("diffusion_time_blocks", "(2, 16, 8, 8)")(
    """
class ResBlock(nn.Module):
    def __init__(self, ch, t_dim=32):
        super().__init__()
        self.conv1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.t = nn.Linear(t_dim, ch)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x, temb):
        h = F.silu(self.conv1(x)) + self.t(temb)[:, :, None, None]
        return x + self.conv2(F.silu(h))


class Net(nn.Module):
    def __init__(self, ch=16, t_dim=32):
        super().__init__()
        self.t_dim = t_dim
        self.blocks = {container}

    def forward(self, x):
        temb = torch.randn(x.shape[0], self.t_dim)
        {loop}
        return x
"""
)

template("gnn_message_kwarg", "(10, 16)")(
    """
class GraphConv(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, x, adj):
        deg = adj.sum(-1, keepdim=True).clamp(min=1)
        return self.lin(adj @ x / deg)


class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.layers = nn.ModuleList([GraphConv(d, d) for _ in range(2)])
        self.readout = nn.Linear(d, 2)

    def forward(self, x):
        n = x.shape[0]
        adj = (torch.rand(n, n) > 0.5).float() + torch.eye(n)
        for layer in self.layers:
            x = F.relu(layer(x, {kw}=adj))
        return self.readout(x.mean(0))
"""
)

template("late_super_vit", "(2, 3, 32, 32)")(
    """
class PatchEmbed(nn.Module):
    def __init__(self, patch=8, dim=48):
        {pre}
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)
        {post}

    def forward(self, x):
        return self.proj(x).flatten(2).transpose(1, 2)


class Net(nn.Module):
    def __init__(self, dim=48):
        super().__init__()
        self.dim = dim
        self.embed = None  # built on the first call (lazy, like nn.LazyConv2d)
        layer = nn.TransformerEncoderLayer(dim, 4, 96, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 2)
        self.head = nn.Linear(dim, 10)

    def forward(self, x):
        if self.embed is None:
            self.embed = PatchEmbed(8, self.dim)
        return self.head(self.enc(self.embed(x)).mean(1))
"""
)

template("functional_in_sequential", "(4, 20)")(
    """
class Net(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.hidden = hidden
        self.mlp = None

    def build(self, d):
        hidden = self.hidden
        self.mlp = nn.Sequential(
            nn.Linear(d, hidden),
            {act},
            nn.Linear(hidden, hidden),
            nn.ReLU(),
            nn.Linear(hidden, 1),
        )

    def forward(self, x):
        if self.mlp is None:
            self.build(x.shape[-1])
        return self.mlp(x)
"""
)

template("modulelist_of_heads", "(2, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, tasks=(2, 5, 1)):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))
        self.tasks = tasks
        self.heads = None

    def forward(self, x):
        h = self.trunk(x)
        if self.heads is None:  # heads sized from the trunk's output on the first batch
            self.heads = nn.ModuleList([{head} for k in self.tasks])
        return torch.cat([head(h) for head in self.heads], dim=-1)
"""
)

template("pruned_linear_forward", "(4, 24)")(
    """
class MaskedLinear(nn.Module):
    def __init__(self, d_in, d_out, keep=0.5):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)
        self.register_buffer("mask", (torch.rand(d_out, d_in) < keep).float())

    def forward(self, x):
        {body}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(MaskedLinear(24, 48), nn.ReLU(), MaskedLinear(48, 6))

    def forward(self, x):
        return self.layers(x)
"""
)

template("position_normalizer", "(2, 10, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.inp = nn.Linear(d + 1, d)
        self.enc = nn.GRU(d, d, batch_first=True)
        self.out = nn.Linear(d, 2)

    def forward(self, x):
        B, T, _ = x.shape
        pos = torch.arange(T{dtype})
        pos /= T
        h = self.inp(torch.cat([x, pos[None, :, None].expand(B, T, 1).to(x.dtype)], -1))
        return self.out(self.enc(h)[0][:, -1])
"""
)

template("histogram_counts_norm", "(2, 64)")(
    """
class Net(nn.Module):
    def __init__(self, bins=8):
        super().__init__()
        self.bins = bins
        self.fc = nn.Sequential(nn.Linear(bins, 16), nn.ReLU(), nn.Linear(16, 2))

    def forward(self, x):
        idx = (x.sigmoid() * (self.bins - 1)).round().long()
        counts = torch.stack([torch.bincount(r, minlength=self.bins) for r in idx])
        counts = counts{cast}
        counts {op}= counts.sum(-1, keepdim=True)
        return self.fc(counts.float())
"""
)

template("mask_combine_attention", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, d))

    def forward(self, x):
        T = x.shape[1]
        causal = torch.triu(torch.ones(T, T), diagonal=1){c_cast}
        local = (torch.arange(T)[:, None] - torch.arange(T)[None, :]).abs() > 4
        mask = causal {op} local{l_cast}
        h, _ = self.attn(x, x, x, attn_mask=mask.bool())
        return self.ff(x + h)
"""
)

template("padding_keep_mask", "(2, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=50, d=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.enc = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(d, 4, 64, batch_first=True), 1
        )
        self.cls = nn.Linear(d, 2)

    def forward(self, ids):
        pad = {pad}
        h = self.enc(self.emb(ids), src_key_padding_mask=~pad)
        return self.cls(h.mean(1))
"""
)

template("harmonic_features", "(4, 1)")(
    """
class Net(nn.Module):
    def __init__(self, n_harm=6):
        super().__init__()
        self.n_harm = n_harm
        self.mlp = nn.Sequential(nn.Linear(n_harm, 32), nn.Tanh(), nn.Linear(32, 1))

    def forward(self, t):
        k = torch.arange(1, self.n_harm + 1{dtype})
        w = k ** {power}
        return self.mlp(torch.sin(t * w))
"""
)

template("kaiming_init_mlp", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.hidden = hidden
        self.layers = None

    def reset(self, d):
        self.layers = nn.Sequential(nn.Linear(d, self.hidden), nn.LeakyReLU(0.1), nn.Linear(self.hidden, 3))
        for m in self.layers:
            if isinstance(m, nn.Linear):
                nn.init.kaiming_normal_(m.weight, nonlinearity="{nl}")
                nn.init.zeros_(m.bias)

    def forward(self, x):
        if self.layers is None:
            self.reset(x.shape[-1])
        return self.layers(x)
"""
)

template("xavier_all_params", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3))
        self.head = nn.Linear(8, 4)
        self.initialized = False

    def init_weights(self):
        for name, p in self.named_parameters():
            if {cond}:
                nn.init.{init}(p)
        self.initialized = True

    def forward(self, x):
        if not self.initialized:
            self.init_weights()
        return self.head(self.conv(x).mean(dim=(2, 3)))
"""
)

template("transformer_swish", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, act="{act}"):
        super().__init__()
        self.act = act
        self.enc = None
        self.out = nn.LazyLinear(5)

    def forward(self, x):
        if self.enc is None:
            layer = nn.TransformerEncoderLayer(x.shape[-1], 4, 64, activation=self.act, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, 2)
        return self.out(self.enc(x)[:, 0])
"""
)

template("elman_rnn_lm", "(2, 9)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, d=24, nl="{nl}"):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.nl = nl
        self.rnn = None
        self.lm = nn.Linear(d, vocab)

    def forward(self, ids):
        e = self.emb(ids)
        if self.rnn is None:
            self.rnn = nn.RNN(e.shape[-1], e.shape[-1], num_layers=2, nonlinearity=self.nl, batch_first=True)
        h, _ = self.rnn(e)
        return self.lm(h)
"""
)

template("full_padding_conv1d", "(2, 4, 32)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = None
        self.fc = nn.Linear(16, 3)

    def make(self, ch):
        return nn.Sequential(
            nn.Conv1d(ch, 16, 5, padding={pad}),
            nn.ReLU(),
            nn.Conv1d(16, 16, 5, padding=2, padding_mode="{mode}"),
            nn.ReLU(),
        )

    def forward(self, x):
        if self.blocks is None:
            self.blocks = self.make(x.shape[1])
        return self.fc(self.blocks(x).amax(-1))
"""
)

template("antialias_pyramid", "(1, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, levels=3):
        super().__init__()
        self.levels = levels
        self.enc = nn.Conv2d(3, 8, 3, padding=1)
        self.fuse = nn.Conv2d(8 * levels, 8, 1)

    def forward(self, x):
        feats = []
        for i in range(self.levels):
            s = F.interpolate(x, scale_factor=0.5 ** i, mode="{mode}", antialias={aa})
            f = self.enc(s)
            feats.append(F.interpolate(f, size=x.shape[-2:], mode="nearest"))
        return self.fuse(torch.cat(feats, 1))
"""
)

template("resize_recompute", "(2, 3, 20, 20)")(
    """
class Net(nn.Module):
    def __init__(self, out_hw=32):
        super().__init__()
        self.out_hw = out_hw
        self.conv = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 3, 1))

    def forward(self, x):
        x = F.interpolate(x, {args}, mode="bilinear", align_corners=False)
        return self.conv(x)
"""
)

template("robust_box_regressor", "(4, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, delta={delta}):
        super().__init__()
        self.delta = delta
        self.body = nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, 4))
        self.register_buffer("target", torch.zeros(1, 4))

    def forward(self, x):
        pred = self.body(x)
        loss = F.{loss}(pred, self.target.expand_as(pred), {kw}=self.delta)
        return pred, loss
"""
)

template("svm_margin_head", "(6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n_cls=5, p={p}):
        super().__init__()
        self.p = p
        self.feat = nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, n_cls))

    def forward(self, x):
        scores = self.feat(x)
        y = scores.argmax(-1)
        return F.multi_margin_loss(scores, y, p=self.p, margin=1.0)
"""
)

template("hetero_regression_nll", "(8, 12)")(
    """
class Net(nn.Module):
    def __init__(self, d=12):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, 32), nn.ReLU())
        self.mu = nn.Linear(32, 1)
        self.var = nn.Linear(32, 1)

    def forward(self, x):
        h = self.body(x)
        mu, v = self.mu(h), self.var(h)
        return F.gaussian_nll_loss(mu, torch.zeros_like(mu), {var})
"""
)

template("loss_reduction_head", "(4, 20)")(
    """
class Net(nn.Module):
    def __init__(self, d=20, n_cls=4, reduction="{red}"):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, n_cls))
        self.crit = nn.CrossEntropyLoss(reduction=reduction)

    def forward(self, x):
        logits = self.net(x)
        return self.crit(logits, logits.argmax(-1))
"""
)

template("intensity_histogram", "(2, 1, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, bins=16, lo={lo}, hi={hi}):
        super().__init__()
        self.bins, self.lo, self.hi = bins, lo, hi
        self.conv = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(4 + bins, 2)

    def forward(self, x):
        hists = [torch.histc(img, bins=self.bins, min=self.lo, max=self.hi) for img in x]
        h = torch.stack(hists) / x[0].numel()
        return self.fc(torch.cat([self.conv(x).flatten(1), h], -1))
"""
)

template("prototype_cdist", "(6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n_proto=5, p={p}):
        super().__init__()
        self.p = p
        self.embed = nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, 8))
        self.protos = nn.Parameter(torch.randn(n_proto, 8))

    def forward(self, x):
        return -torch.cdist(self.embed(x), self.protos, p=self.p)
"""
)

template("stochastic_depth_resnet", "(2, 8, 8, 8)")(
    """
class Block(nn.Module):
    def __init__(self, ch, drop):
        super().__init__()
        self.drop = drop
        self.conv = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU())

    def forward(self, x):
        keep = torch.full((x.shape[0], 1, 1, 1), {keep})
        return x + self.conv(x) * torch.bernoulli(keep)


class Net(nn.Module):
    def __init__(self, ch=8, depth=3):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(ch, 0.1 * i) for i in range(depth)])

    def forward(self, x):
        return self.blocks(x).mean(dim=(1, 2, 3))
"""
)

template("coord_grid_nerf", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(5, 32), nn.ReLU(), nn.Linear(32, 3))

    def forward(self, img):
        B, _, H, W = img.shape
        ys = torch.linspace(-1, 1, H)
        xs = torch.linspace(-1, 1, W)
        gy, gx = torch.meshgrid({args}, indexing="ij")
        coords = torch.stack([gy, gx], -1).expand(B, H, W, 2)
        lum = img.mean(1, keepdim=True).permute(0, 2, 3, 1)
        return self.mlp(torch.cat([coords, lum, lum ** 2, lum.sin()], -1))
"""
)

template("hsplit_multihead", "(2, 30)")(
    """
class Net(nn.Module):
    def __init__(self, d=30, parts={parts}):
        super().__init__()
        self.parts = parts
        self.proj = nn.Linear(d, d)
        self.heads = nn.ModuleList([nn.Linear(d // parts, 2) for _ in range(parts)])

    def forward(self, x):
        chunks = torch.hsplit(self.proj(x), self.parts)
        return torch.stack([h(c) for h, c in zip(self.heads, chunks)], 1)
"""
)

template("config_stride_cnn", "(2, 3, 32, 32)")(
    """
STAGES = [(3, 16, {s1}, 1), (16, 32, 2, {d2}), (32, 64, 2, 1)]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        layers = []
        for c_in, c_out, stride, dil in STAGES:
            layers += [nn.Conv2d(c_in, c_out, 3, stride=stride, padding=dil, dilation=dil), nn.ReLU()]
        self.body = nn.Sequential(*layers)
        self.fc = nn.Linear(64, 10)

    def forward(self, x):
        return self.fc(self.body(x).mean(dim=(2, 3)))
"""
)

template("sparse_code_shrink", "(4, 24)")(
    """
class Net(nn.Module):
    def __init__(self, d=24, k=48, n_iter=3, lam={lam}):
        super().__init__()
        self.W = nn.Linear(d, k, bias=False)
        self.S = nn.Linear(k, k, bias=False)
        self.n_iter, self.lam = n_iter, lam

    def forward(self, x):
        b = self.W(x)
        z = F.softshrink(b, self.lam)
        for _ in range(self.n_iter):
            z = F.softshrink(b + self.S(z), self.lam)
        return z
"""
)

template("spatial_softmax_keypoints", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, k=8):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, k, 1))
        self.sm = nn.Softmax2d()

    def forward(self, x):
        h = self.conv(x)
        att = self.sm({arg})
        return att.flatten(1)
"""
)

template("gru_cell_decoder", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.cell = nn.GRUCell(d, d)
        self.out = nn.Linear(d, 4)

    def forward(self, x):
        h = torch.zeros(x.shape[0], x.shape[-1])
        {body}
        return self.out(h)
"""
)

template("named_buffers_stats", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self, d=10, names=("mean", "std")):
        super().__init__()
        self.names = names
        self.fc = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, 2))

    def forward(self, x):
        if not len(list(self.buffers())):  # statistics registered from the first batch
            for n in self.names:
                self.register_buffer({bname}, x.mean(0) if n == "mean" else x.std(0))
        bufs = dict(self.named_buffers())
        mean, std = bufs[{k_mean}], bufs[{k_std}]
        return self.fc((x - mean) / std)
"""
)

template("moduledict_experts", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n_exp=3):
        super().__init__()
        self.n_exp = n_exp
        self.experts = nn.ModuleDict()
        self.gate = nn.Linear(d, n_exp)

    def forward(self, x):
        if not len(self.experts):
            self.experts.update({{{key}: nn.Linear(x.shape[-1], x.shape[-1]) for i in range(self.n_exp)}})
        w = self.gate(x).softmax(-1)
        outs = torch.stack([e(x) for e in self.experts.values()], -1)
        return (outs * w[:, None]).sum(-1)
"""
)

# ---- familiar classes in new code styles ----

template("dataclass_cfg_vit", "(2, 3, 32, 32)")(
    """
from dataclasses import dataclass


@dataclass
class Cfg:
    img: int = 32
    patch: int = {patch}
    dim: int = 64
    heads: int = 4


class Net(nn.Module):
    def __init__(self, cfg=Cfg()):
        super().__init__()
        self.cfg = cfg
        self.proj = nn.Linear(3 * cfg.patch * cfg.patch, cfg.dim)
        self.pos = nn.Parameter(torch.zeros(1, (cfg.img // 8) ** 2, cfg.dim))
        self.head = nn.Linear(cfg.dim, 10)

    def forward(self, x):
        B, C, H, W = x.shape
        p = self.cfg.patch
        x = x.reshape(B, C, H // p, p, W // p, p).permute(0, 2, 4, 1, 3, 5).reshape(B, -1, C * p * p)
        return self.head((self.proj(x) + self.pos).mean(1))
"""
)

template("functional_param_mlp", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self, sizes=(12, 32, {mid}, 3)):
        super().__init__()
        self.ws = nn.ParameterList(
            [nn.Parameter(torch.randn(o, i) * 0.1) for i, o in zip(sizes[:-1], sizes[1:])]
        )
        self.w_last = nn.Parameter(torch.randn(3, 16) * 0.1)

    def forward(self, x):
        for w in self.ws[:-1]:
            x = torch.relu(x @ w.t())
        return x @ self.w_last.t()
"""
)

template("getattr_norm_registry", "(2, 24, 8, 8)")(
    """
NORMS = dict(bn=nn.BatchNorm2d, gn=lambda c: nn.GroupNorm({groups}, c), ln=lambda c: nn.GroupNorm(1, c))


class Net(nn.Module):
    def __init__(self, norm="gn"):
        super().__init__()
        self.norm = norm
        self.body = None
        self.out = nn.LazyConv2d(1, 1)

    def forward(self, x):
        if self.body is None:
            ch = x.shape[1]
            self.body = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), NORMS[self.norm](ch), nn.SiLU())
        return self.out(self.body(x))
"""
)

template("stage_loop_unet", "(1, 3, {h}, {h})")(
    """
class Net(nn.Module):
    def __init__(self, chs=(3, 8, 16, 32)):
        super().__init__()
        self.down = nn.ModuleList([nn.Conv2d(a, b, 3, stride=2, padding=1) for a, b in zip(chs, chs[1:])])
        self.up = nn.ModuleList(
            [nn.ConvTranspose2d(b, a, 2, stride=2) for a, b in zip(chs[1:-1], chs[2:])][::-1]
        )
        self.head = nn.Conv2d(8, 1, 1)

    def forward(self, x):
        skips = []
        for d in self.down:
            x = F.relu(d(x))
            skips.append(x)
        skips.pop()
        for u in self.up:
            x = u(x) + skips.pop()
        return self.head(x)
"""
)

template("einsum_bilinear_attn", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, D // self.h).unbind(2)
        att = torch.einsum("{eq_att}", q, k).softmax(-1)
        y = torch.einsum("bhqk,bkhd->bqhd", att, v).reshape(B, T, D)
        return self.o(y)
"""
)

template("functional_rope_block", "(2, 8, 32)")(
    """
def rope(x, dim):
    half = dim // 2
    freq = 1.0 / (10000 ** (torch.arange(half) / half))
    ang = torch.arange(x.shape[1])[:, None] * freq[None]
    cos, sin = ang.cos()[None, :, None], ang.sin()[None, :, None]
    x1, x2 = x[..., :half], x[..., half:dim]
    rot = torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1)
    return torch.cat([rot, x[..., dim:]], -1)


class Net(nn.Module):
    def __init__(self, d=32, heads=4, rot={rot}):
        super().__init__()
        self.h, self.rot = heads, rot
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        B, T, D = x.shape
        sh = lambda t: t.view(B, T, self.h, D // self.h)
        q, k = rope(sh(self.q(x)), self.rot), rope(sh(self.k(x)), self.rot)
        v = sh(self.v(x))
        y = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2))
        return self.o(y.transpose(1, 2).reshape(B, T, D))
"""
)

template("audio_frames_cat", "(2, 1, 400)")(
    """
class Net(nn.Module):
    def __init__(self, frame=40, n_mfcc=13):
        super().__init__()
        self.frame = frame
        self.spec = nn.Sequential(nn.Conv1d(1, n_mfcc, frame, stride=frame), nn.ReLU())
        self.delta = nn.Conv1d(n_mfcc, n_mfcc, 3, padding=1, groups=n_mfcc)
        self.lstm = nn.LSTM({lstm_in}, 32, batch_first=True)
        self.fc = nn.Linear(32, 5)

    def forward(self, wav):
        m = self.spec(wav)
        feats = torch.cat([m, self.delta(m)], 1).transpose(1, 2)
        out, _ = self.lstm(feats)
        return self.fc(out[:, -1])
"""
)

template("pointnet_maxpool", "(2, 3, 64)")(
    """
class TNet(nn.Module):
    def __init__(self, k=3):
        super().__init__()
        self.k = k
        self.mlp = nn.Sequential(nn.Conv1d(k, 32, 1), nn.ReLU(), nn.Conv1d(32, 64, 1), nn.ReLU())
        self.fc = nn.Linear(64, k * k)

    def forward(self, x):
        m = self.fc(self.mlp(x).amax(-1)).view(-1, self.k, self.k)
        return torch.bmm({bmm_a}, m + torch.eye(self.k))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.t = TNet(3)
        self.feat = nn.Sequential(nn.Conv1d(3, 64, 1), nn.ReLU(), nn.Conv1d(64, 128, 1))
        self.cls = nn.Linear(128, 10)

    def forward(self, pts):
        pts = self.t(pts).transpose(1, 2)
        return self.cls(self.feat(pts).amax(-1))
"""
)

template("lambda_layer_cnn", "(2, 3, 16, 16)")(
    """
class Lambda(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 12, 3, padding=1), nn.ReLU(),
            Lambda(lambda t: F.pixel_shuffle(t, {r})),
            nn.Conv2d({c_after}, 8, 3, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 2),
        )

    def forward(self, x):
        return self.net(x)
"""
)

template("gather_topk_tokens", "(2, 16, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, keep=6):
        super().__init__()
        self.keep = keep
        self.score = nn.Linear(d, 1)
        self.mlp = nn.Sequential(nn.Linear(d, d), nn.GELU(), nn.Linear(d, d))

    def forward(self, x):
        s = self.score(x).squeeze(-1)
        idx = s.topk(self.keep, dim=1).indices
        kept = torch.gather(x, 1, {index})
        return self.mlp(kept).mean(1)
"""
)

template("ssm_scan_loop", "(2, 12, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n=8):
        super().__init__()
        self.A = nn.Parameter(-torch.rand(d, n))
        self.B = nn.Linear(d, n)
        self.C = nn.Linear(d, {c_out})
        self.out = nn.Linear(d, d)

    def forward(self, x):
        Bsz, T, D = x.shape
        h = torch.zeros(Bsz, D, self.A.shape[1])
        ys = []
        for t in range(T):
            xt = x[:, t]
            h = h * self.A.exp() + xt[:, :, None] * self.B(xt)[:, None, :]
            ys.append((h * self.C(xt)[:, None, :]).sum(-1))
        return self.out(torch.stack(ys, 1))
"""
)

template("detection_anchor_view", "(2, 64, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, ch=64, anchors=3, n_cls=4):
        super().__init__()
        self.a, self.c = anchors, n_cls
        self.cls = nn.Conv2d(ch, anchors * n_cls, 3, padding=1)
        self.box = nn.Conv2d(ch, {box_ch}, 3, padding=1)

    def forward(self, f):
        B = f.shape[0]
        c = self.cls(f).permute(0, 2, 3, 1).reshape(B, -1, self.c)
        b = self.box(f).permute(0, 2, 3, 1).reshape(B, -1, 4)
        return torch.cat([c, b], -1)
"""
)

template("seq2seq_memory_width", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d_enc=32, d_dec={d_dec}):
        super().__init__()
        self.enc = nn.GRU(d_enc, d_enc, batch_first=True, bidirectional=True)
        self.query = nn.Parameter(torch.randn(1, 4, d_dec))
        self.attn = nn.MultiheadAttention(d_dec, 4, batch_first=True)
        self.out = nn.Linear(d_dec, 7)

    def forward(self, x):
        mem, _ = self.enc(x)
        q = self.query.expand(x.shape[0], -1, -1)
        y, _ = self.attn(q, mem, mem)
        return self.out(y)
"""
)

template("wavenet_dilated_skip", "(2, 1, {t})")(
    """
class Net(nn.Module):
    def __init__(self, ch=16, dilations=(1, 2, 4, 8)):
        super().__init__()
        self.inp = nn.Conv1d(1, ch, 1)
        self.layers = nn.ModuleList([nn.Conv1d(ch, 2 * ch, 2, dilation=d) for d in dilations])
        self.out = nn.Conv1d(ch, 1, 1)

    def forward(self, x):
        h = self.inp(x)
        skip = 0
        for conv in self.layers:
            a, b = conv(h).chunk(2, 1)
            z = torch.tanh(a) * torch.sigmoid(b)
            h = h[..., -z.shape[-1]:] + z
            skip = z if isinstance(skip, int) else skip[..., -z.shape[-1]:] + z
        return self.out(skip)
"""
)

template("layerscale_mixer", "(2, 16, 24)")(
    """
class MixerBlock(nn.Module):
    def __init__(self, tokens, dim, ls_dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.tok = nn.Sequential(nn.Linear(tokens, 2 * tokens), nn.GELU(), nn.Linear(2 * tokens, tokens))
        self.gamma = nn.Parameter(1e-4 * torch.ones(ls_dim))

    def forward(self, x):
        return x + self.gamma * self.tok(self.norm(x).transpose(1, 2)).transpose(1, 2)


class Net(nn.Module):
    def __init__(self, tokens=16, dim=24):
        super().__init__()
        self.blocks = nn.Sequential(*[MixerBlock(tokens, dim, {ls}) for _ in range(2)])
        self.head = nn.Linear(dim, 3)

    def forward(self, x):
        return self.head(self.blocks(x).mean(1))
"""
)

template("graph_readout_split", "(12, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, sizes={sizes}):
        super().__init__()
        self.sizes = list(sizes)
        self.gnn = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, 16))
        self.head = nn.Linear(16, 1)

    def forward(self, x):
        h = self.gnn(x)
        graphs = torch.split(h, self.sizes, dim=0)
        return self.head(torch.stack([g.mean(0) for g in graphs]))
"""
)

template("vq_codebook_matmul", "(2, 16, 4, 4)")(
    """
class Net(nn.Module):
    def __init__(self, ch=16, n_codes=32, code_dim={code_dim}):
        super().__init__()
        self.enc = nn.Conv2d(ch, 16, 1)
        self.codebook = nn.Embedding(n_codes, code_dim)
        self.dec = nn.Conv2d(16, ch, 1)

    def forward(self, x):
        z = self.enc(x).permute(0, 2, 3, 1)
        flat = z.reshape(-1, z.shape[-1])
        d = (flat ** 2).sum(1, keepdim=True) - 2 * flat @ self.codebook.weight.t()
        q = self.codebook(d.argmin(1)).view_as(z)
        return self.dec(q.permute(0, 3, 1, 2))
"""
)

_ML = "nn.ModuleList([ResBlock(ch, t_dim), ResBlock(ch, t_dim)])"
_SQ = "nn.Sequential(ResBlock(ch, t_dim), ResBlock(ch, t_dim))"
_LOOP = "for blk in self.blocks:\n            x = blk(x, temb)"

VARIANTS = [
    ("size_attr_cnn", "ok", "clean", {"b": "x.shape[0]"}),
    ("size_attr_cnn", "ok_call", "clean", {"b": "x.size(0)"}),
    ("size_attr_cnn", "size_sub", "size_attr_misuse", {"b": "x.size[0]"}),
    ("size_attr_cnn", "shape_call", "size_attr_misuse", {"b": "h.shape(0)"}),
    ("size_attr_seq", "ok", "clean", {"t": "x.shape[1]"}),
    ("size_attr_seq", "ok_call", "clean", {"t": "x.size(-2)"}),
    ("size_attr_seq", "size_sub", "size_attr_misuse", {"t": "x.size[1]"}),
    ("size_attr_seq", "shape_call", "size_attr_misuse", {"t": "x.shape(1)"}),
    ("rank_switch_encoder", "ok", "clean", {"rank": "x.dim()"}),
    ("rank_switch_encoder", "ok_ndim", "clean", {"rank": "x.ndim"}),
    # ``x.dim == 2`` compares a bound method with 2: False, no error
    ("rank_switch_encoder", "ok_dim_attr", "clean", {"rank": "x.dim"}),
    ("rank_switch_encoder", "ndim_call", "size_attr_misuse", {"rank": "x.ndim()"}),
    ("rank_switch_encoder", "numel_attr", "size_attr_misuse", {"rank": "x.numel // 10"}),
    ("film_sequential_cond", "ok", "clean", {"call": "self.conv(x)"}),
    ("film_sequential_cond", "ok_film", "clean", {"call": "self.film(self.conv(x), c)"}),
    ("film_sequential_cond", "seq_cond", "forward_extra_arg", {"call": "self.conv(x, c)"}),
    ("film_sequential_cond", "conv_cond", "forward_extra_arg", {"call": "self.conv[0](x, c)"}),
    ("diffusion_time_blocks", "ok", "clean", {"container": _ML, "loop": _LOOP}),
    ("diffusion_time_blocks", "ok_seq_loop", "clean", {"container": _SQ, "loop": _LOOP}),
    (
        "diffusion_time_blocks",
        "seq_call",
        "forward_extra_arg",
        {"container": _SQ, "loop": "x = self.blocks(x, temb)"},
    ),
    (
        "diffusion_time_blocks",
        "modulelist_call",
        "modulelist_called",
        {"container": _ML, "loop": "x = self.blocks(x)"},
    ),
    ("gnn_message_kwarg", "ok", "clean", {"kw": "adj"}),
    ("gnn_message_kwarg", "edge_index", "forward_unexpected_kwarg", {"kw": "edge_index"}),
    ("gnn_message_kwarg", "adj_t", "forward_unexpected_kwarg", {"kw": "adj_t"}),
    ("late_super_vit", "ok", "clean", {"pre": "super().__init__()", "post": ""}),
    (
        "late_super_vit",
        "ok_old_style",
        "clean",
        {"pre": "super(PatchEmbed, self).__init__()", "post": ""},
    ),
    ("late_super_vit", "late", "super_init_missing", {"pre": "", "post": "super().__init__()"}),
    ("late_super_vit", "missing", "super_init_missing", {"pre": "pass", "post": ""}),
    ("functional_in_sequential", "ok", "clean", {"act": "nn.ReLU()"}),
    ("functional_in_sequential", "ok_gelu", "clean", {"act": "nn.GELU(approximate='tanh')"}),
    ("functional_in_sequential", "f_relu", "sequential_non_module", {"act": "F.relu"}),
    ("functional_in_sequential", "torch_tanh", "sequential_non_module", {"act": "torch.tanh"}),
    ("functional_in_sequential", "class_not_instance", "sequential_non_module", {"act": "nn.ReLU"}),
    ("modulelist_of_heads", "ok", "clean", {"head": "nn.Linear(h.shape[-1], k)"}),
    (
        "modulelist_of_heads",
        "ok_seq",
        "clean",
        {"head": "nn.Sequential(nn.Linear(h.shape[-1], k))"},
    ),
    (
        "modulelist_of_heads",
        "lambda",
        "sequential_non_module",
        {"head": "(lambda t, k=k: t[:, :k])"},
    ),
    (
        "modulelist_of_heads",
        "param",
        "sequential_non_module",
        {"head": "nn.Parameter(torch.randn(h.shape[-1], k))"},
    ),
    (
        "pruned_linear_forward",
        "ok",
        "clean",
        {"body": "return F.linear(x, self.lin.weight * self.mask, self.lin.bias)"},
    ),
    (
        "pruned_linear_forward",
        "ok_data",
        "clean",
        {"body": "self.lin.weight.data.mul_(self.mask)\n        return self.lin(x)"},
    ),
    (
        "pruned_linear_forward",
        "assign",
        "param_assign_tensor",
        {"body": "self.lin.weight = self.lin.weight * self.mask\n        return self.lin(x)"},
    ),
    (
        "pruned_linear_forward",
        "assign_bias",
        "param_assign_tensor",
        {"body": "self.lin.bias = self.lin.bias.clamp(-1, 1)\n        return self.lin(x)"},
    ),
    ("position_normalizer", "ok", "clean", {"dtype": ", dtype=torch.float32"}),
    ("position_normalizer", "ok_double", "clean", {"dtype": ", dtype=torch.float64"}),
    ("position_normalizer", "long", "inplace_dtype_cast", {"dtype": ""}),
    ("position_normalizer", "int32", "inplace_dtype_cast", {"dtype": ", dtype=torch.int32"}),
    ("histogram_counts_norm", "ok", "clean", {"cast": ".float()", "op": "/"}),
    ("histogram_counts_norm", "ok_floordiv", "clean", {"cast": "", "op": "//"}),
    ("histogram_counts_norm", "int_div", "inplace_dtype_cast", {"cast": "", "op": "/"}),
    ("histogram_counts_norm", "int32_div", "inplace_dtype_cast", {"cast": ".int()", "op": "/"}),
    ("mask_combine_attention", "ok", "clean", {"c_cast": ".bool()", "op": "|", "l_cast": ""}),
    (
        "mask_combine_attention",
        "ok_float_add",
        "clean",
        {"c_cast": "", "op": "+", "l_cast": ".float()"},
    ),
    (
        "mask_combine_attention",
        "float_or",
        "bitwise_float",
        {"c_cast": "", "op": "|", "l_cast": ""},
    ),
    (
        "mask_combine_attention",
        "float_and",
        "bitwise_float",
        {"c_cast": ".bool()", "op": "&", "l_cast": ".float()"},
    ),
    ("padding_keep_mask", "ok", "clean", {"pad": "ids != 0"}),
    ("padding_keep_mask", "ok_bool", "clean", {"pad": "(ids > 0) | (ids == 1)"}),
    ("padding_keep_mask", "float_pad", "bitwise_float", {"pad": "(ids != 0).float()"}),
    (
        "padding_keep_mask",
        "ids_cast",
        "bitwise_float",
        {"pad": "ids.clamp(max=1).to(torch.float32)"},
    ),
    ("harmonic_features", "ok", "clean", {"dtype": ", dtype=torch.float32", "power": "-1"}),
    ("harmonic_features", "ok_pos", "clean", {"dtype": "", "power": "2"}),
    ("harmonic_features", "ok_float_pow", "clean", {"dtype": "", "power": "-1.0"}),
    ("harmonic_features", "int_neg", "int_neg_pow", {"dtype": "", "power": "-1"}),
    ("harmonic_features", "int_neg2", "int_neg_pow", {"dtype": "", "power": "(-2)"}),
    ("kaiming_init_mlp", "ok", "clean", {"nl": "leaky_relu"}),
    ("kaiming_init_mlp", "ok_relu", "clean", {"nl": "relu"}),
    ("kaiming_init_mlp", "gelu", "init_nonlinearity", {"nl": "gelu"}),
    ("kaiming_init_mlp", "silu", "init_nonlinearity", {"nl": "silu"}),
    ("xavier_all_params", "ok", "clean", {"cond": "p.dim() > 1", "init": "xavier_uniform_"}),
    (
        "xavier_all_params",
        "ok_weight",
        "clean",
        {"cond": "'weight' in name", "init": "kaiming_uniform_"},
    ),
    ("xavier_all_params", "all", "init_fan_rank", {"cond": "True", "init": "xavier_uniform_"}),
    (
        "xavier_all_params",
        "bias_orth",
        "init_fan_rank",
        {"cond": "'bias' in name", "init": "orthogonal_"},
    ),
    ("transformer_swish", "ok", "clean", {"act": "gelu"}),
    ("transformer_swish", "ok_relu", "clean", {"act": "relu"}),
    ("transformer_swish", "swish", "activation_name", {"act": "swish"}),
    ("transformer_swish", "silu", "activation_name", {"act": "silu"}),
    ("elman_rnn_lm", "ok", "clean", {"nl": "tanh"}),
    ("elman_rnn_lm", "ok_relu", "clean", {"nl": "relu"}),
    ("elman_rnn_lm", "sigmoid", "activation_name", {"nl": "sigmoid"}),
    ("full_padding_conv1d", "ok", "clean", {"pad": "2", "mode": "zeros"}),
    ("full_padding_conv1d", "ok_same", "clean", {"pad": "'same'", "mode": "reflect"}),
    ("full_padding_conv1d", "ok_valid", "clean", {"pad": "'valid'", "mode": "circular"}),
    ("full_padding_conv1d", "full", "conv_padding_spec", {"pad": "'full'", "mode": "zeros"}),
    ("full_padding_conv1d", "reflection", "conv_padding_spec", {"pad": "2", "mode": "reflection"}),
    ("antialias_pyramid", "ok", "clean", {"mode": "bilinear", "aa": "True"}),
    ("antialias_pyramid", "ok_nearest", "clean", {"mode": "nearest", "aa": "False"}),
    ("antialias_pyramid", "nearest_aa", "antialias_mode", {"mode": "nearest", "aa": "True"}),
    ("antialias_pyramid", "area_aa", "antialias_mode", {"mode": "area", "aa": "True"}),
    ("resize_recompute", "ok", "clean", {"args": "size=(self.out_hw, self.out_hw)"}),
    (
        "resize_recompute",
        "ok_scale",
        "clean",
        {"args": "scale_factor=1.6, recompute_scale_factor=True"},
    ),
    (
        "resize_recompute",
        "size_recompute",
        "recompute_scale_size",
        {"args": "size=(self.out_hw, self.out_hw), recompute_scale_factor=True"},
    ),
    (
        "resize_recompute",
        "size_and_scale",
        "interp_args",
        {"args": "size=self.out_hw, scale_factor=1.6"},
    ),
    ("robust_box_regressor", "ok", "clean", {"delta": 1.0, "loss": "huber_loss", "kw": "delta"}),
    (
        "robust_box_regressor",
        "ok_beta0",
        "clean",
        {"delta": 0.0, "loss": "smooth_l1_loss", "kw": "beta"},
    ),
    (
        "robust_box_regressor",
        "delta0",
        "loss_param_range",
        {"delta": 0.0, "loss": "huber_loss", "kw": "delta"},
    ),
    (
        "robust_box_regressor",
        "beta_neg",
        "loss_param_range",
        {"delta": -0.5, "loss": "smooth_l1_loss", "kw": "beta"},
    ),
    ("svm_margin_head", "ok", "clean", {"p": 1}),
    ("svm_margin_head", "ok_p2", "clean", {"p": 2}),
    ("svm_margin_head", "p3", "multi_margin_p", {"p": 3}),
    ("svm_margin_head", "p0", "multi_margin_p", {"p": 0}),
    ("hetero_regression_nll", "ok", "clean", {"var": "F.softplus(v) + 1e-6"}),
    ("hetero_regression_nll", "ok_exp", "clean", {"var": "v.exp()"}),
    ("hetero_regression_nll", "raw", "gaussian_nll_var", {"var": "v"}),
    ("hetero_regression_nll", "log_var", "gaussian_nll_var", {"var": "torch.log(v.abs() + 1e-3)"}),
    ("loss_reduction_head", "ok", "clean", {"red": "mean"}),
    ("loss_reduction_head", "ok_sum", "clean", {"red": "sum"}),
    ("loss_reduction_head", "avg", "loss_reduction", {"red": "avg"}),
    ("loss_reduction_head", "batchmean", "loss_reduction", {"red": "batchmean"}),
    ("intensity_histogram", "ok", "clean", {"lo": -3.0, "hi": 3.0}),
    ("intensity_histogram", "ok_auto", "clean", {"lo": 0, "hi": 0}),
    ("intensity_histogram", "swapped", "histc_range", {"lo": 3.0, "hi": -3.0}),
    ("intensity_histogram", "swapped_unit", "histc_range", {"lo": 1, "hi": 0}),
    ("prototype_cdist", "ok", "clean", {"p": 2.0}),
    ("prototype_cdist", "ok_l1", "clean", {"p": 1}),
    ("prototype_cdist", "neg", "cdist_p_negative", {"p": -1.0}),
    ("prototype_cdist", "neg_half", "cdist_p_negative", {"p": -0.5}),
    ("stochastic_depth_resnet", "ok", "clean", {"keep": "1.0 - self.drop"}),
    ("stochastic_depth_resnet", "ok_one", "clean", {"keep": "1.0"}),
    ("stochastic_depth_resnet", "plus", "bernoulli_prob", {"keep": "1.0 + self.drop"}),
    ("stochastic_depth_resnet", "percent", "bernoulli_prob", {"keep": "100 * (1 - self.drop)"}),
    ("coord_grid_nerf", "ok", "clean", {"args": "ys, xs"}),
    ("coord_grid_nerf", "ok_list", "clean", {"args": "[ys, xs]"}),
    ("coord_grid_nerf", "grid_in", "meshgrid_rank", {"args": "ys[:, None], xs"}),
    ("coord_grid_nerf", "stacked", "meshgrid_rank", {"args": "torch.stack([ys, ys]), xs"}),
    ("hsplit_multihead", "ok", "clean", {"parts": 3}),
    ("hsplit_multihead", "ok5", "clean", {"parts": 5}),
    ("hsplit_multihead", "p4", "hsplit_divisible", {"parts": 4}),
    ("hsplit_multihead", "p7", "hsplit_divisible", {"parts": 7}),
    ("config_stride_cnn", "ok", "clean", {"s1": 1, "d2": 1}),
    ("config_stride_cnn", "ok_d2", "clean", {"s1": 2, "d2": 2}),
    ("config_stride_cnn", "stride0", "conv_param_zero", {"s1": 0, "d2": 1}),
    ("config_stride_cnn", "dil0", "conv_param_zero", {"s1": 1, "d2": 0}),
    ("sparse_code_shrink", "ok", "clean", {"lam": 0.1}),
    ("sparse_code_shrink", "ok_zero", "clean", {"lam": 0.0}),
    ("sparse_code_shrink", "neg", "shrink_lambda", {"lam": -0.1}),
    ("spatial_softmax_keypoints", "ok", "clean", {"arg": "h"}),
    ("spatial_softmax_keypoints", "ok_3d", "clean", {"arg": "h[0]"}),
    ("spatial_softmax_keypoints", "flat", "softmax2d_rank", {"arg": "h.flatten(1)"}),
    ("spatial_softmax_keypoints", "flat_spatial", "softmax2d_rank", {"arg": "h.flatten(2)[0]"}),
    (
        "gru_cell_decoder",
        "ok",
        "clean",
        {"body": "for t in range(x.shape[1]):\n            h = self.cell(x[:, t], h)"},
    ),
    (
        "gru_cell_decoder",
        "ok_unbind",
        "clean",
        {"body": "for xt in x.unbind(1):\n            h = self.cell(xt, h)"},
    ),
    ("gru_cell_decoder", "whole_seq", "rnn_cell_rank", {"body": "h = self.cell(x, h)"}),
    (
        "gru_cell_decoder",
        "iter_batch",
        "rnn_cell_rank",
        {"body": "for xt in x.transpose(0, 1)[None]:\n            h = self.cell(xt, h)"},
    ),
    ("named_buffers_stats", "ok", "clean", {"bname": "n", "k_mean": '"mean"', "k_std": '"std"'}),
    (
        "named_buffers_stats",
        "ok_prefix",
        "clean",
        {"bname": '"stats_" + n', "k_mean": '"stats_mean"', "k_std": '"stats_std"'},
    ),
    (
        "named_buffers_stats",
        "dotted",
        "module_name_invalid",
        {"bname": '"stats." + n', "k_mean": '"stats.mean"', "k_std": '"stats.std"'},
    ),
    ("moduledict_experts", "ok", "clean", {"key": "str(i)"}),
    ("moduledict_experts", "ok_fmt", "clean", {"key": '"expert_%d" % i'}),
    ("moduledict_experts", "int_key", "module_name_invalid", {"key": "i"}),
    ("moduledict_experts", "dotted", "module_name_invalid", {"key": '"expert.%d" % i'}),
    # familiar classes, new code styles
    ("dataclass_cfg_vit", "ok", "clean", {"patch": 8}),
    ("dataclass_cfg_vit", "p4", "broadcast_add", {"patch": 4}),
    ("dataclass_cfg_vit", "p16", "broadcast_add", {"patch": 16}),
    ("functional_param_mlp", "ok", "clean", {"mid": 16}),
    ("functional_param_mlp", "mid24", "matmul", {"mid": 24}),
    ("functional_param_mlp", "mid8", "matmul", {"mid": 8}),
    ("getattr_norm_registry", "ok", "clean", {"groups": 8}),
    ("getattr_norm_registry", "ok_g6", "clean", {"groups": 6}),
    ("getattr_norm_registry", "g16", "norm_groups", {"groups": 16}),
    ("getattr_norm_registry", "g5", "norm_groups", {"groups": 5}),
    ("stage_loop_unet", "ok", "clean", {"h": 32}),
    ("stage_loop_unet", "ok_64", "clean", {"h": 64}),
    ("stage_loop_unet", "h28", "unet_skip", {"h": 28}),
    ("stage_loop_unet", "h36", "unet_skip", {"h": 36}),
    ("einsum_bilinear_attn", "ok", "clean", {"eq_att": "bqhd,bkhd->bhqk"}),
    ("einsum_bilinear_attn", "ok_swap", "clean", {"eq_att": "bkhd,bqhd->bhqk"}),
    ("einsum_bilinear_attn", "k_rank", "einsum", {"eq_att": "bqhd,bkd->bhqk"}),
    ("einsum_bilinear_attn", "wrong_out", "einsum", {"eq_att": "bqhd,bkhd->bhqd"}),
    ("functional_rope_block", "ok", "clean", {"rot": 8}),
    ("functional_rope_block", "ok_4", "clean", {"rot": 4}),
    ("functional_rope_block", "rot_d", "rope_dims", {"rot": 32}),
    ("functional_rope_block", "rot_odd", "rope_dims", {"rot": 7}),
    ("audio_frames_cat", "ok", "clean", {"lstm_in": 26}),
    ("audio_frames_cat", "no_delta", "rnn_input", {"lstm_in": 13}),
    ("audio_frames_cat", "frames", "rnn_input", {"lstm_in": 10}),
    ("pointnet_maxpool", "ok", "clean", {"bmm_a": "x.transpose(1, 2)"}),
    ("pointnet_maxpool", "no_t", "bmm", {"bmm_a": "x"}),
    ("lambda_layer_cnn", "ok", "clean", {"r": 2, "c_after": 3}),
    ("lambda_layer_cnn", "ok_r1", "clean", {"r": 1, "c_after": 12}),
    ("lambda_layer_cnn", "r2_c12", "conv_in_channels", {"r": 2, "c_after": 12}),
    ("lambda_layer_cnn", "r4", "pixel_shuffle", {"r": 4, "c_after": 1}),
    ("gather_topk_tokens", "ok", "clean", {"index": "idx[..., None].expand(-1, -1, x.shape[-1])"}),
    ("gather_topk_tokens", "ok_take", "clean", {"index": "idx.unsqueeze(-1).repeat(1, 1, 32)"}),
    ("gather_topk_tokens", "flat_idx", "gather_index", {"index": "idx"}),
    ("gather_topk_tokens", "idx_1", "linear_in_features", {"index": "idx[..., None]"}),
    ("ssm_scan_loop", "ok", "clean", {"c_out": "n"}),
    ("ssm_scan_loop", "c_d", "broadcast_add", {"c_out": "d"}),
    ("ssm_scan_loop", "c_2n", "broadcast_add", {"c_out": "2 * n"}),
    ("detection_anchor_view", "ok", "clean", {"box_ch": "anchors * 4"}),
    ("detection_anchor_view", "box_c", "concat_dim", {"box_ch": "4"}),
    ("detection_anchor_view", "box2", "concat_dim", {"box_ch": "anchors * 2"}),
    ("seq2seq_memory_width", "ok", "clean", {"d_dec": 64}),
    ("seq2seq_memory_width", "uni", "mha_kdim", {"d_dec": 32}),
    ("wavenet_dilated_skip", "ok", "clean", {"t": 64}),
    ("wavenet_dilated_skip", "ok_short", "clean", {"t": 16}),
    ("wavenet_dilated_skip", "t12", "conv_kernel_size", {"t": 12}),
    ("wavenet_dilated_skip", "t8", "conv_kernel_size", {"t": 8}),
    ("layerscale_mixer", "ok", "clean", {"ls": "dim"}),
    ("layerscale_mixer", "ok_one", "clean", {"ls": "1"}),
    ("layerscale_mixer", "tok", "broadcast_add", {"ls": "tokens"}),
    ("layerscale_mixer", "two_d", "broadcast_add", {"ls": "2 * dim"}),
    ("graph_readout_split", "ok", "clean", {"sizes": (5, 7)}),
    ("graph_readout_split", "ok3", "clean", {"sizes": (4, 4, 4)}),
    ("graph_readout_split", "short", "split_sizes", {"sizes": (5, 6)}),
    ("graph_readout_split", "long", "split_sizes", {"sizes": (6, 7)}),
    ("vq_codebook_matmul", "ok", "clean", {"code_dim": 16}),
    ("vq_codebook_matmul", "c8", "matmul", {"code_dim": 8}),
    ("vq_codebook_matmul", "c32", "matmul", {"code_dim": 32}),
]

# the templates that are whole small models (several module classes, a stack, or three layers)
WHOLE_MODELS = (
    "size_attr_cnn",
    "film_sequential_cond",
    "diffusion_time_blocks",
    "gnn_message_kwarg",
    "late_super_vit",
    "functional_in_sequential",
    "pruned_linear_forward",
    "mask_combine_attention",
    "padding_keep_mask",
    "kaiming_init_mlp",
    "xavier_all_params",
    "full_padding_conv1d",
    "stochastic_depth_resnet",
    "coord_grid_nerf",
    "config_stride_cnn",
    "spatial_softmax_keypoints",
    "stage_loop_unet",
    "functional_rope_block",
    "audio_frames_cat",
    "pointnet_maxpool",
    "lambda_layer_cnn",
    "ssm_scan_loop",
    "seq2seq_memory_width",
    "wavenet_dilated_skip",
    "layerscale_mixer",
    "position_normalizer",
    "histogram_counts_norm",
    "intensity_histogram",
    "robust_box_regressor",
    "vq_codebook_matmul",
)
