"""U-ViT: a ViT denoiser whose time and class tokens join the patches; long skips in/out blocks."""

import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim, heads, mlp_ratio=4.0, skip=False):
        super().__init__()
        self.skip_linear = nn.Linear(2 * dim, dim) if skip else None
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))

    def forward(self, x, skip=None):
        if self.skip_linear is not None:
            x = self.skip_linear(torch.cat([x, skip], dim=-1))
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


class UViT(nn.Module):
    def __init__(
        self,
        img_size=32,
        patch_size=2,
        in_chans=4,
        embed_dim=128,
        depth=7,
        num_heads=4,
        num_classes=10,
    ):
        super().__init__()
        self.patch_embed = nn.Conv2d(in_chans, embed_dim, patch_size, patch_size)
        num_patches = (img_size // patch_size) ** 2
        self.time_embed = nn.Sequential(
            nn.Linear(embed_dim, 4 * embed_dim), nn.SiLU(), nn.Linear(4 * embed_dim, embed_dim)
        )
        # one more class than the data has: the "null" label for classifier-free guidance
        self.label_emb = nn.Embedding(num_classes + 1, embed_dim)
        extras = 2
        self.pos_embed = nn.Parameter(torch.zeros(1, extras + num_patches, embed_dim))
        self.in_blocks = nn.ModuleList([Block(embed_dim, num_heads) for _ in range(depth // 2)])
        self.mid_block = Block(embed_dim, num_heads)
        self.out_blocks = nn.ModuleList(
            [Block(embed_dim, num_heads, skip=True) for _ in range(depth // 2)]
        )
        self.norm = nn.LayerNorm(embed_dim)
        self.decoder_pred = nn.Linear(embed_dim, patch_size**2 * in_chans)
        self.final_layer = nn.Conv2d(in_chans, in_chans, 3, padding=1)


model = UViT(
    img_size=32, patch_size=2, in_chans=4, embed_dim=128, depth=7, num_heads=4, num_classes=10
)
