# universal transformer: one layer applied for several steps plus a per-step embedding
import torch
import torch.nn as nn


class Universal(nn.Module):
    def __init__(self, d=128, steps=6):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(d, 4, 256, batch_first=True)
        self.steps = nn.ModuleList([self.layer] * steps)
        self.step_emb = nn.Parameter(torch.zeros(steps, d))


model = Universal(d=128, steps=6)
