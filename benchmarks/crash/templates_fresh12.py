"""A twelfth fresh batch of crash cases (session 21, split ``fresh12``), written blind: the
analyzer was never run on them while they were written, and the forward-shape rules' source was
not read. The new classes are everyday Python / torch API slips of user code: ``1 - mask`` or
``-mask`` on a bool mask, a ``torch`` function called on a Python number (``torch.log(10000.0)``),
``torch.cat(a, b)`` without a sequence, a ``torch.Size`` passed as one element of a size list
(``x.view(b, x.shape[1:])``), a slice assignment whose source does not fit the slice, a
single-dim op (``max``, ``argmax``, ``cumsum``, ``softmax``) given a tuple of dims, attention whose
values have another length than its keys, ``torch.func.vmap`` over arguments of different batch
size, ``view(dtype)`` of a wider dtype on a last dim it does not divide, ``torch.clamp`` with
both bounds ``None``, ``torch.finfo`` of an integer dtype, ``zip(..., strict=True)`` over lists of
different lengths, a bidirectional RNN's doubled width read as one direction's, and a negative
``F.pad`` that crops past the size. Two classes written for it turned out not to crash in torch
2.13 and were relabelled from torch's verdict before the batch was committed: ``F.scaled_dot_
product_attention`` with both ``attn_mask`` and ``is_causal=True`` runs (now a clean trap), and
two ellipses in one index (``g[..., None, ...]``) index without error (the case crashes later,
in a broadcast, and is labelled so); SDPA with values of another length than its keys also runs
on the CPU, so that class is written with explicit ``q @ k.T`` attention and ``nn.
MultiheadAttention``. Familiar classes (reshape, cat then linear, matmul, bmm, einsum, conv channels, group norm,
pixel shuffle, rotary dims, heads, KV heads, U-Net skips, pooling to zero, split sizes,
broadcast, flatten then linear, causal mask buffers, position tables, transposed dims, einops,
norm shapes) are written as realistic user bugs: an off-by-one in a computed size, a config
field changed in one place only, a refactor that swapped two dims, a wrong assumption about a
library layer's output shape. Same format as ``templates.py``; every case name starts ``f12_``.
Whether a case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("bool_mask_pool_encoder", "(2, 12)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=16, d=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.score = nn.Linear(d, 1)
        self.out = nn.Linear(d, 4)

    def forward(self, ids):
        mask = ids != 0
        h = self.emb(ids)
        s = self.score(h).squeeze(-1) + {neg}
        w = s.softmax(-1).unsqueeze(-1)
        return self.out((w * h).sum(1))
"""
)

template("bert_ext_mask", "(2, 10)", "tokens")(
    """
class Layer(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))
        self.n1, self.n2 = nn.LayerNorm(d), nn.LayerNorm(d)

    def forward(self, x, bias):
        a, _ = self.attn(x, x, x, attn_mask=bias)
        x = self.n1(x + a)
        return self.n2(x + self.ff(x))


class Net(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        self.heads = heads
        self.emb = nn.Embedding(8, d)
        self.layers = nn.ModuleList([Layer(d, heads) for _ in range(2)])

    def forward(self, ids):
        keep = ids > 0
        bias = {ext}
        bias = bias[:, None, None, :].expand(-1, self.heads, ids.shape[1], -1)
        bias = bias.reshape(-1, ids.shape[1], ids.shape[1])
        h = self.emb(ids)
        for layer in self.layers:
            h = layer(h, bias)
        return h[:, 0]
"""
)

template("ddpm_time_mlp", "(3,)")(
    """
import math


class TimeEmbed(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.dim = dim
        self.mlp = nn.Sequential(nn.Linear(dim, 64), nn.SiLU(), nn.Linear(64, 64))

    def forward(self, t):
        half = {half}
        freqs = torch.exp({logterm} * torch.arange(half, dtype=torch.float32) / half)
        args = t[:, None] * freqs[None]
        return self.mlp(torch.cat([args.sin(), args.cos()], -1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.temb = TimeEmbed()
        self.head = nn.Linear(64, 8)

    def forward(self, t):
        return self.head(self.temb(t))
"""
)

template("scaled_dot_scale", "(2, 6, 32)")(
    """
import math


class Net(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        self.h, self.dh = heads, d // heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.h, self.dh).permute(2, 0, 3, 1, 4)
        att = (q @ k.transpose(-2, -1)) / {scale}
        y = att.softmax(-1) @ v
        return self.proj(y.transpose(1, 2).reshape(b, n, d))
"""
)

