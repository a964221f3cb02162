"""An encoder-decoder transformer with 2 encoder and 1 decoder block, from a dict of kwargs."""

from transformer_variants import EncoderDecoderTransformer

cfg = dict(vocab_size=60, max_seq_len=16, d_model=16, d_ff=40, n_heads=2)
model = EncoderDecoderTransformer(**cfg, n_blocks_encoder=2, n_blocks_decoder=1)
