import torch.nn as nn
from flamingo_pytorch import FlamingoPaLM


class PatchEncoder(nn.Module):
    """Stands in for a vision backbone: patches to embeddings."""

    def __init__(self, dim=96, patch=8):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)

    def forward(self, x):
        return self.proj(x).flatten(2).transpose(1, 2)


config = {"num_tokens": 1500, "dim": 96, "depth": 3, "heads": 3, "dim_head": 32, "cross_attn_every": 3}
model = FlamingoPaLM(**config, img_encoder=PatchEncoder(dim=96), max_video_frames=4, perceiver_num_latents=12)
