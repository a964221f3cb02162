"""pytorch_tabnet: tabnet_entmax (wild-code corpus, benchmarks/wild)."""

import torch
from pytorch_tabnet.tab_network import TabNet

model = TabNet(
    input_dim=12,
    output_dim=3,
    n_d=16,
    n_a=16,
    n_steps=4,
    mask_type='entmax',
    group_attention_matrix=torch.eye(12),
)
