"""The torchbnn iris example: a Sequential of BayesLinear layers with explicit priors."""

import torch.nn as nn
import torchbnn as bnn

model = nn.Sequential(
    bnn.BayesLinear(prior_mu=0, prior_sigma=0.1, in_features=4, out_features=100),
    nn.ReLU(),
    bnn.BayesLinear(prior_mu=0, prior_sigma=0.1, in_features=100, out_features=3),
)
kl_loss = bnn.BKLLoss(reduction="mean", last_layer_only=False)
