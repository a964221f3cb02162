from rela_transformer import ReLATransformer

model = ReLATransformer(
    num_tokens=20000,
    dim=256,
    depth=6,
    max_seq_len=1024,
    heads=4,
    dim_head=64,
    causal=True,
)
