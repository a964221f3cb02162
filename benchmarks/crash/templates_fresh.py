"""A fresh batch of crash cases, held out by construction (session 9): defects inside code in the
style of the wild model libraries (einops patterns, U-Net skips joined by ``torch.cat``, conv
stride/padding arithmetic feeding a later ``view``, grouped-query attention with ``repeat_kv``,
MoE routing, rotary embeddings, pixel shuffle, cross-attention, a Mamba-style block). They were
written, their verdict built in torch, and run through ``check`` once; the analyzer was not
tuned on them. Same format as ``templates.py``; every case name starts ``f_``.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


template("einops_tokens_to_map", "(2, 64, 16)")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, dim=16, h={h}):
        super().__init__()
        self.h = h
        self.proj = nn.Conv2d(dim, dim, 3, padding=1)

    def forward(self, x):
        x = rearrange(x, "b (h w) c -> b c h w", h=self.h)
        x = self.proj(x)
        return rearrange(x, "b c h w -> b (h w) c")
"""
)

template("unet_cat_skip", "(1, 3, 32, 32)")(
    """
class Block(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(4, cout), nn.SiLU()
        )

    def forward(self, x):
        return self.conv(x)


class Net(nn.Module):
    def __init__(self, chans=(16, 32, 64)):
        super().__init__()
        self.inc = Block(3, chans[0])
        self.down1 = Block(chans[0], chans[1])
        self.down2 = Block(chans[1], chans[2])
        self.pool = nn.MaxPool2d(2)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.dec2 = Block(chans[2] + {skip2}, chans[1])
        self.dec1 = Block(chans[1] + chans[0], chans[0])
        self.out = nn.Conv2d(chans[0], 3, 1)

    def forward(self, x):
        x1 = self.inc(x)
        x2 = self.down1(self.pool(x1))
        x3 = self.down2(self.pool(x2))
        y = self.dec2(torch.cat([self.up(x3), x2], dim=1))
        y = self.dec1(torch.cat([self.up(y), x1], dim=1))
        return self.out(y)
"""
)

template("conv_arith_view", "(2, 1, 28, 28)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, kernel_size=5, stride={stride}, padding={pad}),
            nn.ReLU(),
            nn.Conv2d(8, 16, kernel_size=3, stride=2, padding=1),
            nn.ReLU(),
        )
        self.fc = nn.Linear(16 * 7 * 7, 10)

    def forward(self, x):
        x = self.features(x)
        x = x.view(x.size(0), 16 * 7 * 7)
        return self.fc(x)
"""
)

template("gqa_repeat_kv", "(2, 8)", "tokens")(
    """
import math


def repeat_kv(x, n_rep):
    bs, slen, n_kv_heads, head_dim = x.shape
    if n_rep == 1:
        return x
    return (
        x[:, :, :, None, :]
        .expand(bs, slen, n_kv_heads, n_rep, head_dim)
        .reshape(bs, slen, n_kv_heads * n_rep, head_dim)
    )


class Attention(nn.Module):
    def __init__(self, dim, n_heads, n_kv_heads):
        super().__init__()
        self.n_heads = n_heads
        self.n_kv_heads = n_kv_heads
        self.n_rep = n_heads // n_kv_heads
        self.head_dim = dim // n_heads
        self.wq = nn.Linear(dim, n_heads * self.head_dim, bias=False)
        self.wk = nn.Linear(dim, n_kv_heads * self.head_dim, bias=False)
        self.wv = nn.Linear(dim, n_kv_heads * self.head_dim, bias=False)
        self.wo = nn.Linear(n_heads * self.head_dim, dim, bias=False)

    def forward(self, x):
        bsz, seqlen, _ = x.shape
        xq = self.wq(x).view(bsz, seqlen, self.n_heads, self.head_dim)
        xk = self.wk(x).view(bsz, seqlen, self.n_kv_heads, self.head_dim)
        xv = self.wv(x).view(bsz, seqlen, self.n_kv_heads, self.head_dim)
        keys = repeat_kv(xk, self.n_rep)
        values = repeat_kv(xv, self.n_rep)
        xq, keys, values = xq.transpose(1, 2), keys.transpose(1, 2), values.transpose(1, 2)
        scores = torch.matmul(xq, keys.transpose(2, 3)) / math.sqrt(self.head_dim)
        scores = F.softmax(scores.float(), dim=-1).type_as(xq)
        out = torch.matmul(scores, values)
        out = out.transpose(1, 2).contiguous().view(bsz, seqlen, -1)
        return self.wo(out)


