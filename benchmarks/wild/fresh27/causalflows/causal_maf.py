"""A causal MAF over 4 variables following a causal order, with a 2-dim context."""

import torch
from causalflows.flows import CausalMAF

model = CausalMAF(features=4, context=2, order=torch.tensor([0, 1, 2, 3]), hidden_features=[16, 16])
