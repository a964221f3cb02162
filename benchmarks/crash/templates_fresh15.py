"""A fifteenth fresh batch of crash cases (session 23, split ``fresh15``), written blind: the
analyzer was never run on them while they were written, and the forward-shape rules' source was
not read. The new classes are ops earlier batches did not exercise: ``addmv`` / ``addr`` /
``inner`` / ``linalg.vecdot`` with mismatched sizes, ``matrix_exp`` / ``matrix_power`` of a
non-square matrix, ``torch.complex`` of integer parts, ``heaviside`` with mixed dtypes, ``gcd``
of floats, ``expand(-1, ...)`` into a new leading dimension, ``clamp`` with a tensor and a
number bound, ``addcdiv`` of integer tensors, an unknown ``div`` rounding mode, ``rms_norm``
with a normalized shape that does not fit, ``select_scatter`` / ``slice_scatter`` sources of
the wrong size, ``index_copy_`` sources of the wrong size, ``gradient`` along a size-1
dimension, ``CELU(alpha=0)``, ``RReLU`` with lower above upper, ``fft2`` of a 1-d signal, an
unsupported ``matrix_norm`` order, ``dirac_`` of a 2-d weight built lazily, ``nll_loss`` with
float targets and ``triplet_margin_loss`` with mismatched widths. Familiar classes (reshape,
linear in-features, cat then linear, bmm / matmul / einsum, split sizes, broadcasts, einops,
conv channels, pooling to zero, transposed dims, masks, gather, flatten, norm shapes and
groups, pixel shuffle, heads, rotary dims, U-Net skips) are written in new styles: dataclass
configs, helper functions, layers in dicts and lists, tensors built in loops, functional
calls, method chains and refactor slips. Several clean variants look risky (``RISKY_CLEAN``).
Same format as ``templates.py``; every case name starts ``f15_``. Whether a case crashes is
torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- new classes
template("addmv_readout", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self, d=12, n={n}):
        super().__init__()
        self.proj = nn.Linear(d, d)
        self.w = nn.Parameter(torch.randn(n, d))
        self.b = nn.Parameter(torch.zeros({nb}))

    def forward(self, x):
        h = torch.tanh(self.proj(x)).mean(0)
        return torch.addmv(self.b, self.w, h)
"""
)

template("bilinear_addr_update", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.u = nn.Linear(8, 6)
        self.v = nn.Linear(8, {nv})
        self.base = nn.Parameter(torch.zeros(6, 6))

    def forward(self, x):
        a = self.u(x)[0]
        b = self.v(x)[1]
        return torch.addr(self.base, a, b)
"""
)

template("inner_product_scorer", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 8))
        self.keys = nn.Parameter(torch.randn(5, {kd}))

    def forward(self, x):
        q = self.query(x)
        return torch.inner(q, self.keys).softmax(-1)
"""
)

template("vecdot_similarity", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(16, 16)
        self.b = nn.Linear(16, {bo})

    def forward(self, x):
        return torch.linalg.vecdot(self.a(x), self.b(x), dim=-1)
"""
)

template("lie_rotation_flow", "(2, 9)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.gen = nn.Linear(9, {out})
        self.head = nn.Linear(9, 4)

    def forward(self, x):
        a = self.gen(x).view(x.shape[0], 3, -1)
        skew = a - a.transpose(1, 2) if a.shape[1] == a.shape[2] else a
        rot = torch.linalg.matrix_exp(skew)
        return self.head(rot.flatten(1)[:, :9])
"""
)

template("graph_walk_power", "(2, 5, 5)")(
    """
class Net(nn.Module):
    def __init__(self, steps=3):
        super().__init__()
        self.steps = steps
        self.lin = nn.Linear(5, 5)

    def forward(self, adj):
        trans = {trans}
        walk = torch.linalg.matrix_power(trans.softmax(-1), self.steps)
        return self.lin(walk.sum(1))
"""
)

template("complex_from_parts", "(2, 16)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(4, 8)
        self.norm = nn.LayerNorm(32)
        self.out = nn.Linear(32, 3)

    def forward(self, ids):
        re = {re}
        im = torch.roll(re, 1, -1)
        z = torch.complex(re, im)
        mag = torch.view_as_real(z).flatten(-2)
        return self.out(self.norm(mag.float()))
"""
)

template("step_gate_activation", "(2, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 10)
        self.out = nn.Linear(10, 2)

    def forward(self, x):
        h = self.fc(x)
        gate = torch.heaviside(h, {val})
        return self.out(h * gate)
"""
)

template("period_gcd_features", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 3)

    def forward(self, ids):
        periods = {p}
        g = torch.gcd(periods, torch.full_like(periods, 6))
        return self.fc(g.float())
"""
)

template("prefix_broadcast_bias", "(3, 7)")(
    """
class Net(nn.Module):
    def __init__(self, heads=4):
        super().__init__()
        self.heads = heads
        self.fc = nn.Linear(7, 7)

    def forward(self, x):
        h = self.fc(x)
        tiled = {ex}
        return tiled.mean(0)
