"""An encoder-only transformer: vocab 100, context 32, width 16, 2 blocks."""

from transformer_variants import EncoderTransformer

model = EncoderTransformer(
    vocab_size=100, max_seq_len=32, d_model=16, d_ff=32, n_heads=2, n_blocks=2
)
