"""The two Flamingo pieces bolted onto a user's frozen LM: a perceiver resampler for the image
features and gated cross-attention blocks interleaved every other layer."""

import torch.nn as nn
from flamingo_pytorch import GatedCrossAttentionBlock, PerceiverResampler


class VisionConditionedLM(nn.Module):
    def __init__(self, vocab=1000, dim=64, depth=4, media_dim=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.resampler = PerceiverResampler(dim=media_dim, depth=2, dim_head=16, heads=4, num_latents=8)
        self.layers = nn.ModuleList()
        for i in range(depth):
            xattn = GatedCrossAttentionBlock(dim=dim, dim_head=16, heads=4) if i % 2 == 0 else None
            self.layers.append(
                nn.ModuleList([xattn, nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True)])
            )
        self.to_logits = nn.Linear(dim, vocab, bias=False)
        self.to_logits.weight = self.embed.weight


model = VisionConditionedLM(vocab=1000, dim=64, depth=4, media_dim=64)