"""
)

template("bounded_residual", "(2, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 12)
        self.lo = nn.Parameter(torch.full((12,), -1.0))
        self.hi = nn.Parameter(torch.full((12,), 1.0))

    def forward(self, x):
        h = self.fc(x)
        return x + {clip}
"""
)

template("count_ratio_update", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 2)

    def forward(self, ids):
        counts = ids + 1
        acc = {acc}
        step = torch.addcdiv(acc, counts{cast}, counts + 1)
        return self.fc(step.float())
"""
)

template("bucket_quantizer", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, step=0.25):
        super().__init__()
        self.step = step
        self.fc = nn.Linear(16, 4)

    def forward(self, x):
        q = torch.div(x, self.step, rounding_mode={mode}) * self.step
        return self.fc(q)
"""
)

template("rmsnorm_llama_block", "(2, 5, 32)")(
    """
from dataclasses import dataclass


@dataclass
class Cfg:
    dim: int = 32
    hidden: int = 64
    norm_dim: int = {nd}


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.norm = nn.RMSNorm(cfg.norm_dim)
        self.up = nn.Linear(cfg.dim, cfg.hidden)
        self.down = nn.Linear(cfg.hidden, cfg.dim)

    def forward(self, x):
        return x + self.down(F.silu(self.up(self.norm(x))))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = Cfg()
        self.blocks = nn.ModuleList([Block(cfg) for _ in range(2)])

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return x
"""
)

template("functional_rmsnorm_head", "(2, 4, 24)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones({w}))
        self.fc = nn.Linear(24, 5)

    def forward(self, x):
        return self.fc(F.rms_norm(x, ({shape},), self.w))
"""
)

template("cls_token_scatter", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls = nn.Parameter(torch.zeros({cls_shape}))
        self.fc = nn.Linear(16, 16)

    def forward(self, x):
        h = self.fc(x)
        h = h.select_scatter(self.cls.expand(h.shape[0], -1){tail}, 1, 0)
        return h.mean(1)
"""
)

template("window_slice_scatter", "(2, 12, 8)")(
    """
class Net(nn.Module):
    def __init__(self, start=4, stop={stop}):
        super().__init__()
        self.start, self.stop = start, stop
        self.mix = nn.Linear(8, 8)

    def forward(self, x):
        win = self.mix(x[:, 4:8])
        return torch.slice_scatter(x, win, dim=1, start=self.start, end=self.stop)
"""
)

template("memory_bank_index_copy", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self, slots=8, width=10):
        super().__init__()
        self.register_buffer("bank", torch.zeros(slots, width))
        self.enc = nn.Linear(10, {w})
        self.norm = nn.LayerNorm(width)
        self.read = nn.Linear(width, 4)

    def forward(self, x):
        idx = torch.arange(x.shape[0])
        bank = self.bank.clone()
        bank.index_copy_(0, idx, self.enc(x))
        return self.read(self.norm(bank)).sum(0)
"""
)

template("spatial_gradient_edges", "(2, 1, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d({pool})
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        h = self.pool(self.conv(x))
        gy, gx = torch.gradient(h, dim=(2, 3))
        return self.fc(torch.cat([gy.mean((2, 3)), gx.mean((2, 3))], 1))
"""
)

template("act_zoo_mlp", "(3, 10)")(
    """
ACTS = dict(celu=lambda: nn.CELU(alpha={alpha}), rrelu=lambda: nn.RReLU({lo}, {hi}), gelu=nn.GELU)


class Net(nn.Module):
    def __init__(self, kind="{kind}"):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(10, 20), ACTS[kind](), nn.Linear(20, 2))

    def forward(self, x):
        return self.net(x)
"""
)

template("spectrum_2d_features", "(2, 32)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear({nin}, 4)

    def forward(self, x):
        spec = torch.fft.fft2({sig}).abs()
        return self.fc(spec.flatten(1))
"""
)

template("operator_norm_penalty", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        w = self.fc.weight
        pen = torch.linalg.matrix_norm(w, ord={ord})
        return self.fc(x) / (1 + pen)
"""
)

template("lazy_dirac_conv", "(2, 4, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = None
        self.bn = nn.BatchNorm1d(4)
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        if self.conv is None:
            self.conv = nn.Conv1d(4, 4, 3, padding=1)
            nn.init.dirac_({target})
        return self.head(F.relu(self.bn(self.conv(x))).mean(-1))
"""
)

template("token_nll_head", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self, classes=5):
        super().__init__()
        self.fc = nn.Linear(8, classes)

    def forward(self, x):
        logp = self.fc(x).log_softmax(-1)
        target = {target}
        return F.nll_loss(logp, target)
"""
)

