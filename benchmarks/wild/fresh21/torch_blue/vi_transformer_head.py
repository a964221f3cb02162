"""A deterministic embedding feeding a variational transformer encoder layer and a VILinear head."""

import torch.nn as nn
import torch_blue.vi as vi


class BayesTextClassifier(vi.VIModule):
    def __init__(self, vocab=300, d_model=32, heads=4, ff=64, classes=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, d_model)
        self.layer = vi.VITransformerEncoderLayer(d_model, heads, dim_feedforward=ff)
        self.head = vi.VILinear(d_model, classes)

    def forward(self, ids):
        return self.head(self.layer(self.emb(ids)).mean(1))


model = BayesTextClassifier(vocab=200, d_model=16, heads=2, ff=32, classes=4)
