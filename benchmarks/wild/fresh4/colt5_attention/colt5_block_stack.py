import torch.nn as nn
from colt5_attention import ConditionalRoutedTransformerBlock

model = nn.ModuleList(
    [
        ConditionalRoutedTransformerBlock(
            dim=256,
            light_dim_head=32,
            light_heads=4,
            light_window_size=64,
            heavy_dim_head=32,
            heavy_heads=8,
            light_ff_mult=0.5,
            heavy_ff_mult=4,
            num_heavy_ff_tokens=256,
            num_heavy_attn_tokens_q=128,
            num_heavy_attn_tokens_kv=256,
        )
        for _ in range(3)
    ]
)