template("triplet_embedder", "(6, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.anchor = nn.Linear(12, 8)
        self.other = nn.Linear(12, {od})

    def forward(self, x):
        a, p, n = self.anchor(x[:2]), self.other(x[2:4]), self.other(x[4:])
        return F.triplet_margin_loss(a, p, n)
"""
)

# ---------------------------------------------------------------- familiar classes, new styles
template("dataclass_vit", "(2, 3, 32, 32)")(
    """
from dataclasses import dataclass


@dataclass
class ViTConfig:
    image: int = 32
    patch: int = {patch}
    dim: int = 48
    heads: int = {heads}


class Attn(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.h = c.heads
        self.qkv = nn.Linear(c.dim, 3 * c.dim)
        self.o = nn.Linear(c.dim, c.dim)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.h, d // self.h).unbind(2)
        y = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2))
        return self.o(y.transpose(1, 2).reshape(b, n, d))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        c = ViTConfig()
        self.embed = nn.Conv2d(3, c.dim, 8, 8)
        self.pos = nn.Parameter(torch.zeros(1, (c.image // c.patch) ** 2, c.dim))
        self.attn = Attn(c)
        self.head = nn.Linear(c.dim, 10)

    def forward(self, x):
        t = self.embed(x).flatten(2).transpose(1, 2) + self.pos
        return self.head(self.attn(t).mean(1))
"""
)

template("channel_dict_cnn", "(2, 3, 16, 16)")(
    """
WIDTHS = dict(stem=16, mid=32, out={out})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleDict(
            dict(
                stem=nn.Conv2d(3, WIDTHS["stem"], 3, padding=1),
                mid=nn.Conv2d(WIDTHS["stem"], WIDTHS["mid"], 3, padding=1),
                out=nn.Conv2d(32, WIDTHS["out"], 3, padding=1),
            )
        )
        self.bn = nn.BatchNorm2d(64)

    def forward(self, x):
        for name in ("stem", "mid", "out"):
            x = F.relu(self.layers[name](x))
        return self.bn(x).mean((2, 3))
"""
)

template("size_helper_lenet", "(2, 1, 28, 28)")(
    """
def conv_out(n, k, s=1, p=0):
    return (n + 2 * p - k) // s{plus}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 6, 5)
        self.c2 = nn.Conv2d(6, 16, 5)
        n = conv_out(conv_out(28, 5) // 2, 5) // 2
        self.fc = nn.Linear(16 * n * n, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.c1(x)), 2)
        x = F.max_pool2d(F.relu(self.c2(x)), 2)
        return self.fc(x.flatten(1))
"""
)

template("concat_heads_mlp", "(2, 10)")(
    """
class Net(nn.Module):
    def __init__(self, branches={nb}):
        super().__init__()
        self.branches = nn.ModuleList([nn.Linear(10, 8) for _ in range(3)])
        self.merge = nn.Linear(8 * branches, 4)

    def forward(self, x):
        feats = []
        for br in self.branches:
            feats.append(torch.relu(br(x)))
        return self.merge(torch.cat(feats, dim=-1))
"""
)

template("loop_built_unet", "(1, 3, {hw}, {hw})")(
    """
class Down(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU())

    def forward(self, x):
        return self.conv(x)


class Net(nn.Module):
    def __init__(self, chans=(3, 8, 16, 32)):
        super().__init__()
        self.downs = nn.ModuleList([Down(a, b) for a, b in zip(chans[:-1], chans[1:])])
        self.ups = nn.ModuleList(
            [nn.ConvTranspose2d(b, a, 2, 2) for a, b in zip(chans[1:-1], chans[2:])]
        )
        self.head = nn.Conv2d(8, 1, 1)

    def forward(self, x):
        skips = []
        for i, d in enumerate(self.downs):
            x = d(x)
            if i < len(self.downs) - 1:
                skips.append(x)
                x = F.max_pool2d(x, 2)
        for up in reversed(self.ups):
            x = up(x) + skips.pop()
        return self.head(x)
"""
)

template("gpt_block_cfg_dict", "(2, 8)", "tokens")(
    """
CFG = dict(vocab=50, d=64, heads=4, ctx=8, mlp={mlp})


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.ln1 = nn.LayerNorm(cfg["d"])
        self.attn = nn.MultiheadAttention(cfg["d"], cfg["heads"], batch_first=True)
        self.ln2 = nn.LayerNorm(cfg["d"])
        self.fc = nn.Linear(cfg["d"], cfg["mlp"])
        self.proj = nn.Linear(4 * cfg["d"], cfg["d"])

    def forward(self, x, mask):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=mask)[0]
        return x + self.proj(F.gelu(self.fc(self.ln2(x))))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(CFG["vocab"], CFG["d"])
        self.pos = nn.Embedding(CFG["ctx"], CFG["d"])
        self.blocks = nn.ModuleList([Block(CFG) for _ in range(2)])

    def forward(self, ids):
        t = ids.shape[1]
        x = self.tok(ids) + self.pos(torch.arange(t))
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool), 1)
        for b in self.blocks:
            x = b(x, mask)
        return x @ self.tok.weight.T
"""
)

template("rotary_helper", "(2, 4, 6, 16)")(
    """
def rope_cache(n, dim):
    inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
    ang = torch.outer(torch.arange(n).float(), inv)
    return ang.cos(), ang.sin()


def rotate(x, cos, sin):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1).flatten(-2)


class Net(nn.Module):
    def __init__(self, rot_dim={rd}):
        super().__init__()
        self.rot_dim = rot_dim
        self.q = nn.Linear(16, 16)

    def forward(self, x):
        cos, sin = rope_cache(x.shape[2], self.rot_dim)
        return rotate(self.q(x), cos, sin)