template("feature_fusion_cat", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rgb = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.edge = nn.Sequential(nn.Conv2d(3, 8, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear({w}, 5)

    def forward(self, x):
        a = self.rgb(x).flatten(1)
        b = self.edge(x).flatten(1)
        return self.fc({cat})
"""
)

template("gru_tagger_concat", "(2, 9)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=10, d=16, h=24):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.char = nn.Embedding(vocab, 8)
        self.rnn = nn.GRU(d + 8, h, batch_first=True, bidirectional={bi})
        self.tag = nn.Linear({tw}, 7)

    def forward(self, ids):
        e = {cat}
        out, _ = self.rnn(e)
        return self.tag(out)
"""
)

template("patch_grid_restore", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=48, p=4):
        super().__init__()
        self.p = p
        self.embed = nn.Conv2d(3, d, p, stride=p)
        self.mix = nn.TransformerEncoderLayer(d, 4, 96, batch_first=True)
        self.head = nn.Conv2d(d, 2, 1)

    def forward(self, x):
        b = x.shape[0]
        t = self.embed(x).flatten(2).transpose(1, 2)
        t = self.mix(t)
        g = {g}
        return self.head(t.transpose(1, 2).reshape({rs}))
"""
)

template("token_buffer_write", "(2, 6, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, n_reg=4):
        super().__init__()
        self.n_reg = n_reg
        self.reg = nn.Parameter(torch.zeros(1, n_reg, d))
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.block = nn.TransformerEncoderLayer(d, 2, 32, batch_first=True)
        self.out = nn.Linear(d, 3)

    def forward(self, x):
        b, n, d = x.shape
        buf = x.new_zeros(b, 1 + self.n_reg + n, d)
        buf[:, :1] = self.cls.expand(b, -1, -1)
        buf[:, 1 : 1 + self.n_reg] = self.reg.expand(b, -1, -1)
        buf[:, {lo}:] = x
        return self.out(self.block(buf)[:, 0])
"""
)

template("kv_cache_fill", "(2, 5, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, heads=4, max_len=8):
        super().__init__()
        self.h, self.dh = heads, d // heads
        self.qkv = nn.Linear(d, 3 * d)
        self.register_buffer("k_cache", torch.zeros(2, heads, max_len, d // heads))
        self.register_buffer("v_cache", torch.zeros(2, heads, max_len, d // heads))
        self.o = nn.Linear(d, d)

    def forward(self, x, pos=2):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h, self.dh).unbind(2)
        q, k, v = (z.transpose(1, 2) for z in (q, k, v))
        self.k_cache[:, :, pos : {end}] = k
        self.v_cache[:, :, pos : pos + t] = v
        keys, vals = self.k_cache[:, :, : pos + t], self.v_cache[:, :, : pos + t]
        y = F.scaled_dot_product_attention(q, keys, vals)
        return self.o(y.transpose(1, 2).reshape(b, t, d))
"""
)

template("saliency_spatial_max", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 16, 3, padding=1)
        )
        self.fc = nn.Linear(16, 4)

    def forward(self, x):
        h = self.body(x)
        pooled = {pool}
        return self.fc(pooled)
"""
)

template("heatmap_keypoint_argmax", "(2, 8, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self, k=5):
        super().__init__()
        self.head = nn.Sequential(nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, k, 1))

    def forward(self, x):
        hm = self.head(x)
        b, k, h, w = hm.shape
        flat = hm.flatten(2)
        idx = {am}
        ys, xs = idx // w, idx % w
        return torch.stack([xs, ys], -1).float()
"""
)

template("cumulative_area_softmax", "(2, 4, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)
        self.norm = nn.GroupNorm(2, 4)

    def forward(self, x):
        h = self.norm(self.conv(x))
        p = {sm}
        return p.sum((2, 3))
"""
)

template("cross_attn_decoder", "(2, 7, 32)")(
    """
class CrossAttn(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.h = heads
        self.q = nn.Linear(d, d)
        self.kv = nn.Linear(d, 2 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x, mem):
        b, n, d = x.shape
        q = self.q(x).view(b, n, self.h, -1).transpose(1, 2)
        k, _ = self.kv(mem).chunk(2, -1)
        _, v = self.kv({vsrc}).chunk(2, -1)
        k = k.view(b, k.shape[1], self.h, -1).transpose(1, 2)
        v = v.view(b, v.shape[1], self.h, -1).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * q.shape[-1] ** -0.5
        y = att.softmax(-1) @ v
        return self.o(y.transpose(1, 2).reshape(b, n, d))


class Net(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.mem = nn.Parameter(torch.randn(1, 5, d))
        self.blocks = nn.ModuleList([CrossAttn(d, 4) for _ in range(2)])

    def forward(self, x):
        mem = self.mem.expand(x.shape[0], -1, -1)
        for blk in self.blocks:
            x = x + blk(x, mem)
        return x
"""
)

template("perceiver_latents_mha", "(2, 10, 24)")(
    """
class Net(nn.Module):
    def __init__(self, d=24, n_lat=6):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(n_lat, d))
        self.cross = nn.MultiheadAttention(d, 4, batch_first=True)
        self.self_attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.out = nn.Linear(d, 3)

    def forward(self, x):
        lat = self.latents.unsqueeze(0).expand(x.shape[0], -1, -1)
        lat = lat + self.cross(lat, x, {val})[0]
        lat = lat + self.self_attn(lat, lat, lat)[0]
        return self.out(lat.mean(1))
"""
)

template("vmap_pairwise_energy", "(4, 6)")(
    """
from torch.func import vmap


class Net(nn.Module):
    def __init__(self, d=6, n_anchor=4):
        super().__init__()
        self.anchors = nn.Parameter(torch.randn({na}, d))
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        def energy(a, b):
            return ((self.proj(a) - b) ** 2).sum()

        return vmap(energy)(x, self.anchors)
"""
)

template("jax_port_ensemble", "(3, 8)")(
    """
from torch.func import functional_call, stack_module_state, vmap


class Member(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1, self.l2 = nn.Linear(8, 16), nn.Linear(16, 2)

    def forward(self, x):
        return self.l2(torch.tanh(self.l1(x)))


class Net(nn.Module):
    def __init__(self, n=3):
        super().__init__()
        self.members = nn.ModuleList([Member() for _ in range(n)])
        self.n = n

    def forward(self, x):
        params, bufs = stack_module_state(list(self.members))
        base = Member().to("meta")

        def run(p, b, xi):
            return functional_call(base, (p, b), (xi,))

        xs = {xs}
        return vmap(run)(params, bufs, xs)
"""
)

template("codebook_unpack", "(2, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, codes=16):
        super().__init__()
        self.proj = nn.Linear(d, d)
        self.book = nn.Embedding(codes, d)

    def forward(self, x):
        h = self.proj(x)
        dist = torch.cdist(h.flatten(0, 1), self.book.weight)
        ids = dist.argmin(-1).to(torch.uint8).view(x.shape[0], -1)
        packed = ids[:, :{n}].contiguous().view(torch.int32)
        return self.book((packed & 15).long()).sum(1)
"""
)

template("logit_clip_head", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, lo={lo}, hi={hi}):
        super().__init__()
        self.lo, self.hi = lo, hi
        self.net = nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, 5))

    def forward(self, x):
        return torch.clamp(self.net(x), min=self.lo, max=self.hi)
"""
)

template("span_mask_fill", "(2, 9)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=6, d=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.start = nn.Linear(d, 1)

    def forward(self, ids):
        logits = self.start(self.emb(ids)).squeeze(-1)
        neg = torch.finfo({src}.dtype).min
        return logits.masked_fill(ids == 0, neg).log_softmax(-1)
"""
)

template("decoder_skip_zip", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, chs=(8, 16, 32)):
        super().__init__()
        self.downs = nn.ModuleList()
        c = 3
        for ch in chs:
            self.downs.append(nn.Sequential(nn.Conv2d(c, ch, 3, padding=1), nn.ReLU()))
            c = ch
        self.ups = nn.ModuleList(
            [nn.ConvTranspose2d(a, b, 2, stride=2) for a, b in zip(chs[::-1], {up_to})]
        )
        self.out = nn.Conv2d(chs[0], 1, 1)

    def forward(self, x):
        skips = []
        for i, d in enumerate(self.downs):
            x = d(x)
            if i < len(self.downs) - 1:
                skips.append(x)
                x = F.max_pool2d(x, 2)
        for up, s in zip(self.ups, reversed(skips), strict=True):
            x = up(x) + s
        return self.out(x)
"""
)

template("multi_scale_heads_zip", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, strides={strides}, n_cls=4):
        super().__init__()
        self.stages = nn.ModuleList(
            [nn.Conv2d(3 if i == 0 else 16, 16, 3, stride=2, padding=1) for i in range(3)]
        )
        self.heads = nn.ModuleList([nn.Conv2d(16, n_cls, 1) for _ in strides])

    def forward(self, x):
        feats = []
        for st in self.stages:
            x = st(x)
            feats.append(x)
        outs = [h(f).flatten(2) for h, f in zip(self.heads, feats, strict=True)]
        return torch.cat(outs, -1)
"""
)

template("bilstm_classifier", "(2, 11)", "tokens")(
    """
class Encoder(nn.Module):
    def __init__(self, vocab, d, h):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.lstm = nn.LSTM(d, h, num_layers=2, batch_first=True, bidirectional=True)

    def forward(self, ids):
        out, (hn, _) = self.lstm(self.emb(ids))
        return out, hn


class Net(nn.Module):
    def __init__(self, vocab=12, d=16, h=20):
        super().__init__()
        self.enc = Encoder(vocab, d, h)
        self.cls = nn.Linear({w}, 3)

    def forward(self, ids):
        out, hn = self.enc(ids)
        feat = {feat}
        return self.cls(feat)
"""
)

template("causal_sdpa_padmask", "(2, 8, 32)")(
    """
class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        self.ln = nn.LayerNorm(d)

    def forward(self, x, pad):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln(x)).view(b, t, 3, self.h, -1).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v, {args})
        return x + self.o(y.transpose(1, 2).reshape(b, t, d))


class Net(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.blocks = nn.ModuleList([Block(d, 4) for _ in range(2)])

    def forward(self, x):
        t = x.shape[1]
        causal = torch.ones(t, t, dtype=torch.bool).tril()
        pad = torch.ones(x.shape[0], 1, 1, t, dtype=torch.bool)
        for blk in self.blocks:
            x = blk(x, pad & causal)
        return x
"""
)

template("broadcast_index_helper", "(2, 4, 6, 6)")(
    """
class Net(nn.Module):
    def __init__(self, c=4):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(c))
        self.conv = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x):
        h = self.conv(x)
        g = self.gamma{idx}
        return h * g
