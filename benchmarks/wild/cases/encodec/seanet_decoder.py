"""encodec: seanet_decoder (wild-code corpus, benchmarks/wild)."""

from encodec.modules import SEANetDecoder

model = SEANetDecoder(
    channels=1,
    dimension=32,
    n_filters=8,
    ratios=[4, 2],
    lstm=1,
)