"""
)

template("einops_patch_embed", "(2, 3, {hw}, {hw})")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, p={p}):
        super().__init__()
        self.p = p
        self.proj = nn.Linear(3 * p * p, 32)
        self.norm = nn.LayerNorm(32)
        self.head = nn.Linear(32, 10)

    def forward(self, x):
        t = rearrange(x, "b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=self.p, p2=self.p)
        return self.head(self.norm(self.proj(t)).mean(1))
"""
)

template("audio_frame_stack", "(2, 1, 160)")(
    """
class Net(nn.Module):
    def __init__(self, frame={frame}):
        super().__init__()
        self.frame = frame
        self.enc = nn.Conv1d(1, 8, 5, stride=2, padding=2)
        self.bn = nn.BatchNorm1d(8)
        self.fc = nn.Linear(8 * frame, 16)
        self.cls = nn.Linear(16, 3)

    def forward(self, wav):
        h = F.relu(self.bn(self.enc(wav)))
        frames = h.reshape(h.shape[0], -1, 8 * self.frame)
        return self.cls(self.fc(frames).mean(1))
"""
)

template("gcn_adjacency", "(2, 7, 12)")(
    """
class GraphConv(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.lin = nn.Linear(cin, cout)

    def forward(self, x, adj):
        return torch.bmm(adj, self.lin(x))


class Net(nn.Module):
    def __init__(self, nodes={nodes}):
        super().__init__()
        self.adj = nn.Parameter(torch.eye(nodes))
        self.g1 = GraphConv(12, 16)
        self.g2 = GraphConv(16, 4)

    def forward(self, x):
        adj = self.adj.softmax(-1).expand(x.shape[0], -1, -1)
        return self.g2(F.relu(self.g1(x, adj)), adj).mean(1)
"""
)

template("moe_topk_gather", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n_exp=4, k={k}):
        super().__init__()
        self.k = k
        self.router = nn.Linear(16, n_exp)
        self.experts = nn.ModuleList([nn.Linear(16, 16) for _ in range(n_exp)])

    def forward(self, x):
        w, idx = self.router(x).softmax(-1).topk(self.k, -1)
        outs = torch.stack([e(x) for e in self.experts], -2)
        picked = outs.gather(-2, idx.unsqueeze(-1).expand({ex}))
        return (picked * w.unsqueeze(-1)).sum(-2)
"""
)

template("mamba_like_scan", "(2, 10, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, state={st}):
        super().__init__()
        self.A = nn.Parameter(-torch.rand(d, 4))
        self.B = nn.Linear(d, state)
        self.C = nn.Linear(d, 4)

    def forward(self, x):
        b, t, d = x.shape
        h = x.new_zeros(b, d, 4)
        ys = []
        for i in range(t):
            xt = x[:, i]
            h = h * self.A.exp() + xt.unsqueeze(-1) * self.B(xt).unsqueeze(1)
            ys.append((h * self.C(xt).unsqueeze(1)).sum(-1))
        return torch.stack(ys, 1)
"""
)

template("diffusion_resblock_time", "(2, 16, 8, 8)")(
    """
def timestep_embedding(t, dim):
    half = dim // 2
    freqs = torch.exp(-torch.arange(half).float() / half)
    args = t[:, None].float() * freqs[None]
    return torch.cat([args.sin(), args.cos()], -1)


class Net(nn.Module):
    def __init__(self, ch=16, tdim={td}):
        super().__init__()
        self.tdim = tdim
        self.norm = nn.GroupNorm(4, ch)
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)
        self.temb = nn.Linear(32, ch)

    def forward(self, x):
        t = torch.arange(x.shape[0])
        emb = self.temb(timestep_embedding(t, self.tdim))
        return x + self.conv(F.silu(self.norm(x))) + emb[:, :, None, None]
"""
)

template("fpn_lateral_add", "(1, 3, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c3 = nn.Conv2d(3, 16, 3, stride=2, padding=1)
        self.c4 = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.l3 = nn.Conv2d(16, 8, 1)
        self.l4 = nn.Conv2d(32, 8, 1)

    def forward(self, x):
        f3 = self.c3(x)
        f4 = self.c4(f3)
        top = F.interpolate(self.l4(f4), scale_factor=2, mode="nearest")
        return self.l3(f3) + top
"""
)

template("detection_head_reshape", "(2, 32, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self, anchors=3, classes={cls}):
        super().__init__()
        self.anchors, self.classes = anchors, classes
        self.pred = nn.Conv2d(32, anchors * (5 + 4), 1)

    def forward(self, x):
        b, _, h, w = x.shape
        p = self.pred(x)
        return p.view(b, self.anchors, {vd}, h, w).permute(0, 1, 3, 4, 2)[..., 4:]
"""
)

template("seq2seq_bridge", "(2, 7, 10)")(
    """
class Net(nn.Module):
    def __init__(self, hid=16):
        super().__init__()
        self.enc = nn.GRU(10, hid, batch_first=True, bidirectional=True)
        self.bridge = nn.Linear({bi} * hid, hid)
        self.dec = nn.GRU(hid, hid, batch_first=True)

    def forward(self, x):
        out, h = self.enc(x)
        h0 = torch.tanh(self.bridge(torch.cat([h[0], h[1]], -1))).unsqueeze(0)
        y, _ = self.dec(out[..., :16], h0)
        return y
"""
)

