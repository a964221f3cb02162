"""Hyperbolic CNN in the style of hypll's CIFAR tutorial: convolutions, batch norm and pooling on the ball."""

import torch.nn as nn
from hypll import nn as hnn
from hypll.manifolds.poincare_ball import Curvature, PoincareBall


class HCNN(nn.Module):
    def __init__(self, manifold, classes=10):
        super().__init__()
        self.conv1 = hnn.HConvolution2d(
            in_channels=3, out_channels=8, kernel_size=3, manifold=manifold
        )
        self.bn1 = hnn.HBatchNorm2d(features=8, manifold=manifold)
        self.relu = hnn.HReLU(manifold=manifold)
        self.pool = hnn.HMaxPool2d(kernel_size=2, manifold=manifold, stride=2)
        self.conv2 = hnn.HConvolution2d(
            in_channels=8, out_channels=16, kernel_size=3, manifold=manifold
        )
        self.bn2 = hnn.HBatchNorm2d(features=16, manifold=manifold)
        self.flat = hnn.HFlatten()
        self.fc = hnn.HLinear(16 * 6 * 6, classes, manifold=manifold)


model = HCNN(PoincareBall(c=Curvature(0.5)), classes=10)
