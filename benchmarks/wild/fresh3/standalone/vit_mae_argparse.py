import argparse
from functools import partial

import torch
import torch.nn as nn


def get_args():
    p = argparse.ArgumentParser("MAE pre-training")
    p.add_argument("--img_size", default=96, type=int)
    p.add_argument("--patch_size", default=8, type=int)
    p.add_argument("--embed_dim", default=256, type=int)
    p.add_argument("--depth", default=6, type=int)
    p.add_argument("--num_heads", default=8, type=int)
    p.add_argument("--decoder_embed_dim", default=128, type=int)
    p.add_argument("--decoder_depth", default=2, type=int)
    p.add_argument("--decoder_num_heads", default=4, type=int)
    p.add_argument("--mlp_ratio", default=4.0, type=float)
    p.add_argument("--norm_pix_loss", action="store_true")
    return p.parse_args([])


class Block(nn.Module):
    def __init__(self, dim, num_heads, mlp_ratio=4.0, qkv_bias=True, norm_layer=nn.LayerNorm):
        super().__init__()
        self.norm1 = norm_layer(dim)
        self.qkv = nn.Linear(dim, dim * 3, bias=qkv_bias)
        self.proj = nn.Linear(dim, dim)
        self.num_heads = num_heads
        self.norm2 = norm_layer(dim)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(self.norm1(x)).reshape(B, N, 3, self.num_heads, C // self.num_heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        a = torch.nn.functional.scaled_dot_product_attention(q, k, v)
        x = x + self.proj(a.transpose(1, 2).reshape(B, N, C))
        return x + self.mlp(self.norm2(x))


class MaskedAutoencoderViT(nn.Module):
    def __init__(self, img_size=224, patch_size=16, in_chans=3, embed_dim=1024, depth=24,
                 num_heads=16, decoder_embed_dim=512, decoder_depth=8, decoder_num_heads=16,
                 mlp_ratio=4.0, norm_layer=nn.LayerNorm, norm_pix_loss=False):
        super().__init__()
        self.patch_embed = nn.Conv2d(in_chans, embed_dim, patch_size, patch_size)
        num_patches = (img_size // patch_size) ** 2
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, num_patches + 1, embed_dim), requires_grad=False)
        self.blocks = nn.ModuleList(
            [Block(embed_dim, num_heads, mlp_ratio, qkv_bias=True, norm_layer=norm_layer)
             for i in range(depth)]
        )
        self.norm = norm_layer(embed_dim)

        self.decoder_embed = nn.Linear(embed_dim, decoder_embed_dim, bias=True)
        self.mask_token = nn.Parameter(torch.zeros(1, 1, decoder_embed_dim))
        self.decoder_pos_embed = nn.Parameter(
            torch.zeros(1, num_patches + 1, decoder_embed_dim), requires_grad=False
        )
        self.decoder_blocks = nn.ModuleList(
            [Block(decoder_embed_dim, decoder_num_heads, mlp_ratio, qkv_bias=True,
                   norm_layer=norm_layer) for i in range(decoder_depth)]
        )
        self.decoder_norm = norm_layer(decoder_embed_dim)
        self.decoder_pred = nn.Linear(decoder_embed_dim, patch_size**2 * in_chans, bias=True)
        self.norm_pix_loss = norm_pix_loss


args = get_args()
model = MaskedAutoencoderViT(
    img_size=args.img_size,
    patch_size=args.patch_size,
    embed_dim=args.embed_dim,
    depth=args.depth,
    num_heads=args.num_heads,
    decoder_embed_dim=args.decoder_embed_dim,
    decoder_depth=args.decoder_depth,
    decoder_num_heads=args.decoder_num_heads,
    mlp_ratio=args.mlp_ratio,
    norm_layer=partial(nn.LayerNorm, eps=1e-6),
    norm_pix_loss=args.norm_pix_loss,
)
