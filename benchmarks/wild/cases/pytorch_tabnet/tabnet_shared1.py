"""pytorch_tabnet: tabnet_shared1 (wild-code corpus, benchmarks/wild)."""

import torch
from pytorch_tabnet.tab_network import TabNet

model = TabNet(
    input_dim=10,
    output_dim=1,
    n_d=8,
    n_a=8,
    n_steps=2,
    n_shared=1,
    n_independent=1,
    group_attention_matrix=torch.eye(10),
)
