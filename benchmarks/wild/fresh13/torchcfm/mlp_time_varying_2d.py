"""The 2D flow-matching toy model from torchcfm's notebooks: a time-varying MLP vector field."""

from torchcfm.models import MLP

sigma = 0.1
dim = 2
model = MLP(dim=dim, time_varying=True, w=64)
