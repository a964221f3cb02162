import torch.nn as nn
from nnAudio.features import CQT1992v2

N_BINS = 72

model = nn.Sequential(
    CQT1992v2(sr=22050, hop_length=256, fmin=32.7, n_bins=N_BINS, bins_per_octave=12,
              trainable=False, verbose=False),
    nn.Conv1d(N_BINS, 128, kernel_size=5, padding=2),
    nn.ReLU(),
    nn.Conv1d(128, 88, kernel_size=1),
)
