"""encodec: seanet_encoder (wild-code corpus, benchmarks/wild)."""

from encodec.modules import SEANetEncoder

model = SEANetEncoder(
    channels=1,
    dimension=32,
    n_filters=8,
    ratios=[4, 2],
    lstm=1,
)