"""
)

template("unet_crop_skip", "(1, 1, 44, 44)")(
    """
class DoubleConv(nn.Sequential):
    def __init__(self, a, b):
        super().__init__(nn.Conv2d(a, b, 3), nn.ReLU(), nn.Conv2d(b, b, 3), nn.ReLU())


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.d1 = DoubleConv(1, 8)
        self.d2 = DoubleConv(8, 16)
        self.up = nn.ConvTranspose2d(16, 8, 2, stride=2)
        self.u1 = DoubleConv(16, 8)
        self.out = nn.Conv2d(8, 2, 1)

    def forward(self, x):
        s = self.d1(x)
        h = self.up(self.d2(F.max_pool2d(s, 2)))
        diff = {diff}
        s = F.pad(s, [-(diff // 2), -(diff - diff // 2)] * 2)
        return self.out(self.u1(torch.cat([s, h], 1)))
"""
)

template("audio_frame_crop", "(2, 1, 40)")(
    """
class Net(nn.Module):
    def __init__(self, trim={trim}):
        super().__init__()
        self.trim = trim
        self.enc = nn.Sequential(nn.Conv1d(1, 8, 5, stride=2), nn.ReLU(), nn.Conv1d(8, 8, 5, stride=2))
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        h = self.enc(x)
        h = F.pad(h, (-self.trim, -self.trim))
        return self.out(h.mean(-1))
"""
)

# ---- familiar classes in new styles ----

template("vit_posemb_resize", "(2, 3, {img}, {img})")(
    """
class Net(nn.Module):
    def __init__(self, img=32, p=8, d=32):
        super().__init__()
        self.patch = nn.Conv2d(3, d, p, stride=p)
        self.pos = nn.Parameter(torch.zeros(1, (img // p) ** 2 + 1, d))
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 64, batch_first=True), 2)
        self.head = nn.Linear(d, 10)

    def forward(self, x):
        t = self.patch(x).flatten(2).transpose(1, 2)
        t = torch.cat([self.cls.expand(t.shape[0], -1, -1), t], 1) + self.pos
        return self.head(self.enc(t)[:, 0])
"""
)

template("nanogpt_block_size", "(2, {t})", "tokens")(
    """
class Attn(nn.Module):
    def __init__(self, d, heads, block):
        super().__init__()
        self.h = heads
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)
        self.register_buffer("bias", torch.tril(torch.ones(block, block)).view(1, 1, block, block))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(C, dim=2)
        q, k, v = (z.view(B, T, self.h, C // self.h).transpose(1, 2) for z in (q, k, v))
        att = (q @ k.transpose(-2, -1)) * (k.size(-1) ** -0.5)
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float("-inf"))
        return self.c_proj((att.softmax(-1) @ v).transpose(1, 2).contiguous().view(B, T, C))


class Net(nn.Module):
    def __init__(self, vocab=4, d=32, block=8):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding({wpe}, d)
        self.attn = nn.ModuleList([Attn(d, 4, block) for _ in range(2)])
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        pos = torch.arange(idx.shape[1])
        x = self.wte(idx) + self.wpe(pos)
        for a in self.attn:
            x = x + a(x)
        return self.lm_head(x)
"""
)

template("llama_gqa_repeat", "(2, 6, 64)")(
    """
class Attention(nn.Module):
    def __init__(self, dim=64, n_heads=8, n_kv_heads={kv}):
        super().__init__()
        self.n_heads, self.n_kv = n_heads, n_kv_heads
        self.hd = dim // n_heads
        self.wq = nn.Linear(dim, n_heads * self.hd, bias=False)
        self.wk = nn.Linear(dim, n_kv_heads * self.hd, bias=False)
        self.wv = nn.Linear(dim, n_kv_heads * self.hd, bias=False)
        self.wo = nn.Linear(n_heads * self.hd, dim, bias=False)

    def forward(self, x):
        b, s, _ = x.shape
        q = self.wq(x).view(b, s, self.n_heads, self.hd).transpose(1, 2)
        k = self.wk(x).view(b, s, self.n_kv, self.hd).transpose(1, 2)
        v = self.wv(x).view(b, s, self.n_kv, self.hd).transpose(1, 2)
        rep = {rep}
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(b, s, -1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Attention() for _ in range(2)])
        self.norm = nn.RMSNorm(64)

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(self.norm(x))
        return x
"""
)

template("rope_partial_rotary", "(2, 6, 48)")(
    """
def rotate_half(x):
    a, b = x.chunk(2, -1)
    return torch.cat([-b, a], -1)


class Net(nn.Module):
    def __init__(self, d=48, heads=4, rot_frac={frac}):
        super().__init__()
        self.h, self.hd = heads, d // heads
        self.rot = {rot}
        inv = 1.0 / (10000 ** (torch.arange(0, self.rot, 2).float() / self.rot))
        self.register_buffer("inv_freq", inv)
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h, self.hd).unbind(2)
        ang = torch.outer(torch.arange(t).float(), self.inv_freq)
        cos, sin = torch.cat([ang, ang], -1).cos()[:, None], torch.cat([ang, ang], -1).sin()[:, None]
        qr, qp = q[..., : self.rot], q[..., self.rot :]
        kr, kp = k[..., : self.rot], k[..., self.rot :]
        q = torch.cat([qr * cos + rotate_half(qr) * sin, qp], -1)
        k = torch.cat([kr * cos + rotate_half(kr) * sin, kp], -1)
        y = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2))
        return self.o(y.transpose(1, 2).reshape(b, t, d))
"""
)

template("resnet_bottleneck_expansion", "(2, 3, 32, 32)")(
    """
