"""A small registry of proxy-based losses chosen by name; each loss owns its proxies as parameters."""

import torch.nn as nn
from pytorch_metric_learning import losses

LOSSES = {
    "proxy_anchor": lambda n, d: losses.ProxyAnchorLoss(
        num_classes=n, embedding_size=d, margin=0.1, alpha=32
    ),
    "proxy_nca": lambda n, d: losses.ProxyNCALoss(num_classes=n, embedding_size=d),
    "soft_triple": lambda n, d: losses.SoftTripleLoss(
        num_classes=n, embedding_size=d, centers_per_class=4
    ),
    "norm_softmax": lambda n, d: losses.NormalizedSoftmaxLoss(num_classes=n, embedding_size=d),
}


class EmbeddingModel(nn.Module):
    def __init__(self, in_dim, emb_dim, num_classes, loss_names):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, 256), nn.GELU(), nn.LayerNorm(256), nn.Linear(256, emb_dim)
        )
        self.losses = nn.ModuleDict({k: LOSSES[k](num_classes, emb_dim) for k in loss_names})


model = EmbeddingModel(
    in_dim=40, emb_dim=32, num_classes=7, loss_names=["proxy_anchor", "soft_triple", "norm_softmax"]
)