class Net(nn.Module):
    def __init__(self, vocab=64, dim={dim}):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.attn = Attention(dim, n_heads={nh}, n_kv_heads={nkv})
        self.out = nn.Linear(dim, vocab, bias=False)

    def forward(self, tokens):
        h = self.tok(tokens)
        h = h + self.attn(h)
        return self.out(h)
"""
)

template("moe_topk", "(2, 8, 32)")(
    """
class Expert(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden)
        self.w2 = nn.Linear({w2in}, dim)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, dim=32, hidden=64, num_experts={ne}, top_k={k}):
        super().__init__()
        self.top_k = top_k
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList([Expert(dim, hidden) for _ in range(num_experts)])

    def forward(self, x):
        b, t, d = x.shape
        x = x.view(-1, d)
        logits = self.gate(x)
        weights, idx = torch.topk(logits, self.top_k, dim=-1)
        weights = F.softmax(weights, dim=-1)
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts):
            rows, slot = torch.where(idx == i)
            if rows.numel() == 0:
                continue
            out[rows] += weights[rows, slot, None] * expert(x[rows])
        return out.view(b, t, d)
"""
)

template("rope", "(2, 8, 32)")(
    """
def precompute_freqs(dim, end, theta=10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2).float() / dim))
    t = torch.arange(end).float()
    freqs = torch.outer(t, freqs)
    return torch.cos(freqs), torch.sin(freqs)


def apply_rotary(x, cos, sin):
    x1, x2 = x[..., 0::2], x[..., 1::2]
    return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)


class Net(nn.Module):
    def __init__(self, dim=32, n_heads=4, max_len=16):
        super().__init__()
        self.n_heads = n_heads
        self.head_dim = dim // n_heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        cos, sin = precompute_freqs({rope_dim}, max_len)
        self.register_buffer("cos", cos, persistent=False)
        self.register_buffer("sin", sin, persistent=False)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=-1)
        q = q.view(B, T, self.n_heads, self.head_dim).transpose(1, 2)
        k = k.view(B, T, self.n_heads, self.head_dim).transpose(1, 2)
        v = v.view(B, T, self.n_heads, self.head_dim).transpose(1, 2)
        cos, sin = self.cos[:T], self.sin[:T]
        q, k = apply_rotary(q, cos, sin), apply_rotary(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(B, T, C))
"""
)

template("pixel_shuffle_up", "(1, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, feats=16, scale=2):
        super().__init__()
        self.head = nn.Conv2d(3, feats, 3, padding=1)
        self.up = nn.Sequential(
            nn.Conv2d(feats, {cup}, 3, padding=1),
            nn.PixelShuffle(scale),
        )
        self.tail = nn.Conv2d(feats, 3, 3, padding=1)

    def forward(self, x):
        return self.tail(self.up(self.head(x)))
"""
)

template("cross_attn", "(2, 16, 32)")(
    """
from einops import rearrange


class CrossAttention(nn.Module):
    def __init__(self, query_dim, context_dim, heads=4, dim_head=8):
        super().__init__()
        inner = heads * dim_head
        self.heads = heads
        self.scale = dim_head**-0.5
        self.to_q = nn.Linear(query_dim, inner, bias=False)
        self.to_k = nn.Linear(context_dim, inner, bias=False)
        self.to_v = nn.Linear(context_dim, inner, bias=False)
        self.to_out = nn.Linear(inner, query_dim)

    def forward(self, x, context):
        h = self.heads
        q, k, v = self.to_q(x), self.to_k(context), self.to_v(context)
        q, k, v = (rearrange(t, "b n (h d) -> b h n d", h=h) for t in (q, k, v))
        sim = torch.einsum("b h i d, b h j d -> b h i j", q, k) * self.scale
        out = torch.einsum("b h i j, b h j d -> b h i d", sim.softmax(dim=-1), v)
        return self.to_out(rearrange(out, "b h n d -> b n (h d)"))


class Net(nn.Module):
    def __init__(self, dim=32, cond_dim=24, cond_len=5):
        super().__init__()
        self.cond = nn.Parameter(torch.randn(1, cond_len, cond_dim))
        self.attn = CrossAttention(dim, {ctx})

    def forward(self, x):
        return x + self.attn(x, self.cond.expand(x.shape[0], -1, -1))
"""
)

