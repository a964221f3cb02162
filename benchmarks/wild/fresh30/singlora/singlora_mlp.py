"""SingLoRA (singlora) applied to an attention-like MLP's query/key/value Linears, rank 4."""

import torch.nn as nn
from singlora import apply_singlora_to_model


class Attn(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.query = nn.Linear(d, d)
        self.key = nn.Linear(d, d)
        self.value = nn.Linear(d, d)
        self.out = nn.Linear(d, d)


model = nn.Sequential(Attn(32), Attn(32))
apply_singlora_to_model(model, rank=4, alpha=8.0, ramp_up_steps=100)
