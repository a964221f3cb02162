import torch.nn as nn
from minGRU_pytorch import minGRU


class SeqClassifier(nn.Module):
    """Stacked minGRU layers with pre-norm residuals, mean-pooled into a classifier."""

    def __init__(self, in_dim, dim, depth, n_classes, expansion=1.5):
        super().__init__()
        self.proj = nn.Linear(in_dim, dim)
        self.layers = nn.ModuleList(
            [
                nn.ModuleList([nn.LayerNorm(dim), minGRU(dim, expansion_factor=expansion)])
                for _ in range(depth)
            ]
        )
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        x = self.proj(x)
        for norm, gru in self.layers:
            x = gru(norm(x)) + x
        return self.head(x.mean(1))


model = SeqClassifier(in_dim=40, dim=128, depth=3, n_classes=12)
