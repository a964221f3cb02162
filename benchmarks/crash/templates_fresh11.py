"""An eleventh fresh batch of crash cases (session 20, split ``fresh11``), written blind: the
analyzer was never run on them while they were written, and the forward-shape rules' source was
not read. The new classes are mostly Python-arithmetic and ported-code mistakes of research code:
a true division ``/`` where torch wants an int (conv padding, pooling kernel, adaptive pool size,
``F.pad`` amounts, ``range``), ``torch.Size + list``, a reduction or float kernel on an integer /
bool tensor (``mean``, ``std``, ``softmax``, ``gelu``), ``one_hot`` of a float tensor, numpy / JAX
habits (``axis=`` to ``F.softmax`` / ``F.normalize``, ``x.astype``, ``torch.expand_dims``), an
optional argument left ``None`` and used, a pooling stride of zero from integer division, a
``ModuleList`` index past its end, a ``ModuleDict`` key it does not have, an adaptive pool / conv
/ pooling argument of the wrong length (3-D settings on 2-D ops), ``F.embedding``'s
``padding_idx`` past the table, ``F.layer_norm`` with an int shape, one-argument ``torch.where``;
and familiar classes (reshape, cat then linear, matmul, einsum, conv channels, group norm,
pixel shuffle, rotary dims, heads, U-Net skips, pooling to zero, split sizes, broadcast, flatten
then linear, masks, gather, index dtype, transposed dims, einops, groups, norm shapes, tuples)
written in code styles the earlier batches had little of (dataclass configs, JAX / Flax ports,
functional parameters, dict-built stages, generators). Same format as ``templates.py``; every
case name starts ``f11_``. Whether a case crashes is torch's verdict (``build_truth.py``), not the
defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("convnext_float_pad", "(2, 3, 16, 16)")(
    """
class Block(nn.Module):
    def __init__(self, c, k=7):
        super().__init__()
        self.dw = nn.Conv2d(c, c, k, padding={pad}, groups=c)
        self.norm = nn.GroupNorm(1, c)
        self.pw = nn.Sequential(nn.Conv2d(c, 4 * c, 1), nn.GELU(), nn.Conv2d(4 * c, c, 1))

    def forward(self, x):
        return x + self.pw(self.norm(self.dw(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 32, 4, stride=4)
        self.blocks = nn.Sequential(Block(32), Block(32))
        self.head = nn.Linear(32, 10)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean((2, 3)))
"""
)

template("audio_hop_pool", "(2, 1, 64)")(
    """
class Net(nn.Module):
    def __init__(self, hop=4):
        super().__init__()
        self.hop = hop
        self.enc = nn.Sequential(nn.Conv1d(1, 16, 5, padding=2), nn.ReLU())
        self.pool = nn.MaxPool1d(kernel_size={k}, stride={s})
        self.out = nn.Linear(16, 6)

    def forward(self, x):
        h = self.pool(self.enc(x))
        return self.out(h.mean(-1))
"""
)

template("spatial_pyramid_head", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, base=8, levels=(1, 2, 4)):
        super().__init__()
        self.base = base
        self.body = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
        self.pools = nn.ModuleList([nn.AdaptiveAvgPool2d({sz}) for s in levels])
        self.fc = nn.Linear(8 * sum(l * l for l in levels), 5)

    def forward(self, x):
        h = self.body(x)
        feats = [p(h).flatten(1) for p in self.pools]
        return self.fc(torch.cat(feats, 1))
"""
)

template("grid_pool_classifier", "(2, 16, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(16, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU())
        self.pool = nn.AdaptiveAvgPool2d({o})
        self.fc = nn.Linear(16 * 4, 3)

    def forward(self, x):
        return self.fc(torch.flatten(self.pool(self.conv(x)), 1))
"""
)

template("wavenet_causal_pad", "(2, 8, 32)")(
    """
class CausalConv(nn.Module):
    def __init__(self, c, k, d):
        super().__init__()
        self.k, self.d = k, d
        self.conv = nn.Conv1d(c, c, k, dilation=d)

    def forward(self, x):
        return self.conv(F.pad(x, ({p}, 0)))


class Net(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.layers = nn.ModuleList([CausalConv(c, 3, d) for d in (1, 2, 4)])
        self.out = nn.Conv1d(c, 4, 1)

    def forward(self, x):
        for layer in self.layers:
            x = x + torch.tanh(layer(x))
        return self.out(x)
"""
)

template("jax_port_attention", "(2, 10, 16)")(
    """
class Net(nn.Module):
    # ported from a Flax module: the numpy-style keywords are the risk
    def __init__(self, d=16):
        super().__init__()
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.o = nn.Linear(d, 4)

    def forward(self, x):
        s = self.q(x) @ self.k(x).transpose(-1, -2) / 4.0
        a = {sm}
        h = a @ self.v(x)
        return self.o({pool})
"""
)

template("flax_port_cnn", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 8, 3, padding=1)
        self.c2 = nn.Conv2d(8, 8, 3, stride=2, padding=1)
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        x = {cast}
        h = F.relu(self.c2(F.relu(self.c1(x))))
        g = {exp}
        return self.fc(g.mean((1, 3, 4)))
"""
)

template("optional_time_embed_unet", "(2, 4, 16, 16)")(
    """
class ResBlock(nn.Module):
    def __init__(self, c, tdim=8):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
        self.temb = nn.Linear(tdim, c)

    def forward(self, x, t=None):
        h = F.silu(self.conv1(x))
        {tadd}
        return x + self.conv2(F.silu(h))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Conv2d(4, 16, 3, padding=1)
        self.blocks = nn.ModuleList([ResBlock(16), ResBlock(16)])
        self.out = nn.Conv2d(16, 4, 3, padding=1)

    def forward(self, x, t=None):
        h = self.inp(x)
        for b in self.blocks:
            h = b(h, t)
        return self.out(h)
"""
)

template("attention_optional_bias", "(2, 6, 16)")(
    """
class Attn(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x, bias=None):
        q, k, v = self.qkv(x).chunk(3, -1)
        scores = q @ k.transpose(1, 2) / 4.0
        scores = {bias}
        return self.proj(scores.softmax(-1) @ v)


class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.attn = Attn(d)
        self.norm = nn.LayerNorm(d)
        self.head = nn.Linear(d, 2)

    def forward(self, x):
        return self.head(self.norm(x + self.attn(x)).mean(1))
"""
)

template("head_view_size_concat", "(2, 10, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, h=4):
        super().__init__()
        self.h = h
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)

    def split(self, t):
        return t.view(t.shape[:-1] + {tail}).transpose(1, 2)

    def forward(self, x):
        q, k, v = map(self.split, self.qkv(x).chunk(3, -1))
        a = F.scaled_dot_product_attention(q, k, v)
        return self.norm(x + self.out(a.transpose(1, 2).flatten(2)))
"""
)

template("token_mask_ratio", "(2, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=16, d=12):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.mix = nn.Sequential(nn.Linear(d + 1, d), nn.Tanh(), nn.Linear(d, 2))

    def forward(self, x):
        mask = x != 0
        frac = {frac}
        h = self.emb(x).mean(1)
        return self.mix(torch.cat([h, frac], -1))
"""
)

