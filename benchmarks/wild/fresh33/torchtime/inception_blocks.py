from torch import nn
from torchtime.models.inception import Inception, ShortCut

model = nn.Sequential(
    Inception(n_inputs=4, n_convolutions=3, n_filters=12, kernel_size=24, bottleneck_size=8),
    Inception(n_inputs=48, n_convolutions=2, n_filters=12, kernel_size=9, use_bottleneck=False),
    ShortCut(in_channels=36, n_filters=10),
)