template("mamba_block", "(2, 8, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d_model=16, expand=2, d_conv=4):
        super().__init__()
        self.d_inner = expand * d_model
        self.in_proj = nn.Linear(d_model, self.d_inner * 2)
        self.conv1d = nn.Conv1d(
            {conv_ch}, {conv_ch}, kernel_size=d_conv, groups={conv_ch}, padding=d_conv - 1
        )
        self.out_proj = nn.Linear(self.d_inner, d_model)

    def forward(self, x):
        b, l, d = x.shape
        xz = self.in_proj(x)
        x, z = xz.chunk(2, dim=-1)
        x = x.transpose(1, 2)
        x = self.conv1d(x)[:, :, :l]
        x = F.silu(x.transpose(1, 2))
        return self.out_proj(x * F.silu(z))
"""
)

template("patch_embed_pos", "(2, 3, 32, 32)")(
    """
class Net(nn.Module):
    def __init__(self, img=32, patch={patch}, dim=24, n_pos=16):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, kernel_size=patch, stride=patch)
        self.pos = nn.Parameter(torch.zeros(1, n_pos, dim))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, 10)

    def forward(self, x):
        x = self.proj(x).flatten(2).transpose(1, 2)
        x = x + self.pos
        return self.head(self.norm(x).mean(1))
"""
)

template("se_block", "(2, 32, 8, 8)")(
    """
class SqueezeExcite(nn.Module):
    def __init__(self, chs, rd):
        super().__init__()
        self.fc1 = nn.Conv2d({fc1in}, rd, 1)
        self.fc2 = nn.Conv2d(rd, chs, 1)

    def forward(self, x):
        s = x.mean((2, 3), keepdim=True)
        s = self.fc2(F.relu(self.fc1(s)))
        return x * s.sigmoid()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(32, 32, 3, padding=1, groups=32)
        self.se = SqueezeExcite(32, 8)
        self.pw = nn.Conv2d(32, 16, 1)

    def forward(self, x):
        return self.pw(self.se(self.conv(x)))
"""
)

template("groupnorm_res", "(2, 16, 8, 8)")(
    """
class ResBlock(nn.Module):
    def __init__(self, cin, cout, groups=4):
        super().__init__()
        self.norm1 = nn.GroupNorm(groups, cin)
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm2 = nn.GroupNorm(groups, {n2})
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1) if cin != cout else nn.Identity()

    def forward(self, x):
        h = self.conv1(F.silu(self.norm1(x)))
        h = self.conv2(F.silu(self.norm2(h)))
        return h + self.skip(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = ResBlock(16, 32)

    def forward(self, x):
        return self.block(x)
"""
)

template("convtranspose_skip", "(1, 8, 15, 15)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.up = nn.ConvTranspose2d(16, 8, 3, stride=2, padding=1, output_padding={op})
        self.fuse = nn.Conv2d(16, 8, 3, padding=1)

    def forward(self, x):
        y = self.up(self.down(x))
        return self.fuse(torch.cat([y, x], dim=1))
"""
)