class Bottleneck(nn.Module):
    expansion = {exp}

    def __init__(self, cin, mid, stride=1):
        super().__init__()
        cout = mid * 4
        self.c1 = nn.Conv2d(cin, mid, 1, bias=False)
        self.c2 = nn.Conv2d(mid, mid, 3, stride, 1, bias=False)
        self.c3 = nn.Conv2d(mid, cout, 1, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.short = nn.Sequential()
        if stride != 1 or cin != cout:
            self.short = nn.Conv2d(cin, cout, 1, stride, bias=False)

    def forward(self, x):
        return F.relu(self.bn(self.c3(F.relu(self.c2(F.relu(self.c1(x)))))) + self.short(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 16, 3, padding=1)
        layers, cin = [], 16
        for mid, stride in [(8, 1), (16, 2)]:
            layers.append(Bottleneck(cin, mid, stride))
            cin = mid * Bottleneck.expansion
        self.layers = nn.Sequential(*layers)
        self.fc = nn.Linear(cin, 10)

    def forward(self, x):
        return self.fc(self.layers(self.stem(x)).mean((2, 3)))
"""
)

template("efficient_se_reduce", "(2, 24, 8, 8)")(
    """
class SqueezeExcite(nn.Module):
    def __init__(self, c, rd):
        super().__init__()
        self.reduce = nn.Conv2d(c, rd, 1)
        self.expand = nn.Conv2d({rd_in}, c, 1)

    def forward(self, x):
        s = x.mean((2, 3), keepdim=True)
        return x * torch.sigmoid(self.expand(F.silu(self.reduce(s))))


class Net(nn.Module):
    def __init__(self, c=24, se_ratio=0.25):
        super().__init__()
        rd = max(1, int(c * se_ratio))
        self.dw = nn.Conv2d(c, c, 3, padding=1, groups=c)
        self.se = SqueezeExcite(c, rd)
        self.pw = nn.Conv2d(c, 16, 1)

    def forward(self, x):
        return self.pw(self.se(F.silu(self.dw(x))))
"""
)

template("groupnorm_width_mult", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, width_mult={wm}, groups=8):
        super().__init__()
        c = int(32 * width_mult)
        self.groups = groups
        self.conv1 = nn.Conv2d(3, c, 3, padding=1)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
        self.fc = nn.Linear(c, 6)

    def forward(self, x):
        x = F.silu(F.group_norm(self.conv1(x), self.groups))
        x = F.silu(F.group_norm(self.conv2(x), self.groups))
        return self.fc(x.mean((2, 3)))
"""
)

template("espcn_upscale", "(1, 1, 12, 12)")(
    """
class Net(nn.Module):
    def __init__(self, scale={scale}, colors=1):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(colors, 32, 5, padding=2), nn.Tanh(),
            nn.Conv2d(32, 16, 3, padding=1), nn.Tanh(),
            nn.Conv2d(16, colors * {r} ** 2, 3, padding=1),
        )
        self.shuffle = nn.PixelShuffle(scale)

    def forward(self, x):
        up = F.interpolate(x, scale_factor=self.shuffle.upscale_factor, mode="nearest")
        return self.shuffle(self.body(x)) + up
"""
)

template("swin_window_merge", "(2, {hw}, {hw}, 16)")(
    """
class PatchMerge(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.norm = nn.LayerNorm(4 * c)
        self.red = nn.Linear(4 * c, 2 * c, bias=False)

    def forward(self, x):
        x0, x1 = x[:, 0::2, 0::2], x[:, 1::2, 0::2]
        x2, x3 = x[:, 0::2, 1::2], x[:, 1::2, 1::2]
        return self.red(self.norm(torch.cat([x0, x1, x2, x3], -1)))


class Net(nn.Module):
    def __init__(self, c=16, ws=4):
        super().__init__()
        self.ws = ws
        self.attn = nn.MultiheadAttention(c, 2, batch_first=True)
        self.merge = PatchMerge(c)

    def forward(self, x):
        b, h, w, c = x.shape
        ws = self.ws
        win = x.view(b, h // ws, ws, w // ws, ws, c).permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, c)
        win = win + self.attn(win, win, win)[0]
        x = win.view(b, h // ws, w // ws, ws, ws, c).permute(0, 1, 3, 2, 4, 5).reshape(b, h, w, c)
        return self.merge(x)
"""
)

template("mixer_token_mlp", "(2, 3, 32, 32)")(
    """
class MixerBlock(nn.Module):
    def __init__(self, n_tok, d):
        super().__init__()
        self.n1, self.n2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.tok = nn.Sequential(nn.Linear(n_tok, 2 * n_tok), nn.GELU(), nn.Linear(2 * n_tok, n_tok))
        self.ch = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        x = x + self.tok(self.n1(x){tr1}){tr2}
        return x + self.ch(self.n2(x))


class Net(nn.Module):
    def __init__(self, img=32, p=8, d=24):
        super().__init__()
        self.stem = nn.Conv2d(3, d, p, stride=p)
        self.blocks = nn.Sequential(*[MixerBlock((img // p) ** 2, d) for _ in range(2)])
        self.head = nn.Linear(d, 5)

    def forward(self, x):
        t = self.stem(x).flatten(2).transpose(1, 2)
        return self.head(self.blocks(t).mean(1))
"""
)

template("gcn_dense_adj", "(6, 10)")(
    """
class GraphConv(nn.Module):
    def __init__(self, a, b):
        super().__init__()
        self.lin = nn.Linear(a, b)

    def forward(self, x, adj):
        return adj @ self.lin(x)


class Net(nn.Module):
    def __init__(self, n_nodes=6, feat=10):
        super().__init__()
        self.register_buffer("adj", torch.eye({n}) + torch.ones({n}, {n}) / {n})
        self.g1, self.g2 = GraphConv(feat, 16), GraphConv(16, 4)

    def forward(self, x):
        return self.g2(F.relu(self.g1(x, self.adj)), self.adj)
"""
)

template("graph_attention_edges", "(5, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, heads=2, hid=6):
        super().__init__()
        self.h, self.hid = heads, hid
        self.W = nn.Linear(d, heads * hid, bias=False)
        self.a_src = nn.Parameter(torch.randn(heads, hid))
        self.a_dst = nn.Parameter(torch.randn(heads, {ahid}))
        self.register_buffer("edges", torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]]))

    def forward(self, x):
        h = self.W(x).view(-1, self.h, self.hid)
        src, dst = self.edges
        e = (h[src] * self.a_src).sum(-1) + (h[dst] * self.a_dst).sum(-1)
        w = torch.zeros(x.shape[0], self.h).index_add_(0, dst, e.exp())
        msg = h[src] * (e.exp() / w[dst]).unsqueeze(-1)
        out = torch.zeros_like(h).index_add_(0, dst, msg)
        return out.flatten(1)
"""
)

template("moe_topk_dispatch", "(10, 16)")(
    """
