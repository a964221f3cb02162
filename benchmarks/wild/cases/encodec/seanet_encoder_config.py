"""encodec: seanet_encoder_config (wild-code corpus, benchmarks/wild)."""

from encodec.modules import SEANetEncoder

config = dict(
    channels=1,
    dimension=32,
    n_filters=8,
    ratios=[4, 2],
    lstm=1,
)
model = SEANetEncoder(**config)
