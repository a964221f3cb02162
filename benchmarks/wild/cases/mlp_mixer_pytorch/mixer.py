"""mlp_mixer_pytorch: mixer (wild-code corpus, benchmarks/wild)."""

from mlp_mixer_pytorch import MLPMixer

model = MLPMixer(
    image_size=32,
    channels=3,
    patch_size=8,
    dim=64,
    depth=2,
    num_classes=10,
)