class Expert(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.w1, self.w2 = nn.Linear(d, f), nn.Linear(f, d)

    def forward(self, x):
        return self.w2(F.gelu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, d=16, n_exp=4, k=2):
        super().__init__()
        self.k = k
        self.router = nn.Linear(d, {n_route})
        self.experts = nn.ModuleList([Expert(d, 32) for _ in range(n_exp)])

    def forward(self, x):
        w, idx = self.router(x).softmax(-1).topk(self.k, -1)
        out = torch.zeros_like(x)
        for slot in range(self.k):
            for e in idx[:, slot].unique().tolist():
                sel = idx[:, slot] == e
                out[sel] += w[sel, slot, None] * self.experts[e](x[sel])
        return out
"""
)

template("mamba_like_scan", "(2, 8, 16)")(
    """
class SSMBlock(nn.Module):
    def __init__(self, d, state=4, expand=2):
        super().__init__()
        di = d * expand
        self.di, self.state = di, state
        self.in_proj = nn.Linear(d, 2 * di)
        self.conv = nn.Conv1d(di, di, 4, padding=3, groups=di)
        self.x_proj = nn.Linear(di, {xp})
        self.A = nn.Parameter(-torch.rand(di, state))
        self.out = nn.Linear(di, d)

    def forward(self, x):
        L = x.shape[1]
        u, z = self.in_proj(x).chunk(2, -1)
        u = F.silu(self.conv(u.transpose(1, 2))[..., :L].transpose(1, 2))
        dt, B, C = self.x_proj(u).split([1, self.state, self.state], -1)
        h = torch.zeros(x.shape[0], self.di, self.state)
        ys = []
        for t in range(L):
            h = h * torch.exp(F.softplus(dt[:, t, :, None]) * self.A) + u[:, t, :, None] * B[:, t, None]
            ys.append((h * C[:, t, None]).sum(-1))
        return self.out(torch.stack(ys, 1) * F.silu(z))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([SSMBlock(16) for _ in range(2)])

    def forward(self, x):
        for b in self.blocks:
            x = x + b(x)
        return x
"""
)

template("fpn_lateral_add", "(1, 3, {s}, {s})")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c2 = nn.Conv2d(3, 16, 3, stride=2, padding=1)
        self.c3 = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.c4 = nn.Conv2d(32, 64, 3, stride=2, padding=1)
        self.lat = nn.ModuleList([nn.Conv2d(c, 16, 1) for c in (16, 32, 64)])

    def forward(self, x):
        f2 = self.c2(x)
        f3 = self.c3(f2)
        f4 = self.c4(f3)
        p4 = self.lat[2](f4)
        p3 = self.lat[1](f3) + F.interpolate(p4, scale_factor=2.0)
        p2 = self.lat[0](f2) + F.interpolate(p3, scale_factor=2.0)
        return p2.mean((2, 3))
"""
)

template("seq2seq_bridge", "(2, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=5, d=16, enc_h=24, dec_h={dec_h}):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.enc = nn.GRU(d, enc_h, batch_first=True)
        self.bridge = nn.Linear(enc_h, {bridge_out})
        self.dec = nn.GRU(d, dec_h, batch_first=True)
        self.out = nn.Linear(dec_h, vocab)

    def forward(self, src):
        _, h = self.enc(self.emb(src))
        h0 = torch.tanh(self.bridge(h))
        y, _ = self.dec(self.emb(src), h0)
        return self.out(y)
"""
)

template("conformer_conv_module", "(2, 10, 32)")(
    """
class ConvModule(nn.Module):
    def __init__(self, d, k=7):
        super().__init__()
        self.pw1 = nn.Conv1d(d, 2 * d, 1)
        self.dw = nn.Conv1d(d, d, k, padding=k // 2, groups=d)
        self.bn = nn.BatchNorm1d(d)
        self.pw2 = nn.Conv1d(d, d, 1)

    def forward(self, x):
        h = F.glu(self.pw1({lay}), dim=1)
        h = self.pw2(F.silu(self.bn(self.dw(h))))
        return x + h.transpose(1, 2)


class Net(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 4 * d), nn.SiLU(), nn.Linear(4 * d, d))
        self.conv = ConvModule(d)

    def forward(self, x):
        return self.conv(x + 0.5 * self.ff(x))
"""
)

template("einops_space_to_depth", "(2, 3, {s}, {s})")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, f=4):
        super().__init__()
        self.f = f
        self.proj = nn.Linear(3 * f * f, 32)
        self.norm = nn.LayerNorm(32)

    def forward(self, x):
        t = rearrange(x, "b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=self.f, p2=self.f)
        return self.norm(self.proj(t)).mean(1)
"""
)

template("layerscale_norm_dim", "(2, 9, 40)")(
    """
class Block(nn.Module):
    def __init__(self, dim, mlp_dim, init=1e-5):
        super().__init__()
        self.norm = nn.LayerNorm({nd})
        self.mlp = nn.Sequential(nn.Linear(dim, mlp_dim), nn.GELU(), nn.Linear(mlp_dim, dim))
        self.gamma = nn.Parameter(init * torch.ones(dim))

    def forward(self, x):
        return x + self.gamma * self.mlp(self.norm(x))


class Net(nn.Module):
    def __init__(self, dim=40, mlp_dim=80, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim, mlp_dim) for _ in range(depth)])

    def forward(self, x):
        return self.blocks(x)
"""
)

template("cnn_flatten_config", "(2, 1, {s}, {s})")(
    """
class Net(nn.Module):
    def __init__(self, img=28):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3), nn.ReLU(), nn.MaxPool2d(2),
        )
        side = ((img - 2) // 2 - 2) // 2
        self.classifier = nn.Linear(16 * side * side, 10)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))
"""
)

template("wavenet_stack_pool", "(2, 1, {n})")(
    """
class Net(nn.Module):
    def __init__(self, c=8, layers=4):
        super().__init__()
        self.inp = nn.Conv1d(1, c, 1)
        self.stack = nn.ModuleList([nn.Conv1d(c, c, 2, dilation=2 ** i) for i in range(layers)])
        self.pool = nn.MaxPool1d(4)
        self.out = nn.Linear(c, 3)

    def forward(self, x):
        h = self.inp(x)
        for conv in self.stack:
            h = torch.tanh(conv(h))
        return self.out(self.pool(h).mean(-1))
"""
)

