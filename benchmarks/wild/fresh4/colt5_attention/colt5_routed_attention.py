from colt5_attention import ConditionalRoutedAttention

model = ConditionalRoutedAttention(
    dim=384,
    num_heavy_tokens_q=64,
    num_heavy_tokens_kv=256,
    num_routed_kv=2,
    light_dim_head=32,
    light_heads=6,
    light_window_size=32,
    heavy_dim_head=64,
    heavy_heads=6,
)
