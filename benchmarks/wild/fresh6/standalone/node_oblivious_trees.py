"""NODE: layers of differentiable oblivious decision trees (feature-selection logits, thresholds, responses)."""

import torch
import torch.nn as nn


class ODST(nn.Module):
    def __init__(self, in_features, num_trees, depth=6, tree_dim=1, flatten_output=True):
        super().__init__()
        self.depth, self.num_trees, self.tree_dim = depth, num_trees, tree_dim
        self.flatten_output = flatten_output
        self.response = nn.Parameter(torch.zeros(num_trees, tree_dim, 2**depth))
        nn.init.normal_(self.response)
        self.feature_selection_logits = nn.Parameter(torch.zeros(in_features, num_trees, depth))
        nn.init.uniform_(self.feature_selection_logits)
        self.feature_thresholds = nn.Parameter(
            torch.full((num_trees, depth), float("nan"), dtype=torch.float32)
        )
        self.log_temperatures = nn.Parameter(
            torch.full((num_trees, depth), float("nan"), dtype=torch.float32)
        )
        with torch.no_grad():
            indices = torch.arange(2**depth)
            offsets = 2 ** torch.arange(depth)
            bin_codes = (indices.view(1, -1) // offsets.view(-1, 1) % 2).to(torch.float32)
            bin_codes_1hot = torch.stack([bin_codes, 1.0 - bin_codes], dim=-1)
            # the fixed routing table, kept (as the reference code does) as a frozen parameter
            self.bin_codes_1hot = nn.Parameter(bin_codes_1hot, requires_grad=False)


class DenseBlock(nn.Sequential):
    def __init__(self, input_dim, layer_dim, num_layers, tree_dim=1, max_features=None, **kwargs):
        layers = []
        for _ in range(num_layers):
            oddt = ODST(input_dim, layer_dim, tree_dim=tree_dim, flatten_output=True, **kwargs)
            input_dim = min(input_dim + layer_dim * tree_dim, max_features or float("inf"))
            layers.append(oddt)
        super().__init__(*layers)
        self.num_layers, self.layer_dim, self.tree_dim = num_layers, layer_dim, tree_dim


in_features = 28
model = nn.Sequential(
    DenseBlock(in_features, layer_dim=64, num_layers=2, tree_dim=3, depth=4),
    nn.Flatten(),
)
