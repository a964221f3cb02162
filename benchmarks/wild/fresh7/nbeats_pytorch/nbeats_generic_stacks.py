from nbeats_pytorch.model import NBeatsNet

model = NBeatsNet(
    stack_types=(NBeatsNet.GENERIC_BLOCK, NBeatsNet.GENERIC_BLOCK),
    forecast_length=12,
    backcast_length=36,
    thetas_dim=(8, 8),
    nb_blocks_per_stack=3,
    share_weights_in_stack=False,
    hidden_layer_units=128,
)