template("quantized_code_onehot", "(2, 10, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, V=6):
        super().__init__()
        self.V = V
        self.enc = nn.Linear(d, 1)
        self.dec = nn.Sequential(nn.Linear(V, 16), nn.ReLU(), nn.Linear(16, d))

    def forward(self, x):
        h = self.enc(x).squeeze(-1)
        ids = {ids}
        return self.dec(F.one_hot(ids, self.V).float())
"""
)

template("position_prior_softmax", "(2, 8)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=4, d=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.out = nn.Linear(d, 3)

    def forward(self, x):
        T = x.shape[1]
        pos = torch.arange(T)
        w = {w}
        h = (self.emb(x) * w[None, :, None]).sum(1)
        return self.out(h)
"""
)

template("hourglass_stage_index", "(2, 8, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, c=8, depth=3):
        super().__init__()
        self.depth = depth
        self.down = nn.ModuleList([nn.Conv2d(c, c, 3, stride=2, padding=1) for _ in range(depth)])
        self.up = nn.ModuleList([nn.ConvTranspose2d(c, c, 2, stride=2) for _ in range(depth)])

    def forward(self, x):
        skips = []
        for i in range({n}):
            skips.append(x)
            x = F.relu(self.down[i](x))
        for i in reversed(range(self.depth)):
            x = self.up[i](x) + skips[i]
        return x
"""
)

template("named_expert_dict", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.experts = nn.ModuleDict(
            dict(mlp=nn.Sequential(nn.Linear(d, 32), nn.GELU(), nn.Linear(32, d)), lin=nn.Linear(d, d))
        )
        self.gate = nn.Linear(d, 2)

    def forward(self, x):
        g = self.gate(x).softmax(-1)
        return g[:, :1] * self.experts[{key}](x) + g[:, 1:] * self.experts["lin"](x)
"""
)

template("functional_conv_stride_cfg", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(8, 3, 3, 3) * 0.1)
        self.b = nn.Parameter(torch.zeros(8))
        self.head = nn.Linear(8, 4)

    def forward(self, x):
        h = F.conv2d(x, self.w, self.b, stride={s}, padding=1)
        return self.head(F.relu(h).mean((2, 3)))
"""
)

template("video_to_image_pool", "(2, 8, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(8, 8, 3, padding=1)
        self.norm = nn.BatchNorm2d(8)
        self.fc = nn.Linear(8 * 8 * 8, 5)

    def forward(self, x):
        h = F.avg_pool2d(F.relu(self.norm(self.conv(x))), {k})
        return self.fc(h.flatten(1))
"""
)

template("tied_embedding_padding", "(2, 9)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, V=5, d=8):
        super().__init__()
        self.V = V
        self.weight = nn.Parameter(torch.randn(V, d))
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        h = F.embedding(x, self.weight, padding_idx={p})
        return self.norm(h) @ self.weight.t()
"""
)

template("functional_layernorm_mlp", "(2, 7, 24)")(
    """
class Net(nn.Module):
    def __init__(self, d=24):
        super().__init__()
        self.d = d
        self.g = nn.Parameter(torch.ones(d))
        self.b = nn.Parameter(torch.zeros(d))
        self.fc = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        h = self.fc(x)
        return F.layer_norm(x + h, {shape}, self.g, self.b)
"""
)

template("frame_unfold_audio", "(2, 1, 40)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.win, self.hop = {win}, {hop}
        self.proj = nn.Linear(self.win, 8)
        self.rnn = nn.GRU(8, 8, batch_first=True)

    def forward(self, x):
        frames = x.squeeze(1).unfold(-1, self.win, self.hop)
        out, _ = self.rnn(self.proj(frames))
        return out[:, -1]
"""
)

template("keypoint_score_where", "(2, 5, 12)")(
    """
class Net(nn.Module):
    def __init__(self, d=12):
        super().__init__()
        self.score = nn.Linear(d, d)
        self.out = nn.Linear(d, 2)

    def forward(self, x):
        s = self.score(x)
        kept = {kept}
        return self.out(kept.sum(1))
"""
)

template("chunked_time_encoder", "(2, 12, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, c=4):
        super().__init__()
        self.c = c
        self.enc = nn.Sequential(nn.Linear(d, d), nn.ReLU())
        self.out = nn.Linear(d, 3)

    def forward(self, x):
        parts = []
        for i in range({r}):
            parts.append(self.enc(x[:, i * self.c : (i + 1) * self.c]).mean(1))
        return self.out(torch.stack(parts, 1).max(1).values)
"""
)

template("moe_topk_gates", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, E=4):
        super().__init__()
        self.router = nn.Linear(d, E)
        self.experts = nn.ModuleList([nn.Linear(d, d) for _ in range(E)])

    def forward(self, x):
        logits = self.router(x)
        top = logits.topk(2, -1)
        gates = {g}.softmax(-1)
        ys = torch.stack([e(x) for e in self.experts], 1)
        idx = top.indices[..., None].expand(-1, -1, x.shape[-1])
        return (ys.gather(1, idx) * gates[..., None]).sum(1)
"""
)