template("split_qkv_refactor", "(2, 6, 24)")(
    """
class Net(nn.Module):
    def __init__(self, d=24, kv={kv}):
        super().__init__()
        self.d, self.kv = d, kv
        self.proj = nn.Linear(d, d + 2 * kv)

    def forward(self, x):
        q, k, v = self.proj(x).split([self.d, self.kv, {vsz}], -1)
        return (q[..., : self.kv] @ k.transpose(-1, -2)).softmax(-1) @ v
"""
)

template("swapped_dims_refactor", "(2, 8, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(12, 16, 3, padding=1)
        self.ln = nn.LayerNorm(16)
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        h = self.conv({xin})
        return self.head(self.ln(h.transpose(1, 2)))
"""
)

template("pyramid_pool_flatten", "(2, 8, {hw}, {hw})")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.Sequential(
            nn.Conv2d(8, 8, 3), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(8, 8, 3), nn.MaxPool2d(2)
        )
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc(self.convs(x).mean((2, 3)))
"""
)

template("key_padding_from_ids", "(2, 9)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(3, 16)
        self.attn = nn.MultiheadAttention(16, 2, batch_first=True)
        self.out = nn.Linear(16, 3)

    def forward(self, ids):
        x = self.emb(ids)
        pad = {pad}
        return self.out(self.attn(x, x, x, key_padding_mask=pad)[0])
"""
)

template("groupnorm_width_list", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, widths=(16, 24, {w3}), groups=8):
        super().__init__()
        self.groups = groups
        convs, cin = [], 3
        for w in widths:
            convs.append(nn.Conv2d(cin, w, 3, padding=1))
            cin = w
        self.convs = nn.ModuleList(convs)

    def forward(self, x):
        for conv in self.convs:
            x = F.silu(F.group_norm(conv(x), self.groups))
        return x.mean((2, 3))
"""
)

template("subpixel_upsampler_cfg", "(1, 8, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self, scale={s}, out_ch=3):
        super().__init__()
        self.conv = nn.Conv2d(8, out_ch * 4, 3, padding=1)
        self.shuffle = nn.PixelShuffle(scale)

    def forward(self, x):
        return self.shuffle(self.conv(x))
"""
)

template("layer_norm_last_two", "(2, 4, 6, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm({shape})
        self.fc = nn.Linear(10, 3)

    def forward(self, x):
        return self.fc(self.ln(x))
"""
)

template("embedding_offsets", "(2, 5)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, fields=3, per_field=4):
        super().__init__()
        self.emb = nn.Embedding({size}, 8)
        self.offsets = torch.arange(fields) * per_field

    def forward(self, ids):
        idx = ids[:, :3] + self.offsets + {shift}
        return self.emb(idx).flatten(1)
"""
)

# ---------------------------------------------------------------- clean traps (risky-looking)
template("broadcast_stats_norm", "(4, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, padding=1)
        self.gamma = nn.Parameter(torch.ones({gshape}))

    def forward(self, x):
        h = self.conv(x)
        mu = h.mean((0, 2, 3), keepdim=True)
        return (h - mu) * self.gamma
"""
)

template("int_cast_embed", "(2, 10)")(
    """
class Net(nn.Module):
    def __init__(self, bins=8):
        super().__init__()
        self.bins = bins
        self.emb = nn.Embedding(bins, 4)

    def forward(self, x):
        idx = {idx}
        return self.emb(idx).mean(1)
"""
)

template("inplace_legal_ops", "(2, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 10)
        self.register_buffer("count", torch.zeros(10, dtype=torch.long))

    def forward(self, x):
        h = self.fc(x)
        {op}
        return h
"""
)

template("bool_mask_arith", "(2, 6, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        keep = x[..., 0] > 0
        h = self.fc(x)
        return {expr}
"""
)


