"""Several ordinal heads (one per rating aspect) from a dict of class counts, over a shared MLP trunk."""

from coral_pytorch.layers import CoralLayer
from torch import nn

ASPECTS = {"taste": 5, "price": 3, "service": 7}


class Rater(nn.Module):
    def __init__(self, n_features=30, hidden=(64, 32)):
        super().__init__()
        dims = (n_features, *hidden)
        self.trunk = nn.Sequential(
            *[m for a, b in zip(dims, dims[1:]) for m in (nn.Linear(a, b), nn.ReLU())]
        )
        self.heads = nn.ModuleDict(
            {k: CoralLayer(dims[-1], n, preinit_bias=False) for k, n in ASPECTS.items()}
        )


model = Rater(hidden=(48,))
