"""x_transformers: encoder_basic (wild-code corpus, benchmarks/wild)."""

from x_transformers import Encoder, TransformerWrapper

model = TransformerWrapper(
    num_tokens=256,
    max_seq_len=64,
    attn_layers=Encoder(dim=64, depth=2, heads=4),
)
