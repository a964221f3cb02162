from flash_pytorch import FLASHTransformer

model = FLASHTransformer(
    num_tokens=8000,
    dim=256,
    depth=6,
    causal=True,
    group_size=128,
    query_key_dim=64,
    expansion_factor=2.0,
    norm_type="scalenorm",
    shift_tokens=True,
)
