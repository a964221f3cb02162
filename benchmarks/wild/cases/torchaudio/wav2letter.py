"""torchaudio: wav2letter (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

model = models.Wav2Letter(
    num_classes=40,
    input_type='mfcc',
    num_features=13,
)