# (template, suffix, defect label, format values)
VARIANTS: list[tuple[str, str, str, dict]] = [
    ("addmv_readout", "ok", "clean", {"n": 5, "nb": 5}),
    ("addmv_readout", "ok_bcast_bias", "clean", {"n": 5, "nb": 1}),
    ("addmv_readout", "bias_short", "addmv_shape", {"n": 5, "nb": 4}),
    ("bilinear_addr_update", "ok", "clean", {"nv": 6}),
    ("bilinear_addr_update", "v_wide", "addr_shape", {"nv": 7}),
    ("inner_product_scorer", "ok", "clean", {"kd": 8}),
    ("inner_product_scorer", "key_width_input", "inner_last_dim", {"kd": 10}),
    ("vecdot_similarity", "ok", "clean", {"bo": 16}),
    ("vecdot_similarity", "ok_bcast_one", "clean", {"bo": 1}),
    ("vecdot_similarity", "b_narrow", "vecdot_shape", {"bo": 8}),
    ("lie_rotation_flow", "ok", "clean", {"out": 9}),
    ("lie_rotation_flow", "rect", "matrix_exp_square", {"out": 12}),
    ("graph_walk_power", "ok", "clean", {"trans": "adj"}),
    ("graph_walk_power", "ok_transposed", "clean", {"trans": "adj.transpose(1, 2)"}),
    ("graph_walk_power", "dropped_self_loop", "matrix_power_square", {"trans": "adj[:, 1:]"}),
    ("complex_from_parts", "ok", "clean", {"re": "self.emb(ids)[..., 0]"}),
    ("complex_from_parts", "raw_ids", "complex_ctor_dtype", {"re": "ids"}),
    ("step_gate_activation", "ok", "clean", {"val": "torch.zeros_like(h)"}),
    ("step_gate_activation", "ok_scalar_tensor", "clean", {"val": "torch.tensor(0.5)"}),
    ("step_gate_activation", "int_values", "heaviside_dtype", {"val": "torch.tensor(0)"}),
    ("period_gcd_features", "ok", "clean", {"p": "ids + 2"}),
    ("period_gcd_features", "float_periods", "gcd_float", {"p": "ids * 1.5 + 2"}),
    ("prefix_broadcast_bias", "ok", "clean", {"ex": "h.expand(self.heads, -1, -1)"}),
    (
        "prefix_broadcast_bias",
        "ok_unsq",
        "clean",
        {"ex": "h.unsqueeze(0).expand(self.heads, -1, -1)"},
    ),
    (
        "prefix_broadcast_bias",
        "minus_one_lead",
        "expand_leading_minus_one",
        {"ex": "h.expand(-1, 3, 7)"},
    ),
    ("bounded_residual", "ok", "clean", {"clip": "torch.clamp(h, self.lo, self.hi)"}),
    ("bounded_residual", "ok_numbers", "clean", {"clip": "torch.clamp(h, -1.0, 1.0)"}),
    (
        "bounded_residual",
        "mixed_bounds",
        "clamp_mixed_bounds",
        {"clip": "torch.clamp(h, min=self.lo, max=1.0)"},
    ),
    ("count_ratio_update", "ok", "clean", {"acc": "counts.float()", "cast": ".float()"}),
    ("count_ratio_update", "long_acc", "addcdiv_int", {"acc": "counts", "cast": ""}),
    ("bucket_quantizer", "ok", "clean", {"mode": '"floor"'}),
    ("bucket_quantizer", "ok_none", "clean", {"mode": "None"}),
    ("bucket_quantizer", "round_mode", "div_rounding_mode", {"mode": '"round"'}),
    ("rmsnorm_llama_block", "ok", "clean", {"nd": 32}),
    ("rmsnorm_llama_block", "hidden_norm", "rms_norm_shape", {"nd": 64}),
    ("functional_rmsnorm_head", "ok", "clean", {"w": 24, "shape": 24}),
    ("functional_rmsnorm_head", "seq_axis", "rms_norm_shape", {"w": 4, "shape": 4}),
    ("cls_token_scatter", "ok", "clean", {"cls_shape": 16, "tail": ""}),
    (
        "cls_token_scatter",
        "keep_dim",
        "select_scatter_src",
        {"cls_shape": "1, 16", "tail": ".unsqueeze(1)"},
    ),
    ("window_slice_scatter", "ok", "clean", {"stop": 8}),
    ("window_slice_scatter", "stop_off_by_one", "slice_scatter_src", {"stop": 9}),
    ("memory_bank_index_copy", "ok", "clean", {"w": 10}),
    ("memory_bank_index_copy", "enc_narrow", "index_copy_source", {"w": 8}),
    ("spatial_gradient_edges", "ok", "clean", {"pool": 4}),
    ("spatial_gradient_edges", "ok_two", "clean", {"pool": 2}),
    ("spatial_gradient_edges", "row_pool", "gradient_edge_order", {"pool": "(1, 4)"}),
    ("act_zoo_mlp", "ok", "clean", {"alpha": 1.0, "lo": 0.1, "hi": 0.3, "kind": "celu"}),
    ("act_zoo_mlp", "ok_rrelu", "clean", {"alpha": 0.0, "lo": 0.1, "hi": 0.3, "kind": "rrelu"}),
    (
        "act_zoo_mlp",
        "celu_zero",
        "celu_alpha_zero",
        {"alpha": 0.0, "lo": 0.1, "hi": 0.3, "kind": "celu"},
    ),
    (
        "act_zoo_mlp",
        "rrelu_swapped",
        "rrelu_bounds",
        {"alpha": 1.0, "lo": 0.3, "hi": 0.1, "kind": "rrelu"},
    ),
    ("spectrum_2d_features", "ok", "clean", {"sig": "x.view(-1, 4, 8)", "nin": 32}),
    ("spectrum_2d_features", "flat_signal", "fft2_rank", {"sig": "x[0]", "nin": 32}),
    ("operator_norm_penalty", "ok", "clean", {"ord": 2}),
    ("operator_norm_penalty", "ok_nuc", "clean", {"ord": '"nuc"'}),
    ("operator_norm_penalty", "ord3", "matrix_norm_ord", {"ord": 3}),
    ("lazy_dirac_conv", "ok", "clean", {"target": "self.conv.weight"}),
    ("lazy_dirac_conv", "head_weight", "init_dirac_rank", {"target": "self.head.weight"}),
    ("token_nll_head", "ok", "clean", {"target": "x.argmax(-1) % 5"}),
    (
        "token_nll_head",
        "float_target",
        "nll_target_dtype",
        {"target": "(x.argmax(-1) % 5).float()"},
    ),
    ("triplet_embedder", "ok", "clean", {"od": 8}),
    ("triplet_embedder", "other_wide", "triplet_shape", {"od": 12}),
    # familiar classes in new styles
    ("dataclass_vit", "ok", "clean", {"patch": 8, "heads": 4}),
    ("dataclass_vit", "ok_h6", "clean", {"patch": 8, "heads": 6}),
    ("dataclass_vit", "heads5", "head_split", {"patch": 8, "heads": 5}),
    ("dataclass_vit", "patch_cfg_only", "broadcast_add", {"patch": 4, "heads": 4}),
    ("channel_dict_cnn", "ok", "clean", {"out": 64}),
    ("channel_dict_cnn", "out_changed_once", "bn_channels", {"out": 48}),
    ("size_helper_lenet", "ok", "clean", {"plus": " + 1"}),
    ("size_helper_lenet", "no_plus_one", "linear_in_features", {"plus": ""}),
    ("concat_heads_mlp", "ok", "clean", {"nb": 3}),
    ("concat_heads_mlp", "two_branches", "cat_linear", {"nb": 2}),
    ("loop_built_unet", "ok", "clean", {"hw": 16}),
    ("loop_built_unet", "ok_32", "clean", {"hw": 32}),
    ("loop_built_unet", "odd_18", "unet_skip", {"hw": 18}),
    ("gpt_block_cfg_dict", "ok", "clean", {"mlp": 256}),
    ("gpt_block_cfg_dict", "mlp_changed_once", "linear_in_features", {"mlp": 128}),
    ("rotary_helper", "ok", "clean", {"rd": 16}),
    ("rotary_helper", "half_rot", "rope_dims", {"rd": 8}),
    ("einops_patch_embed", "ok", "clean", {"hw": 16, "p": 4}),
    ("einops_patch_embed", "ok_p8", "clean", {"hw": 32, "p": 8}),
    ("einops_patch_embed", "hw18", "einops_axes", {"hw": 18, "p": 4}),
    ("audio_frame_stack", "ok", "clean", {"frame": 10}),
    ("audio_frame_stack", "frame_off", "reshape_numel", {"frame": 12}),
    ("gcn_adjacency", "ok", "clean", {"nodes": 7}),
    ("gcn_adjacency", "nodes_off_by_one", "bmm", {"nodes": 8}),
    ("moe_topk_gather", "ok", "clean", {"k": 2, "ex": "-1, -1, -1, 16"}),
    ("moe_topk_gather", "ok_k1", "clean", {"k": 1, "ex": "-1, -1, -1, 16"}),
    ("moe_topk_gather", "expand_k_fixed", "gather_index", {"k": 2, "ex": "-1, -1, 3, 16"}),
    ("mamba_like_scan", "ok", "clean", {"st": 4}),
    ("mamba_like_scan", "state8", "broadcast_add", {"st": 8}),
    ("diffusion_resblock_time", "ok", "clean", {"td": 32}),
    ("diffusion_resblock_time", "tdim_half", "timestep_embed", {"td": 16}),
    ("fpn_lateral_add", "ok", "clean", {"hw": 32}),
    ("fpn_lateral_add", "ok_28", "clean", {"hw": 28}),
    ("fpn_lateral_add", "odd_30", "residual_width", {"hw": 30}),
    ("detection_head_reshape", "ok", "clean", {"cls": 4, "vd": "5 + self.classes"}),
    ("detection_head_reshape", "ok_infer", "clean", {"cls": 80, "vd": "-1"}),
    (
        "detection_head_reshape",
        "cls_cfg_only",
        "reshape_numel",
        {"cls": 80, "vd": "5 + self.classes"},
    ),
    ("seq2seq_bridge", "ok", "clean", {"bi": 2}),
    ("seq2seq_bridge", "uni_bridge", "linear_in_features", {"bi": 1}),
    ("split_qkv_refactor", "ok", "clean", {"kv": 8, "vsz": "self.kv"}),
    ("split_qkv_refactor", "v_as_d", "split_sizes", {"kv": 8, "vsz": "self.d"}),
    ("swapped_dims_refactor", "ok", "clean", {"xin": "x.transpose(1, 2)"}),
    ("swapped_dims_refactor", "no_transpose", "conv_in_channels", {"xin": "x"}),
    ("swapped_dims_refactor", "permute_wrong", "conv_in_channels", {"xin": "x.permute(0, 1, 2)"}),
    ("pyramid_pool_flatten", "ok", "clean", {"hw": 16}),
    ("pyramid_pool_flatten", "ok_min", "clean", {"hw": 12}),
    ("pyramid_pool_flatten", "too_small", "pool_too_small", {"hw": 9}),
    ("key_padding_from_ids", "ok", "clean", {"pad": "ids == 0"}),
    ("key_padding_from_ids", "ok_float_mask", "clean", {"pad": "(ids == 0).float() * -1e4"}),
    ("key_padding_from_ids", "transposed_pad", "key_padding_mask", {"pad": "(ids == 0).T"}),
    ("groupnorm_width_list", "ok", "clean", {"w3": 32}),
    ("groupnorm_width_list", "w3_36", "norm_groups", {"w3": 36}),
    ("subpixel_upsampler_cfg", "ok", "clean", {"s": 2}),
    ("subpixel_upsampler_cfg", "scale3", "pixel_shuffle", {"s": 3}),
    ("layer_norm_last_two", "ok", "clean", {"shape": "(6, 10)"}),
    ("layer_norm_last_two", "ok_last", "clean", {"shape": "10"}),
    ("layer_norm_last_two", "swapped", "norm_shape", {"shape": "(10, 6)"}),
    ("embedding_offsets", "ok", "clean", {"size": 12, "shift": 0}),
    ("embedding_offsets", "ok_shift", "clean", {"size": 16, "shift": 3}),
    ("embedding_offsets", "size_off_by_one", "index_range", {"size": 11, "shift": 3}),
    # clean traps
    ("broadcast_stats_norm", "ok", "clean", {"gshape": "1, 6, 1, 1"}),
    ("broadcast_stats_norm", "ok_col", "clean", {"gshape": "6, 1, 1"}),
    ("broadcast_stats_norm", "ok_last", "clean", {"gshape": "8"}),
    ("broadcast_stats_norm", "channel_last_gamma", "broadcast_add", {"gshape": "6"}),
    ("int_cast_embed", "ok", "clean", {"idx": "(x.sigmoid() * (self.bins - 1)).long()"}),
    (
        "int_cast_embed",
        "ok_clamp",
        "clean",
        {"idx": "x.mul(3).round().clamp(0, self.bins - 1).to(torch.int64)"},
    ),
    ("int_cast_embed", "ok_int32", "clean", {"idx": "(x.sigmoid() * 7).int()"}),
    ("int_cast_embed", "float_idx", "index_dtype", {"idx": "x.sigmoid() * 7"}),
    ("inplace_legal_ops", "ok", "clean", {"op": "h.mul_(2).add_(x)"}),
    ("inplace_legal_ops", "ok_count", "clean", {"op": "self.count += (h > 0).sum(0)"}),
    ("inplace_legal_ops", "ok_clamp", "clean", {"op": "h.clamp_(min=0).div_(3)"}),
    ("inplace_legal_ops", "count_float", "inplace_dtype_cast", {"op": "self.count += h.sum(0)"}),
    ("bool_mask_arith", "ok", "clean", {"expr": "h * keep.unsqueeze(-1)"}),
    (
        "bool_mask_arith",
        "ok_sum",
        "clean",
        {"expr": "h.sum(1) / keep.sum(1, keepdim=True).clamp(min=1)"},
    ),
    ("bool_mask_arith", "ok_where", "clean", {"expr": "torch.where(keep[..., None], h, 0.0)"}),
    ("bool_mask_arith", "mask_no_unsq", "broadcast_add", {"expr": "h * keep"}),
]

