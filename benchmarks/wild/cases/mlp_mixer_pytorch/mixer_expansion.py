"""mlp_mixer_pytorch: mixer_expansion (wild-code corpus, benchmarks/wild)."""

from mlp_mixer_pytorch import MLPMixer

model = MLPMixer(
    image_size=32,
    channels=3,
    patch_size=4,
    dim=48,
    depth=2,
    num_classes=10,
    expansion_factor=2,
    expansion_factor_token=1,
)
