"""Hyperbolic MLP on a Poincare ball whose learnable curvature is shared by every layer."""

import torch.nn as nn
from hypll import nn as hnn
from hypll.manifolds.poincare_ball import Curvature, PoincareBall

manifold = PoincareBall(c=Curvature(value=1.0, requires_grad=True))


model = nn.Sequential(
    hnn.HLinear(16, 32, manifold=manifold),
    hnn.HReLU(manifold=manifold),
    hnn.HLinear(32, 32, manifold=manifold),
    hnn.HReLU(manifold=manifold),
    hnn.HLinear(32, 4, manifold=manifold, bias=False),
)
