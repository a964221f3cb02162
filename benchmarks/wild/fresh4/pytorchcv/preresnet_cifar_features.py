import torch.nn as nn
from pytorchcv.models.preresnet_cifar import preresnet20_cifar10


class Embedder(nn.Module):
    """A PreResNet-20 trunk used as a feature extractor with a projection head."""

    def __init__(self, emb_dim=128):
        super().__init__()
        net = preresnet20_cifar10()
        self.features = net.features
        self.proj = nn.Linear(64, emb_dim)

    def forward(self, x):
        x = self.features(x).flatten(1)
        return self.proj(x)


model = Embedder(emb_dim=64)
