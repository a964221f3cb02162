from h_transformer_1d import HTransformer1D

model = HTransformer1D(
    num_tokens=256,
    dim=256,
    depth=4,
    max_seq_len=8192,
    heads=8,
    dim_head=32,
    block_size=128,
    causal=False,
    reversible=True,
)
