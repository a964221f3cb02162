# fine-tuning recipe: parameters whose names match a regex stay trainable, the rest are frozen
import re

import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, d=128, layers=4):
        super().__init__()
        self.embed = nn.Embedding(5000, d)
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(d, 4, 256, batch_first=True) for _ in range(layers)
        )
        self.pooler = nn.Linear(d, d)
        self.classifier = nn.Linear(d, 3)


model = Encoder(d=128, layers=4)
pattern = re.compile(r"^(layers\.3\.|pooler\.|classifier\.)|norm")
for name, p in model.named_parameters():
    p.requires_grad = bool(pattern.search(name))
