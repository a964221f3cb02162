"""Contact prediction from sequence embeddings: outer product into pairs, triangle updates, logits."""

import torch.nn as nn
from triangle_multiplicative_module import TriangleMultiplicativeModule as TriMul

config = {
    "num_tokens": 21,
    "seq_dim": 48,
    "pair_dim": 24,
    "tri_hidden": 16,
    "mixes": ["outgoing", "ingoing", "outgoing"],
}


class ContactNet(nn.Module):
    def __init__(self, num_tokens, seq_dim, pair_dim, tri_hidden, mixes):
        super().__init__()
        self.embed = nn.Embedding(num_tokens, seq_dim)
        self.left = nn.Linear(seq_dim, pair_dim)
        self.right = nn.Linear(seq_dim, pair_dim)
        self.tri = nn.ModuleList(TriMul(dim=pair_dim, hidden_dim=tri_hidden, mix=m) for m in mixes)
        self.to_logits = nn.Linear(pair_dim, 1)

    def forward(self, seq):
        x = self.embed(seq)
        z = self.left(x)[:, :, None] * self.right(x)[:, None, :]
        for layer in self.tri:
            z = z + layer(z)
        return self.to_logits(z).squeeze(-1)


model = ContactNet(**config)
