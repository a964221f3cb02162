"""A mel-spectrogram encoder with a tanh bottleneck (the latent of a latent-diffusion vocoder)."""

from audio_encoders_pytorch import MelE1d, TanhBottleneck

model = MelE1d(
    in_channels=1,
    mel_channels=32,
    mel_sample_rate=16000,
    mel_normalize_log=True,
    channels=32,
    multipliers=[1, 1, 2],
    factors=[2, 2],
    num_blocks=[1, 1],
    out_channels=16,
    bottleneck=TanhBottleneck(),
)
