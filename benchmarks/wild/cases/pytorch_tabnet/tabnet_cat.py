"""pytorch_tabnet: tabnet_cat (wild-code corpus, benchmarks/wild)."""

import torch
from pytorch_tabnet.tab_network import TabNet

model = TabNet(
    input_dim=10,
    output_dim=2,
    n_d=8,
    n_a=8,
    n_steps=3,
    cat_idxs=[0, 1],
    cat_dims=[5, 7],
    cat_emb_dim=[2, 3],
    group_attention_matrix=torch.eye(10),
)
