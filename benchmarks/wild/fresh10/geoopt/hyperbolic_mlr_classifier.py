import geoopt
import torch
from torch import nn


class HyperbolicMLR(nn.Module):
    """Hyperbolic multinomial logistic regression: one point on the ball and one tangent per class."""

    def __init__(self, ball, dim, num_classes):
        super().__init__()
        self.ball = ball
        self.p = geoopt.ManifoldParameter(torch.zeros(num_classes, dim), manifold=ball)
        self.a = nn.Parameter(torch.randn(num_classes, dim) * 0.01)

    def forward(self, x):
        return self.ball.dist2plane(x.unsqueeze(-2), self.p, self.a)


class HypNet(nn.Module):
    def __init__(self, in_dim=784, hidden=64, num_classes=10):
        super().__init__()
        self.ball = geoopt.PoincareBall(c=0.5, learnable=True)
        self.encoder = nn.Sequential(nn.Linear(in_dim, 256), nn.ReLU(), nn.Linear(256, hidden))
        self.mlr = HyperbolicMLR(self.ball, hidden, num_classes)

    def forward(self, x):
        return self.mlr(self.ball.expmap0(self.encoder(x)))


model = HypNet()
