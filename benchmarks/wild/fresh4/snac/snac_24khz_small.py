"""A small SNAC codec configured like the 24 kHz speech model, narrower."""

from snac import SNAC

model = SNAC(
    sampling_rate=24000,
    encoder_dim=32,
    encoder_rates=[2, 4, 8, 8],
    decoder_dim=256,
    decoder_rates=[8, 8, 4, 2],
    attn_window_size=None,
    codebook_size=1024,
    codebook_dim=8,
    vq_strides=[4, 2, 1],
)