template("frame_max_pool_tagger", "(2, 6, 20)")(
    """
class Net(nn.Module):
    def __init__(self, d=6):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(d, 16, 3, padding=1), nn.ReLU(), nn.Conv1d(16, 16, 3, padding=1))
        self.cls = nn.Linear(16, 4)

    def forward(self, x):
        h = self.conv(x)
        pooled = {mx}
        return self.cls(pooled)
"""
)

template("dataclass_patchify_vit", "(2, 3, 16, 16)")(
    """
from dataclasses import dataclass


@dataclass
class Cfg:
    patch: int = {p}
    dim: int = 32
    depth: int = 2


class Net(nn.Module):
    def __init__(self, cfg: Cfg = Cfg()):
        super().__init__()
        self.cfg = cfg
        self.embed = nn.Linear(3 * cfg.patch * cfg.patch, cfg.dim)
        layer = nn.TransformerEncoderLayer(cfg.dim, 4, 64, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, cfg.depth)

    def forward(self, x):
        B, C, H, W = x.shape
        p = self.cfg.patch
        x = x.reshape(B, C, H // p, p, W // p, p).permute(0, 2, 4, 1, 3, 5)
        x = x.reshape(B, (H // p) * (W // p), C * p * p)
        return self.enc(self.embed(x)).mean(1)
"""
)

template("multiscale_fusion_head", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.stages = nn.ModuleList(
            [nn.Conv2d(3 if i == 0 else c, c, 3, stride=2, padding=1) for i in range(3)]
        )
        self.fuse = nn.Linear({inw}, 10)

    def forward(self, x):
        feats = []
        for s in self.stages:
            x = F.relu(s(x))
            feats.append(F.adaptive_max_pool2d(x, 1).flatten(1))
        return self.fuse(torch.cat(feats, dim=-1))
"""
)

template("lora_adapter_linear", "(2, 10, 24)")(
    """
class LoRALinear(nn.Module):
    def __init__(self, d, r=4):
        super().__init__()
        self.base = nn.Linear(d, d)
        self.A = nn.Parameter(torch.randn(d, r) * 0.01)
        self.B = nn.Parameter(torch.zeros({rb}, d))

    def forward(self, x):
        return self.base(x) + x @ self.A @ self.B


class Net(nn.Module):
    def __init__(self, d=24):
        super().__init__()
        self.layers = nn.Sequential(LoRALinear(d), nn.GELU(), LoRALinear(d))

    def forward(self, x):
        return self.layers(x)
"""
)

template("graph_einsum_attention", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.msg = nn.Linear(d, d)
        self.out = nn.Linear(d, 1)

    def forward(self, x):
        q, k = self.q(x), self.k(x)
        a = torch.einsum({spec}, q, k).softmax(-1)
        h = torch.einsum("bnm,bmd->bnd", a, self.msg(x))
        return self.out(F.relu(h)).squeeze(-1)
"""
)

template("builder_stage_widths", "(2, 3, 24, 24)")(
    """
def stage(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2))


class Net(nn.Module):
    def __init__(self, widths=(16, 32, 64)):
        super().__init__()
        self.stem = nn.Conv2d(3, {stem}, 3, padding=1)
        self.stages = nn.Sequential(*[stage(a, b) for a, b in zip(widths[:-1], widths[1:])])
        self.head = nn.Linear(widths[-1], 7)

    def forward(self, x):
        return self.head(self.stages(self.stem(x)).mean((2, 3)))
"""
)

template("functional_groupnorm_block", "(2, 24, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=24):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
        self.groups = {g}

    def forward(self, x):
        h = F.silu(F.group_norm(self.conv1(x), self.groups))
        return x + self.conv2(h)
"""
)

template("esrgan_upsampler", "(2, 3, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self, c=16, r=2):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.LeakyReLU(0.2), nn.Conv2d(c, c, 3, padding=1))
        self.up = nn.Sequential(nn.Conv2d(c, c * r * r, 3, padding=1), nn.PixelShuffle({r2}))
        self.out = nn.Conv2d(c, 3, 3, padding=1)

    def forward(self, x):
        return self.out(self.up(self.body(x)))
"""
)

template("partial_rotary_block", "(2, 8, 32)")(
    """
def rotate_half(t):
    a, b = t.chunk(2, -1)
    return torch.cat([-b, a], -1)


class Net(nn.Module):
    def __init__(self, d=32, rot=16):
        super().__init__()
        self.rot = rot
        inv = 1.0 / (10000 ** (torch.arange(0, {fd}, 2).float() / {fd}))
        self.register_buffer("inv", inv)
        self.qk = nn.Linear(d, 2 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        q, k = self.qk(x).chunk(2, -1)
        f = torch.arange(x.shape[1]).float()[:, None] * self.inv[None]
        emb = torch.cat([f, f], -1)
        qr, qp = q[..., : self.rot], q[..., self.rot :]
        qr = qr * emb.cos() + rotate_half(qr) * emb.sin()
        q = torch.cat([qr, qp], -1)
        return self.o((q @ k.transpose(1, 2)).softmax(-1) @ x)
"""
)

template("gpt_fused_qkv_heads", "(2, 9, 48)")(
    """
class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.h, self.hd = heads, d // heads
        self.ln = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        B, T, C = x.shape
        qkv = self.qkv(self.ln(x)).reshape(B, T, 3, self.h, self.hd).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(qkv[0], qkv[1], qkv[2], is_causal=True)
        return x + self.proj(y.transpose(1, 2).reshape(B, T, C))


class Net(nn.Module):
    def __init__(self, d=48):
        super().__init__()
        self.blocks = nn.Sequential(Block(d, {h}), Block(d, {h}))

    def forward(self, x):
        return self.blocks(x)
"""
)

