"""Parameters grouped by `name.removesuffix(".weight")`; only the LayerNorm weights (not biases) are frozen."""

import torch.nn as nn

model = nn.Sequential(
    nn.Linear(8, 16), nn.LayerNorm(16), nn.Linear(16, 16), nn.LayerNorm(16), nn.Linear(16, 2)
)
norm_ids = {str(i) for i, m in enumerate(model) if isinstance(m, nn.LayerNorm)}
for name, p in model.named_parameters():
    stem = name.removesuffix(".weight")
    if stem != name and stem in norm_ids:
        p.requires_grad = False
