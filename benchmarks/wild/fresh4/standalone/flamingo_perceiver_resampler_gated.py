"""Flamingo pieces: a Perceiver resampler over vision features and gated cross-attention dense
layers (tanh gates initialised at zero) inserted every `cross_attn_every` LM layers."""

import torch
import torch.nn as nn
from einops import rearrange, repeat


def FeedForward(dim, mult=4):
    inner = int(dim * mult)
    return nn.Sequential(
        nn.LayerNorm(dim),
        nn.Linear(dim, inner, bias=False),
        nn.GELU(),
        nn.Linear(inner, dim, bias=False),
    )


class PerceiverAttention(nn.Module):
    def __init__(self, *, dim, dim_head=64, heads=8):
        super().__init__()
        self.scale, self.heads = dim_head**-0.5, heads
        inner = dim_head * heads
        self.norm_media = nn.LayerNorm(dim)
        self.norm_latents = nn.LayerNorm(dim)
        self.to_q = nn.Linear(dim, inner, bias=False)
        self.to_kv = nn.Linear(dim, inner * 2, bias=False)
        self.to_out = nn.Linear(inner, dim, bias=False)

    def forward(self, x, latents):
        x, latents = self.norm_media(x), self.norm_latents(latents)
        q = self.to_q(latents)
        k, v = self.to_kv(torch.cat((x, latents), dim=-2)).chunk(2, dim=-1)
        q, k, v = (rearrange(t, "b n (h d) -> b h n d", h=self.heads) for t in (q, k, v))
        out = torch.softmax(q @ k.transpose(-1, -2) * self.scale, -1) @ v
        return self.to_out(rearrange(out, "b h n d -> b n (h d)"))


class PerceiverResampler(nn.Module):
    def __init__(
        self, *, dim, depth, dim_head=64, heads=8, num_latents=64, num_media_embeds=4, ff_mult=4
    ):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(num_latents, dim))
        self.media_pos_emb = nn.Parameter(torch.randn(num_media_embeds, 1, dim))
        self.layers = nn.ModuleList(
            nn.ModuleList(
                [
                    PerceiverAttention(dim=dim, dim_head=dim_head, heads=heads),
                    FeedForward(dim, ff_mult),
                ]
            )
            for _ in range(depth)
        )
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        x = x + self.media_pos_emb[: x.shape[1]]
        latents = repeat(self.latents, "n d -> b m n d", b=x.shape[0], m=x.shape[1])
        for attn, ff in self.layers:
            latents = attn(x, latents) + latents
            latents = ff(latents) + latents
        return self.norm(latents)


class GatedCrossAttentionBlock(nn.Module):
    def __init__(self, *, dim, dim_head=64, heads=8, ff_mult=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True, kdim=dim, vdim=dim)
        self.attn_gate = nn.Parameter(torch.tensor([0.0]))
        self.ff = FeedForward(dim, ff_mult)
        self.ff_gate = nn.Parameter(torch.tensor([0.0]))

    def forward(self, x, media):
        x = self.attn(x, media, media, need_weights=False)[0] * self.attn_gate.tanh() + x
        return self.ff(x) * self.ff_gate.tanh() + x


class FlamingoLM(nn.Module):
    def __init__(self, num_tokens=4000, dim=256, depth=6, heads=4, cross_attn_every=3, vis_dim=256):
        super().__init__()
        self.token_emb = nn.Embedding(num_tokens, dim)
        self.perceiver = PerceiverResampler(dim=vis_dim, depth=2, heads=heads, num_latents=32)
        self.layers = nn.ModuleList()
        for ind in range(depth):
            lm = nn.TransformerEncoderLayer(dim, heads, 4 * dim, batch_first=True, norm_first=True)
            xattn = (
                GatedCrossAttentionBlock(dim=dim, heads=heads)
                if not (ind % cross_attn_every)
                else None
            )
            self.layers.append(nn.ModuleList([lm, xattn]))
        self.to_logits = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, num_tokens, bias=False))
        self.to_logits[-1].weight = self.token_emb.weight


model = FlamingoLM()
