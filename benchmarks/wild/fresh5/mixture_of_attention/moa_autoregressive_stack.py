import torch.nn as nn
from mixture_of_attention import MixtureOfAutoregressiveAttention

layers = [
    MixtureOfAutoregressiveAttention(
        dim=96,
        num_routed_queries=8,
        num_routed_key_values=16,
        local_attn_window_size=16,
        routed_window_size=16,
        num_experts=2,
        dim_head=24,
        heads=4,
    )
    for _ in range(2)
]
model = nn.Sequential(*layers)