template("tiny_unet_odd_input", "{shape}")(
    """
class Net(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.e1 = nn.Sequential(nn.Conv2d(1, c, 3, padding=1), nn.ReLU())
        self.e2 = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(c, 2 * c, 3, padding=1), nn.ReLU())
        self.mid = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(2 * c, 2 * c, 3, padding=1))
        self.u2 = nn.ConvTranspose2d(2 * c, 2 * c, 2, stride=2)
        self.d2 = nn.Conv2d(4 * c, c, 3, padding=1)
        self.u1 = nn.ConvTranspose2d(c, c, 2, stride=2)
        self.d1 = nn.Conv2d(2 * c, 1, 3, padding=1)

    def forward(self, x):
        s1 = self.e1(x)
        s2 = self.e2(s1)
        h = self.d2(torch.cat([self.u2(self.mid(s2)), s2], 1))
        return self.d1(torch.cat([self.u1(h), s1], 1))
"""
)

template("pool_depth_sweep", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, n={n}):
        super().__init__()
        layers = [nn.Conv2d(3, 8, 3, padding=1)]
        for _ in range(n):
            layers += [nn.ReLU(), nn.MaxPool2d(2)]
        self.features = nn.Sequential(*layers)
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        return self.fc(self.features(x).amax((2, 3)))
"""
)

template("swiglu_split_mlp", "(2, 5, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, hidden=32):
        super().__init__()
        self.hidden = hidden
        self.w12 = nn.Linear(d, 2 * hidden)
        self.w3 = nn.Linear(hidden, d)
        self.norm = nn.RMSNorm(d)

    def forward(self, x):
        a, b = self.w12(self.norm(x)).split({sizes}, dim=-1)
        return x + self.w3(F.silu(a) * b)
"""
)

template("learned_pos_table", "(2, 12, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, max_len=16):
        super().__init__()
        self.pos = nn.Parameter(torch.zeros(1, max_len, d))
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 2, 32, batch_first=True), 1)
        self.out = nn.Linear(d, 3)

    def forward(self, x):
        h = x + {pos}
        return self.out(self.enc(h)[:, 0])
"""
)

template("lenet_flatten_head", "(2, 1, 28, 28)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2)
        )
        self.classifier = nn.Sequential(nn.Linear({f}, 120), nn.ReLU(), nn.Linear(120, 10))

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))
"""
)

template("fixed_causal_mask", "(2, 10, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, max_len=16):
        super().__init__()
        self.max_len = max_len
        self.qkv = nn.Linear(d, 3 * d)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        n = {n}
        mask = torch.triu(torch.ones(n, n, dtype=torch.bool), 1)
        s = (q @ k.transpose(-2, -1)).masked_fill(mask, float("-inf"))
        h = x + s.softmax(-1) @ v
        return h + self.ff(h)
"""
)

template("last_token_gather", "(2, 10, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.rnn = nn.GRU(d, d, batch_first=True)
        self.head = nn.Linear(d, 2)

    def forward(self, x):
        h, _ = self.rnn(x)
        lengths = torch.full((x.shape[0],), x.shape[1])
        idx = (lengths - 1).view(-1, 1, 1).expand(-1, 1, {e})
        return self.head(h.gather(1, idx).squeeze(1))
"""
)

template("bucketized_value_embed", "(2, 10)")(
    """
class Net(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.register_buffer("bounds", torch.linspace(-2, 2, 7))
        self.emb = nn.Embedding(8, d)
        self.out = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 1))

    def forward(self, x):
        ids = {ids}
        return self.out(self.emb(ids).mean(1))
"""
)

template("mel_conv_frontend", "(2, 30, 40)")(
    """
class Net(nn.Module):
    # input is (batch, time, mel)
    def __init__(self, mel=40):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(mel, 32, 3, padding=1), nn.ReLU(), nn.Conv1d(32, 32, 3, stride=2))
        self.gru = nn.GRU(32, 16, batch_first=True)

    def forward(self, x):
        h = self.conv({t})
        out, _ = self.gru(h.transpose(1, 2))
        return out[:, -1]
"""
)

template("logsumexp_pool_head", "(2, 8, 12)")(
    """
class Net(nn.Module):
    def __init__(self, d=12):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 5))

    def forward(self, x):
        s = self.proj(x)
        return {pool}
"""
)

template("mixer_token_mlp", "(2, 3, 16, 16)")(
    """
class MixerBlock(nn.Module):
    def __init__(self, n, d):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.tok = nn.Sequential(nn.Linear(n, 32), nn.GELU(), nn.Linear(32, n))
        self.ch = nn.Sequential(nn.Linear(d, 64), nn.GELU(), nn.Linear(64, d))

    def forward(self, x):
        x = x + self.tok(self.ln1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.ch(self.ln2(x))


class Net(nn.Module):
    def __init__(self, p=4, d=24):
        super().__init__()
        self.patch = nn.Conv2d(3, d, p, stride=p)
        self.blocks = nn.Sequential(MixerBlock({n}, d), MixerBlock({n}, d))
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        h = self.patch(x).flatten(2).transpose(1, 2)
        return self.head(self.blocks(h).mean(1))
"""
)

template("einops_patch_embed", "(2, 3, 16, 16)")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, p={p}, d=32):
        super().__init__()
        self.p = p
        self.proj = nn.Linear(3 * p * p, d)
        self.norm = nn.LayerNorm(d)
        self.head = nn.Linear(d, 4)

    def forward(self, x):
        t = rearrange(x, "b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=self.p, p2=self.p)
        return self.head(self.norm(self.proj(t)).mean(1))
"""
)

template("functional_grouped_conv", "(2, 16, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=16, groups=4):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(c, c // groups, 3, 3) * 0.1)
        self.bn = nn.BatchNorm2d(c)
        self.fc = nn.Linear(c, 3)

    def forward(self, x):
        h = F.conv2d(x, self.weight, padding=1, groups={g})
        return self.fc(F.relu(self.bn(h)).mean((2, 3)))
"""
)

