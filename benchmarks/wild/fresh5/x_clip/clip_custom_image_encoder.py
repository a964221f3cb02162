"""x-clip with the user's own image encoder (a small CNN) in place of its ViT."""

import torch.nn as nn
from x_clip import CLIP


class ConvEncoder(nn.Module):
    def __init__(self, dim=96):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 32, 3, stride=2, padding=1), nn.GELU(),
            nn.Conv2d(32, 64, 3, stride=2, padding=1), nn.GELU(),
            nn.Conv2d(64, dim, 3, stride=2, padding=1),
        )

    def forward(self, x):
        return self.net(x).flatten(2).transpose(1, 2)


model = CLIP(
    image_encoder=ConvEncoder(dim=96),
    dim_image=96,
    dim_text=64,
    dim_latent=32,
    num_text_tokens=500,
    text_enc_depth=1,
    text_seq_len=32,
    text_heads=2,
    text_dim_head=32,
    text_rotary_pos_emb=True,
    text_causal_mask=True,
    text_eos_id=2,
    text_has_cls_token=False,
)
