"""FasterViT-1 from the factory, its head swapped for a 5-class one and the stem frozen."""

import torch.nn as nn
from fastervit.models.faster_vit import faster_vit_1_224

model = faster_vit_1_224(pretrained=False)
model.head = nn.Linear(model.head.in_features, 5)
for p in model.patch_embed.parameters():
    p.requires_grad = False
