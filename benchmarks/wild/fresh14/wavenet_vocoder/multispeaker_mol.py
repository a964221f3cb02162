"""Multi-speaker WaveNet with a mixture-of-logistics output (scalar input) and speaker embedding."""

from wavenet_vocoder import WaveNet

hparams = {
    "layers": 16,
    "stacks": 2,
    "residual_channels": 48,
    "gate_channels": 96,
    "skip_out_channels": 48,
    "cin_channels": 40,
    "gin_channels": 16,
    "n_speakers": 12,
    "weight_normalization": False,
}
model = WaveNet(
    out_channels=3 * 10, scalar_input=True, upsample_conditional_features=False, **hparams
)
