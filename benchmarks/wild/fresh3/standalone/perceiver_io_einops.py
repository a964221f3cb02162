from math import pi

import torch
from einops import rearrange, repeat
from einops.layers.torch import Reduce
from torch import nn


def exists(v):
    return v is not None


def default(v, d):
    return v if exists(v) else d


class PreNorm(nn.Module):
    def __init__(self, dim, fn, context_dim=None):
        super().__init__()
        self.fn = fn
        self.norm = nn.LayerNorm(dim)
        self.norm_context = nn.LayerNorm(context_dim) if exists(context_dim) else None

    def forward(self, x, **kwargs):
        x = self.norm(x)
        if exists(self.norm_context):
            kwargs["context"] = self.norm_context(kwargs["context"])
        return self.fn(x, **kwargs)


class GEGLU(nn.Module):
    def forward(self, x):
        x, gates = x.chunk(2, dim=-1)
        return x * nn.functional.gelu(gates)


class FeedForward(nn.Module):
    def __init__(self, dim, mult=4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim * mult * 2), GEGLU(), nn.Linear(dim * mult, dim))

    def forward(self, x):
        return self.net(x)


class Attention(nn.Module):
    def __init__(self, query_dim, context_dim=None, heads=8, dim_head=64):
        super().__init__()
        inner_dim = dim_head * heads
        context_dim = default(context_dim, query_dim)
        self.scale = dim_head**-0.5
        self.heads = heads
        self.to_q = nn.Linear(query_dim, inner_dim, bias=False)
        self.to_kv = nn.Linear(context_dim, inner_dim * 2, bias=False)
        self.to_out = nn.Linear(inner_dim, query_dim)

    def forward(self, x, context=None):
        h = self.heads
        context = default(context, x)
        q, k, v = (self.to_q(x), *self.to_kv(context).chunk(2, dim=-1))
        q, k, v = (rearrange(t, "b n (h d) -> (b h) n d", h=h) for t in (q, k, v))
        sim = torch.einsum("b i d, b j d -> b i j", q, k) * self.scale
        out = torch.einsum("b i j, b j d -> b i d", sim.softmax(dim=-1), v)
        return self.to_out(rearrange(out, "(b h) n d -> b n (h d)", h=h))


class PerceiverIO(nn.Module):
    def __init__(self, *, depth, dim, queries_dim, logits_dim=None, num_latents=512,
                 latent_dim=512, cross_heads=1, latent_heads=8, cross_dim_head=64,
                 latent_dim_head=64, weight_tie_layers=False):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(num_latents, latent_dim))
        self.cross_attend_blocks = nn.ModuleList([
            PreNorm(latent_dim, Attention(latent_dim, dim, heads=cross_heads,
                                          dim_head=cross_dim_head), context_dim=dim),
            PreNorm(latent_dim, FeedForward(latent_dim)),
        ])

        def get_latent_attn():
            return PreNorm(latent_dim, Attention(latent_dim, heads=latent_heads,
                                                 dim_head=latent_dim_head))

        def get_latent_ff():
            return PreNorm(latent_dim, FeedForward(latent_dim))

        if weight_tie_layers:
            attn, ff = get_latent_attn(), get_latent_ff()
            get_latent_attn, get_latent_ff = (lambda: attn), (lambda: ff)

        self.layers = nn.ModuleList([])
        for _ in range(depth):
            self.layers.append(nn.ModuleList([get_latent_attn(), get_latent_ff()]))

        self.decoder_cross_attn = PreNorm(
            queries_dim, Attention(queries_dim, latent_dim, heads=cross_heads,
                                   dim_head=cross_dim_head), context_dim=latent_dim)
        self.to_logits = nn.Linear(queries_dim, logits_dim) if exists(logits_dim) else nn.Identity()

    def forward(self, data, queries):
        b = data.shape[0]
        x = repeat(self.latents, "n d -> b n d", b=b)
        cross_attn, cross_ff = self.cross_attend_blocks
        x = cross_attn(x, context=data) + x
        x = cross_ff(x) + x
        for self_attn, self_ff in self.layers:
            x = self_attn(x) + x
            x = self_ff(x) + x
        return self.to_logits(self.decoder_cross_attn(queries, context=x))


class PerceiverClassifier(nn.Module):
    def __init__(self, num_classes=10, **kw):
        super().__init__()
        self.io = PerceiverIO(**kw)
        self.query = nn.Parameter(torch.randn(1, kw["queries_dim"]))
        self.pool = Reduce("b n d -> b d", "mean")
        self.fc = nn.Linear(kw["queries_dim"], num_classes)
        self.pi = pi


model = PerceiverClassifier(
    num_classes=10, depth=4, dim=32, queries_dim=64, num_latents=64, latent_dim=128,
    cross_heads=1, latent_heads=4, cross_dim_head=32, latent_dim_head=32, weight_tie_layers=True,
)
