"""LassoNet with a skip layer: 30 features -> 2 hidden layers -> 3 classes."""

from lassonet.model import LassoNet

n_features = 30
hidden = (64, 32)
n_classes = 3

model = LassoNet(n_features, *hidden, n_classes, dropout=0.1)
