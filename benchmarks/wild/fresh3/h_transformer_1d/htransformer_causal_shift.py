from h_transformer_1d import HTransformer1D

config = {
    "num_tokens": 20000,
    "dim": 128,
    "depth": 2,
    "max_seq_len": 4096,
    "causal": True,
    "heads": 4,
    "dim_head": 32,
    "ff_mult": 2,
    "block_size": 64,
    "shift_tokens": True,
}
model = HTransformer1D(**config)