template("custom_rmsnorm_block", "(2, 6, 32)")(
    """
class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Net(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.norm = RMSNorm({nd})
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.SiLU(), nn.Linear(4 * d, d))

    def forward(self, x):
        return x + self.ff(self.norm(x))
"""
)

template("seq2seq_memory_layers", "(2, 7, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n=2):
        super().__init__()
        self.enc = nn.ModuleList([nn.TransformerEncoderLayer(d, 2, 32, batch_first=True) for _ in range(n)])
        self.dec = nn.ModuleList([nn.TransformerDecoderLayer(d, 2, 32, batch_first=True) for _ in range(n)])
        self.query = nn.Parameter(torch.zeros(1, 3, d))

    def forward(self, x):
        mems = []
        for layer in self.enc:
            x = layer(x)
            mems.append(x)
        y = self.query.expand(x.shape[0], -1, -1)
        for i, layer in enumerate(self.dec):
            y = layer(y, mems[{i}])
        return y
"""
)

template("diffusion_sinusoid_long", "(2, 4, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=4, tdim=16):
        super().__init__()
        self.tdim = tdim
        self.t_mlp = nn.Sequential(nn.Linear(tdim, 32), nn.SiLU(), nn.Linear(32, c))
        self.conv = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x):
        t = torch.full((x.shape[0],), 10)
        half = self.tdim // 2
        freqs = torch.exp(-torch.arange(half) / half)
        ang = {ang}
        emb = torch.cat([ang.sin(), ang.cos()], -1)
        return self.conv(x) + self.t_mlp(emb)[:, :, None, None]
"""
)

