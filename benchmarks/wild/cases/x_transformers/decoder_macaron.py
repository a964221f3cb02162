"""x_transformers: decoder_macaron (wild-code corpus, benchmarks/wild)."""

from x_transformers import Decoder, TransformerWrapper

model = TransformerWrapper(
    num_tokens=256,
    max_seq_len=64,
    attn_layers=Decoder(dim=64, depth=2, heads=4, macaron=True, ff_mult=2),
)
