"""encodec: seanet_encoder_causal (wild-code corpus, benchmarks/wild)."""

from encodec.modules import SEANetEncoder

model = SEANetEncoder(
    channels=2,
    dimension=16,
    n_filters=4,
    ratios=[2, 2],
    lstm=0,
    causal=True,
    norm='weight_norm',
)
