from nnts.torch.models.tsmixer import Hyperparams, TSMixer

params = Hyperparams(
    num_blocks=2,
    ff_dim=32,
    output_channels=None,
    norm_type="layer",
    normalize_before=False,
    revin=True,
    affine=True,
)
model = TSMixer(sequence_length=30, prediction_length=10, input_channels=5, params=params)