template("video_tubelet_embed", "(1, 3, {t}, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, frames=8, tub=2, p=4, d=32):
        super().__init__()
        self.n = (frames // tub) * (16 // p) ** 2
        self.embed = nn.Conv3d(3, d, (tub, p, p), stride=(tub, p, p))
        self.pos = nn.Parameter(torch.zeros(1, self.n, d))
        self.head = nn.Linear(d, 4)

    def forward(self, x):
        t = self.embed(x).flatten(2).transpose(1, 2) + self.pos
        return self.head(t.mean(1))
"""
)

template("bmm_set_attention", "(2, 5, 12)")(
    """
class Net(nn.Module):
    def __init__(self, d=12, n_seeds=3):
        super().__init__()
        self.seeds = nn.Parameter(torch.randn(n_seeds, d))
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)

    def forward(self, x):
        s = self.seeds.unsqueeze(0).expand(x.shape[0], -1, -1)
        att = torch.bmm(s, self.k(x).transpose(1, 2)).softmax(-1)
        return torch.bmm({bm})
"""
)

template("dit_adaln_modulate", "(2, 9, 24)")(
    """
def modulate(x, shift, scale):
    return x * (1 + scale{un}) + shift{un}


class Net(nn.Module):
    def __init__(self, d=24):
        super().__init__()
        self.norm = nn.LayerNorm(d, elementwise_affine=False)
        self.ada = nn.Sequential(nn.SiLU(), nn.Linear(d, {n_mod} * d))
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.c = nn.Parameter(torch.randn(2, d))

    def forward(self, x):
        shift, scale, gate = self.ada(self.c).chunk(3, dim=1)
        return x + gate.unsqueeze(1) * self.mlp(modulate(self.norm(x), shift, scale))
"""
)

template("detr_query_head", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, d=32, n_q=5, n_cls=3):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, d, 4, stride=4), nn.ReLU())
        self.query = nn.Embedding(n_q, d)
        self.dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(d, 4, 64, batch_first={bf}), 1)
        self.cls = nn.Linear(d, n_cls + 1)
        self.box = nn.Linear(d, 4)

    def forward(self, x):
        mem = self.backbone(x).flatten(2).permute({perm})
        q = self.query.weight.unsqueeze(0).repeat(x.shape[0], 1, 1)
        h = self.dec(q, mem)
        return torch.cat([self.cls(h), self.box(h).sigmoid()], -1)
"""
)

