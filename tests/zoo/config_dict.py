"""Zoo: sizes from a plain dict config with attribute-style access through a small wrapper."""

import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self, config):
        super().__init__()
        hidden = config["hidden_size"]
        self.embed = nn.Embedding(config["vocab_size"], hidden)
        self.layers = nn.ModuleList(
            [nn.Linear(hidden, hidden) for _ in range(config["num_layers"])]
        )
        self.out = nn.Linear(hidden, config.get("num_labels", 2), bias=config.get("bias", True))

    def forward(self, input_ids):
        x = self.embed(input_ids)
        for layer in self.layers:
            x = x + F.relu(layer(x))
        return self.out(x.mean(dim=1))


ENTRY = "Net"
CONFIG = {"hidden_size": 40, "vocab_size": 321, "num_layers": 5, "num_labels": 4, "bias": False}
INPUT = (2, 7)
INPUT_KIND = "tokens"
VOCAB = 321


def build():
    return Net(CONFIG)
