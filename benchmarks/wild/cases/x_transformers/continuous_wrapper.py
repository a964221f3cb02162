"""x_transformers: continuous_wrapper (wild-code corpus, benchmarks/wild)."""

from x_transformers import ContinuousTransformerWrapper, Encoder

model = ContinuousTransformerWrapper(
    dim_in=8, dim_out=8, max_seq_len=32, attn_layers=Encoder(dim=64, depth=2, heads=4)
)
