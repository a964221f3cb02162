"""segment_anything: image_encoder_relpos_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from segment_anything.modeling import ImageEncoderViT


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = ImageEncoderViT(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    img_size=64,
    patch_size=8,
    embed_dim=64,
    depth=2,
    num_heads=4,
    out_chans=32,
    use_rel_pos=True,
    window_size=4,
    global_attn_indexes=(1,),
)
