"""A small FCPE pitch estimator (mel frames -> pitch-bin logits) for a singing-voice pipeline."""

from torchfcpe.models import CFNaiveMelPE

N_MELS = 64
model = CFNaiveMelPE(
    input_channels=N_MELS,
    out_dims=120,
    hidden_dims=96,
    n_layers=3,
    n_heads=4,
    f0_max=1100.0,
    f0_min=50.0,
    use_fa_norm=False,
    conv_only=False,
)
