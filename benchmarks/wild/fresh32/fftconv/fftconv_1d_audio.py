import torch.nn as nn
from torch_fftconv import FFTConv1d

model = nn.Sequential(
    FFTConv1d(1, 16, kernel_size=255, padding=127),
    nn.ReLU(),
    FFTConv1d(16, 16, kernel_size=129, padding="same", groups=4, bias=False),
    nn.ReLU(),
    nn.Conv1d(16, 2, 1),
)