template("einops_window", "(2, 16, 16, 8)")(
    """
from einops import rearrange


class Net(nn.Module):
    def __init__(self, dim=8, window={w}):
        super().__init__()
        self.window = window
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, h, w, c = x.shape
        x = rearrange(x, "b (x w1) (y w2) c -> (b x y) (w1 w2) c", w1=self.window, w2=self.window)
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)) * c**-0.5
        x = attn.softmax(dim=-1) @ v
        x = rearrange(
            x, "(b x y) (w1 w2) c -> b (x w1) (y w2) c", b=b, x=h // self.window, w1=self.window
        )
        return self.proj(x)
"""
)

VARIANTS: list[tuple[str, str, str, dict]] = [
    ("einops_tokens_to_map", "ok", "clean", {"h": 8}),
    ("einops_tokens_to_map", "h6", "einops_axes", {"h": 6}),
    ("einops_tokens_to_map", "h5", "einops_axes", {"h": 5}),
    ("unet_cat_skip", "ok", "clean", {"skip2": "chans[1]"}),
    ("unet_cat_skip", "skip0", "conv_in_channels", {"skip2": "chans[0]"}),
    ("unet_cat_skip", "noskip", "conv_in_channels", {"skip2": "0"}),
    ("conv_arith_view", "ok", "clean", {"stride": 2, "pad": 2}),
    ("conv_arith_view", "pad0", "reshape_numel", {"stride": 2, "pad": 0}),
    ("conv_arith_view", "s1", "reshape_numel", {"stride": 1, "pad": 2}),
    ("gqa_repeat_kv", "ok", "clean", {"dim": 64, "nh": 8, "nkv": 2}),
    ("gqa_repeat_kv", "ok_mha", "clean", {"dim": 64, "nh": 4, "nkv": 4}),
    ("gqa_repeat_kv", "kv3", "kv_heads", {"dim": 48, "nh": 8, "nkv": 3}),
    ("gqa_repeat_kv", "kv5", "kv_heads", {"dim": 64, "nh": 8, "nkv": 5}),
    ("moe_topk", "ok", "clean", {"ne": 4, "k": 2, "w2in": "hidden"}),
    ("moe_topk", "k5", "moe_routing", {"ne": 4, "k": 5, "w2in": "hidden"}),
    ("moe_topk", "w2", "linear_in_features", {"ne": 4, "k": 2, "w2in": "dim"}),
    ("rope", "ok", "clean", {"rope_dim": "self.head_dim"}),
    ("rope", "full", "rope_dims", {"rope_dim": "dim"}),
    ("rope", "half", "rope_dims", {"rope_dim": "self.head_dim // 2"}),
    ("pixel_shuffle_up", "ok", "clean", {"cup": "feats * scale**2"}),
    ("pixel_shuffle_up", "c2", "pixel_shuffle", {"cup": "feats * scale"}),
    ("pixel_shuffle_up", "c30", "pixel_shuffle", {"cup": "30"}),
    ("cross_attn", "ok", "clean", {"ctx": "cond_dim"}),
    ("cross_attn", "dim", "linear_in_features", {"ctx": "dim"}),
    ("mamba_block", "ok", "clean", {"conv_ch": "self.d_inner"}),
    ("mamba_block", "d_model", "conv_in_channels", {"conv_ch": "d_model"}),
    ("mamba_block", "x2", "conv_in_channels", {"conv_ch": "self.d_inner * 2"}),
    ("patch_embed_pos", "ok", "clean", {"patch": 8}),
    ("patch_embed_pos", "p4", "broadcast_add", {"patch": 4}),
    ("patch_embed_pos", "p16", "broadcast_add", {"patch": 16}),
    ("se_block", "ok", "clean", {"fc1in": "chs"}),
    ("se_block", "rd", "conv_in_channels", {"fc1in": "rd"}),
    ("groupnorm_res", "ok", "clean", {"n2": "cout"}),
    ("groupnorm_res", "cin", "norm_shape", {"n2": "cin"}),
    ("convtranspose_skip", "ok", "clean", {"op": 0}),
    ("convtranspose_skip", "op1", "unet_skip", {"op": 1}),
    ("einops_window", "ok", "clean", {"w": 4}),
    ("einops_window", "w3", "einops_axes", {"w": 3}),
    ("einops_window", "w5", "einops_axes", {"w": 5}),
]
