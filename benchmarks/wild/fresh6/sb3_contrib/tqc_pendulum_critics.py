"""TQC (truncated quantile critics) on Pendulum with three critics, from a hyperparameter dict."""

import torch.nn as nn
from sb3_contrib import TQC

HYPERPARAMS = {
    "learning_starts": 100,
    "buffer_size": 1000,
    "top_quantiles_to_drop_per_net": 2,
    "policy_kwargs": {
        "n_critics": 3,
        "n_quantiles": 10,
        "net_arch": {"pi": [64, 64], "qf": [96, 96]},
        "activation_fn": nn.ReLU,
    },
}

algo = TQC("MlpPolicy", "Pendulum-v1", device="cpu", verbose=0, **HYPERPARAMS)
model = algo.policy