template("detection_anchor_scores", "(2, 16, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=16, A=3, K=4):
        super().__init__()
        self.A, self.K = A, K
        self.tower = nn.Sequential(nn.Conv2d(c, c, 3, padding=1), nn.ReLU(), nn.Conv2d(c, c, 3, padding=1), nn.ReLU())
        self.cls = nn.Conv2d(c, A * K, 3, padding=1)
        self.box = nn.Conv2d(c, A * 4, 3, padding=1)

    def forward(self, x):
        h = self.tower(x)
        B = x.shape[0]
        cls = self.cls(h).permute(0, 2, 3, 1).reshape(B, -1, {k})
        box = self.box(h).permute(0, 2, 3, 1).reshape(B, -1, 4)
        return torch.cat([cls.sigmoid(), box], -1)
"""
)

template("gnn_mean_aggregate", "(2, 6, 8)")(
    """
class GraphLayer(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.lin = nn.Linear(2 * d, d)

    def forward(self, x, adj):
        deg = {deg}
        agg = (adj @ x) / deg.clamp(min=1)
        return F.relu(self.lin(torch.cat([x, agg], -1)))


class Net(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.layers = nn.ModuleList([GraphLayer(d), GraphLayer(d)])
        self.readout = nn.Linear(d, 1)

    def forward(self, x):
        adj = (x @ x.transpose(1, 2) > 0).long()
        for layer in self.layers:
            x = layer(x, adj.float())
        return self.readout(x.mean(1))
"""
)

template("ssm_scan_dims", "(2, 12, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, n=4):
        super().__init__()
        self.A = nn.Parameter(-torch.rand(d, n))
        self.B = nn.Linear(d, n)
        self.C = nn.Linear(d, n)
        self.dt = nn.Linear(d, d)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        Bsz, L, d = x.shape
        dt = F.softplus(self.dt(x))
        dA = torch.exp(dt[..., None] * self.A)
        dB = dt[..., None] * self.B(x)[:, :, None, :]
        h = x.new_zeros(Bsz, d, self.A.shape[1])
        ys = []
        for t in range(L):
            h = dA[:, t] * h + dB[:, t] * x[:, t, :, None]
            ys.append(torch.einsum({spec}, h, self.C(x)[:, t]))
        return self.out(torch.stack(ys, 1))
"""
)

template("contrastive_proj_norm", "(4, 20)")(
    """
class Net(nn.Module):
    def __init__(self, d=20, p=8):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(d, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, p))
        self.logit_scale = nn.Parameter(torch.tensor(2.0))

    def forward(self, x):
        z = {z}
        return self.logit_scale.exp() * z @ z.t()
"""
)

template("voxel_to_bev_pool", "(2, 4, 8, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, c=4):
        super().__init__()
        self.conv3d = nn.Sequential(nn.Conv3d(c, 8, 3, padding=1), nn.ReLU())
        self.bev = nn.Sequential(nn.Conv2d({cin}, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 2, 1))

    def forward(self, x):
        v = self.conv3d(x)
        B, C, D, H, W = v.shape
        return self.bev(v.reshape(B, C * D, H, W))
"""
)


_FRAC_OK = "mask.float().mean(1, keepdim=True)"
_TADD_OK = "h = h if t is None else h + self.temb(t)[:, :, None, None]"

VARIANTS = [
    ("convnext_float_pad", "ok", "clean", {"pad": "(k - 1) // 2"}),
    ("convnext_float_pad", "ok_k_half", "clean", {"pad": "k // 2"}),
    ("convnext_float_pad", "true_div", "conv_float_padding", {"pad": "(k - 1) / 2"}),
    ("audio_hop_pool", "ok", "clean", {"k": "hop // 2", "s": "hop // 2"}),
    ("audio_hop_pool", "ok_int_cast", "clean", {"k": "int(hop / 2)", "s": "hop // 4"}),
    ("audio_hop_pool", "k_true_div", "pool_float_kernel", {"k": "hop / 2", "s": "hop // 2"}),
    ("audio_hop_pool", "stride_zero", "pool_stride_zero", {"k": "hop // 2", "s": "hop // 8"}),
    ("spatial_pyramid_head", "ok", "clean", {"sz": "s"}),
    ("spatial_pyramid_head", "ok_floor", "clean", {"sz": "self.base // (self.base // s)"}),
    (
        "spatial_pyramid_head",
        "true_div",
        "adaptive_pool_float_size",
        {"sz": "self.base / (self.base / s)"},
    ),
    ("grid_pool_classifier", "ok", "clean", {"o": "(2, 2)"}),
    ("grid_pool_classifier", "ok_int", "clean", {"o": "2"}),
    ("grid_pool_classifier", "float_size", "adaptive_pool_float_size", {"o": "8 / 4"}),
    ("grid_pool_classifier", "three_d", "adaptive_pool_output_rank", {"o": "(1, 2, 2)"}),
    ("wavenet_causal_pad", "ok", "clean", {"p": "(self.k - 1) * self.d"}),
    ("wavenet_causal_pad", "half_true_div", "pad_float_amount", {"p": "(self.k - 1) * self.d / 1"}),
    ("wavenet_causal_pad", "float_scale", "pad_float_amount", {"p": "self.d * (self.k - 1) * 1.0"}),
    ("wavenet_causal_pad", "too_short", "residual_width", {"p": "(self.k - 1) * self.d // 2"}),
    ("jax_port_attention", "ok", "clean", {"sm": "F.softmax(s, dim=-1)", "pool": "h.mean(axis=1)"}),
    (
        "jax_port_attention",
        "ok_cat_axis",
        "clean",
        {"sm": "s.softmax(-1)", "pool": "torch.cat([h], axis=1).sum(axis=1)"},
    ),
    (
        "jax_port_attention",
        "softmax_axis",
        "numpy_kwarg",
        {"sm": "F.softmax(s, axis=-1)", "pool": "h.mean(axis=1)"},
    ),
    (
        "jax_port_attention",
        "normalize_axis",
        "numpy_kwarg",
        {"sm": "F.softmax(s, dim=-1)", "pool": "F.normalize(h, axis=-1).mean(1)"},
    ),
    (
        "flax_port_cnn",
        "ok",
        "clean",
        {"cast": "x.to(torch.float32)", "exp": "torch.unsqueeze(h, 1)"},
    ),
    (
        "flax_port_cnn",
        "ok_swapaxes",
        "clean",
        {"cast": "x.float()", "exp": "h.swapaxes(0, 1)[None].swapaxes(0, 2).swapaxes(1, 2)"},
    ),
    (
        "flax_port_cnn",
        "astype",
        "numpy_method",
        {"cast": "x.astype(torch.float32)", "exp": "torch.unsqueeze(h, 1)"},
    ),
    (
        "flax_port_cnn",
        "np_transpose",
        "numpy_method",
        {"cast": "x.float()", "exp": "h.transpose(0, 2, 1, 3)[:, None]"},
    ),
    (
        "flax_port_cnn",
        "expand_dims",
        "numpy_method",
        {"cast": "x.float()", "exp": "torch.expand_dims(h, 1)"},
    ),
    ("optional_time_embed_unet", "ok", "clean", {"tadd": _TADD_OK}),
    (
        "optional_time_embed_unet",
        "none_used",
        "none_operand",
        {"tadd": "h = h + self.temb(t)[:, :, None, None]"},
    ),
    (
        "attention_optional_bias",
        "ok",
        "clean",
        {"bias": "scores if bias is None else scores + bias"},
    ),
    ("attention_optional_bias", "none_added", "none_operand", {"bias": "scores + bias"}),
    ("head_view_size_concat", "ok", "clean", {"tail": "(self.h, -1)"}),
    ("head_view_size_concat", "ok_size", "clean", {"tail": "torch.Size([self.h, 8])"}),
    (
        "head_view_size_concat",
        "list_tail_sized",
        "size_plus_list",
        {"tail": "[self.h, 32 // self.h]"},
    ),
    ("head_view_size_concat", "list_tail", "size_plus_list", {"tail": "[self.h, -1]"}),
    ("token_mask_ratio", "ok", "clean", {"frac": _FRAC_OK}),
    ("token_mask_ratio", "ok_sum", "clean", {"frac": "mask.sum(1, keepdim=True) / x.shape[1]"}),
    ("token_mask_ratio", "bool_mean", "reduce_int_dtype", {"frac": "mask.mean(1, keepdim=True)"}),
    ("token_mask_ratio", "long_std", "reduce_int_dtype", {"frac": "x.std(1, keepdim=True)"}),
    (
        "quantized_code_onehot",
        "ok",
        "clean",
        {"ids": "torch.round(torch.sigmoid(h) * (self.V - 1)).long()"},
    ),
    (
        "quantized_code_onehot",
        "ok_bucket",
        "clean",
        {"ids": "(torch.sigmoid(h) * self.V).long().clamp(max=self.V - 1)"},
    ),
    (
        "quantized_code_onehot",
        "float_ids",
        "one_hot_dtype",
        {"ids": "torch.round(torch.sigmoid(h) * (self.V - 1))"},
    ),
    ("position_prior_softmax", "ok", "clean", {"w": "F.softmax(pos.float(), -1)"}),
    ("position_prior_softmax", "ok_sigmoid", "clean", {"w": "torch.sigmoid(pos - T / 2)"}),
    (
        "position_prior_softmax",
        "long_softmax",
        "float_kernel_int_dtype",
        {"w": "F.softmax(pos, -1)"},
    ),
    (
        "position_prior_softmax",
        "long_gelu",
        "float_kernel_int_dtype",
        {"w": "F.gelu(pos - T // 2)"},
    ),
    ("hourglass_stage_index", "ok", "clean", {"n": "self.depth"}),
    ("hourglass_stage_index", "ok_len", "clean", {"n": "len(self.down)"}),
    ("hourglass_stage_index", "off_by_one", "modulelist_index_range", {"n": "self.depth + 1"}),
    ("named_expert_dict", "ok", "clean", {"key": '"mlp"'}),
    ("named_expert_dict", "case_key", "moduledict_key_missing", {"key": '"MLP"'}),
    ("named_expert_dict", "missing_key", "moduledict_key_missing", {"key": '"ffn"'}),
    ("functional_conv_stride_cfg", "ok", "clean", {"s": "(2, 2)"}),
    ("functional_conv_stride_cfg", "ok_int", "clean", {"s": "2"}),
    ("functional_conv_stride_cfg", "stride3", "op_arg_length", {"s": "(1, 2, 2)"}),
    ("video_to_image_pool", "ok", "clean", {"k": "(2, 2)"}),
    ("video_to_image_pool", "float_kernel", "pool_float_kernel", {"k": "16 / 8"}),
    ("video_to_image_pool", "kernel3", "op_arg_length", {"k": "(1, 2, 2)"}),
    ("tied_embedding_padding", "ok", "clean", {"p": "0"}),
    ("tied_embedding_padding", "ok_last", "clean", {"p": "self.V - 1"}),
    ("tied_embedding_padding", "neg_past", "functional_padding_idx", {"p": "-self.V - 1"}),
    ("tied_embedding_padding", "past_table", "functional_padding_idx", {"p": "self.V"}),
    ("functional_layernorm_mlp", "ok", "clean", {"shape": "(self.d,)"}),
    ("functional_layernorm_mlp", "ok_shape_slice", "clean", {"shape": "x.shape[-1:]"}),
    ("functional_layernorm_mlp", "int_shape", "layer_norm_int_shape", {"shape": "self.d"}),
    ("frame_unfold_audio", "ok", "clean", {"win": 16, "hop": 8}),
    ("frame_unfold_audio", "ok_whole", "clean", {"win": 40, "hop": 40}),
    ("frame_unfold_audio", "win_too_long", "unfold_window", {"win": 48, "hop": 8}),
    ("keypoint_score_where", "ok", "clean", {"kept": "torch.where(s > 0, s, torch.zeros_like(s))"}),
    (
        "keypoint_score_where",
        "nonzero_tuple",
        "where_single_arg",
        {"kept": "torch.nonzero(s > 0, as_tuple=True)"},
    ),
    ("keypoint_score_where", "one_arg", "where_single_arg", {"kept": "torch.where(s > 0)"}),
    ("chunked_time_encoder", "ok", "clean", {"r": "x.shape[1] // self.c"}),
    ("chunked_time_encoder", "true_div", "range_float", {"r": "x.shape[1] / self.c"}),
    ("moe_topk_gates", "ok", "clean", {"g": "top.values"}),
    ("moe_topk_gates", "ok_index", "clean", {"g": "top[0]"}),
    ("moe_topk_gates", "tuple", "return_tuple", {"g": "top"}),
    ("frame_max_pool_tagger", "ok", "clean", {"mx": "h.max(-1).values"}),
    ("frame_max_pool_tagger", "ok_amax", "clean", {"mx": "h.amax(-1)"}),
    ("frame_max_pool_tagger", "tuple", "return_tuple", {"mx": "torch.max(h, -1)"}),
    ("dataclass_patchify_vit", "ok", "clean", {"p": 4}),
    ("dataclass_patchify_vit", "ok_p8", "clean", {"p": 8}),
    ("dataclass_patchify_vit", "p5", "reshape_numel", {"p": 5}),
    ("multiscale_fusion_head", "ok", "clean", {"inw": "3 * c"}),
    ("multiscale_fusion_head", "last_only", "cat_linear", {"inw": "c"}),
    ("lora_adapter_linear", "ok", "clean", {"rb": "r"}),
    ("lora_adapter_linear", "rank_d", "matmul", {"rb": "d"}),
    ("graph_einsum_attention", "ok", "clean", {"spec": '"bnd,bmd->bnm"'}),
    ("graph_einsum_attention", "k_transposed", "einsum", {"spec": '"bnd,bdm->bnm"'}),
    ("builder_stage_widths", "ok", "clean", {"stem": 16}),
    ("builder_stage_widths", "stem32", "conv_in_channels", {"stem": 32}),
    ("functional_groupnorm_block", "ok", "clean", {"g": 8}),
    ("functional_groupnorm_block", "ok_g6", "clean", {"g": 6}),
    ("functional_groupnorm_block", "g16", "norm_groups", {"g": 16}),
    ("esrgan_upsampler", "ok", "clean", {"r2": "r"}),
    ("esrgan_upsampler", "r3", "pixel_shuffle", {"r2": 3}),
    ("partial_rotary_block", "ok", "clean", {"fd": "rot"}),
    ("partial_rotary_block", "full_dim", "rope_dims", {"fd": "d"}),
    ("gpt_fused_qkv_heads", "ok", "clean", {"h": 6}),
    ("gpt_fused_qkv_heads", "ok_h4", "clean", {"h": 4}),
    ("gpt_fused_qkv_heads", "h5", "head_split", {"h": 5}),
    ("tiny_unet_odd_input", "ok", "clean", {"shape": "(1, 1, 20, 20)"}),
    ("tiny_unet_odd_input", "h18", "unet_skip", {"shape": "(1, 1, 18, 18)"}),
    ("pool_depth_sweep", "ok", "clean", {"n": 3}),
    ("pool_depth_sweep", "ok_4", "clean", {"n": 4}),
    ("pool_depth_sweep", "n5", "pool_too_small", {"n": 5}),
    ("swiglu_split_mlp", "ok", "clean", {"sizes": "self.hidden"}),
    ("swiglu_split_mlp", "ok_list", "clean", {"sizes": "[self.hidden, self.hidden]"}),
    ("swiglu_split_mlp", "wrong_list", "split_sizes", {"sizes": "[self.hidden, 2 * self.hidden]"}),
    ("learned_pos_table", "ok", "clean", {"pos": "self.pos[:, : x.shape[1]]"}),
    ("learned_pos_table", "whole_table", "broadcast_add", {"pos": "self.pos"}),
    ("lenet_flatten_head", "ok", "clean", {"f": "16 * 4 * 4"}),
    ("lenet_flatten_head", "cifar_size", "flatten_linear", {"f": "16 * 5 * 5"}),
    ("fixed_causal_mask", "ok", "clean", {"n": "x.shape[1]"}),
    ("fixed_causal_mask", "max_len", "attn_mask", {"n": "self.max_len"}),
    ("last_token_gather", "ok", "clean", {"e": "h.shape[-1]"}),
    ("last_token_gather", "wide", "gather_index", {"e": "2 * h.shape[-1]"}),
    ("bucketized_value_embed", "ok", "clean", {"ids": "torch.bucketize(x, self.bounds)"}),
    (
        "bucketized_value_embed",
        "floor_float",
        "index_dtype",
        {"ids": "(x * 2 + 4).floor().clamp(0, 7)"},
    ),
    ("mel_conv_frontend", "ok", "clean", {"t": "x.transpose(1, 2)"}),
    ("mel_conv_frontend", "ok_permute", "clean", {"t": "x.permute(0, 2, 1)"}),
    ("mel_conv_frontend", "batch_swap", "transpose_dims", {"t": "x.transpose(0, 1)"}),
    ("logsumexp_pool_head", "ok", "clean", {"pool": "s.logsumexp(1)"}),
    ("logsumexp_pool_head", "ok_softmax", "clean", {"pool": "(torch.softmax(s, 1) * s).sum(1)"}),
    ("logsumexp_pool_head", "no_dim", "missing_required_arg", {"pool": "s.logsumexp()"}),
    (
        "logsumexp_pool_head",
        "softmax_no_dim",
        "missing_required_arg",
        {"pool": "(torch.softmax(s) * s).sum(1)"},
    ),
    ("mixer_token_mlp", "ok", "clean", {"n": 16}),
    ("mixer_token_mlp", "n8", "linear_in_features", {"n": 8}),
    ("einops_patch_embed", "ok", "clean", {"p": 4}),
    ("einops_patch_embed", "ok_p2", "clean", {"p": 2}),
    ("einops_patch_embed", "p3", "einops_axes", {"p": 3}),
    ("functional_grouped_conv", "ok", "clean", {"g": "4"}),
    ("functional_grouped_conv", "g2", "conv_groups", {"g": "2"}),
    ("custom_rmsnorm_block", "ok", "clean", {"nd": "d"}),
    ("custom_rmsnorm_block", "ok_last", "clean", {"nd": "1"}),
    ("custom_rmsnorm_block", "double", "norm_shape", {"nd": "2 * d"}),
    ("seq2seq_memory_layers", "ok", "clean", {"i": "i"}),
    ("seq2seq_memory_layers", "ok_last", "clean", {"i": "-1"}),
    ("seq2seq_memory_layers", "off_by_one", "list_index", {"i": "i + 1"}),
    ("diffusion_sinusoid_long", "ok", "clean", {"ang": "t[:, None].float() * freqs[None]"}),
    ("diffusion_sinusoid_long", "ok_promote", "clean", {"ang": "t[:, None] * freqs[None]"}),
    # sin / cos of an integer tensor promote to float: no error
    (
        "diffusion_sinusoid_long",
        "ok_int_freqs",
        "clean",
        {"ang": "t[:, None] * torch.arange(half)[None]"},
    ),
    (
        "diffusion_sinusoid_long",
        "inplace_mul",
        "inplace_dtype_cast",
        {"ang": "t[:, None].repeat(1, half).mul_(freqs[None])"},
    ),
    ("detection_anchor_scores", "ok", "clean", {"k": "self.K"}),
    ("detection_anchor_scores", "anchors", "concat_dim", {"k": "self.A"}),
    ("gnn_mean_aggregate", "ok", "clean", {"deg": "adj.sum(-1, keepdim=True)"}),
    ("gnn_mean_aggregate", "ok_float", "clean", {"deg": "adj.float().mean(-1, keepdim=True)"}),
    (
        "gnn_mean_aggregate",
        "bool_deg",
        "reduce_int_dtype",
        {"deg": "(adj > 0).mean(-1, keepdim=True)"},
    ),
    ("ssm_scan_dims", "ok", "clean", {"spec": '"bdn,bn->bd"'}),
    ("ssm_scan_dims", "wrong_out", "einsum", {"spec": '"bdn,bd->bn"'}),
    ("contrastive_proj_norm", "ok", "clean", {"z": "F.normalize(self.proj(x), dim=-1)"}),
    ("contrastive_proj_norm", "axis", "numpy_kwarg", {"z": "F.normalize(self.proj(x), axis=-1)"}),
    ("voxel_to_bev_pool", "ok", "clean", {"cin": "8 * 8"}),
    ("voxel_to_bev_pool", "channels_only", "conv_in_channels", {"cin": 8}),
]

# templates that are whole small models (several module classes, stacks, or three or more torch
# module classes), not one layer
WHOLE_MODELS = (
    "convnext_float_pad",
    "audio_hop_pool",
    "spatial_pyramid_head",
    "grid_pool_classifier",
    "wavenet_causal_pad",
    "jax_port_attention",
    "flax_port_cnn",
    "optional_time_embed_unet",
    "attention_optional_bias",
    "head_view_size_concat",
    "hourglass_stage_index",
    "named_expert_dict",
    "video_to_image_pool",
    "functional_layernorm_mlp",
    "moe_topk_gates",
    "dataclass_patchify_vit",
    "multiscale_fusion_head",
    "lora_adapter_linear",
    "builder_stage_widths",
    "esrgan_upsampler",
    "gpt_fused_qkv_heads",
    "tiny_unet_odd_input",
    "pool_depth_sweep",
    "learned_pos_table",
    "lenet_flatten_head",
    "mixer_token_mlp",
    "custom_rmsnorm_block",
    "seq2seq_memory_layers",
    "detection_anchor_scores",
    "gnn_mean_aggregate",
    "ssm_scan_dims",
    "voxel_to_bev_pool",
)
