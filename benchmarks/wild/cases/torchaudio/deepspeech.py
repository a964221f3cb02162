"""torchaudio: deepspeech (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

model = models.DeepSpeech(
    n_feature=40,
    n_hidden=64,
    n_class=30,
)
