"""A causal unconstrained neural autoregressive flow (UNAF) over 3 variables."""

import torch
from causalflows.flows import CausalUNAF

model = CausalUNAF(features=3, order=torch.tensor([2, 0, 1]), hidden_features=[8, 8])
