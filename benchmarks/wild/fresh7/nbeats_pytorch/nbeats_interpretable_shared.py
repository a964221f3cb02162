"""Interpretable N-BEATS (trend + seasonality) with weights shared inside each stack."""

from nbeats_pytorch.model import NBeatsNet

horizon = 7
lookback = 4 * horizon
model = NBeatsNet(
    stack_types=(NBeatsNet.TREND_BLOCK, NBeatsNet.SEASONALITY_BLOCK),
    forecast_length=horizon,
    backcast_length=lookback,
    thetas_dim=(3, 6),
    nb_blocks_per_stack=4,
    share_weights_in_stack=True,
    hidden_layer_units=64,
)
