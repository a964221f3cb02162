"""A mu-law WaveNet vocoder conditioned on mel frames with a transposed-conv upsampler."""

from wavenet_vocoder import WaveNet

model = WaveNet(
    out_channels=256,
    layers=12,
    stacks=2,
    residual_channels=64,
    gate_channels=128,
    skip_out_channels=64,
    cin_channels=80,
    gin_channels=-1,
    upsample_conditional_features=True,
    upsample_scales=[4, 4, 4, 4],
    scalar_input=False,
)
