"""Tokenizer and a small autoregressive prior over its latent tokens (token ids -> logits)."""

import torch.nn as nn
from titok_pytorch import TiTokTokenizer

CODES, LATENTS = 512, 12


class TokenPrior(nn.Module):
    def __init__(self, width=64, depth=2):
        super().__init__()
        self.tokenizer = TiTokTokenizer(
            dim=width,
            image_size=48,
            patch_size=8,
            num_latent_tokens=LATENTS,
            enc_depth=1,
            dec_depth=1,
            codebook_size=CODES,
        )
        self.embed = nn.Embedding(CODES + 1, width)
        self.pos = nn.Parameter(
            nn.init.normal_(nn.Parameter(nn.Embedding(LATENTS, width).weight.data))
        )
        layer = nn.TransformerEncoderLayer(width, 4, width * 2, batch_first=True)
        self.prior = nn.TransformerEncoder(layer, depth)
        self.to_logits = nn.Linear(width, CODES)


model = TokenPrior()
