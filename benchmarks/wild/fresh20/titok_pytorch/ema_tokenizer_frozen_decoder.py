"""A tokenizer fine-tune: decoder frozen, an EMA copy of the whole tokenizer kept for eval."""

import copy

import torch.nn as nn
from titok_pytorch import TiTokTokenizer


class EMATokenizer(nn.Module):
    def __init__(self, **kw):
        super().__init__()
        self.online = TiTokTokenizer(**kw)
        self.ema = copy.deepcopy(self.online)
        self.ema.requires_grad_(False)
        for name, p in self.online.named_parameters():
            if name.startswith("decoder") or "to_pixels" in name:
                p.requires_grad = False


model = EMATokenizer(
    dim=64,
    image_size=32,
    patch_size=8,
    num_latent_tokens=8,
    enc_depth=2,
    dec_depth=2,
    codebook_size=128,
)
