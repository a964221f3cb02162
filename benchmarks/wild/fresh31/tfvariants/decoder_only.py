"""A decoder-only (GPT-like) transformer: vocab 80, width 24, 3 blocks."""

from transformer_variants import DecoderOnlyTransformer

model = DecoderOnlyTransformer(
    vocab_size=80, max_seq_len=20, d_model=24, d_ff=48, n_heads=4, n_blocks=3
)
