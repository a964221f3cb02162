"""Complex baseband (I/Q) encoder: real I/Q pairs -> complex tokens -> ComplexTransformer."""

import torch
import torch.nn as nn
from complex_valued_transformer import ComplexTransformer


class IQEncoder(nn.Module):
    def __init__(self, in_ch=2, dim=48, depth=3, n_classes=11, feat=16):
        super().__init__()
        self.proj = nn.Linear(in_ch, dim * 2)
        # the library always builds its complex logits layer, so num_tokens doubles as a feature width
        self.body = ComplexTransformer(
            dim=dim,
            depth=depth,
            num_tokens=feat,
            heads=2,
            dim_head=24,
            complete_complex=True,
            rotary_emb=False,
            flash_attn=False,
        )
        self.head = nn.Linear(feat * 2, n_classes)

    def forward(self, iq):
        z = torch.view_as_complex(self.proj(iq).unflatten(-1, (-1, 2)).contiguous())
        z = self.body(z)
        return self.head(torch.view_as_real(z).flatten(-2).mean(1))


model = IQEncoder(dim=32, depth=2, n_classes=8)
