"""torchaudio: hdemucs (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

model = models.HDemucs(
    sources=['drums', 'bass'],
    channels=8,
    depth=3,
    nfft=512,
)
