"""A Darkformer encoder-decoder (darkformer-pytorch): 2 encoder and 1 decoder layers, separate vocabularies."""

from darkformer_pytorch import DarkformerEncDec

model = DarkformerEncDec(
    source_vocab_size=120,
    target_vocab_size=90,
    dim=32,
    depth=2,
    encoder_depth=2,
    decoder_depth=1,
    heads=2,
    num_features=16,
    max_source_length=64,
    max_target_length=64,
)
