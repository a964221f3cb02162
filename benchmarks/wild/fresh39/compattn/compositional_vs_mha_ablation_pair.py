# an ablation: compositional attention next to torch's MultiheadAttention of the same width
import torch.nn as nn
from compositional_attention_pytorch import CompositionalAttention

dim = 192
model = nn.ModuleDict(
    {
        "compositional": CompositionalAttention(
            dim=dim, dim_head=48, num_searches=6, num_retrievals=3
        ),
        "mha": nn.MultiheadAttention(embed_dim=dim, num_heads=6, batch_first=True),
    }
)