VARIANTS = [
    ("bool_mask_pool_encoder", "ok", "clean", {"neg": "(1.0 - mask.float()) * -1e4"}),
    ("bool_mask_pool_encoder", "ok_invert", "clean", {"neg": "(~mask) * -1e4"}),
    ("bool_mask_pool_encoder", "one_minus_bool", "bool_subtract", {"neg": "(1 - mask) * -1e4"}),
    ("bool_mask_pool_encoder", "neg_bool", "bool_subtract", {"neg": "-mask * 1e4"}),
    ("bert_ext_mask", "ok", "clean", {"ext": "(1.0 - keep.float()) * -10000.0"}),
    ("bert_ext_mask", "ok_where", "clean", {"ext": "torch.where(keep, 0.0, -1e4)"}),
    ("bert_ext_mask", "bool_sub", "bool_subtract", {"ext": "(1 - keep) * -10000.0"}),
    ("ddpm_time_mlp", "ok", "clean", {"half": "self.dim // 2", "logterm": "-math.log(10000.0)"}),
    (
        "ddpm_time_mlp",
        "ok_tensor_log",
        "clean",
        {"half": "self.dim // 2", "logterm": "-torch.log(torch.tensor(10000.0))"},
    ),
    (
        "ddpm_time_mlp",
        "torch_log_float",
        "torch_fn_on_number",
        {"half": "self.dim // 2", "logterm": "-torch.log(10000.0)"},
    ),
    (
        "ddpm_time_mlp",
        "half_minus_one",
        "cat_linear",
        {"half": "self.dim // 2 - 1", "logterm": "-math.log(10000.0)"},
    ),
    ("scaled_dot_scale", "ok", "clean", {"scale": "math.sqrt(self.dh)"}),
    ("scaled_dot_scale", "ok_pow", "clean", {"scale": "self.dh ** 0.5"}),
    ("scaled_dot_scale", "torch_sqrt_int", "torch_fn_on_number", {"scale": "torch.sqrt(self.dh)"}),
    ("feature_fusion_cat", "ok", "clean", {"w": 24, "cat": "torch.cat([a, b], 1)"}),
    ("feature_fusion_cat", "ok_tuple", "clean", {"w": 24, "cat": "torch.cat((a, b), dim=1)"}),
    ("feature_fusion_cat", "no_list", "cat_args_not_sequence", {"w": 24, "cat": "torch.cat(a, b)"}),
    ("feature_fusion_cat", "width_16", "cat_linear", {"w": 16, "cat": "torch.cat([a, b], 1)"}),
    (
        "gru_tagger_concat",
        "ok",
        "clean",
        {"bi": True, "tw": 48, "cat": "torch.cat([self.emb(ids), self.char(ids)], -1)"},
    ),
    (
        "gru_tagger_concat",
        "ok_uni",
        "clean",
        {"bi": False, "tw": 24, "cat": "torch.cat([self.emb(ids), self.char(ids)], -1)"},
    ),
    (
        "gru_tagger_concat",
        "stack_pair",
        "cat_args_not_sequence",
        {"bi": True, "tw": 48, "cat": "torch.cat(self.emb(ids), self.char(ids), -1)"},
    ),
    (
        "gru_tagger_concat",
        "bi_width",
        "rnn_bidirectional_width",
        {"bi": True, "tw": 24, "cat": "torch.cat([self.emb(ids), self.char(ids)], -1)"},
    ),
    ("patch_grid_restore", "ok", "clean", {"g": "8", "rs": "b, -1, g, g"}),
    ("patch_grid_restore", "ok_unpacked", "clean", {"g": "8", "rs": "b, t.shape[2], g, g"}),
    ("patch_grid_restore", "size_nested", "size_arg_nested", {"g": "(8, 8)", "rs": "b, -1, g"}),
    (
        "patch_grid_restore",
        "shape_tail",
        "size_arg_nested",
        {"g": "x.shape[2:]", "rs": "b, -1, torch.Size([s // self.p for s in g])"},
    ),
    (
        "patch_grid_restore",
        "grid_off",
        "reshape_numel",
        {"g": "x.shape[-1] // self.p + 1", "rs": "b, -1, g, g"},
    ),
    ("token_buffer_write", "ok", "clean", {"lo": "1 + self.n_reg"}),
    ("token_buffer_write", "off_by_one", "slice_assign_shape", {"lo": "self.n_reg"}),
    ("token_buffer_write", "cls_forgot", "slice_assign_shape", {"lo": "2 + self.n_reg"}),
    ("kv_cache_fill", "ok", "clean", {"end": "pos + t"}),
    ("kv_cache_fill", "end_plus_one", "slice_assign_shape", {"end": "pos + t + 1"}),
    ("kv_cache_fill", "end_t", "slice_assign_shape", {"end": "t"}),
    ("saliency_spatial_max", "ok_amax", "clean", {"pool": "h.amax(dim=(2, 3))"}),
    ("saliency_spatial_max", "ok_flatten", "clean", {"pool": "h.flatten(2).max(-1).values"}),
    ("saliency_spatial_max", "max_tuple", "reduce_tuple_dim", {"pool": "h.max(dim=(2, 3)).values"}),
    (
        "saliency_spatial_max",
        "torch_max_tuple",
        "reduce_tuple_dim",
        {"pool": "torch.max(h, (2, 3))[0]"},
    ),
    ("heatmap_keypoint_argmax", "ok", "clean", {"am": "flat.argmax(-1)"}),
    (
        "heatmap_keypoint_argmax",
        "argmax_tuple",
        "reduce_tuple_dim",
        {"am": "hm.argmax(dim=(2, 3))"},
    ),
    ("cumulative_area_softmax", "ok", "clean", {"sm": "h.flatten(2).softmax(-1).view_as(h)"}),
    (
        "cumulative_area_softmax",
        "softmax_tuple",
        "reduce_tuple_dim",
        {"sm": "F.softmax(h, dim=(2, 3))"},
    ),
    ("cumulative_area_softmax", "cumsum_tuple", "reduce_tuple_dim", {"sm": "h.cumsum(dim=(2, 3))"}),
    ("cross_attn_decoder", "ok", "clean", {"vsrc": "mem"}),
    ("cross_attn_decoder", "v_from_x", "attention_kv_len", {"vsrc": "x"}),
    ("perceiver_latents_mha", "ok", "clean", {"val": "x"}),
    ("perceiver_latents_mha", "value_latent", "attention_kv_len", {"val": "lat"}),
    ("vmap_pairwise_energy", "ok", "clean", {"na": "n_anchor"}),
    ("vmap_pairwise_energy", "anchors_off", "vmap_batch_size", {"na": "n_anchor + 1"}),
    ("vmap_pairwise_energy", "anchors_double", "vmap_batch_size", {"na": "2 * n_anchor"}),
    ("jax_port_ensemble", "ok", "clean", {"xs": "x"}),
    ("jax_port_ensemble", "ok_expand", "clean", {"xs": "x[:1].expand(self.n, -1)"}),
    ("jax_port_ensemble", "batch_not_members", "vmap_batch_size", {"xs": "x[:2]"}),
    ("codebook_unpack", "ok", "clean", {"n": "4"}),
    ("codebook_unpack", "ok_eight", "clean", {"n": "8"}),
    ("codebook_unpack", "n_three", "view_dtype_last_dim", {"n": "3"}),
    ("codebook_unpack", "n_six", "view_dtype_last_dim", {"n": "6"}),
    ("logit_clip_head", "ok", "clean", {"lo": "-10.0", "hi": "10.0"}),
    ("logit_clip_head", "ok_lo_only", "clean", {"lo": "-10.0", "hi": "None"}),
    ("logit_clip_head", "both_none", "clamp_no_bounds", {"lo": "None", "hi": "None"}),
    ("span_mask_fill", "ok", "clean", {"src": "logits"}),
    ("span_mask_fill", "ids_dtype", "finfo_int_dtype", {"src": "ids"}),
    ("decoder_skip_zip", "ok", "clean", {"up_to": "chs[::-1][1:]"}),
    ("decoder_skip_zip", "ok_explicit", "clean", {"up_to": "(16, 8)"}),
    ("decoder_skip_zip", "extra_up", "zip_strict_length", {"up_to": "chs[::-1][1:] + (4,)"}),
    ("multi_scale_heads_zip", "ok", "clean", {"strides": "(2, 4, 8)"}),
    ("multi_scale_heads_zip", "four_strides", "zip_strict_length", {"strides": "(2, 4, 8, 16)"}),
    ("multi_scale_heads_zip", "two_strides", "zip_strict_length", {"strides": "(4, 8)"}),
    ("bilstm_classifier", "ok_last", "clean", {"w": "2 * h", "feat": "out[:, -1]"}),
    (
        "bilstm_classifier",
        "ok_hn",
        "clean",
        {"w": "2 * h", "feat": "torch.cat([hn[-2], hn[-1]], -1)"},
    ),
    ("bilstm_classifier", "out_h", "rnn_bidirectional_width", {"w": "h", "feat": "out[:, -1]"}),
    ("bilstm_classifier", "ok_hn_last", "clean", {"w": "h", "feat": "hn[-1]"}),
    ("causal_sdpa_padmask", "ok_mask", "clean", {"args": "attn_mask=pad"}),
    ("causal_sdpa_padmask", "ok_causal", "clean", {"args": "is_causal=True"}),
    ("causal_sdpa_padmask", "ok_both", "clean", {"args": "attn_mask=pad, is_causal=True"}),
    ("causal_sdpa_padmask", "mask_heads", "attn_mask", {"args": "attn_mask=pad[:, :, :, :-1]"}),
    ("broadcast_index_helper", "ok", "clean", {"idx": "[None, :, None, None]"}),
    ("broadcast_index_helper", "ok_view", "clean", {"idx": ".view(1, -1, 1, 1)"}),
    ("broadcast_index_helper", "two_ellipsis", "broadcast_add", {"idx": "[..., None, ...]"}),
    ("unet_crop_skip", "ok", "clean", {"diff": "s.shape[-1] - h.shape[-1]"}),
    ("unet_crop_skip", "swapped", "unet_skip", {"diff": "h.shape[-1] - s.shape[-1]"}),
    ("unet_crop_skip", "over_crop", "pad_negative_crop", {"diff": "s.shape[-1] + h.shape[-1]"}),
    ("audio_frame_crop", "ok", "clean", {"trim": 1}),
    ("audio_frame_crop", "ok_to_one", "clean", {"trim": 3}),
    ("audio_frame_crop", "trim_six", "pad_negative_crop", {"trim": 6}),
    ("audio_frame_crop", "trim_all", "pad_negative_crop", {"trim": 4}),
    ("vit_posemb_resize", "ok", "clean", {"img": 32}),
    ("vit_posemb_resize", "img_40", "broadcast_add", {"img": 40}),
    ("vit_posemb_resize", "img_24", "broadcast_add", {"img": 24}),
    ("nanogpt_block_size", "ok", "clean", {"t": 8, "wpe": "block"}),
    ("nanogpt_block_size", "ok_short", "clean", {"t": 5, "wpe": "block"}),
    ("nanogpt_block_size", "ctx_10", "causal_mask_past", {"t": 10, "wpe": "16"}),
    ("nanogpt_block_size", "wpe_short", "index_range", {"t": 8, "wpe": "block - 1"}),
    ("llama_gqa_repeat", "ok", "clean", {"kv": 2, "rep": "self.n_heads // self.n_kv"}),
    ("llama_gqa_repeat", "ok_mha", "clean", {"kv": 8, "rep": "self.n_heads // self.n_kv"}),
    ("llama_gqa_repeat", "rep_hardcoded", "kv_heads", {"kv": 2, "rep": "2"}),
    ("llama_gqa_repeat", "kv_3", "kv_heads", {"kv": 3, "rep": "self.n_heads // self.n_kv"}),
    ("rope_partial_rotary", "ok", "clean", {"frac": "0.5", "rot": "int(self.hd * rot_frac)"}),
    ("rope_partial_rotary", "ok_full", "clean", {"frac": "1.0", "rot": "int(self.hd * rot_frac)"}),
    (
        "rope_partial_rotary",
        "rot_odd",
        "rope_dims",
        {"frac": "0.25", "rot": "int(self.hd * rot_frac)"},
    ),
    ("rope_partial_rotary", "rot_from_d", "rope_dims", {"frac": "0.5", "rot": "int(d * rot_frac)"}),
    ("resnet_bottleneck_expansion", "ok", "clean", {"exp": 4}),
    ("resnet_bottleneck_expansion", "exp_2", "conv_in_channels", {"exp": 2}),
    ("efficient_se_reduce", "ok", "clean", {"rd_in": "rd"}),
    ("efficient_se_reduce", "rd_from_c", "conv_in_channels", {"rd_in": "c // 4 + 1"}),
    ("efficient_se_reduce", "ok_rd_c", "clean", {"rd_in": "c // 4"}),
    ("groupnorm_width_mult", "ok", "clean", {"wm": "1.0"}),
    ("groupnorm_width_mult", "ok_half", "clean", {"wm": "0.5"}),
    ("groupnorm_width_mult", "ok_075", "clean", {"wm": "0.75"}),
    ("groupnorm_width_mult", "wm_03", "norm_groups", {"wm": "0.3"}),
    ("groupnorm_width_mult", "wm_0625", "norm_groups", {"wm": "0.625"}),
    ("espcn_upscale", "ok", "clean", {"scale": 3, "r": "scale"}),
    ("espcn_upscale", "ok_2", "clean", {"scale": 2, "r": "scale"}),
    ("espcn_upscale", "r_fixed", "pixel_shuffle", {"scale": 3, "r": "2"}),
    ("swin_window_merge", "ok", "clean", {"hw": 8}),
    ("swin_window_merge", "hw_10", "window_partition", {"hw": 10}),
    ("swin_window_merge", "ok_16", "clean", {"hw": 16}),
    ("mixer_token_mlp", "ok", "clean", {"tr1": ".transpose(1, 2)", "tr2": ".transpose(1, 2)"}),
    ("mixer_token_mlp", "no_transpose", "transpose_dims", {"tr1": "", "tr2": ""}),
    ("mixer_token_mlp", "back_missing", "broadcast_add", {"tr1": ".transpose(1, 2)", "tr2": ""}),
    ("gcn_dense_adj", "ok", "clean", {"n": "n_nodes"}),
    ("gcn_dense_adj", "n_plus_one", "matmul", {"n": "n_nodes + 1"}),
    ("graph_attention_edges", "ok", "clean", {"ahid": "hid"}),
    ("graph_attention_edges", "ahid_d", "broadcast_add", {"ahid": "d"}),
    ("moe_topk_dispatch", "ok", "clean", {"n_route": "n_exp"}),
    ("moe_topk_dispatch", "route_more", "modulelist_index_range", {"n_route": "2 * n_exp"}),
    ("mamba_like_scan", "ok", "clean", {"xp": "1 + 2 * state"}),
    ("mamba_like_scan", "xp_dt_rank", "split_sizes", {"xp": "2 + 2 * state"}),
    ("fpn_lateral_add", "ok", "clean", {"s": 32}),
    ("fpn_lateral_add", "s_36", "broadcast_add", {"s": 36}),
    ("fpn_lateral_add", "ok_64", "clean", {"s": 64}),
    ("fpn_lateral_add", "s_30", "broadcast_add", {"s": 30}),
    ("seq2seq_bridge", "ok", "clean", {"dec_h": 32, "bridge_out": "dec_h"}),
    ("seq2seq_bridge", "bridge_enc", "rnn_hidden", {"dec_h": 32, "bridge_out": "enc_h"}),
    ("seq2seq_bridge", "ok_same", "clean", {"dec_h": 24, "bridge_out": "enc_h"}),
    ("conformer_conv_module", "ok", "clean", {"lay": "x.transpose(1, 2)"}),
    ("conformer_conv_module", "no_transpose", "conv_in_channels", {"lay": "x"}),
    ("einops_space_to_depth", "ok", "clean", {"s": 16}),
    ("einops_space_to_depth", "s_18", "einops_axes", {"s": 18}),
    ("einops_space_to_depth", "ok_32", "clean", {"s": 32}),
    ("layerscale_norm_dim", "ok", "clean", {"nd": "dim"}),
    ("layerscale_norm_dim", "norm_mlp", "norm_shape", {"nd": "mlp_dim"}),
    ("cnn_flatten_config", "ok", "clean", {"s": 28}),
    ("cnn_flatten_config", "s_32", "flatten_linear", {"s": 32}),
    ("cnn_flatten_config", "ok_29", "clean", {"s": 29}),
    ("wavenet_stack_pool", "ok", "clean", {"n": 40}),
    ("wavenet_stack_pool", "n_12", "conv_kernel_size", {"n": 12}),
    ("wavenet_stack_pool", "n_18", "pool_too_small", {"n": 18}),
    ("video_tubelet_embed", "ok", "clean", {"t": 8}),
    ("video_tubelet_embed", "t_9", "clean", {"t": 9}),
    ("video_tubelet_embed", "t_6", "broadcast_add", {"t": 6}),
    ("bmm_set_attention", "ok", "clean", {"bm": "att, self.v(x)"}),
    ("bmm_set_attention", "swapped", "bmm", {"bm": "self.v(x), att"}),
    ("bmm_set_attention", "v_transposed", "bmm", {"bm": "att, self.v(x).transpose(1, 2)"}),
    ("dit_adaln_modulate", "ok", "clean", {"un": ".unsqueeze(1)", "n_mod": 3}),
    ("dit_adaln_modulate", "no_unsqueeze", "broadcast_add", {"un": "", "n_mod": 3}),
    ("dit_adaln_modulate", "n_mod_6", "broadcast_add", {"un": ".unsqueeze(1)", "n_mod": 6}),
    ("detr_query_head", "ok", "clean", {"bf": True, "perm": "0, 2, 1"}),
    ("detr_query_head", "perm_seq_first", "transpose_dims", {"bf": True, "perm": "2, 0, 1"}),
]

WHOLE_MODELS = (
    "bool_mask_pool_encoder",
    "bert_ext_mask",
    "ddpm_time_mlp",
    "feature_fusion_cat",
    "gru_tagger_concat",
    "patch_grid_restore",
    "token_buffer_write",
    "saliency_spatial_max",
    "cross_attn_decoder",
    "perceiver_latents_mha",
    "jax_port_ensemble",
    "decoder_skip_zip",
    "multi_scale_heads_zip",
    "bilstm_classifier",
    "causal_sdpa_padmask",
    "unet_crop_skip",
    "audio_frame_crop",
    "vit_posemb_resize",
    "nanogpt_block_size",
    "llama_gqa_repeat",
    "resnet_bottleneck_expansion",
    "efficient_se_reduce",
    "groupnorm_width_mult",
    "espcn_upscale",
    "swin_window_merge",
    "mixer_token_mlp",
    "moe_topk_dispatch",
    "mamba_like_scan",
    "fpn_lateral_add",
    "seq2seq_bridge",
    "conformer_conv_module",
    "layerscale_norm_dim",
    "cnn_flatten_config",
    "wavenet_stack_pool",
    "detr_query_head",
)
