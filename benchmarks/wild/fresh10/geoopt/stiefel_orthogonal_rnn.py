import geoopt
import torch
from torch import nn


class OrthogonalRNN(nn.Module):
    """An RNN whose recurrent matrix lives on the Stiefel manifold (RiemannianAdam keeps it orthogonal)."""

    def __init__(self, input_size=28, hidden=128, num_classes=10):
        super().__init__()
        stiefel = geoopt.Stiefel()
        self.w_in = nn.Linear(input_size, hidden)
        self.w_rec = geoopt.ManifoldParameter(torch.eye(hidden), manifold=stiefel)
        self.bias = nn.Parameter(torch.zeros(hidden))
        self.head = nn.Linear(hidden, num_classes)

    def forward(self, x):
        h = x.new_zeros(x.shape[0], self.w_rec.shape[0])
        for t in range(x.shape[1]):
            h = torch.tanh(self.w_in(x[:, t]) + h @ self.w_rec + self.bias)
        return self.head(h)


model = OrthogonalRNN()
