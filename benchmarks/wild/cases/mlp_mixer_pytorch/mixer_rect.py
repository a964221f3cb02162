"""mlp_mixer_pytorch: mixer_rect (wild-code corpus, benchmarks/wild)."""

from mlp_mixer_pytorch import MLPMixer

model = MLPMixer(
    image_size=(32, 64),
    channels=1,
    patch_size=8,
    dim=32,
    depth=3,
    num_classes=5,
)
