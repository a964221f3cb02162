"""x_transformers: xtransformer_config (wild-code corpus, benchmarks/wild)."""

from x_transformers import XTransformer

config = dict(
    dim=64,
    enc_num_tokens=100,
    enc_depth=1,
    enc_heads=4,
    enc_max_seq_len=32,
    dec_num_tokens=100,
    dec_depth=1,
    dec_heads=4,
    dec_max_seq_len=32,
)
model = XTransformer(**config)
