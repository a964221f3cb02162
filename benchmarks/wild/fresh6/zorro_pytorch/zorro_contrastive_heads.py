"""Zorro trunk plus user projection heads for audio-video contrastive pretraining."""

import torch
import torch.nn as nn
from zorro_pytorch import TokenTypes, Zorro


class ZorroCLIP(nn.Module):
    def __init__(self, dim=48, depth=2, proj_dim=32):
        super().__init__()
        self.zorro = Zorro(
            dim=dim,
            depth=depth,
            heads=2,
            dim_head=24,
            num_fusion_tokens=4,
            return_token_types=(TokenTypes.AUDIO, TokenTypes.VIDEO),
        )
        self.audio_proj = nn.Linear(dim, proj_dim, bias=False)
        self.video_proj = nn.Linear(dim, proj_dim, bias=False)
        self.logit_scale = nn.Parameter(torch.ones([]) * 2.659)

    def forward(self, audio, video):
        audio_tokens, video_tokens = self.zorro(audio, video).unbind(dim=1)
        return self.audio_proj(audio_tokens), self.video_proj(video_tokens)


model = ZorroCLIP(dim=48, depth=2, proj_dim=32)
