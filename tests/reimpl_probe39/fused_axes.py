"""Fused q|k|v head axes moved by transposes / permutes with negative axes and cut apart
(reimplfix39a probes of ``canon``'s axis placement): a BitNet-style port whose attention is
``view(b, t, h + 2 * kv, hd)`` moved and split in one of the ways below."""

from __future__ import annotations

from pathlib import Path

# (name, the move after the view, the cut) -- every one is the same model in torch; a move
# starting with "=" is the whole expression of ``heads`` (einops)
EINOPS = '= rearrange(self.qkv(x), "b t (n d) -> b n t d", n=self.h + 2 * self.kv)'
VARIANTS = {
    "positive": (".transpose(1, 2)", "heads.split([self.h, self.kv, self.kv], dim=1)"),
    "transpose_neg": (".transpose(-3, -2)", "heads.split([self.h, self.kv, self.kv], dim=1)"),
    "transpose_neg_cut_neg": (
        ".transpose(-2, -3)",
        "heads.split([self.h, self.kv, self.kv], dim=-3)",
    ),
    "permute_neg": (".permute(0, -2, 1, -1)", "heads.split([self.h, self.kv, self.kv], dim=1)"),
    "permute_cut_neg": (
        ".permute(0, 2, 1, 3)",
        "heads.split([self.h, self.kv, self.kv], dim=-3)",
    ),
    "movedim": (".movedim(2, 1)", "heads.split([self.h, self.kv, self.kv], dim=1)"),
    "movedim_fn": (
        "",
        "torch.movedim(heads, -2, 1).split([self.h, self.kv, self.kv], dim=-3)",
    ),
    "swapaxes": (".swapaxes(1, 2)", "heads.split([self.h, self.kv, self.kv], dim=-3)"),
    "slices_neg": (
        ".transpose(-3, -2)",
        "heads[:, : self.h], heads[:, self.h : self.h + self.kv], heads[:, self.h + self.kv :]",
    ),
    "einops": (EINOPS, "heads.split([self.h, self.kv, self.kv], dim=1)"),
    "einops_cut_neg": (EINOPS, "heads.split([self.h, self.kv, self.kv], dim=-3)"),
}

TEMPLATE = """import torch
from einops import rearrange
from torch import nn

VOCAB, D, FFN, LAYERS, H, KV = 560, 64, 144, 2, @H@, @KV@


class Norm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.h, self.kv, self.hd = H, KV, D // H
        self.qkv = nn.Linear(D, (H + 2 * KV) * self.hd, bias=False)
        self.sub_norm = Norm(D)
        self.out = nn.Linear(D, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        heads @HEADS@
        q, k, v = @CUT@
        k = k.repeat_interleave(self.h // self.kv, dim=1)
        v = v.repeat_interleave(self.h // self.kv, dim=1)
        y = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(self.sub_norm(y.transpose(1, 2).reshape(b, t, D)))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1, self.attn, self.n2 = Norm(D), Attention(), Norm(D)
        self.gate = nn.Linear(D, FFN, bias=False)
        self.up = nn.Linear(D, FFN, bias=False)
        self.sub_norm = Norm(FFN)
        self.down = nn.Linear(FFN, D, bias=False)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        h = self.n2(x)
        return x + self.down(self.sub_norm(torch.relu(self.gate(h)).square() * self.up(h)))


class BitLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(Block() for _ in range(LAYERS))
        self.norm = Norm(D)
        self.head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""


def render(variant: str, h: int = 4, kv: int = 2) -> str:
    move, cut = VARIANTS[variant]
    if not move.startswith("="):
        move = "= self.qkv(x).view(b, t, self.h + 2 * self.kv, self.hd)" + move
    return (
        TEMPLATE.replace("@H@", str(h))
        .replace("@KV@", str(kv))
        .replace("@HEADS@", move)
        .replace("@CUT@", cut)
    )


def write(root: Path, variant: str, h: int = 4, kv: int = 2) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    path = root / f"{variant}_{h}_{kv}.py"
    path.write_text(render(variant, h, kv))
    return path
