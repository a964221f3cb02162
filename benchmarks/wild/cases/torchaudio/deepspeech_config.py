"""torchaudio: deepspeech_config (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

config = dict(
    n_feature=40,
    n_hidden=64,
    n_class=30,
)
model = models.DeepSpeech(**config)