# clean variants that look risky (broadcasts that fit, views that divide, dtype promotions torch
# allows, integer casts feeding embeddings, legal in-place ops): they measure false blockers
RISKY_CLEAN = (
    "addmv_readout__ok_bcast_bias",
    "vecdot_similarity__ok_bcast_one",
    "graph_walk_power__ok_transposed",
    "step_gate_activation__ok_scalar_tensor",
    "prefix_broadcast_bias__ok",
    "bounded_residual__ok",
    "bucket_quantizer__ok_none",
    "spatial_gradient_edges__ok_two",
    "act_zoo_mlp__ok_rrelu",
    "operator_norm_penalty__ok_nuc",
    "dataclass_vit__ok_h6",
    "loop_built_unet__ok_32",
    "fpn_lateral_add__ok_28",
    "detection_head_reshape__ok_infer",
    "pyramid_pool_flatten__ok_min",
    "key_padding_from_ids__ok_float_mask",
    "layer_norm_last_two__ok",
    "broadcast_stats_norm__ok_col",
    "broadcast_stats_norm__ok_last",
    "int_cast_embed__ok_clamp",
    "int_cast_embed__ok_int32",
    "inplace_legal_ops__ok_count",
    "inplace_legal_ops__ok_clamp",
    "bool_mask_arith__ok_sum",
    "bool_mask_arith__ok_where",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "inner_product_scorer",
    "rmsnorm_llama_block",
    "spatial_gradient_edges",
    "act_zoo_mlp",
    "dataclass_vit",
    "channel_dict_cnn",
    "size_helper_lenet",
    "concat_heads_mlp",
    "loop_built_unet",
    "gpt_block_cfg_dict",
    "einops_patch_embed",
    "gcn_adjacency",
    "moe_topk_gather",
    "mamba_like_scan",
    "diffusion_resblock_time",
    "fpn_lateral_add",
    "seq2seq_bridge",
    "swapped_dims_refactor",
    "pyramid_pool_flatten",
    "key_padding_from_ids",
    "groupnorm_width_list",
    "audio_frame_stack",
    "complex_from_parts",
    "memory_bank_index_copy",
    "lazy_dirac_conv",
)
