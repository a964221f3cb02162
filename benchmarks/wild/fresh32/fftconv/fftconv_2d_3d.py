import torch.nn as nn
from torch_fftconv import FFTConv2d, FFTConv3d

model = nn.ModuleDict(
    {
        "plane": FFTConv2d(3, 8, kernel_size=(15, 9), padding=(7, 4), padding_mode="circular"),
        "volume": FFTConv3d(2, 4, kernel_size=7, stride=2, dilation=1),
    }
)
