from mixture_of_attention.transformer import Transformer

model = Transformer(
    num_tokens=512,
    dim=64,
    depth=2,
    seq_len=256,
    local_attn_window_size=32,
    num_routed_queries=16,
    num_routed_key_values=32,
    num_experts=2,
    dim_head=16,
    heads=4,
    use_triton=False,
)
