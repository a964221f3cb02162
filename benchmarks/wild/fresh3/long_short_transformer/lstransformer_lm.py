from long_short_transformer import LongShortTransformer

model = LongShortTransformer(
    num_tokens=20000,
    dim=256,
    depth=4,
    heads=4,
    dim_head=64,
    max_seq_len=2048,
    window_size=128,
    causal=True,
    segment_size=16,
    r=1,
)
