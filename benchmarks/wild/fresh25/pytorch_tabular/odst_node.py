"""A two-layer NODE backbone: oblivious differentiable soft trees, the second fed the first's outputs."""

import torch.nn as nn
from pytorch_tabular.models.common.layers import ODST

in_features, num_trees, depth, out_dim = 12, 16, 4, 2
model = nn.ModuleList(
    [
        ODST(in_features=in_features, num_trees=num_trees, depth=depth, tree_output_dim=out_dim),
        ODST(
            in_features=in_features + num_trees * out_dim,
            num_trees=num_trees,
            depth=depth,
            tree_output_dim=out_dim,
        ),
    ]
)
